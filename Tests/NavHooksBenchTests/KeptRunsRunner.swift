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
        var scenario: Scenario
        var profile: String
        var plugins: [String]
        var playsVariants: Bool
        var untimed: Bool
    }

    /// Every run played so far in this process.
    private static var kept: [Key: RunResult] = [:]

    let base: SimulatorScenarioRunner
    /// `nsPerDispatch` zeroed: the one figure two plays of a run never share.
    let untimed: Bool

    init(_ base: SimulatorScenarioRunner = SimulatorScenarioRunner(), untimed: Bool) {
        self.base = base
        self.untimed = untimed
    }

    func run(_ scenario: Scenario, profile: String, plugins: [String]) -> RunResult {
        let key = Key(
            scenario: scenario, profile: profile, plugins: plugins, playsVariants: base.playsVariants,
            untimed: untimed)
        if let result = Self.kept[key] { return result }
        var result = base.run(scenario, profile: profile, plugins: plugins)
        if untimed { result.metrics.nsPerDispatch = 0 }
        Self.kept[key] = result
        return result
    }
}
