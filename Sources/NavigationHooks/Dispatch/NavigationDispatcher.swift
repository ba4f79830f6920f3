/// The four interception points of one navigation controller, each a ``HandlerChain``,
/// and the rules that turn the chains' answers into decisions.
///
/// ```
/// seam (plugin) ──> shouldPop(_:)          chain: first non-.pass wins
///                                          all pass ──> the leaving screen's popGuard
///                                          still no answer ──> .allow
/// seam (plugin) ──> backButtonAction(_:)   chain: first non-.pass consumes the tap
///                                          all pass ──> shouldPop(trigger) ──> .pop / .refused
/// seam (plugin) ──> gestureShouldBegin(_:) chain: first non-.pass wins
///                                          all pass ──> .deny at the root, during a transition
///                                          (R16, R17) or where the screen disabled gestures;
///                                          otherwise shouldPop(trigger)
/// delegate seam ──> willShow(_:)           every handler, in order
/// ```
///
/// Evaluation order, for example: with `shouldPopHandlers = [a, b]` where `a` passes and
/// `b` denies, `shouldPop(_:)` calls `a`, then `b`, and returns `b`'s `.deny` without
/// consulting the screen's guard.
///
/// Every resolved answer is `.allow` or `.deny`: the neutral `.pass` never leaves the
/// dispatcher. A dispatch is synchronous and runs on the main actor, because UIKit's
/// delegates must answer now.
///
/// A dispatcher belongs to one navigation controller (through ``NavigationHooks``); there
/// is no global state.
@MainActor
public final class NavigationDispatcher {
    /// Handlers of ``InterceptionPoint/shouldPop``.
    public let shouldPopHandlers = HandlerChain<any ShouldPopHandler>()
    /// Handlers of ``InterceptionPoint/backButtonAction``.
    public let backButtonActionHandlers = HandlerChain<any BackButtonActionHandler>()
    /// Handlers of ``InterceptionPoint/gestureShouldBegin``.
    public let gestureShouldBeginHandlers = HandlerChain<any GestureShouldBeginHandler>()
    /// Observers of ``InterceptionPoint/willShow``.
    public let willShowHandlers = HandlerChain<any WillShowHandler>()

    /// Set a trace to record every dispatch; `nil` (the default) records nothing.
    public var trace: DecisionTrace? {
        get { traceStorage }
        set {
            traceStorage = newValue
            state.isTraced = newValue != nil
        }
    }
    /// ``trace``'s storage: `@exclusivity(unchecked)` (main-actor isolated, each access a load
    /// or a store), behind an accessor because another module's direct read of a stored
    /// property checks exclusivity whatever the attribute says (the simulator reads the trace
    /// before every event it records).
    @exclusivity(unchecked) private var traceStorage: DecisionTrace?
    /// Set a timing to measure the time spent in dispatches; `nil` (the default) measures
    /// nothing.
    ///
    /// `@exclusivity(unchecked)`, as ``state``: a timed dispatch reads it twice, each read a
    /// load that ends before the timing's call.
    @exclusivity(unchecked) public var timing: DispatchTiming? {
        didSet { state.isTimed = timing != nil }
    }
    /// How many dispatches this dispatcher has run (each public dispatch method counts one,
    /// including those it makes itself, such as the `shouldPop` behind a back-button default).
    public var dispatchCount: Int { state.count }
    /// What every dispatch updates, in one place so that a dispatch touches one property.
    /// `isTimed` mirrors `timing != nil`: reading `timing` itself on every dispatch cost
    /// ~8 ns in `navhooks-bench perf`, most of a short dispatch's overhead.
    /// `isTraced` mirrors `trace != nil` for the same reason: an untraced dispatch never reads
    /// the public `trace` (whose read costs a dynamic exclusivity check and a retain), and
    /// `hasPendingAttempt` mirrors `pendingLeaveAttempt != nil` (read by every `willShow`).
    ///
    /// `@exclusivity(unchecked)` (here, on ``pointCounts`` and ``pendingLeaveAttempt``):
    /// main-actor isolated, and every access is a load or a store that holds nothing across a
    /// call, so accesses cannot overlap; each dynamic check was a runtime call on every
    /// dispatch.
    @exclusivity(unchecked) var state = (depth: 0, count: 0, isTimed: false, isTraced: false, hasPendingAttempt: false)
    /// The attempt whose confirmation is showing, if any (``attemptLeave(_:leave:)``).
    @exclusivity(unchecked) public internal(set) var pendingLeaveAttempt: LeaveAttempt? {
        didSet { state.hasPendingAttempt = pendingLeaveAttempt != nil }
    }
    /// Told when a ``LeaveAttempt`` starts, is reached again while pending, proceeds, is
    /// cancelled or expires. Hosts and tools set it (the simulator records it in its
    /// timeline); apps answer attempts through their ``LeaveConfirmation`` instead.
    public var onLeaveAttempt: (@MainActor (LeaveAttempt) -> Void)?

