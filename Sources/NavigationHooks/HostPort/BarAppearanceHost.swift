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
    /// (`nil` removes them: the bar's own apply, and the bar's tint goes back to the app's).
    /// The tint, which no item appearance carries, goes on the one bar (R130). iOS 13+; UIKit
    /// shows the top item's (R102).
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
    /// Sets only `screen`'s navigation item's standard (and compact) appearance to `look`,
    /// leaving its scroll-edge appearance unset, as SwiftUI's `toolbarBackground` does: at the
    /// scroll edge the bar then shows the bar's scroll-edge appearance, or this look with a
    /// transparent background (R103, R133). `nil` removes them. The default implementation
    /// calls ``setItemLook(_:for:)``, for hosts written before it.
    func setItemStandardLook(_ look: NavigationBarLook?, for screen: any NavigationScreen)
    /// Gives `screen` a background view that draws what UIKit's own bar would draw over it with
    /// the app's appearance: the system material, and on iOS 15+ at the scroll edge the
    /// scroll-edge appearance or a transparent background (R103, R134); the item gets no
    /// appearance and the bar's tint goes back to the app's. For a screen that states no look
    /// while others draw their own backgrounds. The default implementation calls
    /// ``setScreenBackground(_:for:)`` with ``appBarLook``, which loses the scroll-edge rule.
    func setSystemScreenBackground(for screen: any NavigationScreen)
}

extension BarAppearanceHost {
    /// Calls ``setItemLook(_:for:)``: a host that cannot leave the scroll-edge appearance unset.
    public func setItemStandardLook(_ look: NavigationBarLook?, for screen: any NavigationScreen) {
        setItemLook(look, for: screen)
    }

    /// Calls ``setScreenBackground(_:for:)`` with ``appBarLook``: a host without a view that
    /// follows the bar's scroll-edge rule.
    public func setSystemScreenBackground(for screen: any NavigationScreen) {
        setScreenBackground(appBarLook, for: screen)
    }
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
///
/// The bar is one view (R130): what a strategy writes on it for a screen (the tint, at least)
/// stays until the next write, whichever screen that is for. So the screen that will be on top
/// is set last: ``apply(to:host:_:)`` sets its screens in the order given, and the strategies
/// give the leaving screen first and the arriving one last, as HBDNavigationBar's
/// `-showViewController:withCoordinator:` writes the tint for the arriving screen only and the
/// leaving one's again when the transition is cancelled.
@MainActor
public final class BarLookActivation {
    /// Which of a transition's two screens a strategy sets last at `willShow`.
    public enum Order: Sendable, Equatable {
        /// The leaving screen, then the arriving one: the bar ends with the look of the screen
        /// that will be on top, and a cancelled swipe sets the staying screen's again. The
        /// default.
        case arrivingLast
        /// The arriving screen, then the leaving one, with nothing on cancel: the order before
        /// issue 38, which leaves the bar with the leaving screen's tint (R130). Kept to replay
        /// the defect (`ItemBarAppearance:leavingLast` in the bench).
        case leavingLast
    }

    /// `true` once a screen stated a look.
    public private(set) var isActive = false

    /// Creates an inactive activation.
    public init() {}

    /// Calls `set` for each of `screens`, in order, once looks are in play (and, the first time,
    /// for every screen of `host`'s stack before them, the top one last).
    public func apply(
        to screens: [any NavigationScreen], host: any NavigationHost, _ set: (any NavigationScreen) -> Void
    ) {
        if !isActive {
            guard screens.contains(where: { $0.navigationPreferences.navigationBarLook != nil }) else { return }
            isActive = true
            for screen in host.screens where !screens.contains(where: { $0 === screen }) { set(screen) }
        }
        for screen in screens { set(screen) }
    }
}

extension BarLookActivation {
    /// What the per-screen appearance strategies install (`ItemBarAppearance`,
    /// `TransitionBarBackground`): `set` for the leaving and then the arriving screen at every
    /// `willShow` (R8; the arriving one last, so the one bar ends with its look, R130), the
    /// leaving screen again when an interactive pop is cancelled (UIKit calls no `willShow` for
    /// the screen that stays before iOS 18, R10, R13; from iOS 18 its `willShow` for that screen
    /// sets it once more, the same look, R42), `set` for a screen whose look changes
    /// (``BarAppearanceHost/lookChangeHandler``), and for the stack already
    /// there, each only once looks are in play. A screen below the top that changes its look
    /// is set, then the top screen again, so the bar keeps the top screen's tint.
    /// The change handler is removed on uninstall.
    ///
    /// - Throws: what adding the `willShow` handler throws.
    public static func install(
        on hooks: HookRegistry, bar: any BarAppearanceHost, recording installation: PluginInstallation, name: String,
        order: Order = .arrivingLast, set: @escaping @MainActor (any NavigationScreen) -> Void
    ) throws {
        let state = BarLookActivation()
        try installation.addHandler(
            WillShowClosure { context in
                let leaving = context.leaving.map { [$0] } ?? []
                switch order {
                case .arrivingLast:
                    state.apply(to: leaving + [context.arriving], host: context.host, set)
                    if let staying = context.leaving {
                        context.onInteractiveCancel { state.apply(to: [staying], host: context.host, set) }  // R13
                    }
                case .leavingLast:
                    state.apply(to: [context.arriving] + leaving, host: context.host, set)
                }
            }, to: hooks.dispatcher.willShowHandlers, at: .last, name: name)
        bar.lookChangeHandler = { [weak hooks] screen in
            guard let hooks else { return }
            let host = hooks.host
            // The top screen (the arriving one, during a transition) is set last again.
            if order == .arrivingLast, let top = host.screens.last, top !== screen {
                state.apply(to: [screen, top], host: host, set)
            } else {
                state.apply(to: [screen], host: host, set)
            }
        }
        installation.onUninstall { [weak bar] in bar?.lookChangeHandler = nil }
        state.apply(to: hooks.host.screens, host: hooks.host, set)
    }
}
