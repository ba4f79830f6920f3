import Foundation
import NavigationScenarios
import Testing

/// The ranking sees what the defect count cannot: a back tap answered through `shouldPop`
/// alone never asks an app's `backButtonAction` handlers.
@MainActor
struct RankingRiskTests {
    static let draft = """
        scenario Draft editor refuses a back tap
        screen List
        screen Editor guard=deny
        root List
        push Editor
        tap-back
        expect top Editor
        """

    @Test func aBackTapThatNeverAsksBackButtonActionRanksBelowOneThatDoes() throws {
        let scenario = try ScenarioParser.parse(text: Self.draft, file: "draft.nav").get()
        let runner = SimulatorScenarioRunner()
        let results = ["ShouldPopItemHook", "BackActionOverride"].map {
            runner.run(scenario, profile: "ios17", plugins: [$0])
        }
        #expect(results.allSatisfy { $0.metrics.defects == 0 })
        let ranking = CombinationRanking(results: results)
        #expect(ranking.entries.map(\.combination.label) == ["BackActionOverride", "ShouldPopItemHook"])
        #expect(ranking.entries[1].risk.unaskedPoints == ["ios17 draft.nav tap-back: backButtonAction"])
        #expect(ranking.entries[1].risk.patchedMethods == ["shouldPopItem"])
        #expect(ranking.entries[0].risk.unaskedPoints.isEmpty)
    }

    @Test func privateAPIIsCountedOnTheProfilesThatUseIt() throws {
        let scenario = try ScenarioParser.parse(text: Self.draft, file: "draft.nav").get()
        let runner = SimulatorScenarioRunner()
        let results = ["ios14", "ios17"].map { runner.run(scenario, profile: $0, plugins: ["BackActionOverride"]) }
        let entry = try #require(CombinationRanking(results: results).entries.first)
        #expect(entry.risk.privateAPIProfiles == ["ios14"])  // the private hook before iOS 16 (R27)
    }
}
