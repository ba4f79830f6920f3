import Foundation
import NavigationConformance
import NavigationScenarioRunner
import NavigationScenarios
import Testing

@testable import NavigationBench

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

    /// A custom back arrow's tap, in two files, never asks these points.
    static let bothFilesSummary = ["tap-back: backButtonAction (2)", "tap-back: shouldPop (2)"]

    /// The table's summary counts an unasked point by input and point alone, whatever the
    /// file is called: a recording named with spaces counts with the others.
    @Test func aFileNameWithSpacesCountsUnderTheSameSummary() throws {
        let runner = SimulatorScenarioRunner()
        let results = try ["arrow.nav", "Checkout flow 2.nav"].flatMap { file in
            let scenario = try ScenarioParser.parse(text: Self.customBack, file: file).get()
            return [["TransitionEvents"], ["BaseClassGuard"]].map {
                runner.run(scenario, profile: "ios17", plugins: $0)
            }
        }
        let ranking = CombinationRanking(results: results)
        let risk = try #require(ranking.entries.first { $0.combination.label == "TransitionEvents" }).risk
        #expect(risk.unaskedPoints.contains("ios17 Checkout flow 2.nav tap-back: backButtonAction"))
        #expect(risk.unaskedSummary == Self.bothFilesSummary)
        var accumulator = RankingAccumulator(countsUnaskedPoints: true)
        for result in results { accumulator.add(result) }
        let accumulated = accumulator.ranking().entries.first { $0.combination.label == "TransitionEvents" }
        #expect(accumulated?.risk.unaskedSummary == Self.bothFilesSummary)
    }

    @Test func shouldPopItemHookAsksBackButtonActionHandlersToo() throws {
        let scenario = try ScenarioParser.parse(text: Self.draft, file: "draft.nav").get()
        let runner = SimulatorScenarioRunner()
        let results = ["ShouldPopItemGuard", "BackActionOverride"].map {
            runner.run(scenario, profile: "ios17", plugins: [$0])
        }
        let ranking = CombinationRanking(results: results)
        #expect(ranking.entries.allSatisfy { $0.risk.unaskedPoints.isEmpty })
        let hook = try #require(ranking.entries.first { $0.combination.label == "ShouldPopItemGuard" })
        #expect(hook.risk.patchedMethods == ["shouldPopItem"])
    }

    @Test func privateAPIIsCountedOnTheProfilesThatUseIt() throws {
        let scenario = try ScenarioParser.parse(text: Self.draft, file: "draft.nav").get()
        let runner = SimulatorScenarioRunner()
        let results = ["ios14", "ios17"].map { runner.run(scenario, profile: $0, plugins: ["BackActionOverride"]) }
        let entry = try #require(CombinationRanking(results: results).entries.first)
        #expect(entry.risk.privateAPIProfiles == ["ios14"])  // the private hook before iOS 16 (R27)
    }

    /// ⌘[ guarded through the private action (R51, `BackKeyCommandGuard:privateAction`): the
    /// ranking names the best combination without private API beside the best overall, in
    /// every format.
    @Test func theBestCompositionWithoutPrivateAPIShowsBesideTheBest() throws {
        let scenario = try ScenarioParser.parse(text: Self.draft + "\nkey-back\nexpect top Editor", file: "draft.nav")
            .get()
        let runner = SimulatorScenarioRunner()
        let results = [["ShouldPopItemGuard", "BackKeyCommandGuard:privateAction"], ["ShouldPopItemGuard"]].map {
            runner.run(scenario, profile: "ios17", plugins: $0)
        }
        let report = BenchReport(results: results)
        #expect(
            report.ranking.entries.first?.combination.label == "BackKeyCommandGuard:privateAction+ShouldPopItemGuard")
        #expect(report.ranking.entries.first?.risk.privateAPIProfiles == ["ios17"])
        let best = try #require(report.ranking.bestWithoutPrivateAPI)
        #expect(best.rank == 2 && best.combination.label == "ShouldPopItemGuard" && best.totals.defects == 2)
        #expect(try report.render(.table).contains("without private API: rank 2 (2 defects): ShouldPopItemGuard"))
        #expect(try report.render(.markdown).contains("- without private API: rank 2 (2 defects): ShouldPopItemGuard"))
        // Its two columns differ only when a second reading shows more.
        #expect(best.documentedDefects == 2)
        let json = try #require(
            try JSONSerialization.jsonObject(with: Data(report.render(.json).utf8)) as? [String: Any])
        let jsonBest = try #require(json["bestWithoutPrivateAPI"] as? [String: Any])
        #expect(jsonBest["rank"] as? Int == 2 && jsonBest["plugins"] as? [String] == ["ShouldPopItemGuard"])
    }

    /// Files whose user never tries to leave a guarded screen cannot tell a guard from its
    /// absence: the report says so instead of ranking silently.
    @Test func filesThatNeverTryToLeaveAGuardedScreenSaySo() throws {
        let runner = SimulatorScenarioRunner()
        let codeOnly = """
            scenario The app pops a guarded screen by code; the user taps back elsewhere
            screen List
            screen Detail
            screen Editor guard=deny
            root List
            push Detail
            tap-back
            push Detail
            push Editor
            pop
            """
        let note = "these files never try to leave a guarded screen: a composition that drops protection ranks as"
        for (text, tries) in [(codeOnly, false), (Self.draft, true)] {
            let scenario = try ScenarioParser.parse(text: text, file: "flow.nav").get()
            let results = [["ShouldPopItemGuard"], []].map { runner.run(scenario, profile: "ios17", plugins: $0) }
            #expect(results.allSatisfy { $0.risks.triesGuardedExit == tries })
            let report = BenchReport(results: results)
            #expect(report.ranking.triesGuardedExit == tries)
            #expect(try report.render(.table).contains(note) == !tries)
            #expect(try report.render(.markdown).contains(note) == !tries)
            let json = try JSONSerialization.jsonObject(with: Data(report.render(.json).utf8)) as? [String: Any]
            #expect(json?["triesGuardedExit"] as? Bool == tries)
        }
    }

    /// The accumulator numbers a group's inputs and points as bits, and adds them by name past
    /// 64 (only a hand-made or merged result names so many): either way it finds the unasked
    /// points the ranking of the same runs finds (``CombinationRanking/init(results:)``).
    @Test(arguments: [3, 70])
    func theAccumulatorFindsTheRankingsUnaskedPointsPastSixtyFourNames(points: Int) {
        func run(_ plugin: String, asking names: [String]) -> RunResult {
            var result = RunResult(
                scenario: "Many points", file: "many.nav", profile: "ios17", plugins: [plugin], metrics: RunMetrics(),
                inferredRules: [], skippedSteps: [], expectFailures: [])
            result.risks.pointsByInput = ["tap-back": names]
            return result
        }
        let names = (0..<points).map { "point\($0)" }
        let results = [run("Asks", asking: names), run("AsksOne", asking: [names[0]])]
        var accumulator = RankingAccumulator()
        for result in results { accumulator.add(result) }
        let expected = CombinationRanking(results: results).entries.first { $0.combination.label == "AsksOne" }
        let accumulated = accumulator.ranking().entries.first { $0.combination.label == "AsksOne" }
        #expect(expected?.risk.unaskedPoints.count == points - 1)
        #expect(accumulated?.risk.unaskedPoints == expected?.risk.unaskedPoints)
    }
}
