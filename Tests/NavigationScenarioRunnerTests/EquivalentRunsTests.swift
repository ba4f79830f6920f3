import Foundation
import NavigationScenarioRunner
import NavigationScenarios
import NavigationStrategies
import ScenarioTestSupport
import Testing

/// Runs the bench reuses (``SimulatorScenarioRunner/skipsEquivalentRuns``) equal the runs it
/// would have played, compared field by field, on the whole corpus and every profile.
///
/// By default the combinations are a fixed sample (``sampledCombinations()``, 30 of 1,024) on
/// two profiles (``profiles``), so `swift test` stays quick; `NAVHOOKS_FULL_EQUIVALENCE=1` (or
/// `NAVHOOKS_FULL_TESTS=1`) replays every combination on every profile (`.ci/run` does:
/// `NAVHOOKS_FULL_EQUIVALENCE=1 swift test --filter EquivalentRunsTests`).
@MainActor
struct EquivalentRunsTests {
    /// Set to `1` to compare every combination instead of the sample.
    nonisolated static let fullReplayVariable = "NAVHOOKS_FULL_EQUIVALENCE"

    nonisolated static var replaysEveryCombination: Bool {
        ProcessInfo.processInfo.environment[fullReplayVariable] == "1" || FullTests.enabled
    }

    /// The profiles compared: every one in the full replay; otherwise the oldest and the newest
    /// (the most different rules: no back menu, no content swipe, no ⌘[ against all of them).
    nonisolated static var profiles: [String] {
        (replaysEveryCombination ? ScenarioProfile.allCases : [.ios13, .ios26]).map(\.rawValue)
    }

    /// The sample: a result is reused for `C′ + P` only from the run of `C′`, so the sample
    /// puts every plugin `P` on top of the two extremes of `C′` and of the shipped composition:
    /// - `none` and every plugin alone (`P` over no other plugin);
    /// - every plugin but one, and all nine (`P` over all the others);
    /// - the recommended composition, and it less each of its six plugins.
    ///
    /// Smallest first (``PluginCombination`` order), as the bench plays them, so `C′` is made
    /// before `C`.
    static func sampledCombinations() -> [PluginCombination] {
        let names = StrategyCatalog.names
        let recommended = StrategyComposition.recommended.names
        var sample: Set<PluginCombination> = [PluginCombination([]), PluginCombination(names)]
        for name in names {
            sample.insert(PluginCombination([name]))
            sample.insert(PluginCombination(names.filter { $0 != name }))
        }
        sample.insert(PluginCombination(recommended))
        for name in recommended {
            sample.insert(PluginCombination(recommended.filter { $0 != name }))
        }
        return sample.sorted()
    }

    /// Everything but the timing, which differs between any two runs.
    static func comparable(_ result: RunResult) -> RunResult {
        var result = result
        result.metrics.nsPerDispatch = 0
        return result
    }

    @Test func theSampleHasEveryPluginAloneAndLeftOutAndTheRecommendedNeighbourhood() {
        let sample = Self.sampledCombinations()
        #expect(sample.count == 30)
        #expect(sample == sample.sorted())
        for name in StrategyCatalog.names {
            #expect(sample.contains(PluginCombination([name])))
            #expect(sample.contains(PluginCombination(StrategyCatalog.names.filter { $0 != name })))
        }
        #expect(sample.contains(PluginCombination(StrategyComposition.recommended.names)))
    }

    /// With rule variants played (the bench's default, worst case), a reused run still equals
    /// the played one, its variant label included: a reused result is the worse of readings
    /// whose seams the added plugin's hooks cannot reach.
    ///
    /// Each case plays in a child process of the test binary (``ChildTestProcess``): the
    /// simulator is a main-actor type, so there it runs on the other core, beside this
    /// process's main-actor tests; the child's failures are this test's.
    @Test(arguments: ["ios26"])  // one profile keeps `swift test` quick; ios26 consults the most rules
    nonisolated func reusedRunsEqualPlayedRunsUnderVariants(profile: String) async throws {
        let child = try await ChildTestProcess.run(
            filter: "EquivalentRunsTests/reusedRunsEqualPlayedRunsUnderVariants\\(", part: profile
        ) {
            try await Self.expectReusedRunsEqualPlayedRuns(on: profile, playsVariants: true)
        }
        if let child { Issue.record("in a child process (exit status \(child.status)):\n\(child.failures)") }
    }

    /// Every profile: the seams a plugin hooks and the seams a run reaches both depend on it.
    /// (A child process for each profile, as above, all at once, awaited by one test case:
    /// Swift Testing runs only a few cases at a time, and a waiting case holds a place.)
    @Test nonisolated func reusedRunsEqualPlayedRuns() async throws {
        let failed = try await ChildTestProcess.run(
            filter: "EquivalentRunsTests/reusedRunsEqualPlayedRuns\\(", parts: Self.profiles
        ) { profile in
            try await Self.expectReusedRunsEqualPlayedRuns(on: profile, playsVariants: false)
        }
        for (profile, child) in failed {
            Issue.record("\(profile): in a child process (exit status \(child.status)):\n\(child.failures)")
        }
    }

    /// Every corpus scenario on `profile`, every combination (a sample in `swift test`), run
    /// reusing equivalent runs; each run reused is played too: the same results, with some reused.
    static func expectReusedRunsEqualPlayedRuns(on profile: String, playsVariants: Bool) throws {
        let combinations =
            replaysEveryCombination ? PluginCombination.all(of: StrategyCatalog.names) : sampledCombinations()
        let reusing = SimulatorScenarioRunner(playsVariants: playsVariants)
        let playing = SimulatorScenarioRunner(skipsEquivalentRuns: false, playsVariants: playsVariants)
        var differing: [String] = []
        var compared = 0
        for scenario in try Corpus.scenarios() where scenario.runs(on: ScenarioProfile(rawValue: profile)!) {
            for combination in combinations {
                let before = reusing.reusedRunCount
                let reused = reusing.run(scenario, profile: profile, plugins: combination.plugins)
                // A run the reusing runner played itself is compared with nothing: replaying it
                // would only show that the simulator plays a run the same way twice.
                guard reusing.reusedRunCount > before else { continue }
                let played = playing.run(scenario, profile: profile, plugins: combination.plugins)
                compared += 1
                if comparable(reused) != comparable(played) {
                    differing.append("\(scenario.file) \(combination.label)")
                }
            }
        }
        #expect(differing.isEmpty, "\(differing.prefix(5))")
        #expect(compared > 0 && compared == reusing.reusedRunCount)
        #expect(playing.reusedRunCount == 0)
    }
}
