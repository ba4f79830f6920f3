import NavigationScenarioRunner
import NavigationScenarios

/// A simulator runner that plays each run once per test process and hands out the kept result
/// after: tests that compare one matrix's report made several ways (parts and merges, every
/// format, one process and workers) play the same runs dozens of times, and what they prove is
/// that the ways carry the results intact, not that the simulator plays a run the same way twice
/// (`EquivalentRunsTests` and `perf`'s identical-results check compare replayed runs).
@MainActor
final class KeptRunsRunner: ScenarioRunning {
    struct Key: Hashable {
        /// The scenario's place in ``scenarios``: a debug build's hash of a whole scenario (steps
        /// and screens included) at every run cost more than the lookup saves.
        var scenario: Int
        var profile: String
        var plugins: [String]
        var playsVariants: Bool
        var untimed: Bool
    }

    /// Every run played so far in this process.
    private static var kept: [Key: RunResult] = [:]
    /// Every scenario played so far in this process, by its file's name.
    private static var scenarios: [String: [(scenario: Scenario, number: Int)]] = [:]
    private static var scenarioCount = 0

    let base: SimulatorScenarioRunner
    /// `nsPerDispatch` zeroed: the one figure two plays of a run never share.
    let untimed: Bool

    init(_ base: SimulatorScenarioRunner = SimulatorScenarioRunner(), untimed: Bool) {
        self.base = base
        self.untimed = untimed
    }

    /// The number of `scenario` (a new one for a scenario not seen before).
    static func number(of scenario: Scenario) -> Int {
        let seen = scenarios[scenario.file] ?? []
        for index in seen.indices where seen[index].scenario == scenario {
            // Kept as this copy from now on: each bench command parses its files again, and the
            // next runs of the command ask with this copy (`==` on the same arrays and strings
            // compares no elements).
            scenarios[scenario.file]?[index].scenario = scenario
            return seen[index].number
        }
        scenarioCount += 1
        scenarios[scenario.file, default: []].append((scenario, scenarioCount))
        return scenarioCount
    }

    func run(_ scenario: Scenario, profile: String, plugins: [String]) -> RunResult {
        let key = Key(
            scenario: Self.number(of: scenario), profile: profile, plugins: plugins,
            playsVariants: base.playsVariants, untimed: untimed)
        if let result = Self.kept[key] { return result }
        var result = base.run(scenario, profile: profile, plugins: plugins)
        if untimed { result.metrics.nsPerDispatch = 0 }
        Self.kept[key] = result
        return result
    }
}
