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
    /// Everything recorded so far.
    public internal(set) var timeline = Timeline()

    // The stack and the bar.
    /// The screens, root first; changed only through ``appendToStack(_:)``,
    /// ``replaceStack(_:)`` and ``truncateStack(to:)``, which keep the two below in step at
    /// a cost that does not grow with the stack's depth.
    private(set) var stack: [SimScreen] = []
    /// How many times each screen is in `stack`: a push checks membership in constant time.
    private var stackMembers: [ObjectIdentifier: Int] = [:]
    /// `stack` as existentials: ``screens`` is read by every gesture dispatch, and converting
    /// the array on each read would allocate. `nil` until read after a replacement.
    private var existentialStack: [any NavigationScreen]? = []

    /// `true` when `screen` is in the stack.
    func stackContains(_ screen: SimScreen) -> Bool { stackMembers[ObjectIdentifier(screen), default: 0] > 0 }

    func appendToStack(_ screen: SimScreen) {
        stack.append(screen)
        stackMembers[ObjectIdentifier(screen), default: 0] += 1
        existentialStack?.append(screen)
    }

    func replaceStack(_ screens: [SimScreen]) {
        stack = screens
        stackMembers = [:]
        for screen in screens { stackMembers[ObjectIdentifier(screen), default: 0] += 1 }
        existentialStack = nil
    }

    /// Keeps the first `count` screens.
    func truncateStack(to count: Int) {
        guard count < stack.count else { return }
        for screen in stack[count...] { stackMembers[ObjectIdentifier(screen), default: 1] -= 1 }
        stack.removeSubrange(count...)
        existentialStack?.removeSubrange(count...)
    }
    var barItems: [SimScreen] = []
    var barHidden = false
    var barFraction = 1.0
    var barAnimation: BarAnimation?

    // The running work.
    var transition: SimTransitionCoordinator?
    var modal: ModalTransition?
    var queue: [PendingRequest] = []
    var callbackDepth = 0
    var appearanceDepth = 0
    var isDraining = false
    var currentAttempt: Int?
    var nextID = 1
    /// `true` once the UI froze (R16, R17): touches are ignored and requests stay queued.
    public internal(set) var isFrozen = false
    /// The modal over the navigation controller, if any.
    public internal(set) var presentedScreen: SimScreen?
    var presentedStyle: ModalStyle = .fullScreen
    /// R7: a full-screen modal covers the navigation controller (not in a window).
    var isCovered = false

    // Delegate slots and the seams' proxies.
    var delegateSlot: (any SimNavigationDelegate)? {
        didSet { slotAnswersWillShow = delegateSlot?.respondsToWillShow ?? false }  // R55: cached when set
    }
    /// UIKit's cached `responds(to:)` for `willShow` of the object in the slot (R55).
    var slotAnswersWillShow = false
    /// A library delegate whose navigation controller's setter keeps it in the slot (R55).
    var slotOwner: LibraryNavigationDelegate?
    var appDelegate: (any SimNavigationDelegate)?
    var delegateProxy: NavigationDelegateProxy?
    var edgeSlot: (any SimGestureDelegate)?
    var contentSlot: (any SimGestureDelegate)?
    var edgeProxy: GestureDelegateProxy?
    var contentProxy: GestureDelegateProxy?
    var hooksStorage: NavigationHooks?
    var traceCursor = 0
    var seamsStorage: NavigationSeams?
    var lastIdleMarker = (frames: -1, events: -1)
    /// The user attempt each leave confirmation was asked for (by `ObjectIdentifier`).
    var leaveAttemptIDs: [ObjectIdentifier: Int] = [:]
    /// The stack is presented as a sheet (R52): a swipe down can dismiss it.
    public var isPresentedAsSheet = false
    /// `true` once the sheet was dismissed: every screen left, nothing responds any more.
    public internal(set) var isSheetDismissed = false
    /// The attached observer (``NavigationHost/navigationObserver``), held weakly.
    weak var observerStorage: (any NavigationObserving)?
    /// The plain seams this controller reached so far (see ``SeamSet``).
    public internal(set) var reachedSeams: SeamSet = []

    /// `interactivePopGestureRecognizer.isEnabled`.
    public var isEdgePopGestureEnabled = true
    /// R19: `interactiveContentPopGestureRecognizer.isEnabled`; a profile setting, enabled by
    /// default on ios26 (inferred: sources disagree). Has no effect before iOS 26.
    public var isContentPopGestureEnabled: Bool

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
    public var topViewController: SimScreen? { stack.last }
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

    /// The hooks of this navigation controller (`NavigationHooks(host: self)`), created on
    /// first use with a decision trace that feeds the timeline (uncapped, so the timeline
    /// and the bench see every entry).
    public var hooks: NavigationHooks {
        if let hooksStorage { return hooksStorage }
        let created = NavigationHooks(host: self)
        created.dispatcher.trace = DecisionTrace(capacity: nil)
        created.dispatcher.onLeaveAttempt = { [weak self] attempt in self?.noteLeaveAttempt(attempt) }
        hooksStorage = created
        return created
    }

    // MARK: Delegate slots

    /// The navigation controller's delegate: one slot, like UIKit (held strongly here).
    /// Setting it is the app setting its own delegate: with the navigation-delegate seam's
    /// proxy in the slot, the proxy adopts the new delegate as its forward target instead.
    /// Reading it returns whatever is in the slot (the proxy while hooks are installed).
    public var delegate: (any SimNavigationDelegate)? {
        get { delegateSlot }
        set {
            appDelegate = newValue
            if let owner = slotOwner {
                // R55: the library's setter saves it as the delegate it forwards to (replacing
                // the seam's proxy if that was there) and keeps its own in the slot.
                owner.base = newValue
                record(.seamCall(seam: "delegate slot", detail: "library's setter saved the app's delegate"))
            } else if let proxy = delegateProxy, delegateSlot === proxy {
                proxy.target = newValue
                record(
                    .seamCall(
                        seam: seams.navigationDelegate.name, detail: "proxy adopted the app's new delegate"))
            } else {
                delegateSlot = newValue
            }
        }
    }

    /// Someone other than the app (a library, a naive fix) writes the raw delegate slot,
    /// bypassing the seam's proxy: what steals delegate calls from the app.
    public func overwriteDelegateSlot(with object: (any SimNavigationDelegate)?) {
        delegateSlot = object
        record(.seamCall(seam: "delegate slot", detail: "overwritten by a third party"))
    }

    /// The edge recognizer's delegate slot; the system's ``SystemPopGestureDelegate`` by
    /// default. Setting it while the pop-gesture seam's proxy is in place makes the proxy
    /// forward to the new delegate.
    public var edgePopGestureDelegate: (any SimGestureDelegate)? {
        get { edgeSlot }
        set {
            if let proxy = edgeProxy, edgeSlot === proxy {
                proxy.previous = newValue
            } else {
                edgeSlot = newValue
            }
        }
    }

    /// The content recognizer's delegate slot (iOS 26, R19).
    public var contentPopGestureDelegate: (any SimGestureDelegate)? {
        get { contentSlot }
        set {
            if let proxy = contentProxy, contentSlot === proxy {
                proxy.previous = newValue
            } else {
                contentSlot = newValue
            }
        }
    }

    // MARK: App actions

    /// Replaces the stack (R5): a new top from below pops, a new top not in the stack pushes,
    /// the same top runs no transition and gets no appearance callbacks. The first stack of
    /// an empty controller is its first appearance (R8, inferred): `willShow`, the root's
    /// `viewWillAppear`/`viewDidAppear`, `didShow`, not animated.
    public func setViewControllers(_ screens: [SimScreen], animated: Bool) {
        reportAppAction(.stackSet(screens, animated: animated))
        perform("setViewControllers") { [unowned self] in
            self.performSetViewControllers(screens, animated: animated)
        }
    }

    /// `pushViewController(_:animated:)`: pushes `screen`.
    public func pushViewController(_ screen: SimScreen, animated: Bool) {
        reportAppAction(.pushed(screen, animated: animated))
        perform("push \(screen.screenName)") { [unowned self] in
            self.performPush(screen, animated: animated)
        }
    }

    /// `popViewController(animated:)`: a code pop (R21: the screen leaves first, then the
    /// bar's `shouldPop` runs). Nothing happens at the root.
    public func popViewController(animated: Bool) {
        reportAppAction(.popped(animated: animated))
        perform("pop") { [unowned self] in
            guard self.stack.count > 1 else { return self.record(.inputIgnored("pop at the root")) }
            self.performPop(
                to: self.stack[self.stack.count - 2], kind: .pop, trigger: .programmatic, animated: animated
            )
        }
    }

    /// `popToViewController(_:animated:)` (R4); nothing happens if `screen` is not in the stack.
    public func popToViewController(_ screen: any NavigationScreen, animated: Bool) {
        reportAppAction(.poppedTo(screen, animated: animated))
        perform("pop to \(screen.screenName)") { [unowned self] in
            guard let target = self.stack.first(where: { $0 === screen }) else {
                return self.record(.inputIgnored("pop to \(screen.screenName): not in the stack"))
            }
            self.performPop(to: target, kind: .popTo, trigger: .programmatic, animated: animated)
        }
    }

    /// `popToRootViewController(animated:)` (R4).
    public func popToRootViewController(animated: Bool) {
        reportAppAction(.poppedToRoot(animated: animated))
        perform("pop to root") { [unowned self] in
            guard let root = self.stack.first else { return }
            self.performPop(to: root, kind: .popToRoot, trigger: .popToRoot, animated: animated)
        }
    }

    // MARK: Clock

    /// `true` when nothing runs, nothing is queued, and the UI is not frozen.
    public var isIdle: Bool {
        !canAdvance && transition == nil && modal == nil && queue.isEmpty && !isFrozen
    }

    var canAdvance: Bool {
        (transition.map { !$0.isStuck && !$0.isInteractive } ?? false) || modal != nil || isBarMoving
    }

    /// A bar animation that the clock can advance: timed, or alongside a transition that moves.
    private var isBarMoving: Bool {
        guard let animation = barAnimation else { return false }
        guard case .alongside(let id, _) = animation.mode, let running = transition, running.id == id
        else {
            return true
        }
        return !running.isStuck && !running.isInteractive
    }

    /// Runs the clock until nothing moves any more (or the UI is frozen).
    public func runUntilIdle() {
        drainQueue()
        var guardFrames = 0
        while canAdvance, guardFrames < 36_000 {
            tick()
            guardFrames += 1
        }
        noteIdleIfNeeded()
        if observerStorage != nil, isIdle { report(.settled) }
    }

    /// The frames a wait records while nothing moves (10 s) before it skips to its last frame.
    public static let idleFramesRecorded = 600

    /// Runs the clock for `seconds` of virtual time.
    ///
    /// Once nothing has moved for ``idleFramesRecorded`` frames, the frames up to the wait's
    /// last are identical but for their time: they are counted in
    /// ``Timeline/omittedIdleFrames``, not recorded, so an hour's wait costs 601 frames, not 216,000.
    public func advance(seconds: Double) {
        let count = max(0, roundedToInt(seconds * Self.framesPerSecond))
        drainQueue()
        var still = 0
        var index = 0
        while index < count {
            if canAdvance {
                still = 0
            } else {
                still += 1
                if still > Self.idleFramesRecorded, index < count - 1 {
                    timeline.omittedIdleFrames += count - 1 - index
                    index = count - 1
                }
            }
            tick()
            index += 1
        }
        noteIdleIfNeeded()
        if observerStorage != nil, isIdle { report(.settled) }
    }

    /// The current virtual time in seconds.
    public var time: Double { Double(timeline.elapsedFrames) / Self.framesPerSecond }
}
