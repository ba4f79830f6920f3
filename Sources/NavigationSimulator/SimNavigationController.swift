public import NavigationHooks

/// A headless `UINavigationController` with UIKit's semantics (UIKitRules.md), a virtual
/// clock at 60 frames a second and a ``Timeline`` of everything it did. It implements the
/// core's host port, so plugins run on it unchanged.
///
/// Like SwiftNIO's `EmbeddedChannel`, nothing happens on its own: app actions and user input
/// start operations, ``runUntilIdle()`` or ``advance(seconds:)`` run the clock.
///
/// ```
/// app action / user input ──> (deferred while a transition, callback or dispatch runs: R6)
///   ──> stack change ──> transition: willShow, willDisappear, willAppear (R1, R2, R8)
///   ──> frames: progress, bar fraction ──> didDisappear, didAppear, didShow, didPop
/// ```
///
/// Ordering rules:
/// - Requests (push, pop, popTo, popToRoot, setViewControllers, present, dismiss) made
///   while a transition runs, or from inside any callback, hook or dispatch, are queued
///   and performed in order once nothing runs (R6). Bar changes are never deferred.
/// - At a transition's start: `willShow`, then the leaving screen's `viewWillDisappear`,
///   then the arriving screen's `viewWillAppear` (the delegate-first order is a modelling
///   choice; the rules fix only the appearance order).
/// - Animated transitions take ``transitionFrames`` frames; bar animations
///   ``barAnimationFrames`` alone, or run alongside a transition over its remaining progress.
@MainActor
public final class SimNavigationController: NavigationHost {
    /// Frames of an animated push or pop (0.35 s at 60 frames a second).
    public static let transitionFrames = 21
    /// Frames of an animated bar show or hide outside a transition (0.2 s, R29).
    public static let barAnimationFrames = 12
    /// Frames of an animated modal present or dismiss (0.35 s).
    public static let modalFrames = 21
    /// Frames per second of the virtual clock.
    public static let framesPerSecond = 60.0

    /// The iOS version modelled.
    public let profile: IOSProfile
    /// What this controller offers (R33: ``HostCapabilities/isSystemNavigationController``).
    public let capabilities: HostCapabilities

    // Every stored property is `@exclusivity(unchecked)` (here, in SimTransitionCoordinator and
    // SimScreen): the simulator runs on the main actor and holds no access across a call, so
    // accesses cannot overlap, and each run-time check (`swift_beginAccess`) was a third of a
    // transition's instructions (callgrind of `navhooks-bench perf --only simulator`).
    /// Everything recorded so far.
    @exclusivity(unchecked) public internal(set) var timeline = Timeline.forARun()

    // The stack and the bar.
    /// The screens, root first; changed only through ``appendToStack(_:)``,
    /// ``replaceStack(_:)`` and ``truncateStack(to:)``, which keep the two below in step at
    /// a cost that does not grow with the stack's depth.
    @exclusivity(unchecked) private(set) var stack: [SimScreen] = []
    /// How many times each screen is in `stack`: a push checks membership in constant time.
    // The empty collections and sets below are made with `init()`, not a literal: a debug build
    // runs `init(dictionaryLiteral:)` and `SetAlgebra`'s `init(arrayLiteral:)` generically
    // (~700 and ~1,700 instructions), and every run the bench plays makes a controller.
    @exclusivity(unchecked) private var stackMembers = [ObjectIdentifier: Int]()
    /// `stack` as existentials: ``screens`` is read by every gesture dispatch, and converting
    /// the array on each read would allocate. `nil` until read after a replacement.
    @exclusivity(unchecked) private var existentialStack: [any NavigationScreen]? = []

    /// `true` when `screen` is in the stack.
    func stackContains(_ screen: SimScreen) -> Bool { stackMembers[ObjectIdentifier(screen), default: 0] > 0 }

    /// The top screen's name as the timeline's frames store it (``Timeline/Frames/nameIndex(_:)``):
    /// looked up once per change of the stack, not on every frame. `nil` after a change.
    @exclusivity(unchecked) var frameTopScreen: Int32?

