import Foundation
import NavigationScenarioRunner
import NavigationScenarios
import NavigationSimulator
import NavigationStrategies
import ScenarioTestSupport
import Testing

@testable import NavigationBench

/// The bench at its edges: inputs that crashed it, limits it states, errors that
/// carry their place.
@MainActor
struct BenchEdgeTests {
    typealias Harness = SimulatorRunnerTests.Harness

    private func scenario(_ text: String, file: String = "edge.nav") throws -> Scenario {
        try ScenarioParser.parse(text: text, file: file).get()
    }

    // MARK: The two crashes

    /// ⌘[ at a root with a custom back button read `stack[stack.count - 2]` of a one-screen
    /// stack. UIKit does not offer the command at the root (R51): nothing happens.
    @Test func keyBackAtARootWithACustomBackButtonDoesNothing() throws {
        let file = try scenario("screen A back=custom\nroot A\nkey-back\nexpect top A\n")
        for profile in ScenarioProfile.allCases {
            for plugins in [[], ["ExitGuard"], StrategyComposition.recommended.names] {
                let result = SimulatorScenarioRunner(skipsEquivalentRuns: false)
                    .run(file, profile: profile.rawValue, plugins: plugins)
                #expect(result.metrics.expectFailures == 0, "\(profile) \(plugins)")
                #expect(result.metrics.frozen == 0)
            }
        }
        let nav = SimNavigationController(profile: .ios17)
        let root = SimScreen("A", hasCustomBackButton: true)
        nav.setViewControllers([root], animated: false)
        nav.runUntilIdle()
        nav.pressBackKeyCommand()
        nav.accessibilityEscape()
        nav.runUntilIdle()
        #expect(nav.viewControllers.map(\.screenName) == ["A"])
    }

    /// Every `wait` recorded every frame: 216,000 an hour, and two thousand `wait 3600` steps
    /// ran out of memory. An idle wait keeps 10 s of frames and its last one; the clock still
    /// counts the whole wait.
    @Test func longIdleWaitsRecordABoundedNumberOfFrames() throws {
        let nav = SimNavigationController(profile: .ios17)
        nav.setViewControllers([SimScreen("A")], animated: false)
        nav.runUntilIdle()
        let start = nav.time
        for _ in 0..<200 { nav.advance(seconds: 3600) }
        #expect(abs(nav.time - start - 200 * 3600) < 1e-6)
        #expect(nav.timeline.frames.count <= 200 * (SimNavigationController.idleFramesRecorded + 1) + 10)
        #expect(nav.timeline.frames.last?.time == nav.time)
        // A wait that starts mid-transition records the transition's frames, then skips.
        nav.pushViewController(SimScreen("B"), animated: true)
        nav.advance(seconds: 3600)
        #expect(nav.viewControllers.map(\.screenName) == ["A", "B"])
        // From the end, where the transition is: the same question, not 120,000 idle frames first.
        #expect(nav.timeline.frames.reversed().contains { $0.transitionProgress != nil })
    }

    @Test func twoHundredHourLongWaitsRunOnEveryCombinationOfTheRecommended() throws {
        let file = try scenario(
            "screen A\nscreen B bar=hidden\nroot A\npush B\n" + String(repeating: "wait 3600\n", count: 200)
                + "expect bar hidden\n")
        let result = SimulatorScenarioRunner(recordsTimelines: true)
            .run(file, profile: "ios26", plugins: StrategyComposition.recommended.names)
        #expect(result.metrics.expectFailures == 0)
        #expect(result.metrics.wrongBarAtRest == 0)
        #expect((result.timeline?.frames.count ?? .max) < 200 * 700)
    }

    // MARK: Time that does not grow faster than the work

    /// A deep stack: 3,000 pushes (deeper than the parser follows), then pops back to the root.
    /// `swift test` plays 1,000 (`NAVHOOKS_FULL_TESTS=1`, `.ci/run`: 3,000): the runner checks
    /// the whole stack after every step, so the time grows with the square of the depth (2.5 s
    /// of CPU at 3,000 in a debug build), and 1,000 is past the parser's 256 screens just as
    /// well (``ParserState/maximumTrackedDepth``): the steps it no longer follows, every push
    /// and pop played and both expects checked by the simulator.
    ///
    /// In this process, on the main actor (about 0.3 s of CPU at 1,000 screens): a test case
    /// waiting for a child process would hold one of the few places where Swift Testing runs
    /// test cases (twice the cores) for longer than that.
    @Test func deepStacksPlayEveryStep() throws {
        let count = FullTests.enabled ? 3000 : 1000
        var text = (0..<count).map { "screen S\($0)\n" }.joined() + "root S0\n"
        text += (1..<count).map { "push S\($0) animated=false\n" }.joined()
        text += "expect top S\(count - 1)\n"
        text += (1..<count).map { _ in "pop animated=false\n" }.joined() + "expect stack S0\n"
        let scenario = try ScenarioParser.parse(text: text, file: "edge.nav").get()
        let result = SimulatorScenarioRunner().run(scenario, profile: "ios17", plugins: [])
        #expect(result.metrics.expectFailures == 0)
    }