    /// The trace when tracing is on, without touching `trace` when it is off.
    var activeTrace: DecisionTrace? {
        @inline(__always) get { state.isTraced ? traceStorage : nil }
    }
    /// Dispatches per point, in ``InterceptionPoint`` order (kept apart from `state`, which
    /// every dispatch reads).
    @exclusivity(unchecked) var pointCounts = (shouldPop: 0, backButtonAction: 0, gestureShouldBegin: 0, willShow: 0)

    /// How many times `point` was dispatched, including the `shouldPop` a back-button or
    /// gesture default asks. Tools use it to see which points an app's handlers on a given
    /// point would have been asked (`navhooks-bench`'s "unasked" column).
    public func dispatchCount(of point: InterceptionPoint) -> Int {
        switch point {
        case .shouldPop: pointCounts.shouldPop
        case .backButtonAction: pointCounts.backButtonAction
        case .gestureShouldBegin: pointCounts.gestureShouldBegin
        case .willShow: pointCounts.willShow
        }
    }

    /// Creates a dispatcher with empty chains.
    public init() {}

    /// `true` while a dispatch runs. Hosts defer navigation requests made now (see
    /// ``NavigationHost``).
    public var isDispatching: Bool { state.depth > 0 }

    /// Resolves ``InterceptionPoint/shouldPop``: the chain, then the leaving screen's own
    /// `popGuard`, then `.allow`.
    public func shouldPop(_ context: PopContext) -> PopDecision {
        enter()
        pointCounts.shouldPop &+= 1
        defer { leave() }
        return resolveShouldPop(context, trace: activeTrace)
    }

    func resolveShouldPop(_ context: PopContext, trace: DecisionTrace?) -> PopDecision {
        resolveShouldPopStages(context, trace: trace).decision
    }

    /// `shouldPop`'s stages; `asksToConfirm` when the screen's leave confirmation refused.
    func resolveShouldPopStages(_ context: PopContext, trace: DecisionTrace?) -> (
        decision: PopDecision, asksToConfirm: Bool
    ) {
        var asksToConfirm = false
        var decision = shouldPopHandlers.evaluate(context, trace: trace)
        guard !decision.isDecisive else {
            trace?.record(.shouldPop, .result, .pop(decision), context: context)
            return (decision, false)
        }
        // The screen's preferences are read once: each read is a call through the screen's
        // existential and a retain, a large part of a one-handler dispatch.
        let preferences = context.leaving.navigationPreferences
        if let popGuard = preferences.popGuard {
            decision = popGuard(context)
            trace?.record(.shouldPop, .screenGuard, .pop(decision), context: context)
        }
        if !decision.isDecisive, context.trigger.isUserInitiated, preferences.asksBeforeLeaving {
            // Not now: the screen asks first (attemptLeave(_:leave:) starts the asking).
            decision = .deny(reason: LeaveConfirmation.refusalReason)
            asksToConfirm = true
            trace?.record(.shouldPop, .leaveConfirmation, .pop(decision), context: context)
        }
        if !decision.isDecisive { decision = .allow }
        trace?.record(.shouldPop, .result, .pop(decision), context: context)
        return (decision, asksToConfirm)
    }

    /// Resolves ``InterceptionPoint/backButtonAction``: the chain; if every handler
    /// passes, `shouldPop` with the context's trigger decides between `.pop` and `.refused`.
    public func backButtonAction(_ context: PopContext) -> BackButtonResolution {
        enter()
        pointCounts.backButtonAction &+= 1
        defer { leave() }
        return resolveBackButtonStages(context, trace: activeTrace).resolution
    }