    /// Counts the stack's changes, and ``transition``'s: the bar's look check asks again only
    /// after one (``updateBarLook()``).
    @exclusivity(unchecked) var stackChanges = 0
    @exclusivity(unchecked) var transitionChanges = 0
    /// The counts (stack, transition, `ScreenPreferences.lookStatements`,
    /// `SimScreen.preferencesReplaced`) when ``updateBarLook()`` last found no look stated.
    @exclusivity(unchecked) var noLookCheckedAt = (stack: -1, transition: -1, looks: -1, preferences: -1)

    func appendToStack(_ screen: SimScreen) {
        frameTopScreen = nil
        stackChanges &+= 1
        stack.append(screen)
        stackMembers[ObjectIdentifier(screen), default: 0] += 1
        existentialStack?.append(screen)
    }

    func replaceStack(_ screens: [SimScreen]) {
        frameTopScreen = nil
        stackChanges &+= 1
        stack = screens
        stackMembers = [:]
        for screen in screens { stackMembers[ObjectIdentifier(screen), default: 0] += 1 }
        existentialStack = nil
    }

    /// Keeps the first `count` screens.
    func truncateStack(to count: Int) {
        guard count < stack.count else { return }
        frameTopScreen = nil
        stackChanges &+= 1
        // An index loop: a debug build runs `for in`'s iterator over the slice unspecialized. (No
        // local copy of `stack`: it would keep the buffer shared, and the removal copy it.)
        for index in count..<stack.count { stackMembers[ObjectIdentifier(stack[index]), default: 1] -= 1 }
        Self.keep(count, of: &stack)
        if existentialStack != nil { Self.keep(count, of: &existentialStack!) }
    }

    /// Removes `array`'s elements after its first `count`, one `remove(at:)` from the end at a
    /// time: a pop removes one screen or a few, and a debug build runs `removeSubrange` of a range
    /// expression generic and unspecialized (~2,400 instructions a call; `remove(at:)` ~110).
    private static func keep<Element>(_ count: Int, of array: inout [Element]) {
        while array.count > count { array.remove(at: array.count - 1) }
    }
    @exclusivity(unchecked) var barItems: [SimScreen] = []
    @exclusivity(unchecked) var barHidden = false
    @exclusivity(unchecked) var barFraction = 1.0
    @exclusivity(unchecked) var barAnimation: BarAnimation?
    /// The bar's look (SimNavigationController+BarLook.swift).
    @exclusivity(unchecked) var barLook = SimBarLookState()

    // The running work.
    @exclusivity(unchecked) var transition: SimTransitionCoordinator? {
        didSet { transitionChanges &+= 1 }
    }
    @exclusivity(unchecked) var modal: ModalTransition?
    @exclusivity(unchecked) var queue: [PendingRequest] = []
    @exclusivity(unchecked) var callbackDepth = 0
    @exclusivity(unchecked) var appearanceDepth = 0
    @exclusivity(unchecked) var isDraining = false
    @exclusivity(unchecked) var currentAttempt: Int?
    @exclusivity(unchecked) var nextID = 1
    /// `true` once the UI froze (R16, R17): touches are ignored and requests stay queued.
    @exclusivity(unchecked) public internal(set) var isFrozen = false
    /// The modal over the navigation controller, if any.
    @exclusivity(unchecked) public internal(set) var presentedScreen: SimScreen?
    @exclusivity(unchecked) var presentedStyle: ModalStyle = .fullScreen
    /// R7: a full-screen modal covers the navigation controller (not in a window).
    @exclusivity(unchecked) var isCovered = false

