public import NavigationHooks

/// A simulated view controller: a name, a navigation item (custom left button or the
/// system back button), the appearance callbacks, and the screen's preferences.
///
/// The preferences are spelled as on the UIKit host (`prefersNavigationBarHidden`,
/// `isPopGestureEnabled`, `popGuard`) and stored once, in ``navigationPreferences``: the
/// plugins read them there, and the timeline records them from there for the
/// ``Detectors``, so a change made at any time counts for both.
///
/// The `on…` closures are the app's own overrides of `viewWillAppear(_:)` and friends, so
/// tests and scenarios can write naive fixes as app code. They run before the
/// ``NavigationSeams/appearance`` hooks.
///
/// ```swift
/// let editor = SimScreen("Editor", refusesUserPop: true)
/// editor.prefersNavigationBarHidden = true
/// editor.popGuard = { context in context.trigger.isUserInitiated ? .deny(reason: "draft") : .pass }
/// nav.pushViewController(editor, animated: true)
/// ```
@MainActor
public final class SimScreen: NavigationScreen {
    /// The name shown in timelines and traces.
    public let screenName: String
    /// The screen's preferences: the one record plugins and detectors read. Replacing it
    /// is allowed, as on the UIKit host.
    @exclusivity(unchecked) public var navigationPreferences: ScreenPreferences {
        didSet { Self.preferencesReplaced &+= 1 }  // their look may be stated already
    }
    /// How many times a screen's ``navigationPreferences`` were replaced, in this process: with
    /// `ScreenPreferences.lookStatements`, what the bar's look check waits for
    /// (``SimNavigationController/updateBarLook()``).
    @exclusivity(unchecked) static var preferencesReplaced = 0
    /// What the test expects of user pops: `true` when every user-initiated pop of this
    /// screen must be refused (an unsaved draft). Plugins never read it; the detectors count
    /// user pops of such a screen that went through (`unguardedPops`). The mechanism that
    /// refuses is the app's: ``popGuard`` or a `shouldPop` handler.
    @exclusivity(unchecked) public var refusesUserPop: Bool
    /// The navigation item has a custom `leftBarButtonItem` (R28).
    @exclusivity(unchecked) public var hasCustomBackButton: Bool
    /// The navigation item's `hidesBackButton` (R66: SwiftUI's `navigationBarBackButtonHidden`):
    /// no back button and, for UIKit's own pop delegate, no swipe (R15, R70).
    @exclusivity(unchecked) public var isBackButtonHidden = false
    /// R123: `preferredVerticalBarBehavior` is `.automatic` (`true`, the default); `false` for
    /// `.disabled`: on top of the stack, the screen keeps its bar horizontal (iOS 27.1+).
    @exclusivity(unchecked) public var allowsVerticalBar = true
    /// The custom left button's action; `nil` does nothing when tapped (R28).
    @exclusivity(unchecked) public var customBackAction: (@MainActor () -> Void)?
    /// A horizontal scroll view fills the content and competes with pop swipes (R18, R19).
    @exclusivity(unchecked) public var hasHorizontalScrollView: Bool
    /// `true` while the screen's content is scrolled away from its top edge (`scroll NAME away`):
    /// the bar then uses its standard appearance, not its scroll-edge one (R103, R131). `false`,
    /// the default, is a screen at its top edge, as every screen is when it first appears.
    @exclusivity(unchecked) public var isScrolledAwayFromTop = false
    /// `true` for a screen whose item shows a large title (`largeTitleDisplayMode = .always`,
    /// R132): on iOS 13–14 only such a bar uses the scroll-edge appearance, and scrolling away
    /// collapses the title.
    @exclusivity(unchecked) public var hasLargeTitle = false
    /// `true` from the moment the screen leaves the stack until its pop completes, or
    /// until a cancelled interactive pop puts it back (R12).
    @exclusivity(unchecked) public internal(set) var isMovingFromParent = false

    /// The app's `viewWillAppear(_:)`.
    @exclusivity(unchecked) public var onViewWillAppear: (@MainActor (_ animated: Bool) -> Void)?
    /// The app's `viewDidAppear(_:)`.
    @exclusivity(unchecked) public var onViewDidAppear: (@MainActor (_ animated: Bool) -> Void)?
    /// The app's `viewWillDisappear(_:)`.
    @exclusivity(unchecked) public var onViewWillDisappear: (@MainActor (_ animated: Bool) -> Void)?
    /// The app's `viewDidDisappear(_:)`.
    @exclusivity(unchecked) public var onViewDidDisappear: (@MainActor (_ animated: Bool) -> Void)?

    /// Creates a screen; the defaults are UIKit's (bar visible, gestures enabled, no guard).
    public init(
        _ name: String, prefersNavigationBarHidden: Bool = false, isPopGestureEnabled: Bool = true,
        refusesUserPop: Bool = false, hasCustomBackButton: Bool = false, hasHorizontalScrollView: Bool = false
    ) {
        self.screenName = name
        self.navigationPreferences = ScreenPreferences(
            prefersNavigationBarHidden: prefersNavigationBarHidden, isPopGestureEnabled: isPopGestureEnabled)
        self.refusesUserPop = refusesUserPop
        self.hasCustomBackButton = hasCustomBackButton
        self.hasHorizontalScrollView = hasHorizontalScrollView
    }

    /// The screen wants the navigation bar hidden while it is on top
    /// (`navigationPreferences.prefersNavigationBarHidden`, as on the UIKit host).
    public var prefersNavigationBarHidden: Bool {
        get { navigationPreferences.prefersNavigationBarHidden }
        set { navigationPreferences.prefersNavigationBarHidden = newValue }
    }

    /// `false` disables the pop gestures on this screen
    /// (`navigationPreferences.isPopGestureEnabled`, as on the UIKit host).
    public var isPopGestureEnabled: Bool {
        get { navigationPreferences.isPopGestureEnabled }
        set { navigationPreferences.isPopGestureEnabled = newValue }
    }

    /// The screen's own pop guard (`navigationPreferences.popGuard`, as on the UIKit host).
    public var popGuard: (@MainActor (PopContext) -> PopDecision)? {
        get { navigationPreferences.popGuard }
        set { navigationPreferences.popGuard = newValue }
    }

    func runAppCallback(_ phase: AppearancePhase, animated: Bool) {
        switch phase {
        case .willAppear: onViewWillAppear?(animated)
        case .didAppear: onViewDidAppear?(animated)
        case .willDisappear: onViewWillDisappear?(animated)
        case .didDisappear: onViewDidDisappear?(animated)
        }
    }
}

extension SimScreen: RecordableNavigationScreen {
    /// The simulated class: the screen's name (a scenario's `screen` declaration).
    public var recordingClassName: String { screenName }
    /// ``refusesUserPop``.
    public var recordingRefusesUserPop: Bool { refusesUserPop }
    /// ``hasHorizontalScrollView``.
    public var recordingHasHorizontalScrollView: Bool { hasHorizontalScrollView }
}
