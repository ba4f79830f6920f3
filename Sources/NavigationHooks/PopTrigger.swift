/// What started a pop: travels with every pop question so a handler can treat the user's
/// "back" differently from the app's own code.
///
/// User-initiated triggers (``isUserInitiated``) are the ones a pop guard exists for; the
/// app's own code pops (``programmatic``, ``popToRoot``, ``setViewControllers``) stay free
/// unless a handler deliberately refuses them.
public enum PopTrigger: String, Sendable, CaseIterable, CustomStringConvertible {
    /// A tap on the system back button.
    case backButton
    /// A destination picked from the long-press back menu (iOS 14+, rule R25).
    case backMenu
    /// The screen-edge swipe (`interactivePopGestureRecognizer`).
    case edgeGesture
    /// The content-area swipe (`interactiveContentPopGestureRecognizer`, iOS 26, rule R19).
    case contentGesture
    /// A custom back button, a `leftBarButtonItem` the app wired itself (rule R28).
    case customBackButton
    /// The app called `popViewController(animated:)` or `popToViewController(_:animated:)`.
    case programmatic
    /// The app called `popToRootViewController(animated:)`.
    case popToRoot
    /// The app called `setViewControllers(_:animated:)` and the stack shrinks below a screen.
    case setViewControllers

    /// `true` for the paths a user takes: back button, back menu, both swipes and a custom
    /// back button.
    public var isUserInitiated: Bool {
        switch self {
        case .backButton, .backMenu, .edgeGesture, .contentGesture, .customBackButton: true
        case .programmatic, .popToRoot, .setViewControllers: false
        }
    }

    /// `true` for the two interactive swipes.
    public var isGesture: Bool { self == .edgeGesture || self == .contentGesture }

    public var description: String { rawValue }
}