    // Delegate slots and the seams' proxies.
    @exclusivity(unchecked) var delegateSlot: (any SimNavigationDelegate)? {
        didSet { slotAnswersWillShow = delegateSlot?.respondsToWillShow ?? false }  // R55: cached when set
    }
    /// UIKit's cached `responds(to:)` for `willShow` of the object in the slot (R55).
    @exclusivity(unchecked) var slotAnswersWillShow = false
    /// A library delegate whose navigation controller's setter keeps it in the slot (R55).
    @exclusivity(unchecked) var slotOwner: LibraryNavigationDelegate?
    @exclusivity(unchecked) var appDelegate: (any SimNavigationDelegate)?
    @exclusivity(unchecked) var delegateProxy: NavigationDelegateProxy?
    @exclusivity(unchecked) var edgeSlot: (any SimGestureDelegate)?
    @exclusivity(unchecked) var contentSlot: (any SimGestureDelegate)?
    @exclusivity(unchecked) var edgeProxy: GestureDelegateProxy?
    @exclusivity(unchecked) var contentProxy: GestureDelegateProxy?
    /// A library's own pop recognizer's delegate slot (R71), `nil` without one.
    @exclusivity(unchecked) var libraryPanSlot: (any SimGestureDelegate)?
    /// The pop-gesture seam's proxy on the library's pan, while the seam has hooks.
    @exclusivity(unchecked) var libraryPanProxy: GestureDelegateProxy?
    /// The refusal UIKit's own pop delegate made on the current swipe's receive question
    /// (R70), for the timeline; cleared when a swipe starts.
    @exclusivity(unchecked) var systemPopRefusal: SystemPopGestureRefusal?
    @exclusivity(unchecked) var hooksStorage: HookRegistry?
    /// `hooksStorage?.dispatcher`, read by ``syncTrace()`` before every event.
    @exclusivity(unchecked) var hooksDispatcher: NavigationDispatcher?
    @exclusivity(unchecked) var traceCursor = 0
    @exclusivity(unchecked) var seamsStorage: NavigationSeams?
    @exclusivity(unchecked) var lastIdleMarker = (frames: -1, events: -1)
    /// The user attempt each leave confirmation was asked for (by `ObjectIdentifier`).
    @exclusivity(unchecked) var leaveAttemptIDs = [ObjectIdentifier: Int]()
    /// The stack is presented as a sheet (R52): a swipe down can dismiss it.
    @exclusivity(unchecked) public var isPresentedAsSheet = false
    /// `true` once the sheet was dismissed: every screen left, nothing responds any more.
    @exclusivity(unchecked) public internal(set) var isSheetDismissed = false
    /// Held by this controller and by the closures it hands out, which ask it whether the
    /// controller still lives (``whileAlive(_:)``); the controller's deinit says it does not.
    let lifeToken = LifeToken()
    /// The attached observer (``NavigationHost/navigationObserver``), held weakly.
    @exclusivity(unchecked) weak var observerStorage: (any NavigationObserving)?
    /// The plain seams this controller reached so far (see ``SeamSet``).
    @exclusivity(unchecked) public internal(set) var reachedSeams = SeamSet(rawValue: 0)

    /// The inferred rules whose alternative reading this controller plays (``RuleVariants``);
    /// empty (the default): the documented model. Set it before the first screen.
    public var ruleVariants = Set<String>()

    /// R123: the edge of the device's 27.1 vertical bar (`UITraitCollection.verticalBarEdge`);
    /// ``VerticalBarEdge/none`` (the default) where the device draws none. Has no effect before
    /// iOS 27.
    public var verticalBarEdge = VerticalBarEdge.none

    /// `interactivePopGestureRecognizer.isEnabled`.
    @exclusivity(unchecked) public var isEdgePopGestureEnabled = true
    /// R19: `interactiveContentPopGestureRecognizer.isEnabled`; a profile setting, enabled by
    /// default on ios26 (inferred: sources disagree). Has no effect before iOS 26.
    @exclusivity(unchecked) public var isContentPopGestureEnabled: Bool

    struct PendingRequest {
        var description: String
        var attempt: Int?
        var perform: @MainActor () -> Void
    }

    /// Creates an empty navigation controller; give it a root with ``setViewControllers(_:animated:)``.
    public init(profile: IOSProfile, isSystemNavigationController: Bool = false) {
        self.profile = profile
        var capabilities = profile.capabilities
        capabilities.isSystemNavigationController = isSystemNavigationController  // R33
        self.capabilities = capabilities
        self.isContentPopGestureEnabled = profile.majorVersion >= 26  // R19
        self.edgeSlot = SystemPopGestureDelegate()
        self.contentSlot = profile.majorVersion >= 26 ? SystemPopGestureDelegate() : nil
    }

