public import NavigationHooks

/// A screen that answers "may I be popped?" itself, like seed 003's (Seeds.md) `BaseVCNaviPop`
/// protocol, without subclassing anything.
///
/// ```swift
/// final class EditorViewController: UIViewController, PopGuardingScreen {
///     func shouldPop(by trigger: PopTrigger) -> Bool { !hasUnsavedText }
/// }
/// ```
@MainActor
public protocol PopGuardingScreen: NavigationScreen {
    /// Return `false` to stay. Asked for user-initiated triggers only: the app's own code
    /// pops stay free.
    func shouldPop(by trigger: PopTrigger) -> Bool
}

/// Seed 003's recommended practice: custom back buttons pop through one entry point that
/// asks first, and a screen can answer for itself by conforming to ``PopGuardingScreen``.
///
/// - **Seam**: none of UIKit's. ``requestPop(on:animated:)`` is called by the app's own
///   custom back button (a `leftBarButtonItem`, R28), and the plugin adds a `shouldPop`
///   handler that asks screens conforming to ``PopGuardingScreen``.
/// - **Covers**: the `customBackButton` trigger on every profile. Its `shouldPop` handler
///   answers for every trigger other plugins ask about.
/// - **Misses on its own**: the system back button, the back menu and both swipes — it
///   never sees them (R25, R24). Pair it with the plugins that do.
/// - **Rules**: R28 (a custom left button replaces the back button and its tap path).
public struct BaseClassGuardPlugin: NavigationPlugin {
    /// `BaseClassGuard`.
    public static var pluginName: String { "BaseClassGuard" }

    /// Creates the plugin.
    public init() {}

    public func install(on hooks: HookRegistry, recording installation: PluginInstallation) throws {
        try installation.addHandler(
            ShouldPopClosure { context in
                guard context.trigger.isUserInitiated, let screen = context.leaving as? any PopGuardingScreen
                else { return .pass }
                return screen.shouldPop(by: context.trigger) ? .pass : .deny(reason: "\(screen.screenName) refused")
            }, to: hooks.dispatcher.shouldPopHandlers, name: "BaseClassGuard.screen")
    }

    /// The pop a custom back button should perform: asks the `backButtonAction` chain with
    /// the trigger `customBackButton` (whose default asks `shouldPop`), and pops the top
    /// screen only if allowed.
    ///
    /// A screen with a ``LeaveConfirmation`` is asked (after the handlers passed); its
    /// `proceed()` pops as code.
    ///
    /// - Returns: what happened: `.pop` (popped), `.refused`, or `.handled` by a handler or
    ///   the screen's confirmation.
    @MainActor
    @discardableResult
    public static func requestPop(on host: any NavigationHost, animated: Bool = true) -> BackButtonResolution {
        guard let top = host.topScreen, host.screens.count > 1 else { return .refused(reason: "root screen") }
        let context = PopContext(
            host: host, leaving: top, arriving: host.screenBelowTop, trigger: .customBackButton, animated: animated)
        switch host.hooks.dispatcher.attemptLeave(
            // `unowned`: `proceed()` calls it only while `host` lives (`attemptLeave(_:leave:)`).
            context, leave: { [unowned host] in host.popViewController(animated: animated) })
        {
        case .leave:
            host.popViewController(animated: animated)
            return .pop
        case .refused(let reason): return .refused(reason: reason)
        case .handled, .confirming: return .handled
        }
    }

    /// Whether the plugin intercepts `trigger` on iOS `iOSMajorVersion` (what the tests
    /// check against the simulator).
    public static func intercepts(_ trigger: PopTrigger, iOSMajorVersion: Int) -> Bool {
        trigger == .customBackButton
    }
}
