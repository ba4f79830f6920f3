import Foundation
import NavigationScenarioRunner
import NavigationScenarios
import NavigationSimulator
import NavigationStrategies
import ScenarioTestSupport
import Testing

/// Runs the bench reuses (``SimulatorScenarioRunner/skipsEquivalentRuns``) equal the runs it
/// would have played, compared field by field, on the whole corpus and every profile: reused
/// from a run with one plugin less (``EquivalentRuns``) or one more (the converse,
/// ``SimulatorScenarioRunner/reusesLargerRuns``), each reading on its own.
///
/// By default the combinations are a fixed sample (``sampledCombinations()``, 30 of 1,024) in
/// the bench's order (``PluginCombination/converseOrder(_:)``) on two profiles (``profiles``),
/// so `swift test` stays quick; `NAVHOOKS_FULL_EQUIVALENCE=1` (or `NAVHOOKS_FULL_TESTS=1`)
/// replays every combination on every profile, smallest first and largest first (``orders``;
/// `.ci/run` does: `NAVHOOKS_FULL_EQUIVALENCE=1 swift test --filter EquivalentRunsTests`).
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
    /// The converse reuse takes `C − P` from the run of `C`: the sample's neighbourhoods of all
    /// nine and of the recommended composition give it `C` and every `C − P`, and the bench's
    /// order (``orders``) plays those two first.
    ///
    /// Smallest first (``PluginCombination`` order).
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

    /// The orders each profile's combinations are played in, each by a reusing runner of its
    /// own, and whether some run must be reused from a larger one there. The sample in the
    /// bench's order (``PluginCombination/converseOrder(_:)``: the recommended composition and
    /// all nine first, so each of their neighbours may be reused from them; the others
    /// smallest first, each reused from a smaller run). The full replay: every combination
    /// smallest first (the bench's default matrix: every run that may be reused from a smaller
    /// run is), then largest first (every run that may be reused from a larger run is).
    static var orders: [(combinations: [PluginCombination], reusesLarger: Bool)] {
        guard replaysEveryCombination else {
            return [(PluginCombination.converseOrder(sampledCombinations()), true)]
        }
        let every = PluginCombination.all(of: StrategyCatalog.names)
        return [(every, false), (every.reversed(), true)]
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

    /// The converse reuse takes the hooks of `C − P` from its own installation, not from the
    /// run of `C`: in a pop cancelled under the app's own delegate on iOS 26, all nine less
    /// `ShouldPopItemGuard` is reused whole from all nine (no play), and its worst reading,
    /// R41's alternative, carries its own replaced methods (no `shouldPopItem`), not all nine's.
    /// Taking `C`'s hooks (less `P`'s or not) there would fail the comparison with a naive play.
    @Test func aSmallerRunReusedFromALargerOneHasItsOwnHooks() throws {
        let scenario = try #require(try Corpus.scenarios().first { $0.file == "own-delegate-cancelled-swipe.nav" })
        let all = StrategyCatalog.names
        let less = all.filter { $0 != ShouldPopItemGuardPlugin.pluginName }
        let reusing = SimulatorScenarioRunner(playsVariants: true)
        let larger = reusing.run(scenario, profile: "ios26", plugins: all)
        let plays = reusing.playCount
        let reused = reusing.run(scenario, profile: "ios26", plugins: less)
        #expect(reusing.playCount == plays && reusing.reusedFromLargerRunCount == 1)
        let played = SimulatorScenarioRunner(skipsEquivalentRuns: false, playsVariants: true).run(
            scenario, profile: "ios26", plugins: less)
        #expect(Self.comparable(reused) == Self.comparable(played))
        #expect(reused.variant == "R41 alt" && larger.variant == "R41 alt")
        #expect(larger.risks.replacedMethods.contains("shouldPopItem"))
        #expect(!reused.risks.replacedMethods.contains("shouldPopItem"))
    }

    /// A run's replaced methods are listed sorted and each once, whether played or reused (the
    /// list is built in a fixed order of seams, not sorted, so an order that drifts from the
    /// names' order fails here): every plugin alone and all nine, on every profile, played and
    /// reused from the run without it.
    @Test func replacedMethodsAreListedSortedAndOnce() throws {
        let scenario = try #require(try Corpus.scenarios().first { $0.file == "own-delegate-cancelled-swipe.nav" })
        let all = StrategyCatalog.names
        var lists = 0
        for profile in ScenarioProfile.allCases {
            let reusing = SimulatorScenarioRunner(playsVariants: true)
            let playing = SimulatorScenarioRunner(skipsEquivalentRuns: false, playsVariants: true)
            for plugins in [[]] + all.map({ [$0] }) + [all] {
                for runner in [reusing, playing] {
                    let methods = runner.run(scenario, profile: profile.rawValue, plugins: plugins).risks
                        .replacedMethods
                    #expect(methods == Array(Set(methods)).sorted(), "\(profile) \(plugins)")
                    if methods.count > 1 { lists += 1 }
                }
            }
        }
        #expect(lists > 0)
    }

    /// The converse finds the hooks of `C − P` without installing it: `C`'s hooks on each seam
    /// less the ones `P` adds alone (``ConverseEquivalentRuns``). That holds when a plugin adds
    /// as many hooks beside the others as alone, and they as many beside it: every plugin of the
    /// catalog in each of its modes, beside all the others and beside the recommended
    /// composition's, with and without the appearance strategy a scenario that states a look
    /// gets, on the oldest and the newest profile (on every profile in the full replay: which
    /// seams a plugin hooks depends on the profile's).
    @Test func aPluginAddsAsManyHooksBesideTheOthersAsAlone() throws {
        func counts(_ spellings: [String], on profile: ScenarioProfile) throws -> [Int] {
            let nav = SimNavigationController(profile: profile)
            try StrategyCatalog.composition(spellings).install(on: nav.hooks)
            let seams = nav.seams
            return [
                seams.backAction.hooks.count, seams.privateBackButtonAction.hooks.count,
                seams.shouldPopItem.hooks.count, seams.backMenu.hooks.count, seams.popGesture.hooks.count,
                seams.appearance.hooks.count, seams.popOperations.hooks.count, seams.interactivePop.hooks.count,
                seams.accessibilityEscape.hooks.count, seams.backKeyCommand.hooks.count,
                seams.responderKeyCommand.hooks.count, seams.sheetDismissal.hooks.count,
            ]
        }
        var compared = 0
        for profile in Self.profiles.compactMap(ScenarioProfile.init(rawValue:)) {
            for names in [StrategyCatalog.names, StrategyComposition.recommended.names] {
                for name in names {
                    let others = names.filter { $0 != name }
                    for spelling in [name] + (StrategyCatalog.modes[name] ?? []).map({ "\(name):\($0)" }) {
                        for appearance in [[], [SimulatorScenarioRunner.standardAppearance].compactMap { $0 }] {
                            let whole = try counts(others + [spelling] + appearance, on: profile)
                            let less = try counts(others + appearance, on: profile)
                            let alone = try counts([spelling], on: profile)
                            #expect(whole == zip(less, alone).map(+), "\(spelling) \(profile)")
                            compared += 1
                        }
                    }
                }
            }
        }
        #expect(compared > 50)
    }

    /// The bench's order: a combination whose one-smaller neighbours in the list have none
    /// themselves first (the docs sample's recommended composition), the others smallest
    /// first; every subset of a set of names keeps smallest first.
    @Test func theConverseOrderPutsHubsFirst() {
        let recommended = StrategyComposition.recommended.names
        let docs = Self.docsSample()
        let ordered = PluginCombination.converseOrder(docs)
        #expect(ordered == [docs[0]] + docs.dropFirst().sorted())
        let every = PluginCombination.all(of: Array(StrategyCatalog.names.prefix(6)))
        #expect(PluginCombination.converseOrder(every) == every)
        let sample = PluginCombination.converseOrder(Self.sampledCombinations())
        #expect(Set(sample.prefix(2)) == [PluginCombination(recommended), PluginCombination(StrategyCatalog.names)])
    }

    /// The docs sample's combinations (RecommendedComposition.md), in the order it gives them:
    /// the recommended composition, then it less each of its plugins.
    static func docsSample() -> [PluginCombination] {
        let recommended = StrategyComposition.recommended.names
        let less = recommended.map { name in PluginCombination(recommended.filter { $0 != name }) }
        return [PluginCombination(recommended)] + less
    }

    /// Set to `1` to play the docs sample of RecommendedComposition.md (the recommended
    /// composition, then it less each plugin, every profile, the documented model) as the bench
    /// plays it, and as it did before the converse (in the order given, reusing from smaller
    /// runs only), and print the plays.
    nonisolated static let docsSampleVariable = "NAVHOOKS_DOCS_SAMPLE_PLAYS"

    @Test(.enabled(if: ProcessInfo.processInfo.environment[docsSampleVariable] == "1"))
    func docsSamplePlays() throws {
        let given = Self.docsSample()
        var forwardOnly = SimulatorScenarioRunner(playsVariants: false)
        forwardOnly.reusesLargerRuns = false
        let bench = SimulatorScenarioRunner(playsVariants: false)
        var runs = 0
        for scenario in try Corpus.scenarios() {
            for profile in ScenarioProfile.allCases where scenario.runs(on: profile) {
                runs += given.count
                for combination in given {
                    _ = forwardOnly.run(scenario, profile: profile.rawValue, plugins: combination.plugins)
                }
                for combination in PluginCombination.converseOrder(given) {
                    _ = bench.run(scenario, profile: profile.rawValue, plugins: combination.plugins)
                }
            }
        }
        print(
            "docs sample: \(runs) runs; in the order given, smaller runs only: \(forwardOnly.playCount) plays; "
                + "the bench: \(bench.playCount) plays, \(bench.reusedFromLargerRunCount) reused from larger runs")
        #expect(bench.playCount + bench.reusedRunCount == runs)
        #expect(bench.playCount < forwardOnly.playCount)
    }

    /// Every corpus scenario on `profile`, every combination (a sample in `swift test`) in each
    /// of ``orders``, run reusing equivalent runs (from smaller and larger runs); each run
    /// reused is played too: the same results, with some reused, from larger runs where the
    /// order makes them first.
    static func expectReusedRunsEqualPlayedRuns(on profile: String, playsVariants: Bool) throws {
        let scenarios = try Corpus.scenarios().filter { $0.runs(on: ScenarioProfile(rawValue: profile)!) }
        let playing = SimulatorScenarioRunner(skipsEquivalentRuns: false, playsVariants: playsVariants)
        for (combinations, reusesLarger) in orders {
            let reusing = SimulatorScenarioRunner(playsVariants: playsVariants)
            var differing: [String] = []
            var compared = 0
            for scenario in scenarios {
                for combination in combinations {
                    let before = reusing.reusedRunCount
                    let reused = reusing.run(scenario, profile: profile, plugins: combination.plugins)
                    // A run the reusing runner played itself is compared with nothing: replaying
                    // it would only show that the simulator plays a run the same way twice.
                    guard reusing.reusedRunCount > before else { continue }
                    let played = playing.run(scenario, profile: profile, plugins: combination.plugins)
                    compared += 1
                    if comparable(reused) != comparable(played) {
                        differing.append("\(scenario.file) \(combination.label)")
                    }
                }
            }
            let larger = reusing.reusedFromLargerRunCount
            #expect(differing.isEmpty, "\(differing.count): \(differing.prefix(5))")
            #expect(compared > 0 && compared == reusing.reusedRunCount)
            #expect(reusesLarger ? larger > 0 : larger == 0, "\(larger) of \(compared) reused from larger runs")
        }
        #expect(playing.reusedRunCount == 0)
    }
}
