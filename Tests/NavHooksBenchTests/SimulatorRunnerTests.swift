import Foundation
import NavigationConformance
import NavigationScenarioRunner
import NavigationScenarios
import NavigationStrategies
import ScenarioTestSupport
import Testing

@testable import NavigationBench

/// End to end: `navhooks-bench`'s command with the real runner on the simulator.
@MainActor
struct SimulatorRunnerTests {
    /// A command over a temporary directory of scenario files, with the real runner.
    @MainActor
    final class Harness {
        let directory: String
        var out = ""
        var err = ""
        let runner: CountingRunner

        init(files: [String: String]) throws {
            directory = try TestScratch.folder("runner")
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            for (name, text) in files {
                try TestScratch.write(text, toFile: directory + "/" + name)
            }
            runner = CountingRunner()
        }

        func run(_ arguments: [String]) -> Int32 {
            let command = BenchCommand(
                runner: runner,
                availablePlugins: StrategyCatalog.names,
                recommendedPlugins: StrategyComposition.recommended.names,
                currentDirectory: directory,
                output: { self.out += $0 },
                errorOutput: { self.err += $0 }
            )
            return command.run(arguments)
        }

        /// Runs `--format json` and returns the runs.
        func jsonRuns(_ arguments: [String]) throws -> [[String: Any]] {
            out = ""
            #expect(run(arguments + ["--format", "json"]) == 0, "\(err)")
            let object = try JSONSerialization.jsonObject(with: Data(out.utf8)) as? [String: Any]
            return try #require(object?["runs"] as? [[String: Any]])
        }

        /// The metrics of the only run of `arguments`.
        func metrics(_ arguments: [String]) throws -> [String: Double] {
            let runs = try jsonRuns(arguments)
            try #require(runs.count == 1)
            let metrics = try #require(runs[0]["metrics"] as? [String: Any])
            return metrics.compactMapValues { ($0 as? NSNumber)?.doubleValue }
        }

        deinit { TestScratch.remove(directory) }
    }

    /// The real runner, counting its runs.
    @MainActor
    final class CountingRunner: ScenarioRunning {
        let real = SimulatorScenarioRunner()
        var count = 0

        func run(_ scenario: Scenario, profile: String, plugins: [String]) -> RunResult {
            count += 1
            return real.run(scenario, profile: profile, plugins: plugins)
        }
    }

    static let draft = """
        scenario Draft
        screen Home
        screen List
        screen Editor guard=deny
        root Home
        push List
        push Editor
        tap-back
        expect top Editor
        pop
        expect stack Home List
        """

    static let metricKeys: Set<String> = [
        "unguardedPops", "blockedPops", "barGlitches", "wrongBarAtRest", "frozen", "lostDelegateCalls",
        "hostBarOverrides", "unansweredAttempts", "lookGlitches", "wrongLookAtRest", "wrongLookAfterCancel",
        "expectFailures", "dispatches", "nsPerDispatch",
    ]

    @Test func aSmallScenarioReportsTheContractsJSONKeys() throws {
        let harness = try Harness(files: ["draft.nav": Self.draft])
        let runs = try harness.jsonRuns(["draft.nav", "--plugins", "BackActionOverride", "--profiles", "ios16"])
        try #require(runs.count == 1)
        let run = runs[0]
        for key in ["scenario", "file", "profile", "plugins", "metrics", "inferredRules", "skippedSteps"] {
            #expect(run[key] != nil, "missing \(key)")
        }
        #expect(run["scenario"] as? String == "Draft")
        #expect(run["file"] as? String == "draft.nav")
        #expect(run["profile"] as? String == "ios16")
        #expect(run["plugins"] as? [String] == ["BackActionOverride"])
        let metrics = try #require(run["metrics"] as? [String: Any])
        #expect(Set(metrics.keys) == Self.metricKeys)
        #expect((metrics["expectFailures"] as? Int) == 0)
        #expect((metrics["unguardedPops"] as? Int) == 0)
        #expect((metrics["dispatches"] as? Int ?? 0) > 0)
        #expect((metrics["nsPerDispatch"] as? Double ?? 0) > 0)
    }

