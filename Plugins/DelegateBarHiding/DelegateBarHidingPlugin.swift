public import NavigationHooks

/// Seeds 001 §3 and 004 (Seeds.md): hide or show the bar from the navigation delegate's `willShow`,
/// once per transition, for the screen that arrives — never from both screens' appearance
/// callbacks.
///
/// - **Seam**: the `willShow` point, which the core wires to
///   ``NavigationSeams/navigationDelegate``: a forwarding proxy that keeps the app's own
///   delegate and forwards every callback to it (R8). The plugin never replaces the
///   delegate.
/// - **Applies** the arriving screen's `prefersNavigationBarHidden` with the transition's
///   `animated`, so the bar animates alongside the transition (R29), once, in one
///   direction.
/// - **Cancelled swipe**: UIKit does not call `willShow` again for the screen that stays before
///   iOS 18 (R10) and does not undo the bar change made for the screen underneath (R41), so the
///   plugin registers ``ShowContext/onInteractiveCancel(_:)`` and puts the staying screen's
///   preference back at the release (R14). From iOS 18 the `willShow` that ends the cancel
///   (R42) applies the staying screen's preference again: the bar already has it.
/// - **Modals**: no `willShow` comes after a modal is dismissed (R11), and the plugin does
///   nothing in appearance callbacks, so full-screen modals do not flash the bar (R32).
/// - **System navigation controllers** (`UIImagePickerController`, …) are left alone (R33).
/// - **On install** it applies the top screen's preference without animation: the
///   controller's first appearance may have happened already (R8, inferred).
/// - **Covers** bar hiding in push, pop, pop-to, set-stack, finished and cancelled swipes
///   and modals, on every profile. It does not guard pops.
public struct DelegateBarHidingPlugin: NavigationPlugin {
    /// `DelegateBarHiding`.
    public static var pluginName: String { "DelegateBarHiding" }

    /// `false` leaves out the cancelled-swipe handler, as QMUI 1.7's willShow-based hiding did:
    /// the bar requested for the screen underneath then stays after a cancelled swipe (R41,
    /// Tencent/QMUI_iOS #151). Spelled `DelegateBarHiding:noCancelHandler` in the bench.
    public var restoresOnCancel: Bool

    /// Creates the plugin; `restoresOnCancel` is `true` unless reproducing QMUI #151.
    public init(restoresOnCancel: Bool = true) { self.restoresOnCancel = restoresOnCancel }

    public func install(on hooks: HookRegistry, recording installation: PluginInstallation) throws {
        let restoresOnCancel = restoresOnCancel
        try installation.addHandler(
            WillShowClosure { context in
                let host = context.host
                guard !host.capabilities.isSystemNavigationController else { return }  // R33
                Self.apply(context.arriving, on: host, animated: context.animated)
                if restoresOnCancel, let leaving = context.leaving {
                    context.onInteractiveCancel { Self.apply(leaving, on: host, animated: false) }  // R10, R14
                }
            }, to: hooks.dispatcher.willShowHandlers, at: .first, name: "DelegateBarHiding")
        let host = hooks.host
        if !host.capabilities.isSystemNavigationController, let top = host.topScreen, !host.isTransitioning {
            Self.apply(top, on: host, animated: false)
        }
    }

    @MainActor
    private static func apply(_ screen: any NavigationScreen, on host: any NavigationHost, animated: Bool) {
        let hidden = screen.navigationPreferences.prefersNavigationBarHidden
        if host.isNavigationBarHidden != hidden { host.setNavigationBarHidden(hidden, animated: animated) }
    }
}