    /// The closures this controller handed out do nothing from now on (``whileAlive(_:)``).
    deinit { lifeToken.isAlive = false }

    // MARK: NavigationHost

    /// The stack, root first.
    public var screens: [any NavigationScreen] {
        if let existentialStack { return existentialStack }
        let converted: [any NavigationScreen] = stack
        existentialStack = converted
        return converted
    }
    /// The stack as simulated screens, root first.
    public var viewControllers: [SimScreen] { stack }
    /// The top screen.
    public var topViewController: SimScreen? { Self.top(of: stack) }

    /// `screens.last`, read by index: a debug build runs the generic `last` (~560 instructions a
    /// call), and every push, `setViewControllers` and new top of a frame asks.
    static func top(of screens: [SimScreen]) -> SimScreen? {
        let count = screens.count
        return count == 0 ? nil : screens[count - 1]
    }
    /// `navigationBar.items.count` (R21).
    public var navigationBarItemCount: Int { barItems.count }
    /// `isNavigationBarHidden`: the bar's model value, set at once by an animated change.
    public var isNavigationBarHidden: Bool { barHidden }
    /// The delegate in the slot (or the one behind the seam's proxy) implements the
    /// custom-transition methods (R40).
    public var delegateImplementsCustomTransitions: Bool { delegate?.implementsTransitionMethods ?? false }
    /// The bar's visible fraction now (0 hidden … 1 visible).
    public var barVisibleFraction: Double { barFraction }
    /// The running transition, `nil` when idle.
    public var transitionCoordinator: (any TransitionCoordinating)? { transition }
    /// The running transition with its simulator details.
    public var runningTransition: SimTransitionCoordinator? { transition }

    /// The observer this controller reports to (a recorder), held weakly; `nil` by default.
    public var navigationObserver: (any NavigationObserving)? {
        get { observerStorage }
        set { observerStorage = newValue }
    }

    /// `true` when a call comes from the app itself: not from a hook, callback or dispatch,
    /// and not from inside a user input (a custom back button's action).
    var isAppLevelCall: Bool { observerStorage != nil && callbackDepth == 0 && currentAttempt == nil }

    /// Reports the app's own navigation to the observer, if any, when it is the app's call.
    func reportAppAction(_ event: @autoclosure () -> NavigationHostEvent) {
        if isAppLevelCall { report(event()) }
    }

    /// The seams, built on first use.
    public var seams: NavigationSeams {
        if let seamsStorage { return seamsStorage }
        let built = makeSeams()
        seamsStorage = built
        return built
    }

    /// The hooks of this navigation controller (`HookRegistry(host: self)`), created on
    /// first use with a decision trace that feeds the timeline (uncapped, so the timeline
    /// and the bench see every entry).
    public var hooks: HookRegistry {
        if let hooksStorage { return hooksStorage }
        let created = HookRegistry(host: self)
        created.dispatcher.trace = DecisionTrace(capacity: nil)
        created.dispatcher.onLeaveAttempt = { [token = lifeToken, unowned(unsafe) self] attempt in
            if token.isAlive { self.noteLeaveAttempt(attempt) }  // as `whileAlive`: no weak self
        }
        hooksStorage = created
        hooksDispatcher = created.dispatcher
        return created
    }
}

/// Tells the closures a controller hands out whether it still lives, without a weak reference
/// to the controller (``SimNavigationController/whileAlive(_:)``): they hold the token, and the
/// controller's deinit marks it. (Held weakly, a token that only its controller holds would tell
/// the same, but each weak reference costs the token a side table and a weak load at each call.)
///
/// `@unchecked Sendable`: written once, by its controller's deinit, and read by the controller's
/// closures, all on the main actor where the simulator runs.
final class LifeToken: @unchecked Sendable {
    /// `false` once the controller deinitialized.
    @exclusivity(unchecked) var isAlive = true
}