    /// `backButtonAction`'s rules, for this point and for ``attemptLeave(_:leave:)`` alike;
    /// `asksToConfirm` when the screen's leave confirmation refused.
    func resolveBackButtonStages(_ context: PopContext, trace: DecisionTrace?) -> (
        resolution: BackButtonResolution, asksToConfirm: Bool
    ) {
        let stages: (resolution: BackButtonResolution, asksToConfirm: Bool)
        switch backButtonActionHandlers.evaluate(context, trace: trace) {
        case .handled: stages = (.handled, false)
        case .allow: stages = (.pop, false)
        case .deny(let reason): stages = (.refused(reason: reason), false)
        case .pass:
            state.count &+= 1  // the shouldPop it asks counts as a dispatch of its own
            pointCounts.shouldPop &+= 1
            let (decision, asksToConfirm) = resolveShouldPopStages(context, trace: trace)
            switch decision {
            case .deny(let reason): stages = (.refused(reason: reason), asksToConfirm)
            case .allow, .pass: stages = (.pop, asksToConfirm)
            }
        }
        trace?.record(.backButtonAction, .result, .resolution(stages.resolution), context: context)
        return stages
    }

    /// Resolves ``InterceptionPoint/gestureShouldBegin``: the chain; if every handler
    /// passes, the gesture begins only if a pop is possible (more than one screen, no
    /// transition running before iOS 26: R16, R17, R36; see
    /// ``popGestureRefusal(on:mayInterruptTransition:)``), the screen has not disabled pop
    /// gestures, and `shouldPop` with the gesture's trigger allows.
    public func gestureShouldBegin(_ context: PopContext) -> PopDecision {
        enter()
        pointCounts.gestureShouldBegin &+= 1
        defer { leave() }
        return resolveGestureStages(context, trace: activeTrace).decision
    }

    /// `gestureShouldBegin`'s rules, for this point and for ``attemptLeave(_:leave:)``
    /// alike; `asksToConfirm` when the screen's leave confirmation refused.
    func resolveGestureStages(_ context: PopContext, trace: DecisionTrace?) -> (
        decision: PopDecision, asksToConfirm: Bool
    ) {
        let decision = gestureShouldBeginHandlers.evaluate(context, trace: trace)
        guard !decision.isDecisive else { return (decision, false) }
        let stages: (decision: PopDecision, asksToConfirm: Bool)
        if let refusal = Self.popGestureRefusal(on: context.host, mayInterruptTransition: true) {
            stages = (.deny(reason: refusal), false)
        } else if !context.leaving.navigationPreferences.isPopGestureEnabled {
            stages = (.deny(reason: "pop gesture disabled on this screen"), false)
        } else {
            state.count &+= 1  // the shouldPop it asks counts as a dispatch of its own
            pointCounts.shouldPop &+= 1
            stages = resolveShouldPopStages(context, trace: trace)
        }
        trace?.record(.gestureShouldBegin, .defaultRule, .pop(stages.decision), context: context)
        return stages
    }

    /// Why a pop gesture may not begin on `host` now, whatever the handlers say; `nil` when it
    /// may. The one place of this rule: ``gestureShouldBegin(_:)``'s default and a plugin in
    /// the recognizer's delegate slot both ask it.
    ///
    /// - `"root screen"`: one screen or none, nothing to pop to (R16).
    /// - `"transition running"`: a transition runs (R17), unless iOS 26 may interrupt it with
    ///   a back swipe (R36) and `mayInterruptTransition`.
    ///
    /// - Parameter mayInterruptTransition: whether UIKit's own recognizer delegate lets a
    ///   swipe interrupt the running transition on iOS 26: `true` where the recognizer
    ///   decided already (the dispatcher's default); a plugin standing in the delegate slot
    ///   passes the previous delegate's answer.
    public static func popGestureRefusal(on host: any NavigationHost, mayInterruptTransition: Bool) -> String? {
        if host.screens.count < 2 { return "root screen" }  // R16
        if host.isTransitioning, !(mayInterruptTransition && host.capabilities.iOSMajorVersion >= 26) {
            return "transition running"  // R17; R36 on iOS 26
        }
        return nil
    }

