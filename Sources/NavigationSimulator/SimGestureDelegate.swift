public import NavigationHooks

/// A pop recognizer's delegate slot (`interactivePopGestureRecognizer.delegate`).
@MainActor
public protocol SimGestureDelegate: AnyObject {
    /// `gestureRecognizerShouldBegin(_:)`.
    func gestureShouldBegin(_ kind: PopGestureKind, in nav: SimNavigationController) -> Bool
    /// `gestureRecognizer(_:shouldBeRequiredToFailBy:)` for a horizontal scroll view's pan:
    /// `true` makes the scroll view wait for the pop recognizer (R18).
    func shouldBeRequiredToFailByScrollView(_ kind: PopGestureKind, in nav: SimNavigationController)
        -> Bool
}
