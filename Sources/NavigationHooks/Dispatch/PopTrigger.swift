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
    /// VoiceOver's escape gesture, a two-finger scrub (`accessibilityPerformEscape`, rule R50).
    case accessibilityEscape
    /// ⌘[ on a hardware keyboard (iPadOS 15+, Mac Catalyst, rule R51).
    case backKeyCommand
    /// A swipe down (or a tap outside) that dismisses the sheet the navigation controller is
    /// presented in, every screen at once (rule R52).
    case sheetDismissal
    /// The app called `popViewController(animated:)` or `popToViewController(_:animated:)`.
    case programmatic
    /// The app called `popToRootViewController(animated:)`.
    case popToRoot
    /// The app called `setViewControllers(_:animated:)` and the stack shrinks below a screen.
    case setViewControllers

    /// `true` for the paths a user takes: back button, back menu, both swipes, a custom
    /// back button, VoiceOver's escape, ⌘[ and a sheet's swipe-down.
    public var isUserInitiated: Bool {
        switch self {
        case .backButton, .backMenu, .edgeGesture, .contentGesture, .customBackButton, .accessibilityEscape,
            .backKeyCommand, .sheetDismissal:
            true
        case .programmatic, .popToRoot, .setViewControllers: false
        }
    }

    /// `true` for the two interactive swipes.
    public var isGesture: Bool { self == .edgeGesture || self == .contentGesture }

    public var description: String { rawValue }
}
