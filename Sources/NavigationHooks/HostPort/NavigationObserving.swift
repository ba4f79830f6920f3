/// What a host reports to the observer attached to it (``NavigationHost/navigationObserver``),
/// in the order it happened: the app's own navigation, the user's inputs, the answers to
/// leave confirmations, and the moments the navigation controller settled.
///
/// A host reports nothing while no observer is attached: each report is one `nil` check at
/// the place the host already handles the call, never on the dispatcher's path.
@MainActor
public enum NavigationHostEvent {
    /// The app pushed `screen` (`pushViewController(_:animated:)`).
    case pushed(any NavigationScreen, animated: Bool)
    /// The app popped the top screen (`popViewController(animated:)`).
    case popped(animated: Bool)
    /// The app popped to `screen` (`popToViewController(_:animated:)`).
    case poppedTo(any NavigationScreen, animated: Bool)
    /// The app popped to the root (`popToRootViewController(animated:)`).
    case poppedToRoot(animated: Bool)
    /// The app replaced the stack (`setViewControllers(_:animated:)`).
    case stackSet([any NavigationScreen], animated: Bool)
    /// The app presented `screen` over the navigation controller.
    case presented(any NavigationScreen, fullScreen: Bool)
    /// The app dismissed the modal over the navigation controller.
    case dismissed
    /// The user tried to go back.
    case userInput(UserNavigationInput)
    /// The app answered the leave confirmation showing: `leave` is `true` for
    /// ``LeaveAttempt/proceed()``, `false` for ``LeaveAttempt/cancel()``. Reported before the
    /// exit it allows: navigation reported after it until ``settled`` is that exit, not the
    /// app's own.
    case leaveConfirmationAnswered(leave: Bool)
    /// A pop gesture the user started did not begin: a hook refused it (the UIKit host reports
    /// only those, not UIKit's own refusals nor the pans iOS 26's content recognizer asks about;
    /// the simulator reports every swipe step that did not begin).
    case swipeDidNotBegin(PopGestureKind)
    /// The sheet the stack is presented in went away with every screen, by the user's
    /// swipe-down (let through, or confirmed): R52. The stack keeps its screens, off screen.
    case sheetDismissed
    /// The navigation controller is at rest: no transition runs, nothing is queued. The
    /// observer reads the stack and the bar from the host now.
    case settled
}

/// A user's way back, as a host sees it.
@MainActor
public enum UserNavigationInput {
    /// The back button (the custom left one where the screen has it).
    case tapBack
    /// A pick from the long-press back menu.
    case backMenu(destination: any NavigationScreen)
    /// A pop swipe: the edge or content recognizer, released at `progress`, `finished` or
    /// cancelled.
    case swipe(PopGestureKind, progress: Double, finished: Bool)
    /// A two-finger trackpad swipe (the edge recognizer, R53).
    case trackpadSwipe(progress: Double, finished: Bool)
    /// VoiceOver's escape gesture (R50).
    case voiceOverEscape
    /// ⌘[ on a hardware keyboard (R51).
    case keyBack
    /// A swipe down on the sheet the stack is presented in (R52).
    case sheetSwipeDown
}

/// Receives a host's ``NavigationHostEvent``s; `NavigationRecorder` is one.
@MainActor
public protocol NavigationObserving: AnyObject {
    /// `host` reports `event`.
    func host(_ host: any NavigationHost, didReport event: NavigationHostEvent)
}

/// What a screen tells a recorder beyond ``NavigationScreen``: its class (the name a
/// recording gives it) and traits a host knows of. Screens that do not adopt it are named by
/// their type and read through their ``ScreenPreferences`` only.
@MainActor
public protocol RecordableNavigationScreen: NavigationScreen {
    /// The screen's class name: what a recording calls it (never a title or other text).
    var recordingClassName: String { get }
    /// The app refuses every user "back" from this screen (`guard=deny`).
    var recordingRefusesUserPop: Bool { get }
    /// A horizontal scroll view fills the screen (`scroll=horizontal`).
    var recordingHasHorizontalScrollView: Bool { get }
}

extension NavigationHost {
    /// Reports `event` to the attached observer; does nothing (one `nil` check) without one.
    @inline(__always)
    public func report(_ event: @autoclosure () -> NavigationHostEvent) {
        guard let observer = navigationObserver else { return }
        observer.host(self, didReport: event())
    }
}

/// What a host tells a recorder about the 27.1 vertical bar (R123): where the device draws it,
/// and whether the top screen's system back button is drawn in it now. A recording then writes
/// the device's `bar-edge` line and tells a tap on the vertical bar's back button
/// (`tap-back strip`, the step that separates R120's two readings) from one in the top bar: while
/// the button is drawn in the vertical bar the top bar has none to tap. A host that does not
/// adopt it records neither (`bar-edge none`, every back tap `tap-back`).
@MainActor
public protocol VerticalBarRecordingHost: NavigationHost {
    /// Where the device draws the vertical bar, as a `.nav` file's `bar-edge` line spells it:
    /// `none`, `leading` or `trailing`.
    var recordedVerticalBarEdge: String { get }
    /// `true` when the top screen's system back button is drawn in the vertical bar now (R123,
    /// R124).
    var backButtonIsInVerticalBar: Bool { get }
}
