import Foundation
import NavigationConformance
import NavigationScenarioRunner
import NavigationScenarios
import Testing

@testable import NavHooksBench

/// The ranking sees what the defect count cannot: a custom back button whose tap no plugin
/// routes through the dispatcher never asks an app's `backButtonAction` handlers, even where
/// nothing is guarded and so nothing goes wrong.
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

    static let customBack = """
        scenario A custom back arrow on an unguarded screen
        screen List
        screen Detail back=custom
        root List
        push Detail
        tap-back
        expect top List
        """

    @Test func aTapThatNeverAsksBackButtonActionRanksBelowOneThatDoes() throws {
        let scenario = try ScenarioParser.parse(text: Self.customBack, file: "arrow.nav").get()
        let runner = SimulatorScenarioRunner()
        let results = [["TransitionEvents"], ["BaseClassGuard"]].map {
            runner.run(scenario, profile: "ios17", plugins: $0)
        }
        #expect(results.allSatisfy { $0.metrics.defects == 0 })
        let ranking = CombinationRanking(results: results)
        #expect(ranking.entries.map(\.combination.label) == ["BaseClassGuard", "TransitionEvents"])
        #expect(ranking.entries[1].risk.unaskedPoints.contains("ios17 arrow.nav tap-back: backButtonAction"))
        #expect(ranking.entries[0].risk.unaskedPoints.isEmpty)
    }

    @Test func shouldPopItemHookAsksBackButtonActionHandlersToo() throws {
        let scenario = try ScenarioParser.parse(text: Self.draft, file: "draft.nav").get()
        let runner = SimulatorScenarioRunner()
        let results = ["ShouldPopItemHook", "BackActionOverride"].map {
            runner.run(scenario, profile: "ios17", plugins: [$0])
        }
        let ranking = CombinationRanking(results: results)
        #expect(ranking.entries.allSatisfy { $0.risk.unaskedPoints.isEmpty })
        let hook = try #require(ranking.entries.first { $0.combination.label == "ShouldPopItemHook" })
        #expect(hook.risk.patchedMethods == ["shouldPopItem"])
    }

    @Test func privateAPIIsCountedOnTheProfilesThatUseIt() throws {
        let scenario = try ScenarioParser.parse(text: Self.draft, file: "draft.nav").get()
        let runner = SimulatorScenarioRunner()
        let results = ["ios14", "ios17"].map { runner.run(scenario, profile: $0, plugins: ["BackActionOverride"]) }
        let entry = try #require(CombinationRanking(results: results).entries.first)
        #expect(entry.risk.privateAPIProfiles == ["ios14"])  // the private hook before iOS 16 (R27)
    }
}
