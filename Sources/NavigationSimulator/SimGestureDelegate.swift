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
    /// The question a recognizer asks its delegate before `shouldBegin` from iOS 13.4 on
    /// (R34): `false` and the touch never reaches the recognizer. Defaults to `true`.
    func shouldReceive(_ kind: PopGestureKind, in nav: SimNavigationController) -> Bool
}

extension SimGestureDelegate {
    /// `true`: a delegate without the question lets every touch through (R34).
    public func shouldReceive(_ kind: PopGestureKind, in nav: SimNavigationController) -> Bool { true }
}
