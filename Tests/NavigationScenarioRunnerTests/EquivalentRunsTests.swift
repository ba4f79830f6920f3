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

    /// The profiles compared with rule variants played: in the full replay ios17 too, where
    /// R10's alternative plays (before iOS 18; each reading is reused on its own, and which
    /// alternatives a run plays depends on the profile); otherwise ios26 alone, which consults
    /// the most rules (R53's alternative plays there), so `swift test` stays quick.
    nonisolated static var variantProfiles: [String] {
        replaysEveryCombination ? ["ios17", "ios26"] : ["ios26"]
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
    @Test(arguments: variantProfiles)
    nonisolated func reusedRunsEqualPlayedRunsUnderVariants(profile: String) async throws {
        let child = try await ChildTestProcess.run(
            filter: "EquivalentRunsTests/reusedRunsEqualPlayedRunsUnderVariants\\(", part: profile
        ) {
            try await Self.expectReusedRunsEqualPlayedRuns(on: profile, playsVariants: true)
        }
        if let child { Issue.record("\(child)") }
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
            Issue.record("\(profile): \(child)")
        }
    }

    /// Each reading is reused on its own: a guarded editor left by a finished edge swipe on
    /// iOS 17, where the documented gesture pop never asks `navigationBar(_:shouldPop:)` and
    /// R24's alternative does (`ShouldPopItemGuard`'s hook, which asks the app's `shouldPop`
    /// handler). Only the alternative touches what `ShouldPopItemGuard` (the `shouldPopItem`
    /// seam) or `BaseClassGuard` (the `shouldPop` point) adds, so the documented reading is
    /// reused and only the alternative is played; each result equals the one played naively.
    @Test func aReadingIsReusedWhereOnlyAnotherReadingTouchedThePlugin() throws {
        let scenario = try ScenarioParser.parse(
            text: """
                screen Home
                screen Editor guard=deny
                root Home
                push Editor
                swipe-back progress=0.7 finish
                expect top Editor
                """, file: "reading.nav"
        ).get()
        let reusing = SimulatorScenarioRunner(playsVariants: true)
        let playing = SimulatorScenarioRunner(skipsEquivalentRuns: false, playsVariants: true)
        // Each combination after the ones without one of its plugins (the bench's order), with
        // how it is made: (reused wholly or in part, alternatives played).
        let made: [(plugins: [String], reused: Int, alternativesPlayed: Int)] = [
            // Played: R24's alternative asks hooks nobody installed, so it is skipped.
            ([], 0, 0),
            // The documented reading is `none`'s (it reached no `shouldPopItem`); with the hook
            // installed R24's alternative is no longer skipped, and `none` never played it.
            (["ShouldPopItemGuard"], 1, 1),
            // Reused whole: no reading of `none` dispatched `shouldPop`.
            (["BaseClassGuard"], 1, 0),
            // The documented reading is `ShouldPopItemGuard`'s; its alternative dispatched
            // `shouldPop`, which `BaseClassGuard` has a handler on, and `BaseClassGuard` alone
            // skipped it: played.
            (["BaseClassGuard", "ShouldPopItemGuard"], 1, 1),
            // Played: the pop reached `TransitionEvents`' seams; R24's alternative is skipped.
            (["TransitionEvents"], 0, 0),
            // Each reading from another run: the documented one is `TransitionEvents`'s (it
            // reached no `shouldPopItem`), the alternative `ShouldPopItemGuard`'s (refused, the
            // swipe never began: no pop operation, no interactive pop). Neither run alone stands
            // for this one: the documented pop reached `TransitionEvents`' seams, and
            // `TransitionEvents` alone skipped the alternative.
            (["ShouldPopItemGuard", "TransitionEvents"], 1, 0),
        ]
        for (plugins, reused, alternativesPlayed) in made {
            let before = (reusing.reusedRunCount, reusing.variantRunCount)
            let result = reusing.run(scenario, profile: "ios17", plugins: plugins)
            #expect(reusing.reusedRunCount - before.0 == reused, "\(plugins)")
            #expect(reusing.variantRunCount - before.1 == alternativesPlayed, "\(plugins)")
            let played = playing.run(scenario, profile: "ios17", plugins: plugins)
            #expect(Self.comparable(result) == Self.comparable(played), "\(plugins)")
            #expect(result.inferredRules.contains("R24"), "\(plugins)")
        }
        #expect(playing.reusedRunCount == 0 && playing.variantRunCount == 3)
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
