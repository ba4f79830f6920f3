import NavigationHooks
import Testing

/// A host that delivers leave confirmations later (the UIKit host, on the next main-queue
/// turn): the attempt waits, a further attempt in the same turn supersedes it and only the
/// newest is asked, and a late delivery asks nothing for an attempt that was settled or
/// whose screen left.
@MainActor
struct LeaveConfirmationDeliveryTests {
    private func deferringHost() -> (TestHost, asked: () -> Int) {
        let host = TestHost("List", "Editor")
        host.deferredLeaveConfirmations = []
        var count = 0
        host.topScreen!.navigationPreferences.leaveConfirmation = LeaveConfirmation { _ in count += 1 }
        return (host, { count })
    }

    private func deliver(_ host: TestHost) {
        let pending = host.deferredLeaveConfirmations ?? []
        host.deferredLeaveConfirmations = []
        for ask in pending { ask() }
    }

    @Test func aDeferredDeliveryAsksOnceForRepeatedAttempts() {
        let (host, asked) = deferringHost()
        let first = host.hooks.dispatcher.attemptLeave(host.context(.edgeGesture)) {}
        let second = host.hooks.dispatcher.attemptLeave(host.context(.backButton)) {
            host.popViewController(animated: true)
        }
        #expect(asked() == 0, "not inside the callback that reported the input")
        guard case .confirming(let superseded) = first, case .confirming(let attempt) = second else {
            Issue.record("expected confirmations, got \(first), \(second)")
            return
        }
        #expect(superseded !== attempt && superseded.state == .expired)
        #expect(host.hooks.dispatcher.pendingLeaveAttempt === attempt)
        deliver(host)
        #expect(asked() == 1 && attempt.state == .pending, "only the newest is asked")
        superseded.proceed()
        #expect(host.pops == 0, "a superseded attempt does nothing")
        attempt.proceed()
        #expect(host.pops == 1 && attempt.state == .proceeded)
    }

    @Test func anAttemptSettledBeforeDeliveryIsNotAsked() {
        let (host, asked) = deferringHost()
        _ = host.hooks.dispatcher.attemptLeave(host.context(.sheetDismissal)) {}
        host.hooks.dispatcher.pendingLeaveAttempt?.cancel()
        deliver(host)
        #expect(asked() == 0)
    }

    @Test func anAttemptWhoseScreenLeftBeforeDeliveryExpires() {
        let (host, asked) = deferringHost()
        let resolution = host.hooks.dispatcher.attemptLeave(host.context(.backKeyCommand)) {}
        host.popViewController(animated: true)  // the app's own code pop, in the same turn
        deliver(host)
        guard case .confirming(let attempt) = resolution else {
            Issue.record("expected the confirmation, got \(resolution)")
            return
        }
        #expect(asked() == 0 && attempt.state == .expired)
        #expect(host.hooks.dispatcher.pendingLeaveAttempt == nil)
    }

    /// The screen that asked left by the app's own pop before anyone answered: the next
    /// `willShow` ends the attempt, so nothing pending is left behind.
    @Test func anAttemptExpiresAtTheWillShowAfterItsScreenLeft() {
        let host = TestHost("List", "Editor")
        host.topScreen!.navigationPreferences.leaveConfirmation = LeaveConfirmation { _ in }
        let resolution = host.hooks.dispatcher.attemptLeave(host.context(.backButton)) {}
        guard case .confirming(let attempt) = resolution else {
            Issue.record("expected the confirmation, got \(resolution)")
            return
        }
        host.hooks.dispatcher.willShow(ShowContext(host: host, arriving: host.topScreen!, leaving: nil, animated: true))
        #expect(attempt.state == .pending, "its screen is still there")
        host.popViewController(animated: true)
        host.hooks.dispatcher.willShow(ShowContext(host: host, arriving: host.topScreen!, leaving: nil, animated: true))
        #expect(attempt.state == .expired && host.hooks.dispatcher.pendingLeaveAttempt == nil)
    }

    /// Point 4: screens pushed above the one that asked are removed with it; the root that
    /// asked (nothing below it) expires.
    @Test func proceedLeavesTheScreenThatAskedEvenUnderANewerOne() {
        let host = TestHost("List", "Editor")
        let editor = host.topScreen!
        editor.navigationPreferences.leaveConfirmation = LeaveConfirmation { _ in }
        let resolution = host.hooks.dispatcher.attemptLeave(host.context(.backButton)) {
            host.popViewController(animated: true)
        }
        host.screens.append(TestScreen("Pushed"))  // pushed while the dialog was up
        guard case .confirming(let attempt) = resolution else {
            Issue.record("expected the confirmation, got \(resolution)")
            return
        }
        attempt.proceed()
        #expect(attempt.state == .proceeded)
        #expect(host.screens.map(\.screenName) == ["List"])

        let root = TestHost("Root", "Top")
        root.screens[0].navigationPreferences.leaveConfirmation = LeaveConfirmation { _ in }
        let context = PopContext(host: root, leaving: root.screens[0], arriving: nil, trigger: .backMenu)
        guard case .confirming(let rootAttempt) = root.hooks.dispatcher.attemptLeave(context, leave: {}) else {
            Issue.record("expected the confirmation")
            return
        }
        root.screens.append(TestScreen("Pushed"))
        rootAttempt.proceed()
        #expect(rootAttempt.state == .expired && root.screens.count == 3)
    }

    /// Every outcome of an attempt is in the decision trace, an unanswered one's expiry too.
    @Test func attemptOutcomesAreTraced() {
        let host = TestHost("List", "Editor")
        host.topScreen!.navigationPreferences.leaveConfirmation = LeaveConfirmation { _ in }
        let trace = DecisionTrace()
        host.hooks.dispatcher.trace = trace
        _ = host.hooks.dispatcher.attemptLeave(host.context(.edgeGesture)) {}
        _ = host.hooks.dispatcher.attemptLeave(host.context(.backKeyCommand)) {}
        host.hooks.dispatcher.pendingLeaveAttempt?.cancel()
        let outcomes = trace.entries.filter { if case .leaveAttempt = $0.answer { true } else { false } }
        #expect(
            outcomes.map(\.description) == [
                "shouldPop [Editor via edgeGesture] leave confirmation: attempt expired",
                "shouldPop [Editor via backKeyCommand] leave confirmation: attempt cancelled",
            ])
    }
}
