// What a chain means at each point. Each evaluation walks a snapshot of the entries, so
// registration changes made by a handler take effect from the next evaluation.

extension HandlerChain: ShouldPopHandler where Handler == any ShouldPopHandler {
    /// Asks each handler in order; the first answer other than `.pass` wins. `.pass` if all
    /// pass.
    public func shouldPop(_ context: PopContext) -> PopDecision {
        evaluate(context, trace: nil)
    }

    func evaluate(_ context: PopContext, trace: DecisionTrace?) -> PopDecision {
        let snapshot = entries
        if let trace {
            for entry in snapshot {
                let decision = entry.handler.shouldPop(context)
                trace.record(.shouldPop, handler: entry.label, answer: decision.description, context: context)
                if decision.isDecisive { return decision }
            }
            return .pass
        }
        for index in snapshot.indices {
            let decision = snapshot[index].shouldPop(context)
            if decision.isDecisive { return decision }
        }
        return .pass
    }
}

extension HandlerChain: GestureShouldBeginHandler where Handler == any GestureShouldBeginHandler {
    /// Asks each handler in order; the first answer other than `.pass` wins. `.pass` if all
    /// pass.
    public func gestureShouldBegin(_ context: PopContext) -> PopDecision {
        evaluate(context, trace: nil)
    }

    func evaluate(_ context: PopContext, trace: DecisionTrace?) -> PopDecision {
        let snapshot = entries
        if let trace {
            for entry in snapshot {
                let decision = entry.handler.gestureShouldBegin(context)
                trace.record(.gestureShouldBegin, handler: entry.label, answer: decision.description, context: context)
                if decision.isDecisive { return decision }
            }
            return .pass
        }
        for index in snapshot.indices {
            let decision = snapshot[index].gestureShouldBegin(context)
            if decision.isDecisive { return decision }
        }
        return .pass
    }
}

extension HandlerChain: BackButtonActionHandler where Handler == any BackButtonActionHandler {
    /// Asks each handler in order; the first answer other than `.pass` consumes the tap.
    /// `.pass` if all pass.
    public func backButtonAction(_ context: PopContext) -> BackButtonDecision {
        evaluate(context, trace: nil)
    }

    func evaluate(_ context: PopContext, trace: DecisionTrace?) -> BackButtonDecision {
        let snapshot = entries
        if let trace {
            for entry in snapshot {
                let decision = entry.handler.backButtonAction(context)
                trace.record(.backButtonAction, handler: entry.label, answer: decision.description, context: context)
                if decision.isDecisive { return decision }
            }
            return .pass
        }
        for index in snapshot.indices {
            let decision = snapshot[index].backButtonAction(context)
            if decision.isDecisive { return decision }
        }
        return .pass
    }
}

extension HandlerChain: WillShowHandler where Handler == any WillShowHandler {
    /// Calls every handler, in order.
    public func willShow(_ context: ShowContext) {
        evaluate(context, trace: nil)
    }

    func evaluate(_ context: ShowContext, trace: DecisionTrace?) {
        let snapshot = entries
        if let trace {
            for entry in snapshot {
                entry.handler.willShow(context)
                trace.record(willShowOf: context, handler: entry.label)
            }
            return
        }
        for index in snapshot.indices {
            snapshot[index].willShow(context)
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
