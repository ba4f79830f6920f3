/// A screen in a navigation stack: a `UIViewController` in an app, a simulated screen in
/// tests. Hosts implement it; plugins and handlers only read it.
///
/// Screens are compared by identity (`===`).
@MainActor
public protocol NavigationScreen: AnyObject {
    /// A human-readable name for traces and timelines (the class name or a title).
    var screenName: String { get }
    /// The per-screen preferences the app sets: the one place every plugin reads.
    var navigationPreferences: ScreenPreferences { get }
    /// `true` when the screen's navigation item has a custom `leftBarButtonItem`, which
    /// replaces the system back button (rule R28).
    var hasCustomBackButton: Bool { get }
}

/// What an app says about one screen. Every plugin reads these, so a screen states its
/// intent once, whichever strategies are installed.
///
/// On UIKit these are properties of the view controller
/// (`viewController.navigationPreferences`); in the simulator, of the simulated screen.
@MainActor
public final class ScreenPreferences {
    /// The screen wants the navigation bar hidden while it is on top.
    public var prefersNavigationBarHidden: Bool
    /// `false` when the app disabled the pop gestures (edge and content) on this screen.
    public var isPopGestureEnabled: Bool
    /// The screen's own pop guard. The dispatcher asks it after every `shouldPop` handler
    /// passed; `nil` (the default) has no opinion.
    public var popGuard: (@MainActor (PopContext) -> PopDecision)?
    /// Ask before the user leaves: every user path to leave the screen stops and calls it
    /// once, after the handlers and ``popGuard`` passed. `nil` (the default) leaves at once.
    public var leaveConfirmation: LeaveConfirmation?
    /// How the bar should look while the screen is on top; `nil` (the default) leaves the
    /// app's own appearance alone. Read by the appearance strategies (`TransitionBarBackground`,
    /// `ItemBarAppearance`, `LifecycleBarAppearance`); the others ignore it.
    public var navigationBarLook: NavigationBarLook?

    /// Creates preferences; the defaults are UIKit's: bar visible, gestures enabled, no guard.
    public init(
        prefersNavigationBarHidden: Bool = false,
        isPopGestureEnabled: Bool = true,
        popGuard: (@MainActor (PopContext) -> PopDecision)? = nil
    ) {
        self.prefersNavigationBarHidden = prefersNavigationBarHidden
        self.isPopGestureEnabled = isPopGestureEnabled
        self.popGuard = popGuard
    }
}