    /// Back-menu picks over a deep stack: every screen the pick removes is asked (the menu and
    /// `BackMenuGuard` no longer copy the rest of the stack per screen), the confirming top
    /// first; `keep` stays, `discard` pops to the pick.
    @Test func backMenuPicksOverADeepStackAskEveryLeavingScreen() throws {
        let depth = 400
        var text = (0..<(depth - 1)).map { "screen S\($0)\n" }.joined() + "screen S\(depth - 1) guard=confirm\n"
        text += "profile ios17\nroot S0\n" + (1..<depth).map { "push S\($0) animated=false\n" }.joined()
        text += String(repeating: "back-menu S0\nconfirm keep\nexpect top S\(depth - 1)\n", count: 20)
        text += "back-menu S0\nconfirm discard\nexpect stack S0\n"
        let result = SimulatorScenarioRunner().run(try scenario(text), profile: "ios17", plugins: ["BackMenuGuard"])
        #expect(result.metrics.expectFailures == 0)
        #expect(result.metrics.unansweredAttempts == 0)
    }

    // MARK: Stated limits, located errors

    /// 200,001 steps take seconds to parse in a debug build: `.ci/run` (`NAVHOOKS_FULL_TESTS=1`).
    @Test(.enabled(if: FullTests.enabled)) func moreStepsThanTheLimitIsALocatedError() {
        let text = "screen A\nroot A\n" + String(repeating: "wait 0\n", count: 200_000)
        guard case .failure(let diagnostics) = ScenarioParser.parse(text: text, file: "long.nav") else {
            Issue.record("200,001 steps parsed")
            return
        }
        #expect(diagnostics.diagnostics.count == 1)
        #expect(
            diagnostics.description
                == "long.nav:200002:1: error: more than 200000 steps; split the flow into several files")
    }

    @Test func aWaitLongerThanAnHourIsALocatedError() {
        guard
            case .failure(let diagnostics) = ScenarioParser.parse(text: "screen A\nroot A\nwait 3601\n", file: "w.nav")
        else {
            Issue.record("wait 3601 parsed")
            return
        }
        #expect(diagnostics.description.hasPrefix("w.nav:3:6: error: "))
    }

    @Test func encodingErrorsAndOversizedFilesAreLocated() throws {
        let harness = try Harness(files: [:])
        let cases: [(String, [UInt8], String)] = [
            (
                "surrogate.nav", Array("screen A\nroot A".utf8) + [0xED, 0xA0, 0x80],
                "surrogate.nav:2:7: error: byte 0xED"
            ),
            ("cut.nav", Array("screen A\r\nroot A\r\n# é".utf8).dropLast(), "cut.nav:3:3: error: byte 0xC3"),
            ("binary.nav", [0x7F, 0x45, 0x4C, 0x46, 0x02, 0x01, 0xFF, 0x00], "binary.nav:1:7: error: byte 0xFF"),
            ("nul.nav", [0x00, 0x01, 0x02], "nul.nav:1:1: error: NUL byte"),
        ]
        for (name, bytes, expected) in cases {
            let path = harness.directory + "/" + name
            _ = FileManager.default.createFile(atPath: path, contents: Data(bytes))
            harness.err = ""
            #expect(harness.run([name, "--plugins", "none"]) == 2, "\(name)")
            #expect(harness.err.contains(expected), "\(name): \(harness.err)")
        }
        let big = harness.directory + "/big.nav"
        _ = FileManager.default.createFile(atPath: big, contents: nil)
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: big))
        try handle.truncate(atOffset: UInt64(ScenarioCorpus.maximumFileSize + 1))
        try handle.close()
        harness.err = ""
        #expect(harness.run(["big.nav"]) == 2)
        #expect(harness.err.hasPrefix("big.nav:1:1: error: the file has 8388609 bytes"))
        #expect(harness.runner.count == 0)
    }

    // MARK: Fuzzing

    /// Seeded mutations of the corpus: no crash (it would end the test run), no hang (the
    /// watchdog ends the process past 10 s), no error without its place. A small budget here;
    /// `NAVHOOKS_FUZZ_MUTANTS=20000 swift test --filter BenchEdgeTests` or
    /// `swift run navhooks-bench fuzz --mutants 20000` for more.
    @Test func mutantsOfTheCorpusNeitherCrashNorHangAndEveryErrorIsLocated() throws {
        let directory = try #require(ScenarioCorpus.defaultDirectory(currentDirectory: "/nonexistent"))
        let corpus = ScenarioFuzzer.corpus(in: directory)
        #expect(corpus.count > 40)
        let budget = FullTests.enabled ? 2_000 : 60
        let mutants = ProcessInfo.processInfo.environment["NAVHOOKS_FUZZ_MUTANTS"].flatMap(Int.init) ?? budget
        let summary = ScenarioFuzzer(corpus: corpus, seed: 2022).run(mutants: mutants)
        #expect(summary.mutants == mutants)
        #expect(summary.rejected > 0 && summary.runs > 0)  // both paths were exercised
        #expect(summary.findings.isEmpty, "\(summary.findings)")
    }

    @Test func theSameSeedMakesTheSameMutants() {
        let corpus = [(name: "a.nav", bytes: Array("screen A\nscreen B\nroot A\npush B\ntap-back\n".utf8))]
        var first = SeededGenerator(seed: 7)
        var second = SeededGenerator(seed: 7)
        var a = corpus[0].bytes
        var b = corpus[0].bytes
        for _ in 0..<50 {
            #expect(ScenarioFuzzer.mutate(&a, &first) == ScenarioFuzzer.mutate(&b, &second))
        }
        #expect(a == b)
    }
}

