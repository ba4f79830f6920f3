public import NavigationHooks

/// A guard for ⌘[ on a hardware keyboard (iPadOS 15+, Mac Catalyst, R51): UIKit's key
/// command pops without asking any other seam.
///
/// - **Seam**: ``NavigationSeams/backKeyCommand``. On a device the UIKit host reaches it
///   through the key command's action, a **private** selector (R51): this is the only plugin
///   of the recommended composition that relies on private API. Kept apart from
///   `ExitGuard` so that a composition without any private API exists and the bench can rank
///   it; leave it out and ⌘[ pops guarded screens without asking.
/// - **Asks** the back button's chain (⌘[ stands for the back button) with the trigger
///   `backKeyCommand` through ``NavigationDispatcher/attemptLeave(_:leave:)``: a screen's
///   ``LeaveConfirmation`` is asked, and proceeding pops as the app's code would (so a
///   `navigationBar(_:shouldPop:)` plugin beside it does not ask twice, R21).
/// - **Covers** `backKeyCommand` where the key command exists (iOS 15+).
public struct BackKeyCommandGuardPlugin: NavigationPlugin {
    /// `BackKeyCommandGuard`.
    public static var pluginName: String { "BackKeyCommandGuard" }

    /// Creates the plugin.
    public init() {}

    public func install(on hooks: HookRegistry, recording installation: PluginInstallation) throws {
        installation.addHook(ExitHook { event in Self.resolve(event) }, to: hooks.host.seams.backKeyCommand)
    }

    /// The plugin's answer to ⌘[ (R51): the exit is always consumed; the screen leaves now
    /// when the chain allows it, or later when its confirmation proceeds.
    @MainActor
    public static func resolve(_ event: ExitEvent) -> BackTapOutcome {
        let host = event.host
        let context = PopContext(
            host: host, leaving: event.screen, arriving: host.screenBelowTop, trigger: event.trigger)
        guard host.hooks.dispatcher.attemptLeave(context, leave: event.leave).leavesNow else { return .handled }
        event.leave()
        return .handled
    }

    /// Whether the plugin intercepts `trigger` on iOS `iOSMajorVersion`.
    public static func intercepts(_ trigger: PopTrigger, iOSMajorVersion: Int) -> Bool {
        trigger == .backKeyCommand && iOSMajorVersion >= 15
    }
}
