#if canImport(UIKit)
internal import Dispatch

extension UIKitNavigationHost {
    /// Runs `ask` (a screen's ``NavigationHooks/LeaveConfirmation`` for a new attempt) on the
    /// main queue's next turn: the attempt is reported from inside UIKit callbacks
    /// (`gestureRecognizerShouldBegin(_:)`, `navigationBar(_:shouldPop:)`,
    /// `presentationControllerDidAttemptToDismiss(_:)`), where the app should not present.
    public func deliverLeaveConfirmation(_ ask: @escaping @MainActor () -> Void) {
        DispatchQueue.main.async { MainActor.assumeIsolated { ask() } }
    }
}
#endif
