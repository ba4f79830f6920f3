// What a chain means at each point. Each evaluation walks the entries as they were when it
// started (entries never change; see `HandlerChain.Entry`), so registration changes made by
// a handler take effect from the next evaluation. The walk moves from entry to entry
// (`consume`), so it retains and releases each entry once, and nothing else.

/// The answer of a deciding point: `.pass` or decisive.
protocol ChainDecision {
    static var pass: Self { get }
    var isDecisive: Bool { get }
    /// The answer as a trace records it.
    var traced: DecisionTrace.Answer { get }
}

extension PopDecision: ChainDecision {
    var traced: DecisionTrace.Answer { .pop(self) }
}

extension BackButtonDecision: ChainDecision {
    var traced: DecisionTrace.Answer { .backButton(self) }
}

extension HandlerChain {
    /// The rule of `shouldPop`, `gestureShouldBegin` and `backButtonAction`: the first answer
    /// other than `.pass`, asking the handlers in order; `.pass` if all pass.
    @inline(__always)
    func firstDecisive<Decision: ChainDecision>(
        _ point: InterceptionPoint, _ context: PopContext, trace: DecisionTrace?, ask: (Entry) -> Decision
    ) -> Decision {
        var entry = first
        while let current = consume entry {
            let decision = ask(current)
            trace?.record(point, .handler(current.label), decision.traced, context: context)
            if decision.isDecisive { return decision }
            entry = current.next
        }
        return .pass
    }
}

extension HandlerChain: ShouldPopHandler where Handler == any ShouldPopHandler {
    /// Asks each handler in order; the first answer other than `.pass` wins. `.pass` if all
    /// pass.
    public func shouldPop(_ context: PopContext) -> PopDecision {
        evaluate(context, trace: nil)
    }

    func evaluate(_ context: PopContext, trace: DecisionTrace?) -> PopDecision {
        firstDecisive(.shouldPop, context, trace: trace) { $0.shouldPop(context) }
    }
}

extension HandlerChain: GestureShouldBeginHandler where Handler == any GestureShouldBeginHandler {
    /// Asks each handler in order; the first answer other than `.pass` wins. `.pass` if all
    /// pass.
    public func gestureShouldBegin(_ context: PopContext) -> PopDecision {
        evaluate(context, trace: nil)
    }

    func evaluate(_ context: PopContext, trace: DecisionTrace?) -> PopDecision {
        firstDecisive(.gestureShouldBegin, context, trace: trace) { $0.gestureShouldBegin(context) }
    }
}

extension HandlerChain: BackButtonActionHandler where Handler == any BackButtonActionHandler {
    /// Asks each handler in order; the first answer other than `.pass` consumes the tap.
    /// `.pass` if all pass.
    public func backButtonAction(_ context: PopContext) -> BackButtonDecision {
        evaluate(context, trace: nil)
    }

    func evaluate(_ context: PopContext, trace: DecisionTrace?) -> BackButtonDecision {
        firstDecisive(.backButtonAction, context, trace: trace) { $0.backButtonAction(context) }
    }
}

extension HandlerChain: WillShowHandler where Handler == any WillShowHandler {
    /// Calls every handler, in order.
    public func willShow(_ context: ShowContext) {
        evaluate(context, trace: nil)
    }

    func evaluate(_ context: ShowContext, trace: DecisionTrace?) {
        var entry = first
        while let current = consume entry {
            current.willShow(context)
            trace?.record(willShowOf: context, .handler(current.label))
            entry = current.next
        }
    }
}

extension HandlerChain where Handler == any ShouldPopHandler {
    /// Registers a closure as a handler.
    @discardableResult
    public func add(
        at position: HandlerPosition = .last, name: String? = nil,
        _ body: @escaping @MainActor (PopContext) -> PopDecision
    ) throws(HandlerChainError) -> HandlerID {
        try add(ShouldPopClosure(body), at: position, name: name)
    }
}

extension HandlerChain where Handler == any GestureShouldBeginHandler {
    /// Registers a closure as a handler.
    @discardableResult
    public func add(
        at position: HandlerPosition = .last, name: String? = nil,
        _ body: @escaping @MainActor (PopContext) -> PopDecision
    ) throws(HandlerChainError) -> HandlerID {
        try add(GestureShouldBeginClosure(body), at: position, name: name)
    }
}

extension HandlerChain where Handler == any BackButtonActionHandler {
    /// Registers a closure as a handler.
    @discardableResult
    public func add(
        at position: HandlerPosition = .last, name: String? = nil,
        _ body: @escaping @MainActor (PopContext) -> BackButtonDecision
    ) throws(HandlerChainError) -> HandlerID {
        try add(BackButtonActionClosure(body), at: position, name: name)
    }
}

extension HandlerChain where Handler == any WillShowHandler {
    /// Registers a closure as an observer.
    @discardableResult
    public func add(
        at position: HandlerPosition = .last, name: String? = nil,
        _ body: @escaping @MainActor (ShowContext) -> Void
    ) throws(HandlerChainError) -> HandlerID {
        try add(WillShowClosure(body), at: position, name: name)
    }
}

// Calling a handler through a method of its entry lets the compiler use the existential in
// place; reaching it as `entry.handler` from the loop copies it (a retain and a release of
// whatever the handler holds) on every call.

@MainActor
extension HandlerChain.Entry where Handler == any ShouldPopHandler {
    func shouldPop(_ context: PopContext) -> PopDecision { handler.shouldPop(context) }
}

@MainActor
extension HandlerChain.Entry where Handler == any GestureShouldBeginHandler {
    func gestureShouldBegin(_ context: PopContext) -> PopDecision { handler.gestureShouldBegin(context) }
}

@MainActor
extension HandlerChain.Entry where Handler == any BackButtonActionHandler {
    func backButtonAction(_ context: PopContext) -> BackButtonDecision { handler.backButtonAction(context) }
}

@MainActor
extension HandlerChain.Entry where Handler == any WillShowHandler {
    func willShow(_ context: ShowContext) { handler.willShow(context) }
}
