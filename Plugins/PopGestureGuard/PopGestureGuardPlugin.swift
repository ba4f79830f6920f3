public import NavigationHooks

/// Seeds 000 and 004, FDFullscreenPopGesture, HBDNavigationController: own the pop
/// recognizers' "should begin" answer, so the swipe works where UIKit's default delegate
/// gives up and never where it would freeze or slip past a guard.
///
/// - **Seam**: ``NavigationSeams/popGesture``, a forwarding proxy in each recognizer's
///   delegate slot; the previous delegate (the system's or the app's) keeps answering
///   everything else.
/// - **Never at the root** (R16) and **never during a transition** (R17), whatever the
///   handlers say: those begin a pop with nothing to pop to and freeze the UI.
/// - Otherwise asks `gestureShouldBegin` with the trigger `edgeGesture` or
///   `contentGesture`, whose default refuses screens that disabled gestures and asks
///   `shouldPop`.
/// - **Keeps the edge swipe alive** with a hidden bar or a custom back button (R15, R30),
///   where the default delegate refuses.
/// - **Scroll views**: a horizontal scroll view under the finger waits for the edge
///   recognizer to fail (R18); the iOS 26 content recognizer yields to it (R19).
/// - **Covers** `edgeGesture` on every profile and `contentGesture` on iOS 26.
public struct PopGestureGuardPlugin: NavigationPlugin {
    /// `PopGestureGuard`.
    public static var pluginName: String { "PopGestureGuard" }

    /// Creates the plugin.
    public init() {}

    public func install(on hooks: NavigationHooks, recording installation: PluginInstallation) throws {
        installation.addHook(
            PopGestureHook(
                shouldBegin: { event in
                    let host = event.host
                    guard host.canPop, let top = host.topScreen else { return false }  // R16, R17
                    let context = PopContext(
                        host: host, leaving: top, arriving: host.screenBelowTop, trigger: event.kind.trigger,
                        isInteractive: true)
                    return host.hooks.dispatcher.gestureShouldBegin(context) == .allow
                },
                shouldBeRequiredToFailByScrollView: { event in event.kind == .edge }  // R18, R19
            ), to: hooks.host.seams.popGesture)
    }

    /// Whether the plugin intercepts `trigger` on iOS `iOSMajorVersion`.
    public static func intercepts(_ trigger: PopTrigger, iOSMajorVersion: Int) -> Bool {
        trigger == .edgeGesture || (trigger == .contentGesture && iOSMajorVersion >= 26)
    }
}
