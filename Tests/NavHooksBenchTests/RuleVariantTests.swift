import Foundation
import NavigationScenarioRunner
import NavigationScenarios
import NavigationSimulator
import NavigationStrategies
import Testing

@testable import NavigationBench

/// Issue 29 §1: rule variants in the bench. The oracle for a variant is the simulator playing
/// the alternative as a "device" would (a recording made with the alternative on), never the
/// bench's own ranking.
@MainActor
struct RuleVariantTests {
    /// A guarded editor left by a finished edge swipe with only `ShouldPopItemGuard` installed:
    /// documented, a gesture pop never asks `navigationBar(_:shouldPop:)` (R24) and the editor
    /// goes; under R24's alternative the bar is asked and the app's guard keeps it.
    static let flow = """
        screen Home
        screen Editor guard=deny
        root Home
        push Editor
        swipe-back progress=0.7 finish
        expect top Editor
        """

    @Test func aRecordingThatMatchesOnlyTheAlternativeSaysSo() throws {
        let scenario = try ScenarioParser.parse(text: Self.flow, file: "flow.nav").get()
        let plugins = ["ShouldPopItemGuard"]
        let device = SimulatorScenarioRunner().recording(of: scenario, profile: .ios17, plugins: plugins) { nav in
            nav.ruleVariants = ["R24"]  // the "device" reads R24 the other way
        }
        let text = device.navFile
        #expect(text.contains("swipe-back progress=0.7 finish\nexpect stack Home Editor\n"), "\(text)")
        let path = try RecordingReplayTests.write(text, name: "device.nav")
        let line =
            text.split(separator: "\n", omittingEmptySubsequences: false)
            .firstIndex { $0.hasPrefix("swipe-back") }.map { $0 + 2 } ?? 0
        let (status, _, err) = RecordingReplayTests.bench([path, "--check"])
        #expect(status == 1)  // the verdict is the documented model's
        #expect(
            err.contains("note: device agrees with R24 alt at \(path):\(line) (ios17 with ShouldPopItemGuard)"),
            "\(err)")
        // A recording of the documented model says it agrees with R24 as documented.
        let documented = SimulatorScenarioRunner().recording(of: scenario, profile: .ios17, plugins: plugins)
        let documentedPath = try RecordingReplayTests.write(documented.navFile, name: "device.nav")
        let replay = RecordingReplayTests.bench([documentedPath, "--check"])
        #expect(replay.status == 0)
        #expect(replay.err.contains("note: device agrees with R24 at \(documentedPath):\(line) "), "\(replay.err)")
    }

    /// The worst case over variants: a run is replayed with a rule's alternative only when
    /// its timeline consulted the rule and the alternative can change it, and the worse outcome
    /// is kept with its label.
    @Test func theWorstOutcomeIsKeptAndLabelled() throws {
        let scenario = try ScenarioParser.parse(text: Self.flow, file: "flow.nav").get()
        let worst = SimulatorScenarioRunner(skipsEquivalentRuns: false, playsVariants: true)
        // With PopGestureGuard the swipe never begins: R24 is not consulted.
        let guarded = worst.run(scenario, profile: "ios17", plugins: ["PopGestureGuard"])
        #expect(guarded.variant == nil && guarded.metrics.defects == 0 && worst.variantRunCount == 0)
        // Without a plugin the swipe pops the editor; R24's alternative would ask hooks nobody
        // installed, so it is not played.
        let plain = worst.run(scenario, profile: "ios17", plugins: [])
        #expect(plain.variant == nil && plain.metrics.unguardedPops == 1 && worst.variantRunCount == 0)
        // With ShouldPopItemGuard it is played; the alternative keeps the editor, so the
        // documented outcome is the worse one.
        let asked = worst.run(scenario, profile: "ios17", plugins: ["ShouldPopItemGuard"])
        #expect(asked.variant == nil && asked.metrics.unguardedPops == 1 && worst.variantRunCount == 1)
        // VoiceOver's escape on a guarded screen: documented, ShouldPopItemGuard refuses it
        // through the bar (R50); under R50's alternative nothing asks, and the editor goes.
        let escape = try ScenarioParser.parse(
            text:
                "screen Home\nscreen Editor guard=deny\nroot Home\npush Editor\nvoiceover-escape\nexpect top Editor\n",
            file: "e.nav"
        ).get()
        let documented = SimulatorScenarioRunner(skipsEquivalentRuns: false).run(
            escape, profile: "ios17", plugins: ["ShouldPopItemGuard"])
        #expect(documented.metrics.defects == 0)
        let variants = worst.run(escape, profile: "ios17", plugins: ["ShouldPopItemGuard"])
        #expect(variants.variant == "R50 alt")
        #expect(variants.metrics.unguardedPops == 1 && variants.metrics.expectFailures == 1)
    }

    /// Issue 29 §2: the 27.1 vertical bar's back button on a guarded screen (R120). The oracle
    /// is each reading as UIKitRules.md states it, played by the simulator as a device would:
    /// through the bar, `ShouldPopItemGuard` keeps the editor; as a control of its own, only a
    /// `backAction` hook hears the tap. Before 27 the tap cannot happen.
    @Test func theVerticalBarsBackTapIsGuardedOnlyWhereAHookHearsItOnEveryReading() throws {
        let scenario = try ScenarioParser.parse(
            text: "bar-edge trailing\n"
                + Self.flow.replacingOccurrences(of: "swipe-back progress=0.7 finish", with: "tap-back strip"),
            file: "strip.nav"
        ).get()
        let worst = SimulatorScenarioRunner(skipsEquivalentRuns: false, playsVariants: true)
        let before = worst.run(scenario, profile: "ios26", plugins: ["ShouldPopItemGuard"])
        #expect(before.skippedSteps.map(\.reason) == ["no vertical bar before ios27 (R123)"])
        #expect(before.metrics.defects == 0)
        let documented = SimulatorScenarioRunner(skipsEquivalentRuns: false).run(
            scenario, profile: "ios27", plugins: ["ShouldPopItemGuard"])
        #expect(documented.metrics.defects == 0 && documented.inferredRules.contains("R120"))
        let barOnly = worst.run(scenario, profile: "ios27", plugins: ["ShouldPopItemGuard"])
        #expect(barOnly.variant == "R120 alt")
        #expect(barOnly.metrics.unguardedPops == 1 && barOnly.metrics.expectFailures == 1)
        for plugins in [["BackActionOverride:publicOnly"], ["BackActionOverride:publicOnly", "ShouldPopItemGuard"]] {
            let heard = worst.run(scenario, profile: "ios27", plugins: plugins)
            #expect(heard.variant == nil && heard.metrics.defects == 0, "\(plugins)")
        }
    }

    @Test func theOptionParsesAndDocumentedTurnsThemOff() throws {
        let options = try BenchOptions.parse(
            ["--variants", "documented"], availablePlugins: [], recommendedPlugins: [])
        #expect(options.variants == .documented)
        #expect(BenchOptions.playsVariants([]))
        #expect(!BenchOptions.playsVariants(["--variants", "documented"]))
        #expect(!BenchOptions.playsVariants(["--variants=documented"]))
        #expect(!BenchOptions.playsVariants(["--check"]))
        #expect(throws: BenchOptions.UsageError.self) {
            try BenchOptions.parse(["--variants", "best"], availablePlugins: [], recommendedPlugins: [])
        }
    }

    /// The label reaches the shortfall lines, CSV, JSON and JUnit, and survives the workers' wire.
    @Test func theVariantLabelReachesEveryFormatAndTheWire() throws {
        var run = RunResult(
            scenario: "t", file: "dir/t.nav", profile: "ios17", plugins: ["A"],
            metrics: RunMetrics(unguardedPops: 1), inferredRules: ["R24"])
        run.variant = "R24 alt"
        run.expectFailures = [
            .init(
                location: SourceLocation(file: "dir/t.nav", line: 6, column: 1), expectation: "expect top E",
                actual: "top H")
        ]
        let ranking = CombinationRanking(results: [run])
        #expect(ranking.entries.first?.shortfalls.first?.files == ["t.nav (R24 alt)"])
        var accumulator = RankingAccumulator()
        accumulator.add(run)
        #expect(accumulator.ranking().entries.first?.shortfalls.first?.files == ["t.nav (R24 alt)"])
        let report = BenchReport(results: [run])
        #expect(report.csvText().split(separator: "\n").first?.hasSuffix(",skippedSteps,variant") == true)
        #expect(report.csvText().split(separator: "\n").last?.hasSuffix(",R24 alt") == true)
        #expect(
            String(decoding: try JSONEncoder().encode(BenchReport.jsonRun(run)), as: UTF8.self).contains(
                "\"variant\":\"R24 alt\""))
        #expect(BenchReport.junitText(runs: [run]).contains("(depends on R24 alt)"))
        let plan = MatrixPlan(
            scenarios: [try ScenarioParser.parse(text: "screen H\nroot H\n", file: "dir/t.nav").get()],
            profiles: [.ios17], combinations: [PluginCombination(["A"])])
        let wire = ShardResults([run])
        #expect(wire.results(for: plan.runs)?.first?.variant == "R24 alt")
        #expect(wire.results(for: plan.runs)?.first?.inferredRules == ["R24"])
    }
}
