public import NavigationHooks

/// What none of the anchors have: the ways out beyond the back button and the swipes, through
/// public seams only (⌘[, whose seam is private API on a device, is `BackKeyCommandGuard`'s).
///
/// - **VoiceOver's escape** (two-finger scrub, R50): UIKit pops through the bar's
///   `navigationBar(_:shouldPop:)` only, so a guard on `backAction` or the private hook never
///   sees it. Seam: ``NavigationSeams/accessibilityEscape``. On a screen with a custom left
///   button the escape is left to UIKit, which activates that button (R50, R28).
/// - **A sheet's swipe-down** (R52): dismisses the navigation controller, every screen at
///   once. Seam: ``NavigationSeams/sheetDismissal``, the presentation controller's delegate,
///   kept and forwarded to.
///
/// Each exit is resolved with ``NavigationDispatcher/attemptLeave(_:leave:)``: the back
/// button's chain for escape (it stands for the back button), `shouldPop` for the
/// sheet; a screen's ``LeaveConfirmation`` is asked, and proceeding leaves the same way as
/// code. An allowed escape pops as code (so a `navigationBar(_:shouldPop:)` plugin
/// beside it does not ask twice, R21); an allowed swipe-down lets the sheet go.
///
/// - **Covers** `accessibilityEscape` on every profile, `sheetDismissal` when the stack is
///   presented as a sheet.
public struct ExitGuardPlugin: NavigationPlugin {
    /// `ExitGuard`.
    public static var pluginName: String { "ExitGuard" }

    /// Creates the plugin.
    public init() {}

    public func install(on hooks: HookRegistry, recording installation: PluginInstallation) throws {
        let seams = hooks.host.seams
        // One hook on each seam, added one call at a time: a debug build ran a loop over an array
        // of the two seams through the standard library's unspecialized iterator (~2,500
        // instructions, and every run the bench plays installs its plugins).
        let hook = ExitHook { event in Self.resolve(event) }
        installation.addHook(hook, to: seams.accessibilityEscape)
        installation.addHook(hook, to: seams.sheetDismissal)
    }

    /// The plugin's answer to an exit.
    @MainActor
    ///
    /// A sheet's swipe-down removes every screen (R52), so every screen is asked, from the
    /// top down: the first that refuses keeps the sheet, and the first with a
    /// ``LeaveConfirmation`` is asked; proceeding dismisses the sheet without asking the
    /// screens below it again.
    public static func resolve(_ event: ExitEvent) -> BackTapOutcome {
        let host = event.host
        let dispatcher = host.hooks.dispatcher
        if event.trigger == .sheetDismissal {
            for screen in host.screens.reversed() {
                let context = PopContext(host: host, leaving: screen, arriving: nil, trigger: .sheetDismissal)
                guard dispatcher.attemptLeave(context, leave: event.leave).leavesNow else { return .handled }
            }
            return .pass  // the sheet finishes its own dismissal
        }
        // R50, R28: VoiceOver's escape on a screen with a custom left button activates that
        // button; what it does is the app's (guarded by BaseClassGuard's requestPop).
        if event.trigger == .accessibilityEscape, event.screen.hasCustomBackButton { return .pass }
        let context = PopContext(
            host: host, leaving: event.screen, arriving: host.screenBelowTop, trigger: event.trigger)
        guard dispatcher.attemptLeave(context, leave: event.leave).leavesNow else { return .handled }
        event.leave()
        return .handled
    }

    /// Whether the plugin intercepts `trigger` on iOS `iOSMajorVersion`.
    public static func intercepts(_ trigger: PopTrigger, iOSMajorVersion: Int) -> Bool {
        trigger == .accessibilityEscape || trigger == .sheetDismissal
    }
}
