import Foundation
import NavigationHooks
import Testing

// The snippet below is copied verbatim into
// Sources/NavigationHooks/NavigationHooks.docc/AskingBeforeLeaving.md; this test proves it
// compiles and does what the article says.

// README leave-confirmation snippet begin
/// Asks "Discard changes?" however the user tries to leave, while there is something to
/// lose. `presentAlert` shows the app's alert and calls one of its two buttons' actions.
@MainActor
func askBeforeLeaving(
    _ screen: any NavigationScreen, hasChanges: Bool,
    presentAlert:
        @escaping @MainActor (
            _ discard: @escaping @MainActor () -> Void, _ keepEditing: @escaping @MainActor () -> Void
        ) -> Void
) {
    screen.navigationPreferences.leaveConfirmation =
        hasChanges ? LeaveConfirmation { attempt in presentAlert(attempt.proceed, attempt.cancel) } : nil
}
// README leave-confirmation snippet end

/// The alert of the test: remembers its buttons' actions.
@MainActor
final class RecordedAlert {
    var discard: (@MainActor () -> Void)?
    var keepEditing: (@MainActor () -> Void)?
}

@MainActor
struct LeaveConfirmationReadmeTests {
    @Test func theReadmeSnippetAsksOnUserPathsAndDiscardPopsOnce() throws {
        let host = TestHost("List", "Editor")
        let alert = RecordedAlert()
        askBeforeLeaving(host.topScreen!, hasChanges: true) { discard, keepEditing in
            alert.discard = discard
            alert.keepEditing = keepEditing
        }
        let resolution = host.hooks.dispatcher.attemptLeave(host.context(.edgeGesture)) {
            host.popViewController(animated: true)
        }
        guard case .confirming(let attempt) = resolution else {
            Issue.record("expected the confirmation, got \(resolution)")
            return
        }
        #expect(host.pops == 0 && alert.discard != nil)
        #expect(host.hooks.dispatcher.shouldPop(host.context(.backButton)) == .deny(reason: "asks to confirm"))
        #expect(host.hooks.dispatcher.shouldPop(host.context(.programmatic)) == .allow, "code pops stay free")
        alert.discard?()
        alert.discard?()
        alert.keepEditing?()
        #expect(host.pops == 1 && attempt.state == .proceeded)
        #expect(host.hooks.dispatcher.pendingLeaveAttempt == nil)
    }

    @Test func withoutChangesNothingAsks() {
        let host = TestHost("List", "Editor")
        askBeforeLeaving(host.topScreen!, hasChanges: false) { _, _ in Issue.record("asked") }
        #expect(host.hooks.dispatcher.attemptLeave(host.context(.backMenu)) {}.leavesNow)
    }

    @Test func theDispatcherObservesEveryStateChange() {
        let host = TestHost("List", "Editor")
        var seen: [LeaveAttempt.State] = []
        host.hooks.dispatcher.onLeaveAttempt = { seen.append($0.state) }
        host.topScreen!.navigationPreferences.leaveConfirmation = LeaveConfirmation { $0.cancel() }
        _ = host.hooks.dispatcher.attemptLeave(host.context(.sheetDismissal)) {}
        #expect(seen == [.pending, .cancelled])
        #expect(host.hooks.dispatcher.pendingLeaveAttempt == nil)
    }

    @Test func theReadmeCarriesTheSnippetVerbatim() throws {
        let source = try String(contentsOfFile: #filePath, encoding: .utf8)
        let readmePath = #filePath.replacingOccurrences(
            of: "Tests/NavigationHooksTests/LeaveConfirmationReadmeTests.swift",
            with: "Sources/NavigationHooks/NavigationHooks.docc/AskingBeforeLeaving.md")
        let readme = try String(contentsOfFile: readmePath, encoding: .utf8)
        let begin = source.range(of: "// README leave-confirmation snippet begin\n")!.upperBound
        let end = source.range(of: "// README leave-confirmation snippet end")!.lowerBound
        #expect(readme.contains(String(source[begin..<end])))
    }
}
