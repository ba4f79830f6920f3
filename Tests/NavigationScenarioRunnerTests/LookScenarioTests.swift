import NavigationScenarioRunner
import NavigationScenarios
import NavigationStrategies
import ScenarioTestSupport
import Testing

/// The look files of the corpus through the runner: the appearance slot and `expect look`.
@MainActor
struct LookScenarioTests {
    /// A file that states a look gets the slot's strategy (TransitionBarBackground) beside any
    /// combination, and every `expect look` holds with it; with the naive strategy named instead,
    /// the field's failures show as failed expects (KMNavigationBarTransition #102: the look set
    /// for one screen stays on the next).
    @Test(arguments: ["look-transparent-photo-push", "look-leaks-to-plain-screen", "look-translucent-alpha"])
    func everyExpectLookHoldsWithTheRecommendedStrategy(_ name: String) throws {
        let scenario = try Corpus.scenario(name)
        #expect(scenario.statesLook)
        for profile in ScenarioProfile.allCases {
            let recommended = SimulatorScenarioRunner().run(
                scenario, profile: profile.rawValue, plugins: StrategyComposition.recommended.names)
            #expect(recommended.expectFailures.isEmpty, "\(profile): \(recommended.expectFailures)")
            #expect(recommended.metrics.defects == 0)
        }
        let leaking = try Corpus.scenario("look-leaks-to-plain-screen")
        let naive = SimulatorScenarioRunner().run(
            leaking, profile: "ios14", plugins: StrategyComposition.recommended.names + ["LifecycleBarAppearance"])
        #expect(naive.plugins.contains("LifecycleBarAppearance"))
        #expect(
            naive.expectFailures.contains { $0.expectation == "expect look Settings" && $0.actual.hasPrefix("look ") })
    }

    /// Without an appearance strategy (a runner whose slot is empty) a stated look is not shown:
    /// the screens' looks count as wrong at rest.
    @Test func withoutAStrategyTheLookIsNotShown() throws {
        let scenario = try Corpus.scenario("look-transparent-photo-push")
        let result = SimulatorScenarioRunner(defaultAppearance: nil).run(scenario, profile: "ios17", plugins: [])
        #expect(result.metrics.wrongLookAtRest > 0)
        #expect(!result.expectFailures.isEmpty)
    }

    /// A recording writes each screen's look as its `screen` keys and the installed appearance
    /// strategy as a plugin, so its replay states the same looks.
    @Test func aRecordingKeepsTheLooks() throws {
        let scenario = try Corpus.scenario("look-transparent-photo-push")
        let recorder = SimulatorScenarioRunner().recording(
            of: scenario, profile: .ios17, plugins: StrategyComposition.recommended.names)
        #expect(recorder.navFile.contains("screen Photo look=transparent tint=FFFFFF style=dark\n"))
        #expect(recorder.navFile.contains("screen Details look=FFFFFF tint=007AFF\n"))
        #expect(recorder.navFile.contains(" TransitionBarBackground\n"))
        let replayed = try ScenarioParser.parse(text: recorder.navFile, file: "r.nav").get()
        #expect(replayed.screen(named: "Photo")?.look == scenario.screen(named: "Photo")?.look)
    }
}
