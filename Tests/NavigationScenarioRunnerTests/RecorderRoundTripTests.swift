import Foundation
import NavigationHooks
import NavigationRecording
import NavigationScenarioRunner
import NavigationScenarios
import NavigationSimulator
import NavigationStrategies
import ScenarioTestSupport
import Testing

/// The recorder on the simulator: record every corpus scenario on every profile, replay the
/// recording with the same plugins, and every recorded expect holds.
@MainActor
struct RecorderRoundTripTests {
    static func corpus() throws -> [Scenario] {
        let directory = try #require(
            ScenarioCorpus.defaultDirectory(currentDirectory: FileManager.default.currentDirectoryPath))
        let files = try ScenarioCorpus.files(
            in: [directory], currentDirectory: FileManager.default.currentDirectoryPath)
        return try files.map { path in
            try ScenarioParser.parse(text: String(contentsOfFile: path, encoding: .utf8), file: path).get()
        }
    }

    static func replay(_ text: String, file: String, profile: ScenarioProfile) throws -> (Scenario, RunResult) {
        let parsed = ScenarioParser.parse(text: text, file: file)
        if case .failure(let diagnostics) = parsed { Issue.record("\(diagnostics)\n\(text)") }
        let recording = try parsed.get()
        let plugins = try #require(recording.recordedPlugins)
        let result = SimulatorScenarioRunner(skipsEquivalentRuns: false).run(
            recording, profile: profile.rawValue, plugins: plugins)
        return (recording, result)
    }

    /// With the recommended composition and with no plugin, each in a child process of the test
    /// binary (``ChildTestProcess``), both at once, on the other core beside this process's
    /// main-actor tests; one test case waits for both; the children's failures are this test's.
    @Test nonisolated func everyRecordingOfTheCorpusReplaysWithEveryExpectHolding() async throws {
        let failed = try await ChildTestProcess.run(
            filter: "RecorderRoundTripTests/everyRecordingOfTheCorpusReplaysWithEveryExpectHolding\\(",
            parts: ["recommended", "none"]
        ) { part in
            try await Self.expectEveryRecordingReplaysWithEveryExpectHolding(recommended: part == "recommended")
        }
        for (part, child) in failed {
            Issue.record("\(part): \(child)")
        }
    }

    static func expectEveryRecordingReplaysWithEveryExpectHolding(recommended: Bool) throws {
        let plugins = recommended ? StrategyComposition.recommended.names : []
        var recordings = 0
        var expects = 0
        for scenario in try Self.corpus() {
            for profile in scenario.profiles ?? ScenarioProfile.allCases {
                let recorder = SimulatorScenarioRunner().recording(of: scenario, profile: profile, plugins: plugins)
                let text = recorder.navFile
                #expect(!recorder.isTruncated)
                #expect(text.contains("profile \(profile.rawValue)\n"))
                let (recording, result) = try Self.replay(
                    text, file: "\(scenario.file).\(profile).nav", profile: profile)
                // A scenario that states a look also installed the appearance slot's strategy.
                let installed = plugins + (scenario.statesLook ? [StrategyCatalog.defaultAppearance] : [])
                #expect(recording.recordedPlugins == installed.sorted())
                #expect(
                    result.expectFailures.isEmpty,
                    "\(scenario.file) \(profile) \(plugins): \(result.expectFailures)\n\(text)")
                recordings += 1
                expects += recording.steps.filter { $0.text.hasPrefix("expect") }.count
            }
        }
        #expect(recordings > 200)
        #expect(expects > recordings * 5)
    }

    @Test func aRecordingNamesScreensByClassWritesPreferencesAndUserInputs() throws {
        let text = """
            screen Inbox bar=hidden
            screen Thread
            screen Reply guard=confirm gesture=disabled
            root Inbox
            push Thread
            push Reply
            swipe-back progress=0.3 cancel
            tap-back
            confirm keep
            voiceover-escape
            confirm discard
            push Thread
            """
        let scenario = try ScenarioParser.parse(text: text, file: "t.nav").get()
        let recorder = SimulatorScenarioRunner().recording(
            of: scenario, profile: .ios26, plugins: StrategyComposition.recommended.names)
        let file = recorder.navFile
        #expect(file.contains("profile ios26\n"))
        #expect(file.contains("plugin " + StrategyComposition.recommended.names.sorted().joined(separator: " ") + "\n"))
        #expect(file.contains("screen Inbox bar=hidden\n"))
        #expect(file.contains("screen Reply guard=confirm gesture=disabled\n"))
        #expect(file.contains("swipe-back progress=0.3 cancel\n# device: the edge swipe did not begin\n"))
        #expect(file.contains("tap-back\nexpect stack Inbox Thread Reply\nexpect bar visible\nconfirm keep\n"))
        #expect(file.contains("voiceover-escape\n"))
        #expect(file.contains("confirm discard\nexpect stack Inbox Thread\n"))
        // A second Thread while the first is in the stack gets an index.
        #expect(file.contains("screen Thread2\n"))
        #expect(file.hasSuffix("push Thread2\nexpect stack Inbox Thread Thread2\nexpect bar visible\n"))
    }

    /// Issue 29 §3: a recording keeps a screen's hidden-back intent (else the replay revives a
    /// swipe the device kept locked) and ends a dismissed sheet with `expect sheet dismissed`
    /// instead of the stack nobody sees any more (R52).
    @Test func aRecordingKeepsTheHiddenBackIntentAndTheSheetsDismissal() throws {
        let plugins = StrategyComposition.recommended.names
        let locked = try ScenarioParser.parse(
            text:
                "screen Cart\nscreen Pay back=custom hidden-back=locks-swipe\nroot Cart\npush Pay\nswipe-back finish\n",
            file: "l.nav"
        ).get()
        let lockedText = SimulatorScenarioRunner().recording(of: locked, profile: .ios17, plugins: plugins).navFile
        #expect(lockedText.contains("screen Pay back=custom hidden-back=locks-swipe\n"), "\(lockedText)")
        #expect(
            lockedText.contains(
                "swipe-back progress=0.5 finish\n# device: the edge swipe did not begin\nexpect stack Cart Pay\n"),
            "\(lockedText)")
        let sheet = try ScenarioParser.parse(
            text: "screen A\nscreen B\nroot A\npush B\nswipe-down-sheet\n", file: "s.nav"
        ).get()
        let sheetText = SimulatorScenarioRunner().recording(of: sheet, profile: .ios17, plugins: plugins).navFile
        #expect(sheetText.hasSuffix("swipe-down-sheet\nexpect sheet dismissed\n"), "\(sheetText)")
        #expect(try Self.replay(sheetText, file: "s.nav", profile: .ios17).1.expectFailures.isEmpty)
    }

    @Test func theStepLimitStopsTheRecordingAndSaysSo() throws {
        let text = "screen A\nscreen B\nroot A\npush B\npop\npush B\npop\n"
        let scenario = try ScenarioParser.parse(text: text, file: "t.nav").get()
        let recorder = SimulatorScenarioRunner().recording(of: scenario, profile: .ios17, plugins: [], stepLimit: 3)
        #expect(recorder.isTruncated)
        #expect(recorder.stepCount == 3)
        #expect(recorder.host == nil)
        let file = recorder.navFile
        #expect(file.hasSuffix("pop\nexpect stack A\nexpect bar visible\n# recording stopped: step limit 3 reached\n"))
        #expect(throws: Never.self) { try ScenarioParser.parse(text: file, file: "r.nav").get() }
    }

    @Test func offByDefaultAndDetachable() throws {
        let nav = SimNavigationController(profile: .ios18)
        #expect(nav.navigationObserver == nil)
        let recorder = NavigationRecorder()
        try recorder.attach(to: nav)
        #expect(throws: NavigationRecorderError.alreadyObserved) { try NavigationRecorder().attach(to: nav) }
        nav.setViewControllers([SimScreen("Home")], animated: false)
        nav.runUntilIdle()
        recorder.detach()
        #expect(nav.navigationObserver == nil)
        nav.pushViewController(SimScreen("Detail"), animated: true)
        nav.runUntilIdle()
        #expect(!recorder.navFile.contains("Detail"))
        #expect(recorder.navFile.contains("root Home\nexpect stack Home\nexpect bar visible\n"))
    }

    /// Issue 37: a recording of iOS 27.1's vertical bar writes the device's `bar-edge` and a tap on
    /// the strip's back button as `tap-back strip` (the step that tells R120's readings apart), and
    /// replays with every expect holding; a device without the bar writes neither. Oracle: the
    /// `.nav` format (Examples/Scenarios/README.md: `bar-edge`, `tap-back strip`).
    @Test func theVerticalBarsEdgeAndStripTapAreRecorded() throws {
        let flow = """
            scenario strip
            bar-edge leading
            screen Inbox
            screen Draft guard=confirm
            root Inbox
            push Draft
            tap-back strip
            confirm discard
            expect stack Inbox
            """
        let scenario = try ScenarioParser.parse(text: flow, file: "strip.nav").get()
        let plugins = StrategyComposition.recommended.names
        let recorded = SimulatorScenarioRunner().recording(of: scenario, profile: .ios27, plugins: plugins).navFile
        #expect(recorded.contains("\nbar-edge leading\n"), "\(recorded)")
        #expect(recorded.contains("\ntap-back strip\n") && !recorded.contains("\ntap-back\n"), "\(recorded)")
        let (_, result) = try Self.replay(recorded, file: "strip.ios27.nav", profile: .ios27)
        #expect(result.expectFailures.isEmpty && result.metrics.defects == 0, "\(result.expectFailures)\n\(recorded)")

        let plain = try ScenarioParser.parse(
            text: flow.replacingOccurrences(of: "bar-edge leading\n", with: "").replacingOccurrences(
                of: "tap-back strip", with: "tap-back"), file: "plain.nav"
        ).get()
        let withoutBar = SimulatorScenarioRunner().recording(of: plain, profile: .ios27, plugins: plugins).navFile
        #expect(!withoutBar.contains("bar-edge") && withoutBar.contains("\ntap-back\n"), "\(withoutBar)")
    }
}
