import Foundation
import NavigationScenarioRunner
import NavigationScenarios
import NavigationStrategies
import ScenarioTestSupport
import Testing

/// Runs the bench reuses (``SimulatorScenarioRunner/skipsEquivalentRuns``) equal the runs it
/// would have played: every combination, on the corpus, compared field by field.
@MainActor
struct EquivalentRunsTests {
    /// Everything but the timing, which differs between any two runs.
    static func comparable(_ result: RunResult) -> RunResult {
        var result = result
        result.metrics.nsPerDispatch = 0
        return result
    }

    /// Every profile: the seams a plugin hooks and the seams a run reaches both depend on it.
    @Test(arguments: ScenarioProfile.allCases.map(\.rawValue))
    func reusedRunsEqualPlayedRuns(profile: String) throws {
        let combinations = PluginCombination.all(of: StrategyCatalog.names)
        let reusing = SimulatorScenarioRunner()
        let playing = SimulatorScenarioRunner(skipsEquivalentRuns: false)
        var differing: [String] = []
        for scenario in try Corpus.scenarios() where scenario.runs(on: ScenarioProfile(rawValue: profile)!) {
            for combination in combinations {
                let reused = reusing.run(scenario, profile: profile, plugins: combination.plugins)
                let played = playing.run(scenario, profile: profile, plugins: combination.plugins)
                if Self.comparable(reused) != Self.comparable(played) {
                    differing.append("\(scenario.file) \(combination.label)")
                }
            }
        }
        #expect(differing.isEmpty, "\(differing.prefix(5))")
        #expect(reusing.reusedRunCount > 0)
        #expect(playing.reusedRunCount == 0)
    }
}