/// Outputs written whole, under names that never collide.
@MainActor
struct BenchOutputTests {
    @Test func timelinesOfInputsWithTheSameNameInDifferentFoldersDoNotCollide() throws {
        let harness = try BenchCommandTests.Harness(files: [:])
        for folder in ["a", "b/c"] {
            try FileManager.default.createDirectory(
                atPath: harness.directory + "/scenarios/" + folder, withIntermediateDirectories: true)
            try TestScratch.write(BenchCommandTests.good, toFile: harness.directory + "/scenarios/\(folder)/same.nav")
        }
        #expect(harness.run(["scenarios", "--plugins", "none", "--profiles", "ios26", "--timeline", "svg"]) == 0)
        #expect(harness.err.contains("wrote 2 timelines"))
        let written =
            (FileManager.default.enumerator(atPath: harness.directory + "/svg")?.allObjects as? [String] ?? [])
            .filter { $0.hasSuffix(".svg") }.sorted()
        #expect(written == ["a/same--ios26--none.svg", "b/c/same--ios26--none.svg"])
        // Nothing half-written is left beside them.
        let all = FileManager.default.enumerator(atPath: harness.directory + "/svg")?.allObjects as? [String] ?? []
        #expect(!all.contains { $0.hasSuffix(".partial") })
    }

    @Test func theCommonFolderOfTheInputsNamesTimelinesAsBefore() {
        #expect(
            SVGTimelineWriter.commonFolder(of: ["Examples/Scenarios/x.nav", "Examples/Scenarios/y.nav"])
                == "Examples/Scenarios")
        #expect(SVGTimelineWriter.commonFolder(of: ["a/x.nav", "b/x.nav"]) == "")
        #expect(SVGTimelineWriter.commonFolder(of: ["/tmp/a/x.nav", "/tmp/b/x.nav"]) == "/tmp")
        #expect(
            SVGTimelineWriter.fileName(
                file: "Examples/Scenarios/x.nav", profile: "ios13", plugins: [], relativeTo: "Examples/Scenarios")
                == "x--ios13--none.svg")
        #expect(
            SVGTimelineWriter.fileName(file: "../up/x.nav", profile: "ios13", plugins: [], relativeTo: "")
                == "__/up/x--ios13--none.svg")
    }

    @Test func anOutputFileIsReplacedWholeAndLeavesNoTemporaryFile() throws {
        let directory = try TestScratch.folder("out")
        defer { TestScratch.remove(directory) }
        try OutputFile.write("first", to: directory + "/deep/file.json")
        try OutputFile.write("second", to: directory + "/deep/file.json")
        #expect(try String(contentsOfFile: directory + "/deep/file.json", encoding: .utf8) == "second")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory + "/deep") == ["file.json"])
    }
}

/// JSON and CSV reach the output a piece at a time: the whole text is never in memory.
@MainActor
struct StreamedReportTests {
    @Test func jsonAndCsvArriveInPiecesThatMakeTheSameDocument() throws {
        let results = Array(repeating: ReportTests.results, count: 120).flatMap { $0 }
        let report = BenchReport(results: results)
        for format in [ReportFormat.json, .csv] {
            var pieces: [String] = []
            try report.render(format) { pieces.append($0) }
            #expect(pieces.count > 1, "\(format)")
            #expect(pieces.allSatisfy { $0.utf8.count < 1 << 17 })
            #expect(pieces.joined() == (try report.render(format)))
        }
        var json = ""
        try report.render(.json) { json += $0 }
        let document = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        #expect((document["runs"] as? [Any])?.count == results.count)
        #expect((document["ranking"] as? [Any])?.isEmpty == false)
    }
}
