/// What the app's own code does to the navigation controller besides its screens: the
/// app-side patterns of the `gesture-delegate`, `gesture-switch`, `delegate-library`,
/// `gesture-library` and `delegate …` declarations.
///
/// Every field defaults to "the app does nothing of the kind", so files without these
/// declarations run as before.
public struct AppCodePatterns: Hashable, Sendable {
    /// When the app sets its own navigation delegate (`delegate before-plugins|after-plugins`).
    public enum DelegateOrder: String, CaseIterable, Hashable, Sendable {
        /// Before any plugin is installed (the default, and what a bare `delegate` means).
        case beforePlugins = "before-plugins"
        /// After the plugins were installed, as an app that sets it in `viewDidLoad` does.
        case afterPlugins = "after-plugins"
    }

    /// What the app puts in `interactivePopGestureRecognizer.delegate` (`gesture-delegate`).
    public enum GestureDelegate: String, CaseIterable, Hashable, Sendable {
        /// The app leaves the slot alone (the default).
        case system
        /// Seed 000's base class (Seeds.md): `delegate = self`, answering yes always, even at the root (R16).
        case alwaysYes = "always-yes"
    }

    /// How the app switches `interactivePopGestureRecognizer.isEnabled` (`gesture-switch`).
    public enum GestureSwitch: String, CaseIterable, Hashable, Sendable {
        /// Never: `gesture=disabled` is only a preference the plugins read (the default).
        case none
        /// A `gesture=disabled` screen turns the recognizer off in `viewDidAppear` and nothing
        /// turns it on again (wix/react-native-navigation #5502).
        case sticky
        /// Every screen's `viewDidAppear` sets it: off on the root and on `gesture=disabled`
        /// screens, on elsewhere (seed 000's fix for the root freeze).
        case everyAppear = "every-appear"
    }

    /// A library's navigation delegate in the slot before anything else (`delegate-library`).
    public enum DelegateLibrary: String, CaseIterable, Hashable, Sendable {
        /// None (the default).
        case none
        /// R55 (pointfreeco/swift-navigation PR #259): the library's navigation controller keeps
        /// its forwarding delegate in the slot and saves the app's as the one it forwards to;
        /// UIKit's cached answers, taken before that, never send `willShow`.
        case cachedForwarder = "cached-forwarder"
        /// R56 (listenzz/HBDNavigationBar #23): the library's delegate shows or hides the bar
        /// in `willShow`; the app's own delegate replaces it.
        case barHandler = "bar-handler"
    }

    /// A library's own pop recognizer (`gesture-library`, R71).
    public enum GestureLibrary: String, CaseIterable, Hashable, Sendable {
        /// None (the default).
        case none
        /// FDFullscreenPopGesture (forkingdog/FDFullscreenPopGesture): a full-screen pan on the
        /// pop recognizer's view drives UIKit's interactive pop with the system's own target;
        /// the system edge recognizer is disabled, so `swipe-back` is the library's pan.
        case fullscreenPan = "fullscreen-pan"
    }

    /// When the app's own delegate is set; meaningful only with ``Scenario/installsOwnDelegate``.
    public var delegateOrder: DelegateOrder
    /// The app's delegate implements `animationController(for:…)` and
    /// `interactionController(for:)`, returning `nil` (`delegate custom-transitions`, R40).
    public var delegateHasTransitionMethods: Bool
    /// `gesture-delegate`.
    public var gestureDelegate: GestureDelegate
    /// `gesture-switch`.
    public var gestureSwitch: GestureSwitch
    /// `delegate-library`.
    public var delegateLibrary: DelegateLibrary
    /// `gesture-library`.
    public var gestureLibrary: GestureLibrary

    /// Creates the patterns; the defaults are an app that does none of them.
    public init(
        delegateOrder: DelegateOrder = .beforePlugins,
        delegateHasTransitionMethods: Bool = false,
        gestureDelegate: GestureDelegate = .system,
        gestureSwitch: GestureSwitch = .none,
        delegateLibrary: DelegateLibrary = .none,
        gestureLibrary: GestureLibrary = .none
    ) {
        self.delegateOrder = delegateOrder
        self.delegateHasTransitionMethods = delegateHasTransitionMethods
        self.gestureDelegate = gestureDelegate
        self.gestureSwitch = gestureSwitch
        self.delegateLibrary = delegateLibrary
        self.gestureLibrary = gestureLibrary
    }
}
