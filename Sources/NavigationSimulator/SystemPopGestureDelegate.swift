public import NavigationHooks

/// The system's default delegate of the pop recognizers (`_UINavigationInteractiveTransition`),
/// refusing where UIKit does (R70): in the receive question asked before anything else
/// (R34), never in `gestureRecognizerShouldBegin`, which checks only the pan's direction.
/// Sets no failure requirement on scroll views, so a horizontal scroll view wins over the
/// edge swipe (R18).
///
/// Modelled refusals, in UIKit's order (``NavigationHooks/SystemPopGestureRefusal``): a
/// navigation delegate with the custom-transition methods (R40), a running transition (no
/// simulated transition is preemptable: R17, R36), a hidden bar (R15, R30), a hidden back
/// button, a custom left button (R15, R28), the root (R16). Not modelled (no state in the
/// simulator): the keyboard animating, an active search controller, the bar animating its
/// items, a deferred transition.
@MainActor
public final class SystemPopGestureDelegate: SimGestureDelegate {
    /// Creates the default delegate.
    public init() {}

    /// R70: only the direction is checked here, and a simulated swipe always goes the right
    /// way. Before this rule the simulator refused at the root here, where UIKit does not: a
    /// proxy that kept the receive question from UIKit then froze a device while the
    /// simulator stayed fine (R16, R34).
    public func gestureShouldBegin(_ kind: PopGestureKind, in nav: SimNavigationController) -> Bool {
        true
    }

    /// R34, R70: UIKit's refusals, each recorded with its rules and where UIKit makes it.
    public func shouldReceive(_ kind: PopGestureKind, in nav: SimNavigationController) -> Bool {
        guard let refusal = SystemPopGestureRefusal.first(in: Self.state(of: nav)) else { return true }
        nav.systemPopRefusal = refusal
        return false
    }

    /// What UIKit's delegate reads, from the simulated controller.
    static func state(of nav: SimNavigationController) -> SystemPopGestureState {
        let top = nav.stack.last
        return SystemPopGestureState(
            screenCount: nav.stack.count, isNavigationBarHidden: nav.isNavigationBarHidden,
            hidesBackButton: top?.isBackButtonHidden ?? false,
            leftItemsReplaceBackButton: top?.hasCustomBackButton ?? false,
            isTransitioning: nav.isTransitioning, hasTransitionCoordinator: nav.isTransitioning,
            usesBuiltinInteractionController: nav.delegate?.implementsTransitionMethods != true)
    }

    /// R18: no failure requirement: the scroll view may win.
    public func shouldBeRequiredToFailByScrollView(
        _ kind: PopGestureKind, in nav: SimNavigationController
    ) -> Bool {
        false
    }
}
