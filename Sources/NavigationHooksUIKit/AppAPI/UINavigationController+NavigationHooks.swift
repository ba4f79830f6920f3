#if canImport(UIKit)
public import NavigationHooks
public import NavigationStrategies
internal import ObjectiveC
public import UIKit

extension UINavigationController {
    /// This navigation controller's host: the ``NavigationHooks/NavigationHost`` port the
    /// core and the plugins talk to. Created on first use and kept for the controller's
    /// lifetime (an associated object); creating it installs nothing.
    public var navigationHost: UIKitNavigationHost {
        if let host = UIKitNavigationHost.existing(on: self) { return host }
        let host = UIKitNavigationHost(navigationController: self)
        objc_setAssociatedObject(
            self, &AssociationKeys.host, host, .OBJC_ASSOCIATION_RETAIN_NONATOMIC)
        return host
    }

    /// The hooks installed on this navigation controller: its dispatcher (add your own
    /// `shouldPop`, `backButtonAction`, `gestureShouldBegin` and `willShow` handlers there)
    /// and its plugins.
    public var navigationHooks: HookRegistry { navigationHost.hooks }

    /// Installs a composition of strategy plugins on this navigation controller.
    ///
    /// ```swift
    /// let navigationController = UINavigationController(rootViewController: home)
    /// try navigationController.installNavigationHooks()   // .recommended
    /// ```
    ///
    /// Plugins already installed (by name) are kept as they are. Call it before the
    /// navigation controller is shown, so the seams see its first transition (R8); hiding
    /// strategies also apply the top screen's preference when installed.
    ///
    /// The default composition uses no private API on any iOS version: ⌘[ is guarded by a key
    /// command of the host's own on the navigation controller, in place of UIKit's, and on each
    /// screen, so UIKit finds it wherever the first responder is, a text field in the
    /// navigation bar included (R78–R80).
    ///
    /// iOS 27: the composition works as on 26 (the content swipe, R19, is guarded the same way).
    /// On an iPhone with the 27.1 vertical bar the system back button sits in the side strip
    /// (R123). Whether a tap there asks `navigationBar(_:shouldPop:)` is not documented (R120):
    /// on that reading the composition guards it; on the other, only a `navigationItem.backAction`
    /// (`BackActionOverridePlugin`, public API from iOS 16) would, and the bench shows the
    /// difference (`R120 alt`). Hiding the bar hiding the strip (R121) and the edge swipe over a
    /// leading strip (R122) are played both ways too; neither opens a way out of a guarded screen.
    /// With any plugin installed, the host makes a custom back item (a lone `leftBarButtonItem`
    /// that replaces the back button with the system's back chevron as its image, whose
    /// `axisBehavior` the app left `.automatic`) `.verticalPreferred` on iOS 27.1+, so it moves
    /// into the strip where the system button would be (R124, R157), and gives it `.automatic`
    /// back when it stops being one or the plugins are removed; give the item another
    /// `axisBehavior` to keep your own placement. A
    /// screen's `preferredVerticalBarBehavior` needs nothing from the package: the navigation
    /// controller asks its top view controller (`childForPreferredVerticalBarBehavior`).
    ///
    /// - Parameter composition: the plugins to install; ``StrategyComposition/recommended``
    ///   by default.
    /// - Returns: the installations, to uninstall them one by one.
    /// - Throws: what a plugin's installation throws; see `StrategyComposition.install(on:)`.
    @discardableResult
    public func installNavigationHooks(
        _ composition: StrategyComposition = .recommended
    ) throws -> [PluginInstallation] {
        try composition.install(on: navigationHooks)
    }
}
#endif
