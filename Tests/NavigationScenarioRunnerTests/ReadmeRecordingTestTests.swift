// The snippet below is copied verbatim into Sources/NavigationBench/NavigationBench.docc/Recording.md
// ("Record a flow in a test"); it runs here as a real test, and the last test checks the article
// carries it.

import Foundation
// README snippet begin
import NavigationHooks
import NavigationRecording
import NavigationScenarioRunner
import NavigationScenarios
import NavigationSimulator
import NavigationStrategies
import Testing

@MainActor
struct ContactEditorRecordingTests {
    /// Records the app's flow on the simulator, then replays the recording: after each step,
    /// the replay shows what the recording says the recorded controller showed.
    @Test func theEditorsFlowRecordsAndReplays() throws {
        let nav = SimNavigationController(profile: .ios17)
        try StrategyComposition.recommended.install(on: nav.hooks)
        let recorder = NavigationRecorder()
        try recorder.attach(to: nav)

        let editor = SimScreen("EditContact")
        nav.setViewControllers([SimScreen("ContactCard")], animated: false)
        nav.pushViewController(editor, animated: true)
        nav.runUntilIdle()
        editor.leaveConfirmation = LeaveConfirmation { _ in }  // the user typed: ask before leaving
        nav.tapBack()
        nav.runUntilIdle()
        nav.hooks.dispatcher.pendingLeaveAttempt?.cancel()  // "Keep Editing"
        nav.runUntilIdle()
        let text = recorder.navFile
        recorder.detach()

        // Save `text` for `swift run navhooks-bench contact.nav --check`, or replay it here:
        let recording = try ScenarioParser.parse(text: text, file: "contact.nav").get()
        let replay = SimulatorScenarioRunner().run(
            recording, profile: "ios17", plugins: recording.recordedPlugins ?? [])
        #expect(text.contains("set EditContact guard=confirm\ntap-back\n"))
        #expect(replay.expectFailures.isEmpty)
    }
}
// README snippet end

struct ReadmeRecordingTestTests {
    @Test func theRecordingArticleCarriesTheRecordingTestVerbatim() throws {
        let source = try String(contentsOfFile: #filePath, encoding: .utf8)
        let readmePath = #filePath.replacingOccurrences(
            of: "Tests/NavigationScenarioRunnerTests/ReadmeRecordingTestTests.swift",
            with: "Sources/NavigationBench/NavigationBench.docc/Recording.md")
        let readme = try String(contentsOfFile: readmePath, encoding: .utf8)
        let begin = try #require(source.range(of: "// README snippet begin\n")).upperBound
        let end = try #require(source.range(of: "// README snippet end")).lowerBound
        #expect(readme.contains("```swift\n" + source[begin..<end] + "```\n"))
    }
}
