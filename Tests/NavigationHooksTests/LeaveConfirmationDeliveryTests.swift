import NavigationHooks
import Testing

/// A host that delivers leave confirmations later (the UIKit host, on the next main-queue
/// turn): the attempt waits, further attempts reach it without a second delivery, and a
/// late delivery asks nothing for an attempt that was settled or whose screen left.
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
        let first = host.hooks.dispatcher.attemptLeave(host.context(.edgeGesture)) {
            host.popViewController(animated: true)
        }
        let second = host.hooks.dispatcher.attemptLeave(host.context(.backButton)) {}
        #expect(asked() == 0, "not inside the callback that reported the input")
        #expect(host.deferredLeaveConfirmations?.count == 1)
        guard case .confirming(let attempt) = first, case .confirming(let same) = second else {
            Issue.record("expected confirmations, got \(first), \(second)")
            return
        }
        #expect(attempt === same)
        deliver(host)
        #expect(asked() == 1 && attempt.state == .pending)
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

    @Test func anAttemptWhoseScreenLeftBeforeDeliveryIsCancelled() {
        let (host, asked) = deferringHost()
        let resolution = host.hooks.dispatcher.attemptLeave(host.context(.backKeyCommand)) {}
        host.popViewController(animated: true)  // the app's own code pop, in the same turn
        deliver(host)
        guard case .confirming(let attempt) = resolution else {
            Issue.record("expected the confirmation, got \(resolution)")
            return
        }
        #expect(asked() == 0 && attempt.state == .cancelled)
        #expect(host.hooks.dispatcher.pendingLeaveAttempt == nil)
    }
}
