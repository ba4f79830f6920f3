/// Why UIKit's own delegate of the pop recognizers (`_UINavigationInteractiveTransition`)
/// keeps a touch from reaching the recognizer (rule R70), in the order UIKit checks.
///
/// Where UIKit decides (decompiled UIKitCore, iOS 26.1 and 18.2 restore images): the
/// delegate's private `_gestureRecognizer:shouldReceiveEvent:` refuses for the transition
/// reasons itself and then asks `-[UINavigationController _shouldInteractivePopGestureBeEnabled]`,
/// its only caller, for the screen reasons. Its `gestureRecognizerShouldBegin:` checks only
/// the pan's direction (and, where transitions cannot be interrupted, that no interaction is
/// already running): none of these refusals. A delegate in front of UIKit's that does not
/// ask UIKit the private question therefore loses every one of them (R16, R34).
public enum SystemPopGestureRefusal: String, Sendable, CaseIterable, CustomStringConvertible {
    /// The navigation controller's delegate implements the custom-transition methods and
    /// nothing else depends on the recognizer (`_shouldUseBuiltinInteractionController` is
    /// false): R40.
    case customTransitionDelegate
    /// A transition runs that UIKit may not preempt (`_isTransitioning`, not
    /// `_isCurrentTransitionPreemptable`): R17.
    case transitionNotPreemptable
    /// A transition is deferred and may not be preempted (`needsDeferredTransition`).
    case deferredTransition
    /// A transition coordinator exists and the transition may not be preempted: R17.
    case transitionCoordinator
    /// The keyboard is animating in or out (`UIPeripheralHost _isTransitioning`).
    case keyboardTransition
    /// The navigation bar is animating its items (`navigationBar.state` not idle) and the
    /// transition may not be preempted.
    case barAnimating
    /// `setNavigationBarHidden(true, …)` hid the bar: R15, R30.
    case navigationBarHidden
    /// A search controller is active and hides the bar while it presents.
    case searchActive
    /// The top item has `hidesBackButton`: R15, R66.
    case backButtonHidden
    /// The top item has left bar button items that replace the back button
    /// (`leftItemsSupplementBackButton` false): R15, R28.
    case customLeftItem
    /// One screen: nothing to pop to (`previousViewController` is nil): R16.
    case rootScreen

    /// The rules the refusal rests on (R70 for all; the older rule that named the case).
    public var rules: [String] {
        switch self {
        case .customTransitionDelegate: ["R70", "R40"]
        case .transitionNotPreemptable, .transitionCoordinator: ["R70", "R17"]
        case .navigationBarHidden: ["R70", "R15", "R30"]
        case .backButtonHidden: ["R70", "R15", "R66"]
        case .customLeftItem: ["R70", "R15", "R28"]
        case .rootScreen: ["R70", "R16"]
        case .deferredTransition, .keyboardTransition, .barAnimating, .searchActive: ["R70"]
        }
    }

    /// Where UIKit makes it: the delegate's private receive question for the transition
    /// reasons, the navigation controller's `_shouldInteractivePopGestureBeEnabled` for the rest.
    public var source: String {
        switch self {
        case .customTransitionDelegate, .transitionNotPreemptable, .deferredTransition, .transitionCoordinator,
            .keyboardTransition:
            "_UINavigationInteractiveTransition _gestureRecognizer:shouldReceiveEvent:"
        case .barAnimating, .navigationBarHidden, .searchActive, .backButtonHidden, .customLeftItem, .rootScreen:
            "UINavigationController _shouldInteractivePopGestureBeEnabled"
        }
    }

    /// `true` for the refusals a hook may undo (R15's hidden bar, hidden back button and
    /// custom left item, and R40's custom-transition delegate): refusals whose cause a host
    /// sees in public state and whose swipe works once answered yes (R15 and R40 are
    /// observed fixes). Every other refusal protects a pop that would break (R16, R17) or
    /// one the host cannot see the reason for, and stands (R35).
    public var isRevivable: Bool {
        switch self {
        case .navigationBarHidden, .backButtonHidden, .customLeftItem, .customTransitionDelegate: true
        default: false
        }
    }

    public var description: String { rawValue }

    /// The first refusal UIKit's own delegate makes in `state`, in UIKit's order; `nil` when
    /// the touch may reach the recognizer.
    public static func first(in state: SystemPopGestureState) -> SystemPopGestureRefusal? {
        // `_gestureRecognizer:shouldReceiveEvent:`.
        if !state.usesBuiltinInteractionController { return .customTransitionDelegate }
        // iOS 26: a running transition UIKit would pause for this swipe answers yes at once,
        // before any other check (R36, R70).
        if state.pausesRunningTransition { return nil }
        let preemptable = state.isTransitionPreemptable
        if state.isTransitioning, !preemptable { return .transitionNotPreemptable }
        if !state.isTransitioning, !preemptable, state.needsDeferredTransition { return .deferredTransition }
        if state.hasTransitionCoordinator, !preemptable { return .transitionCoordinator }
        if state.isKeyboardTransitioning { return .keyboardTransition }
        // `_shouldInteractivePopGestureBeEnabled`.
        if state.isBarAnimating, !preemptable { return .barAnimating }
        if state.isNavigationBarHidden { return .navigationBarHidden }
        if state.isSearchActive { return .searchActive }
        if state.hidesBackButton { return .backButtonHidden }
        if state.leftItemsReplaceBackButton { return .customLeftItem }
        if state.screenCount < 2 { return .rootScreen }
        return nil
    }
}

