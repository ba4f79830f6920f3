import NavigationHooks

/// The navigation-delegate seam's forwarding proxy (R8–R11): sits in the delegate slot
/// while the seam has hooks, forwards each call to the app's delegate first, then to every
/// hook in order.
@MainActor
final class NavigationDelegateProxy: SimNavigationDelegate {
    unowned let nav: SimNavigationController
    /// What was in the slot, and what goes back there when the last hook leaves.
    var target: (any SimNavigationDelegate)?

    init(nav: SimNavigationController, target: (any SimNavigationDelegate)?) {
        self.nav = nav
        self.target = target
    }

    /// `leaving` is the running transition's from-screen, as the UIKit host reads it from
    /// `transitionCoordinator`, and `nil` when that is the screen shown: the `willShow` that ends a
    /// cancelled pop names the screen that stays (R42).
    private func context(_ screen: SimScreen, animated: Bool) -> ShowContext {
        let leaving = nav.runningTransition?.leaving
        return ShowContext(
            host: nav, arriving: screen, leaving: leaving === screen ? nil : leaving, animated: animated)
    }

    func willShow(_ screen: SimScreen, animated: Bool) {
        target?.willShow(screen, animated: animated)
        let seam = nav.seams.navigationDelegate
        let hooks = seam.hooks  // a snapshot, as `for in` iterates; then an index loop
        for index in 0..<hooks.count {
            let hook = hooks[index]
            guard let willShow = hook.willShow else { continue }
            willShow(context(screen, animated: animated))
            // `+`, not an interpolation: a debug build runs the interpolation generic.
            nav.record(.seamCall(seam: seam.name, detail: "willShow " + screen.screenName))
        }
    }

    func didShow(_ screen: SimScreen, animated: Bool) {
        target?.didShow(screen, animated: animated)
        let seam = nav.seams.navigationDelegate
        let hooks = seam.hooks  // a snapshot, as `for in` iterates; then an index loop
        for index in 0..<hooks.count {
            let hook = hooks[index]
            guard let didShow = hook.didShow else { continue }
            didShow(context(screen, animated: animated))
            nav.record(.seamCall(seam: seam.name, detail: "didShow " + screen.screenName))
        }
    }
}

extension NavigationDelegateProxy {
    /// The proxy implements `willShow` itself (R8), so UIKit always sends it.
    var respondsToWillShow: Bool { true }

    func delivers(_ method: TimelineEvent.DelegateCall.Method, to target: AnyObject) -> Bool {
        self === target || (self.target?.delivers(method, to: target) ?? false)
    }
}
