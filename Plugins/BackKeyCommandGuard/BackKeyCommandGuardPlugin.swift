public import NavigationHooks

/// A guard for ⌘[ on a hardware keyboard (iPadOS 15+, Mac Catalyst): UIKit's own key command
/// pops without asking any other seam (R51).
///
/// - **Seam**, by ``Mechanism``:
///   - ``Mechanism/responderChain`` (the default, public API only):
///     ``NavigationSeams/responderKeyCommand``. On a device the UIKit host declares a key
///     command with the same input and modifiers on the navigation controller, in place of
///     UIKit's own (which it takes out of `keyCommands` and puts back when uninstalled), and on
///     every screen above the root (`UIViewController.addKeyCommand(_:)`, R80). Every responder
///     chain UIKit searches for ⌘[ passes the navigation controller: from a text field in the
///     screen, from one in the navigation bar (R78), and with nothing first responder whichever
///     responder the search starts from (R79's two readings), so the command is found wherever
///     the first responder is. Like UIKit's, it acts only with the bar shown and the back button
///     not hidden (`_canPerformBackKeyCommandToPopViewController`, R51).
///   - ``Mechanism/privateAction``: ``NavigationSeams/backKeyCommand``, the action of UIKit's
///     own key command, a **private** selector replaced process-wide (R51). It sees what the
///     default sees, but it names a private method (App Review and security reviews look for
///     exactly that) and patches every navigation controller of the process: an explicit
///     choice (`BackKeyCommandGuard:privateAction` in the bench), never the default.
/// - **Asks** the back button's chain (⌘[ stands for the back button) with the trigger
///   `backKeyCommand` through ``NavigationDispatcher/attemptLeave(_:leave:)``: a screen's
///   ``LeaveConfirmation`` is asked, and proceeding pops as the app's code would (so a
///   `navigationBar(_:shouldPop:)` plugin beside it does not ask twice, R21).
/// - **Covers** `backKeyCommand` where the key command exists (iOS 15+).
public struct BackKeyCommandGuardPlugin: NavigationPlugin {
    /// How the plugin reaches ⌘[.
    public enum Mechanism: String, Sendable, CaseIterable {
        /// A key command of the host's own on the navigation controller, in place of UIKit's, and
        /// on the screens: found wherever the first responder is (R78–R80), public API, no
        /// method replaced.
        case responderChain
        /// The action of UIKit's own key command, replaced process-wide: private API (R51).
        case privateAction
    }

    /// `BackKeyCommandGuard`.
    public static var pluginName: String { "BackKeyCommandGuard" }

    /// The seam used.
    public var mechanism: Mechanism

    /// Creates the plugin; `mechanism` defaults to the public ``Mechanism/responderChain``.
    public init(mechanism: Mechanism = .responderChain) { self.mechanism = mechanism }

    public func install(on hooks: HookRegistry, recording installation: PluginInstallation) throws {
        let seams = hooks.host.seams
        let seam = mechanism == .responderChain ? seams.responderKeyCommand : seams.backKeyCommand
        installation.addHook(ExitHook { event in Self.resolve(event) }, to: seam)
    }

    /// The plugin's answer to ⌘[ (R51, R78): the exit is always consumed; the screen leaves now
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

    /// Whether the plugin intercepts `trigger` on iOS `iOSMajorVersion` (wherever the first
    /// responder is, R80).
    public static func intercepts(_ trigger: PopTrigger, iOSMajorVersion: Int) -> Bool {
        trigger == .backKeyCommand && iOSMajorVersion >= 15
    }
}
