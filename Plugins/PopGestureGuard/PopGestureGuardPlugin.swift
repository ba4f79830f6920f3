public import NavigationHooks

/// Seeds 000 and 004 (Seeds.md), FDFullscreenPopGesture, HBDNavigationController: own the pop
/// recognizers' "should begin" answer, so the swipe works where UIKit's default delegate
/// gives up and never where it would freeze or slip past a guard.
///
/// - **Seam**: ``NavigationSeams/popGesture``, a forwarding proxy in each recognizer's
///   delegate slot; the previous delegate (the system's or the app's) keeps answering
///   everything else, and is asked first (``PopGestureEvent/previousAnswer``).
/// - **Never at the root** (R16) and **never during a transition** (R17), whatever the
///   handlers say: those begin a pop with nothing to pop to and freeze the UI. On iOS 26,
///   where UIKit can interrupt a running transition with a back swipe, the previous
///   delegate decides instead (R36).
/// - **Hooks veto**: asks `gestureShouldBegin` with the trigger `edgeGesture` or
///   `contentGesture`, whose default refuses screens that disabled gestures and asks
///   `shouldPop`.
/// - **The previous delegate's answer stands** otherwise (an app's `false`, UIKit's refusal
///   for a reason the plugin cannot see, the iOS 26 content recognizer's own filtering,
///   R35), with two exceptions where UIKit's default delegate refuses for a reason the
///   plugin can see: the swipe is **kept alive** with a hidden bar or a custom back button
///   (R15, R30), and when the navigation delegate implements the custom-transition methods
///   (R40). A screen whose ``NavigationHooks/ScreenPreferences/hiddenBackButtonIntent`` is
///   ``NavigationHooks/HiddenBackButtonIntent/locksSwipe`` hid its back button to lock the
///   swipe: it is refused there, whoever else would let it begin.
/// - **Confirms**: on a screen with a ``LeaveConfirmation`` the swipe does not begin and the
///   app is asked; proceeding pops the screen, animated.
/// - **Scroll views**: a horizontal scroll view under the finger waits for the edge
///   recognizer to fail (R18); the iOS 26 content recognizer yields to it (R19).
/// - **Covers** `edgeGesture` on every profile and `contentGesture` on iOS 26.
public struct PopGestureGuardPlugin: NavigationPlugin {
    /// `PopGestureGuard`.
    public static var pluginName: String { "PopGestureGuard" }

    /// Creates the plugin.
    public init() {}

    public func install(on hooks: HookRegistry, recording installation: PluginInstallation) throws {
        installation.addHook(
            PopGestureHook(
                shouldBegin: { event in Self.shouldBegin(event) },
                shouldBeRequiredToFailByScrollView: { event in event.kind == .edge },  // R18, R19
                shouldReceive: { event in Self.shouldReceive(event) }  // R34
            ), to: hooks.host.seams.popGesture)
    }

    /// The plugin's answer to whether a touch may reach the recognizer (R34): from iOS 13.4
    /// UIKit's delegate refuses already there for a hidden bar or a custom back button (R15),
    /// before `shouldBegin` could keep the swipe alive; `true` undoes exactly that refusal,
    /// and `nil` lets every other answer stand. Guards are not asked here (`shouldBegin` is).
    @MainActor
    public static func shouldReceive(_ event: PopGestureEvent) -> Bool? {
        let host = event.host
        guard event.previousAnswer == false, host.screens.count > 1, !host.isTransitioning,
            let top = host.topScreen, host.isNavigationBarHidden || top.hasCustomBackButton,
            !top.locksSwipe(on: host)  // the screen hid its back button to lock the swipe
        else { return nil }
        return true
    }

    /// The plugin's answer to `gestureRecognizerShouldBegin(_:)` for `event`.
    @MainActor
    public static func shouldBegin(_ event: PopGestureEvent) -> Bool {
        let host = event.host
        // R16, R17; R36: iOS 26 may interrupt the running transition, and only UIKit's own
        // delegate knows whether this one can be; without its yes, refuse.
        guard
            NavigationDispatcher.popGestureRefusal(on: host, mayInterruptTransition: event.previousAnswer == true)
                == nil, let top = host.topScreen
        else { return false }
        // The screen hid its back button to keep the user there (HiddenBackButtonIntent).
        if top.locksSwipe(on: host) { return false }
        let context = PopContext(
            host: host, leaving: top, arriving: host.screenBelowTop, trigger: event.kind.trigger,
            isInteractive: true)
        // R35: the previous delegate's refusal stands, except UIKit's refusals this plugin
        // exists to undo. Asked before the hooks, so a swipe that would not begin anyway asks
        // no confirmation.
        if event.previousAnswer == false {
            guard !host.isTransitioning, Self.undoesSystemRefusal(on: host, top: top) else { return false }
        }
        // Hooks veto; a screen's leave confirmation is asked, and the swipe does not begin.
        return host.hooks.dispatcher.attemptLeave(context) { [weak host] in host?.popViewController(animated: true) }
            .leavesNow
    }

    /// UIKit's default delegate refuses a swipe with a hidden bar or a custom back button
    /// (R15, R30) and whenever the navigation delegate implements the custom-transition
    /// methods (R40): the refusals this plugin overrides. Any other refusal stands (R35).
    @MainActor
    static func undoesSystemRefusal(on host: any NavigationHost, top: any NavigationScreen) -> Bool {
        host.isNavigationBarHidden || top.hasCustomBackButton || host.delegateImplementsCustomTransitions
    }

    /// Whether the plugin intercepts `trigger` on iOS `iOSMajorVersion`.
    public static func intercepts(_ trigger: PopTrigger, iOSMajorVersion: Int) -> Bool {
        trigger == .edgeGesture || (trigger == .contentGesture && iOSMajorVersion >= 26)
    }
}
