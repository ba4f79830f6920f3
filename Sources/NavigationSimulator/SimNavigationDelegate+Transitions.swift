/// R40: a navigation delegate that implements the custom-transition methods.
extension SimNavigationDelegate {
    /// `true` when the delegate implements `navigationController(_:animationControllerFor:from:to:)`
    /// or `navigationController(_:interactionControllerFor:)`, whatever they return: UIKit's own
    /// pop-gesture delegate then refuses every pop swipe (R40). `false` by default.
    public var implementsTransitionMethods: Bool { false }
}

extension NavigationDelegateProxy {
    /// The proxy answers `responds(to:)` for its target, as the UIKit host's forwarding proxy
    /// does, so an app delegate with the transition methods behind the proxy still counts (R40).
    var implementsTransitionMethods: Bool { target?.implementsTransitionMethods ?? false }
}