    /// Whether a swipe-down may dismiss the sheet `host`'s stack is presented in now (R52):
    /// every screen leaves with the sheet, so each one is asked `shouldPop` with the trigger
    /// `sheetDismissal`, from the top down, and the first that does not allow (a refusing
    /// handler or guard, or a leave confirmation to ask) keeps the sheet. Hosts answer the
    /// presentation controller's "should dismiss" question with it; a refusal is then the
    /// user's attempt, which the `sheetDismissal` seam's hooks resolve.
    public func sheetMayDismiss(on host: any NavigationHost) -> Bool {
        host.screens.reversed().allSatisfy { screen in
            shouldPop(PopContext(host: host, leaving: screen, arriving: nil, trigger: .sheetDismissal)) == .allow
        }
    }

    /// Dispatches ``InterceptionPoint/willShow`` to every observer, in order.
    public func willShow(_ context: ShowContext) {
        enter()
        pointCounts.willShow &+= 1
        defer { leave() }
        if state.hasPendingAttempt { expirePendingAttemptIfItsScreenLeft() }
        willShowHandlers.evaluate(context, trace: activeTrace)
    }

    /// Registers one handler on all four chains, at the end, under the same name.
    ///
    /// - Returns: the four ids, to remove it with ``removeFromEveryPoint(_:)``.
    /// - Throws: ``HandlerChainError/duplicateName(_:)`` if any chain has the name already;
    ///   nothing is registered then.
    @discardableResult
    public func addToEveryPoint(_ handler: any NavigationHandler, name: String? = nil) throws(HandlerChainError)
        -> EveryPointRegistration
    {
        if let name {
            let taken =
                shouldPopHandlers.names.contains(name) || backButtonActionHandlers.names.contains(name)
                || gestureShouldBeginHandlers.names.contains(name) || willShowHandlers.names.contains(name)
            if taken { throw .duplicateName(name) }
        }
        return EveryPointRegistration(
            shouldPop: try shouldPopHandlers.add(handler, name: name),
            backButtonAction: try backButtonActionHandlers.add(handler, name: name),
            gestureShouldBegin: try gestureShouldBeginHandlers.add(handler, name: name),
            willShow: try willShowHandlers.add(handler, name: name))
    }

    /// Removes what ``addToEveryPoint(_:name:)`` registered.
    ///
    /// - Throws: ``HandlerChainError/unknownHandler(_:)`` if any of the four ids is gone;
    ///   nothing is removed then.
    public func removeFromEveryPoint(_ registration: EveryPointRegistration) throws(HandlerChainError) {
        let pairs: [(Bool, HandlerID)] = [
            (shouldPopHandlers.contains(registration.shouldPop), registration.shouldPop),
            (backButtonActionHandlers.contains(registration.backButtonAction), registration.backButtonAction),
            (gestureShouldBeginHandlers.contains(registration.gestureShouldBegin), registration.gestureShouldBegin),
            (willShowHandlers.contains(registration.willShow), registration.willShow),
        ]
        if let missing = pairs.first(where: { !$0.0 }) { throw .unknownHandler(missing.1) }
        try shouldPopHandlers.remove(registration.shouldPop)
        try backButtonActionHandlers.remove(registration.backButtonAction)
        try gestureShouldBeginHandlers.remove(registration.gestureShouldBegin)
        try willShowHandlers.remove(registration.willShow)
    }

    /// Counts a dispatch, and starts the timing of an outermost one.
    @inline(__always)
    func enter() {
        state.depth += 1
        state.count &+= 1
        if state.isTimed, state.depth == 1 { timing?.start() }
    }

    @inline(__always)
    func leave() {
        state.depth -= 1
        if state.isTimed, state.depth == 0 { timing?.stop() }
    }
}

/// The four ids of a handler registered with
/// ``NavigationDispatcher/addToEveryPoint(_:name:)``.
public struct EveryPointRegistration: Hashable, Sendable {
    /// Its id in ``NavigationDispatcher/shouldPopHandlers``.
    public let shouldPop: HandlerID
    /// Its id in ``NavigationDispatcher/backButtonActionHandlers``.
    public let backButtonAction: HandlerID
    /// Its id in ``NavigationDispatcher/gestureShouldBeginHandlers``.
    public let gestureShouldBegin: HandlerID
    /// Its id in ``NavigationDispatcher/willShowHandlers``.
    public let willShow: HandlerID
}
