public import NavigationHooks

/// The system's default delegate of the pop recognizers (R15, R30): refuses when the bar
/// was hidden with `setNavigationBarHidden`, when the top screen has a custom left button,
/// when the navigation delegate implements the custom-transition methods (R40), at the root,
/// and while a transition runs. Sets no failure requirement on scroll views,
/// so a horizontal scroll view wins over the edge swipe (R18).
@MainActor
public final class SystemPopGestureDelegate: SimGestureDelegate {
    /// Creates the default delegate.
    public init() {}

    /// R15, R30: refuses with a hidden bar, a custom left button, at the root, or during a
    /// transition (the last one inferred: UIKit's own delegate is not documented there).
    public func gestureShouldBegin(_ kind: PopGestureKind, in nav: SimNavigationController) -> Bool {
        guard let top = nav.screens.last, nav.screens.count > 1 else { return false }
        if nav.isNavigationBarHidden || top.hasCustomBackButton { return false }  // R15, R30
        if nav.delegate?.implementsTransitionMethods == true { return false }  // R40
        return !nav.isTransitioning
    }

    /// R34: from iOS 13.4 UIKit's delegate already refuses here, before `shouldBegin`, with a
    /// hidden bar or a custom left button (R15, R30); a proxy that forwarded this question
    /// could not keep the swipe alive. Every profile asks it: `ios13` models 13.4 and later
    /// minors (``IOSProfile/ios13``).
    public func shouldReceive(_ kind: PopGestureKind, in nav: SimNavigationController) -> Bool {
        guard let top = nav.screens.last else { return true }
        return !(nav.isNavigationBarHidden || top.hasCustomBackButton)  // R34
    }

    /// R18: no failure requirement: the scroll view may win.
    public func shouldBeRequiredToFailByScrollView(
        _ kind: PopGestureKind, in nav: SimNavigationController
    ) -> Bool {
        false
    }
}