    @Test func checkExitsOneOnAFailedExpectAndZeroOtherwise() throws {
        let harness = try Harness(files: ["draft.nav": Self.draft])
        // No plugin: nothing refuses the tap, the editor is popped.
        #expect(harness.run(["draft.nav", "--plugins", "none", "--profiles", "ios16", "--check"]) == 1)
        #expect(harness.err.contains("draft.nav:9:1: error: expect top Editor failed on ios16 with none"))
        harness.err = ""
        #expect(harness.run(["draft.nav", "--plugins", "BackActionOverride", "--profiles", "ios16", "--check"]) == 0)
        #expect(harness.run(["draft.nav", "--profiles", "ios13,ios26", "--check"]) == 0, "\(harness.err)")
    }

    @Test func aFileWithErrorsExitsTwoAndRunsNothing() throws {
        let harness = try Harness(files: [
            "draft.nav": Self.draft,
            "broken.nav": "screen Home\nroot Home\npush Ghost\nswipe-back progress=3 finish\n",
        ])
        #expect(harness.run(["."]) == 2)
        #expect(harness.runner.count == 0)
        #expect(harness.err.contains("broken.nav:3:"))
        #expect(harness.err.contains("broken.nav:4:"))
        #expect(harness.out.isEmpty)
    }

    @Test func unguardedPopsCountsABackMenuPopOfAGuardedScreen() throws {
        let harness = try Harness(files: [
            "menu.nav": """
            screen Home
            screen List
            screen Editor guard=deny
            root Home
            push List
            push Editor
            back-menu Home
            """
        ])
        let bare = try harness.metrics(["menu.nav", "--plugins", "none", "--profiles", "ios16"])
        #expect(bare["unguardedPops"] == 1)
        let guarded = try harness.metrics(["menu.nav", "--plugins", "BackMenuGuard", "--profiles", "ios16"])
        #expect(guarded["unguardedPops"] == 0)
    }

    @Test func blockedPopsCountsASwipeTheSystemRefusesUnderACustomBackButton() throws {
        let harness = try Harness(files: [
            "custom.nav": """
            screen Home
            screen Form back=custom
            root Home
            push Form
            swipe-back progress=0.8 finish
            """
        ])
        let bare = try harness.metrics(["custom.nav", "--plugins", "none", "--profiles", "ios17"])
        #expect(bare["blockedPops"] == 1)
        let kept = try harness.metrics(["custom.nav", "--plugins", "PopGestureGuard", "--profiles", "ios17"])
        #expect(kept["blockedPops"] == 0)
    }

    @Test func barGlitchesAndWrongBarAtRestCountAHiddenBarNobodyHides() throws {
        let harness = try Harness(files: [
            "hidden.nav": """
            screen Welcome bar=hidden
            screen Permissions bar=hidden
            root Welcome
            push Permissions
            """
        ])
        let bare = try harness.metrics(["hidden.nav", "--plugins", "none", "--profiles", "ios18"])
        #expect((bare["barGlitches"] ?? 0) >= 1)
        #expect((bare["wrongBarAtRest"] ?? 0) >= 1)
        let hiding = try harness.metrics(["hidden.nav", "--plugins", "DelegateBarHiding", "--profiles", "ios18"])
        #expect(hiding["barGlitches"] == 0)
        #expect(hiding["wrongBarAtRest"] == 0)
    }

    @Test func expectFailuresCountsFailedExpectLines() throws {
        let harness = try Harness(files: ["draft.nav": Self.draft])
        let bare = try harness.metrics(["draft.nav", "--plugins", "none", "--profiles", "ios14"])
        #expect(bare["expectFailures"] == 2)
        #expect(bare["unguardedPops"] == 1)
    }

    @Test func stepsImpossibleOnTheProfileOrAtThatMomentAreSkipped() throws {
        let harness = try Harness(files: [
            "skips.nav": """
            screen Home
            screen List
            root Home
            tap-back
            pop
            dismiss
            push List
            back-menu Home
            content-swipe finish
            expect stack Home List
            """
        ])
        let runs = try harness.jsonRuns(["skips.nav", "--plugins", "none", "--profiles", "ios13"])
        let skipped = try #require(runs.first?["skippedSteps"] as? [Any])
        #expect(skipped.count == 5)
        let metrics = try #require(runs.first?["metrics"] as? [String: Any])
        #expect((metrics["expectFailures"] as? Int) == 0)
        #expect((metrics["blockedPops"] as? Int) == 0)
    }