/// What UIKit's own pop-recognizer delegate reads to decide (rule R70); each field names
/// the UIKit state it stands for. The defaults are an idle two-screen stack with the bar
/// shown, where UIKit lets the touch through.
public struct SystemPopGestureState: Sendable, Hashable {
    /// `viewControllers.count`.
    public var screenCount: Int
    /// `isNavigationBarHidden` (set by `setNavigationBarHidden`, R30).
    public var isNavigationBarHidden: Bool
    /// The top item's `hidesBackButton`.
    public var hidesBackButton: Bool
    /// The top item has `leftBarButtonItems` and `leftItemsSupplementBackButton` is false.
    public var leftItemsReplaceBackButton: Bool
    /// An active search controller (or search display controller) hides the bar.
    public var isSearchActive: Bool
    /// The navigation bar is animating its items (`navigationBar.state` not idle).
    public var isBarAnimating: Bool
    /// `_isTransitioning`: a push or pop transition runs.
    public var isTransitioning: Bool
    /// `transitionCoordinator != nil`.
    public var hasTransitionCoordinator: Bool
    /// `_isCurrentTransitionPreemptable`: the running transition's controller agrees to be
    /// preempted.
    public var isTransitionPreemptable: Bool
    /// `needsDeferredTransition`: a transition waits for the next layout.
    public var needsDeferredTransition: Bool
    /// The keyboard is animating (`UIPeripheralHost _isTransitioning`).
    public var isKeyboardTransitioning: Bool
    /// `_shouldUseBuiltinInteractionController`: false when the navigation delegate
    /// implements the custom-transition methods (R40), unless other recognizers depend on
    /// the swipe.
    public var usesBuiltinInteractionController: Bool
    /// iOS 26 (interruptible transitions): UIKit would pause the running transition for
    /// this swipe (`_shouldPauseRunningTransition` with a transition context of its own).
    public var pausesRunningTransition: Bool

    /// Creates a state; see the type's defaults.
    public init(
        screenCount: Int = 2, isNavigationBarHidden: Bool = false, hidesBackButton: Bool = false,
        leftItemsReplaceBackButton: Bool = false, isSearchActive: Bool = false, isBarAnimating: Bool = false,
        isTransitioning: Bool = false, hasTransitionCoordinator: Bool = false, isTransitionPreemptable: Bool = false,
        needsDeferredTransition: Bool = false, isKeyboardTransitioning: Bool = false,
        usesBuiltinInteractionController: Bool = true, pausesRunningTransition: Bool = false
    ) {
        self.screenCount = screenCount
        self.isNavigationBarHidden = isNavigationBarHidden
        self.hidesBackButton = hidesBackButton
        self.leftItemsReplaceBackButton = leftItemsReplaceBackButton
        self.isSearchActive = isSearchActive
        self.isBarAnimating = isBarAnimating
        self.isTransitioning = isTransitioning
        self.hasTransitionCoordinator = hasTransitionCoordinator
        self.isTransitionPreemptable = isTransitionPreemptable
        self.needsDeferredTransition = needsDeferredTransition
        self.isKeyboardTransitioning = isKeyboardTransitioning
        self.usesBuiltinInteractionController = usesBuiltinInteractionController
        self.pausesRunningTransition = pausesRunningTransition
    }
}

extension SystemPopGestureRefusal {
    /// The refusal of UIKit's own pop delegate a hook may undo on `host` now, read from
    /// public state, or `nil` when a hook must let the refusal stand (R35, R70).
    ///
    /// Re-checked each time: two screens or more (never the root, R16), no transition
    /// coordinator (R17), the top screen has not disabled its pop gestures, and one of the
    /// ``isRevivable`` causes is visible: the bar hidden, the back button hidden, a custom
    /// left button, a navigation delegate with the custom-transition methods. Public state
    /// cannot show the keyboard animating or a search controller hiding the bar, which UIKit
    /// checks before the revivable causes; a swipe in those moments on a screen with a
    /// revivable cause is revived too (not modelled, see R70).
    @MainActor
    public static func revivable(on host: any NavigationHost) -> SystemPopGestureRefusal? {
        guard host.screens.count > 1, !host.isTransitioning, let top = host.topScreen,
            top.navigationPreferences.isPopGestureEnabled
        else { return nil }
        if host.delegateImplementsCustomTransitions { return .customTransitionDelegate }  // R40
        if host.isNavigationBarHidden { return .navigationBarHidden }  // R15, R30
        if top.isBackButtonHidden { return .backButtonHidden }  // R15, R66
        if top.hasCustomBackButton { return .customLeftItem }  // R15, R28
        return nil
    }
}
