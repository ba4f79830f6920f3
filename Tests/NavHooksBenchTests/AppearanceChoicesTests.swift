import NavigationScenarios
import NavigationStrategies
import ScenarioTestSupport
import Testing

@testable import NavigationBench

/// The scorecard's appearance section: the slot's choices on the files that state a look.
@MainActor
struct AppearanceChoicesTests {
    /// In a child process (``ChildTestProcess/expectPasses(_:part:sourceLocation:_:)``): every
    /// choice on every look file and profile.
    @Test nonisolated func theSectionComparesEveryChoiceOnTheLookFilesOnly() async throws {
        try await ChildTestProcess.expectPasses(
            "AppearanceChoicesTests/theSectionComparesEveryChoiceOnTheLookFilesOnly"
        ) {
            try await Self.expectTheSectionComparesEveryChoiceOnTheLookFilesOnly()
        }
    }

    static func expectTheSectionComparesEveryChoiceOnTheLookFilesOnly() throws {
        let scenarios = try Corpus.scenarios()
        let choices = try #require(
            AppearanceChoices(
                scenarios: scenarios, profiles: ScenarioProfile.allCases,
                plugins: StrategyComposition.recommended.names))
        #expect(choices.files == scenarios.filter(\.statesLook).count)
        #expect(Set(choices.rows.map(\.choice)) == Set(StrategyCatalog.appearanceNames + ["none"]))
        // Without a strategy the stated looks never show: the world without the feature.
        let none = try #require(choices.rows.first { $0.choice == "none" })
        #expect(none.look[1] > 0)
        // The recommended strategy has no defect there, and ranks first.
        #expect(choices.rows.first?.choice == StrategyCatalog.defaultAppearance)
        #expect(choices.rows.first?.total == 0)
        let text = choices.render()
        #expect(text.contains("TransitionBarBackground") && text.contains("(recommended)"))
        // Files without looks have no section.
        #expect(
            AppearanceChoices(
                scenarios: scenarios.filter { !$0.statesLook }, profiles: [.ios17], plugins: []) == nil)
    }
}
