/// What a navigation controller offers the appearance strategies: the three places a bar's
/// look can be set. A host adopts it beside ``NavigationHost``; an appearance plugin finds it
/// with `hooks.host as? any BarAppearanceHost` and, on a host without it, installs nothing
/// (documented behaviour, no error).
///
/// | mechanism | UIKit | what UIKit does with it in a transition |
/// |---|---|---|
/// | ``setSharedBarLook(_:)`` | the bar's own properties (`barTintColor`, background and shadow images, `tintColor`, `titleTextAttributes`, `barStyle`) | applies at once, to the whole bar (R100) |
/// | ``setItemLook(_:for:)`` | `navigationItem.standardAppearance`, `scrollEdgeAppearance`, `compactAppearance` (iOS 13+) | follows the top item: transitions between the two items' appearances (R102) |
/// | ``setScreenBackground(_:for:)`` | a background view in the screen's own view under the bar, the bar's background cleared (HBDNavigationBar, RTRootNavigationController) | moves with its screen |
@MainActor
public protocol BarAppearanceHost: AnyObject {
    /// The app's own look of the bar: what it shows when no strategy changed anything, and what
    /// a screen without a look (``ScreenPreferences/navigationBarLook`` `nil`) should show.
    var appBarLook: NavigationBarLook { get }
    /// Sets the bar's own (legacy) properties to `look`; `nil` puts the app's back. Applies at
    /// once to the whole bar, whatever is on screen (R100); on iOS 15+ these properties do not
    /// reach the scroll-edge appearance (R103).
    func setSharedBarLook(_ look: NavigationBarLook?)
    /// Sets `screen`'s navigation item's standard, scroll-edge and compact appearances to `look`
    /// (`nil` removes them: the bar's own apply). iOS 13+; UIKit shows the top item's (R102).
    func setItemLook(_ look: NavigationBarLook?, for screen: any NavigationScreen)
    /// Gives `screen` its own bar background (`look`'s background, alpha and shadow) that moves
    /// with it, and clears the bar's own background while such backgrounds are in use; `nil`
    /// removes it. Tint, title and style stay the item's (``setItemLook(_:for:)``).
    func setScreenBackground(_ look: NavigationBarLook?, for screen: any NavigationScreen)
    /// What the installed appearance strategy does when a screen in the stack changes its look
    /// while shown (a bar that fades with scrolling): set by the strategy when it installs, `nil`
    /// when none reacts. Hosts call it after the app changed a screen's look (the UIKit host from
    /// `UIViewController.navigationBarLook`'s setter, the simulator from
    /// `SimNavigationController.setNavigationBarLook(_:for:)`).
    var lookChangeHandler: (@MainActor (any NavigationScreen) -> Void)? { get set }
}

/// The appearance slot of a navigation controller: the appearance strategies set the same bar,
/// so at most one is installed at a time (and the bench plays them as one choice, not as
/// independent plugins).
public enum BarAppearanceSlot {
    /// The appearance strategies' plugin names: `LifecycleBarAppearance` (the naive baseline),
    /// `ItemBarAppearance` (per-item appearance) and `TransitionBarBackground` (a background per
    /// screen).
    public static let strategyNames = ["ItemBarAppearance", "LifecycleBarAppearance", "TransitionBarBackground"]

    /// Throws when another appearance strategy than `name` is installed on `hooks`.
    ///
    /// - Throws: ``BarAppearanceConflictError``.
    @MainActor
    public static func claim(on hooks: HookRegistry, for name: String) throws {
        for other in strategyNames where other != name && hooks.installation(named: other) != nil {
            throw BarAppearanceConflictError(installing: name, installed: other)
        }
    }
}

/// Installing an appearance strategy where another one is installed: they would set the same
/// bar. Nothing is installed then.
public struct BarAppearanceConflictError: Error, Equatable, CustomStringConvertible {
    /// The strategy being installed.
    public let installing: String
    /// The one already installed.
    public let installed: String

    public var description: String {
        "\(installing) cannot be installed beside \(installed): one appearance strategy per navigation controller"
    }
}

/// Whether looks are in play on one navigation controller, for an appearance strategy: until a
/// screen states a look, ``apply(to:host:_:)`` sets nothing (the app's appearance is left
/// alone); from the first one on it sets every screen it is given and, once, every screen
/// already in the stack. One per installation.
@MainActor
public final class BarLookActivation {
    /// `true` once a screen stated a look.
    public private(set) var isActive = false

    /// Creates an inactive activation.
    public init() {}

    /// Calls `set` for each of `screens` once looks are in play (and, the first time, for every
    /// screen of `host`'s stack).
    public func apply(
        to screens: [any NavigationScreen], host: any NavigationHost, _ set: (any NavigationScreen) -> Void
    ) {
        if !isActive {
            guard screens.contains(where: { $0.navigationPreferences.navigationBarLook != nil }) else { return }
            isActive = true
            for screen in host.screens { set(screen) }
        }
        for screen in screens { set(screen) }
    }
}

extension BarLookActivation {
    /// What the per-screen appearance strategies install (`ItemBarAppearance`,
    /// `TransitionBarBackground`): `set` for the arriving and leaving screens at every `willShow`
    /// (R8), for a shown screen whose look changes (``BarAppearanceHost/lookChangeHandler``),
    /// and for the stack already there, each only once looks are in play. The change handler is
    /// removed on uninstall.
    ///
    /// - Throws: what adding the `willShow` handler throws.
    public static func install(
        on hooks: HookRegistry, bar: any BarAppearanceHost, recording installation: PluginInstallation, name: String,
        set: @escaping @MainActor (any NavigationScreen) -> Void
    ) throws {
        let state = BarLookActivation()
        try installation.addHandler(
            WillShowClosure { context in
                state.apply(to: [context.arriving] + (context.leaving.map { [$0] } ?? []), host: context.host, set)
            }, to: hooks.dispatcher.willShowHandlers, at: .last, name: name)
        bar.lookChangeHandler = { [weak hooks] screen in
            guard let hooks else { return }
            state.apply(to: [screen], host: hooks.host, set)
        }
        installation.onUninstall { [weak bar] in bar?.lookChangeHandler = nil }
        state.apply(to: hooks.host.screens, host: hooks.host, set)
    }
}
