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
///   R35), with the exceptions where UIKit's default delegate refuses, in its receive
///   question (R70), for a reason the plugin can see: the swipe is **kept alive** with a
///   hidden bar, a hidden back button or a custom back button (R15, R30, R66), and when the
///   navigation delegate implements the custom-transition methods (R40); each re-checked
///   with public state (two screens or more, no transition, the screen's preference).
///   A screen whose ``NavigationHooks/ScreenPreferences/hiddenBackButtonIntent`` is
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

    /// The plugin's answer to whether a touch may reach the recognizer (R34, R70): UIKit's
    /// own delegate makes every refusal there (the root, a running transition, the keyboard,
    /// a search, a hidden bar, a hidden back button, a custom left button, a delegate with
    /// custom transitions), before `shouldBegin` is asked. `true` undoes exactly the
    /// refusals this plugin exists to undo, re-checked with public state
    /// (``NavigationHooks/SystemPopGestureRefusal/revivable(on:)``: two screens or more, no
    /// transition, the screen's preference); `nil` lets every other answer stand (R35).
    /// Guards are not asked here (`shouldBegin` is).
    @MainActor
    public static func shouldReceive(_ event: PopGestureEvent) -> Bool? {
        let host = event.host
        guard event.previousAnswer == false, SystemPopGestureRefusal.revivable(on: host) != nil,
            host.topScreen?.locksSwipe(on: host) != true  // the screen hid its back button to lock the swipe
        else { return nil }
        return true
    }

    /// The plugin's answer to `gestureRecognizerShouldBegin(_:)` for `event`.
    @MainActor
    public static func shouldBegin(_ event: PopGestureEvent) -> Bool {
        let host = event.host
        // R16, R17; R36, R70: iOS 26 may interrupt the running transition, and only UIKit's
        // own delegate knows whether this one can be. It decides in the receive question,
        // which now reaches it (a touch during a transition it will not pause or preempt is
        // refused there, and this plugin never revives one during a transition), so a swipe
        // asked to begin during a transition passed UIKit's check; its yes here (the pan's
        // direction) confirms the previous delegate is one that lets it. Without it, refuse.
        guard
            NavigationDispatcher.popGestureRefusal(on: host, mayInterruptTransition: event.previousAnswer == true)
                == nil, let top = host.topScreen
        else { return false }
        // The screen hid its back button to keep the user there (HiddenBackButtonIntent).
        if top.locksSwipe(on: host) { return false }
        let context = PopContext(
            host: host, leaving: top, arriving: host.screenBelowTop, trigger: event.kind.trigger,
            isInteractive: true)
        // R35, R70: a refusal to begin stands. UIKit's own delegate refuses here only for the
        // pan's direction or an interaction already running (its R15 and R40 refusals come
        // in the receive question, where shouldReceive revives them); another delegate's
        // refusal is deliberate. Asked before the hooks, so a swipe that would not begin
        // anyway asks no confirmation.
        if event.previousAnswer == false { return false }
        // Hooks veto; a screen's leave confirmation is asked, and the swipe does not begin.
        // `unowned`: `proceed()` calls it only while `host` lives (`attemptLeave(_:leave:)`).
        return host.hooks.dispatcher.attemptLeave(context) { [unowned host] in host.popViewController(animated: true) }
            .leavesNow
    }

    /// Whether the plugin intercepts `trigger` on iOS `iOSMajorVersion`.
    public static func intercepts(_ trigger: PopTrigger, iOSMajorVersion: Int) -> Bool {
        trigger == .edgeGesture || (trigger == .contentGesture && iOSMajorVersion >= 26)
    }
}