    @Test func theRunnerFillsATimelineWhenAsked() throws {
        let scenario = try ScenarioParser.parse(text: Self.draft, file: "draft.nav").get()
        let plain = SimulatorScenarioRunner().run(scenario, profile: "ios16", plugins: [])
        #expect(plain.timeline == nil)
        let result = SimulatorScenarioRunner(recordsTimelines: true).run(scenario, profile: "ios16", plugins: [])
        let timeline = try #require(result.timeline)
        #expect(timeline.title == "draft.nav · ios16 · none")
        #expect(timeline.frames.count > 20)
        #expect(timeline.frames.contains { $0.transitionActive })
        // A user's input is named by its step's FILE:LINE.
        #expect(timeline.events.contains { $0.label == "draft.nav:8: tap-back on Editor" })
        // The pop answers the user's tap, and the timeline says so (not "programmatic").
        #expect(timeline.events.contains { $0.label == "popped Editor after tap-back at draft.nav:8" })
        #expect(timeline.problems.contains { $0.label == "unguarded pop: Editor refuses user pops (draft.nav:8)" })
        #expect(zip(timeline.events, timeline.events.dropFirst()).allSatisfy { $0.time <= $1.time })
        #expect(zip(timeline.frames, timeline.frames.dropFirst()).allSatisfy { $0.time <= $1.time })
    }

    /// Refused inputs take no time on the simulator's clock; the timeline draws each at a
    /// moment of its own, and the pop a confirmation's "discard" makes is the user's exit.
    @Test func timelinesDrawRefusalsApartAndNameConfirmedExitsAsTheUsers() throws {
        let cases = [
            ("key-back", "popped Editor by the user: key-back at confirm.nav:8, confirmed"),
            ("swipe-down-sheet", "popped Editor, Home by the user: swipe-down-sheet at confirm.nav:8, confirmed"),
        ]
        for (exit, popLabel) in cases {
            let text = """
                scenario Confirm
                screen Home
                screen Editor guard=confirm
                root Home
                push Editor
                tap-back
                confirm keep
                \(exit)
                confirm discard
                """
            let scenario = try ScenarioParser.parse(text: text, file: "Flows/confirm.nav").get()
            let result = SimulatorScenarioRunner(recordsTimelines: true)
                .run(scenario, profile: "ios17", plugins: StrategyComposition.recommended.names)
            #expect(result.metrics.defects == 0)
            let timeline = try #require(result.timeline)
            func time(of label: String) -> Double? { timeline.events.first { $0.label == label }?.time }
            let tap = try #require(time(of: "confirm.nav:6: tap-back on Editor"))
            let keep = try #require(time(of: "confirmation on Editor: cancelled (confirm.nav:7)"))
            let second = try #require(time(of: "confirm.nav:8: \(exit) on Editor"))
            let pop = try #require(time(of: popLabel), "\(timeline.events.map(\.label))")
            #expect(tap < keep && keep < second && second < pop)
            #expect(abs(second - tap - 2 * TimelineSketch.userPause) < 1e-9)  // the pauses before keep and before it
            #expect(!timeline.events.contains { $0.label.contains("by the app's code") })
        }
    }

    /// In a child process (``ChildTestProcess/expectPasses(_:part:sourceLocation:_:)``): the whole corpus.
    @Test nonisolated func theRecommendedCompositionPassesEveryExpectOfTheCorpusOnEveryProfile() async throws {
        try await ChildTestProcess.expectPasses(
            "SimulatorRunnerTests/theRecommendedCompositionPassesEveryExpectOfTheCorpusOnEveryProfile"
        ) {
            try await Self.expectTheRecommendedCompositionPassesEveryExpectOfTheCorpus()
        }
    }

    static func expectTheRecommendedCompositionPassesEveryExpectOfTheCorpus() throws {
        let corpus = try #require(
            ScenarioCorpus.defaultDirectory(currentDirectory: FileManager.default.currentDirectoryPath))
        var out = ""
        var err = ""
        let command = BenchCommand(
            runner: SimulatorScenarioRunner(),
            availablePlugins: StrategyCatalog.names,
            recommendedPlugins: StrategyComposition.recommended.names,
            output: { out += $0 },
            errorOutput: { err += $0 }
        )
        let plugins = StrategyComposition.recommended.names.joined(separator: ",")
        #expect(command.run([corpus, "--plugins", plugins, "--check", "--format", "csv"]) == 0, "\(err)")
        #expect(err.contains("check passed"))
        #expect(out.split(separator: "\n").count > 150)
    }
}
