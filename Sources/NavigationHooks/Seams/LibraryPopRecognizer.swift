/// What a host knows, from public state, of a gesture recognizer attached to the view the
/// pop recognizer is on; ``drivesPop`` says whether it is a library's own pop recognizer
/// (rule R71) that gets the pop-gesture seam's proxy, as the system recognizers do.
///
/// The pattern (FDFullscreenPopGesture; LazyPop and swiftui-navigation-transitions add pans
/// of their own): a `UIPanGestureRecognizer` added to `interactivePopGestureRecognizer.view`,
/// given the system recognizer's own target and action, with the system recognizer disabled.
/// The target is private (`targets`), so the host does not read it; it recognizes the
/// pattern from the rest: a pan that is not UIKit's (not a pop recognizer or a bar-hiding
/// pan, its delegate not an object of UIKit's own classes), enabled, on that view, while the
/// system edge recognizer is off. An app's own unrelated pan on the navigation controller's
/// view with the edge swipe off would be taken for one (its `shouldBegin` would then refuse
/// at the root and ask the pop guards): a modelling choice, see R71.
public struct LibraryPopRecognizerCandidate: Sendable, Hashable {
    /// The recognizer is a pan (`UIPanGestureRecognizer` or a subclass).
    public var isPan: Bool
    /// It is UIKit's own: one of the pop recognizers or bar-hiding pans, or its delegate is
    /// an object of one of UIKit's own classes (a navigation controller subclass of the app's,
    /// as some copies of the pattern use, is not).
    public var isUIKitsOwn: Bool
    /// `isEnabled`.
    public var isEnabled: Bool
    /// `interactivePopGestureRecognizer.isEnabled`.
    public var isSystemEdgeRecognizerEnabled: Bool

    /// Creates a candidate.
    public init(isPan: Bool, isUIKitsOwn: Bool, isEnabled: Bool, isSystemEdgeRecognizerEnabled: Bool) {
        self.isPan = isPan
        self.isUIKitsOwn = isUIKitsOwn
        self.isEnabled = isEnabled
        self.isSystemEdgeRecognizerEnabled = isSystemEdgeRecognizerEnabled
    }

    /// `true` when the recognizer is taken for a library's pop recognizer (R71).
    public var drivesPop: Bool { isPan && !isUIKitsOwn && isEnabled && !isSystemEdgeRecognizerEnabled }
}
