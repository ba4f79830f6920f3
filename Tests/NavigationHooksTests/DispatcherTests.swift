import NavigationHooks
import Testing

@MainActor
struct DispatcherTests {
    /// `shouldPop`: the answers of a three-handler chain → the resolved decision.
    @Test(arguments: [
        ([PopDecision.pass, .pass, .pass], PopDecision.allow, 3),
        ([.pass, .deny(reason: "draft"), .allow], .deny(reason: "draft"), 2),
        ([.allow, .deny(reason: "draft"), .pass], .allow, 1),
        ([.pass, .pass, .deny(reason: nil)], .deny(reason: nil), 3),
    ])
    func shouldPopFirstDecisiveAnswerWins(answers: [PopDecision], expected: PopDecision, asked: Int) throws {
        let host = TestHost("Root", "Top")
        let dispatcher = NavigationDispatcher()
        var calls = 0
        for answer in answers {
            try dispatcher.shouldPopHandlers.add { _ in
                calls += 1
                return answer
            }
        }
        #expect(dispatcher.shouldPop(host.context(.backButton)) == expected)
        #expect(calls == asked)
    }

    @Test func shouldPopWithNoHandlersAllows() {
        let host = TestHost("Root", "Top")
        #expect(NavigationDispatcher().shouldPop(host.context(.edgeGesture)) == .allow)
    }

    @Test func theScreensOwnGuardAnswersOnlyWhenEveryHandlerPassed() throws {
        let host = TestHost("Root", "Editor")
        host.topScreen!.navigationPreferences.popGuard = { context in
            context.trigger.isUserInitiated ? .deny(reason: "draft") : .pass
        }
        let dispatcher = NavigationDispatcher()
        #expect(dispatcher.shouldPop(host.context(.backButton)) == .deny(reason: "draft"))
        #expect(dispatcher.shouldPop(host.context(.programmatic)) == .allow)
        try dispatcher.shouldPopHandlers.add { _ in .allow }
        #expect(dispatcher.shouldPop(host.context(.backButton)) == .allow)
    }

    /// `backButtonAction`: the chain's answer and `shouldPop`'s → the resolution.
    @Test(arguments: [
        (BackButtonDecision.pass, PopDecision.pass, BackButtonResolution.pop),
        (.pass, .deny(reason: "draft"), .refused(reason: "draft")),
        (.handled, .pass, .handled),
        (.deny(reason: "busy"), .allow, .refused(reason: "busy")),
        (.allow, .deny(reason: "draft"), .pop),
    ])
    func backButtonActionResolution(
        chainAnswer: BackButtonDecision, shouldPopAnswer: PopDecision, expected: BackButtonResolution
    ) throws {
        let host = TestHost("Root", "Top")
        let dispatcher = NavigationDispatcher()
        var askedShouldPop = false
        try dispatcher.backButtonActionHandlers.add { _ in chainAnswer }
        try dispatcher.shouldPopHandlers.add { context in
            askedShouldPop = true
            #expect(context.trigger == .backButton)
            return shouldPopAnswer
        }
        #expect(dispatcher.backButtonAction(host.context(.backButton)) == expected)
        #expect(askedShouldPop == (chainAnswer == .pass))
    }

    @Test func backButtonActionStopsAtTheFirstConsumer() throws {
        let host = TestHost("Root", "Top")
        let dispatcher = NavigationDispatcher()
        var calls: [String] = []
        try dispatcher.backButtonActionHandlers.add { _ in
            calls.append("a")
            return .pass
        }
        try dispatcher.backButtonActionHandlers.add { _ in
            calls.append("b")
            return .handled
        }
        try dispatcher.backButtonActionHandlers.add { _ in
            calls.append("c")
            return .allow
        }
        #expect(dispatcher.backButtonAction(host.context(.backButton)) == .handled)
        #expect(calls == ["a", "b"])
    }

    /// `gestureShouldBegin` with every handler passing: stack, transition, the screen's
    /// preference and `shouldPop` → begin or not.
    @Test(arguments: [
        (2, false, true, PopDecision.pass, true),
        (1, false, true, .pass, false),  // root (R16)
        (2, true, true, .pass, false),  // transition running (R17)
        (2, false, false, .pass, false),  // disabled on this screen
        (2, false, true, .deny(reason: "draft"), false),
    ])
    func gestureShouldBeginDefault(
        depth: Int, transitioning: Bool, enabled: Bool, shouldPop: PopDecision, begins: Bool
    ) throws {
        let host = TestHost("Root", "Middle")
        if depth == 1 { host.screens.removeLast() }
        if transitioning { host.transitionCoordinator = RunningTransition() }
        host.topScreen!.navigationPreferences.isPopGestureEnabled = enabled
        let dispatcher = NavigationDispatcher()
        try dispatcher.shouldPopHandlers.add { _ in shouldPop }
        let decision = dispatcher.gestureShouldBegin(host.context(.edgeGesture))
        #expect((decision == .allow) == begins)
    }

    @Test func gestureShouldBeginHandlersOverrideTheDefault() throws {
        let host = TestHost("Root")
        let dispatcher = NavigationDispatcher()
        try dispatcher.gestureShouldBeginHandlers.add { _ in .pass }
        try dispatcher.gestureShouldBeginHandlers.add { context in
            context.trigger == .contentGesture ? .deny(reason: "content") : .pass
        }
        let context = PopContext(host: host, leaving: host.topScreen!, arriving: nil, trigger: .contentGesture)
        #expect(dispatcher.gestureShouldBegin(context) == .deny(reason: "content"))
        #expect(dispatcher.gestureShouldBegin(context.with(trigger: .edgeGesture)) == .deny(reason: "root screen"))
    }

    @Test func willShowCallsEveryObserverInOrder() throws {
        let host = TestHost("Root", "Top")
        let dispatcher = NavigationDispatcher()
        var calls: [String] = []
        try dispatcher.willShowHandlers.add { calls.append("a:\($0.arriving.screenName)") }
        try dispatcher.willShowHandlers.add(at: .first) { calls.append("b:\($0.arriving.screenName)") }
        dispatcher.willShow(ShowContext(host: host, arriving: host.topScreen!, leaving: nil, animated: true))
        #expect(calls == ["b:Top", "a:Top"])
    }

    @Test func theTraceRecordsWhoAnsweredWhat() throws {
        let host = TestHost("Root", "Editor")
        let dispatcher = NavigationDispatcher()
        try dispatcher.shouldPopHandlers.add(name: "logger") { _ in .pass }
        try dispatcher.shouldPopHandlers.add(name: "draft") { _ in .deny(reason: "unsaved draft") }
        _ = dispatcher.shouldPop(host.context(.backButton))
        #expect(dispatcher.trace == nil)

        let trace = DecisionTrace()
        dispatcher.trace = trace
        _ = dispatcher.backButtonAction(host.context(.backButton))
        #expect(
            trace.entries.map(\.description) == [
                "shouldPop [Editor via backButton] logger: pass",
                "shouldPop [Editor via backButton] draft: deny(unsaved draft)",
                "shouldPop [Editor via backButton] result: deny(unsaved draft)",
                "backButtonAction [Editor via backButton] result: refused(unsaved draft)",
            ])
        #expect(trace.refusals.map(\.source) == [.handler("draft")])
        #expect(trace.refusals.map(\.answer.reason) == ["unsaved draft"])
        #expect(trace.entries.last?.answer == .resolution(.refused(reason: "unsaved draft")))
        #expect(trace.text.split(separator: "\n").count == 4)
    }

    /// A trace keeps its last `capacity` entries, oldest first, and counts what it dropped.
    @Test func theTraceKeepsItsLastEntries() {
        let host = TestHost("Root", "Editor")
        let dispatcher = NavigationDispatcher()
        #expect(DecisionTrace().capacity == DecisionTrace.defaultCapacity)
        let trace = DecisionTrace(capacity: 3)
        dispatcher.trace = trace
        for trigger in [PopTrigger.backButton, .edgeGesture, .backMenu, .backKeyCommand, .programmatic] {
            _ = dispatcher.shouldPop(host.context(trigger))  // one entry each: the result
        }
        #expect(trace.recordedCount == 5)
        #expect(trace.droppedCount == 2)
        #expect(trace.entries.map(\.trigger) == [.backMenu, .backKeyCommand, .programmatic])
        trace.removeAll()
        #expect(trace.entries.isEmpty && trace.recordedCount == 0)
        _ = dispatcher.shouldPop(host.context(.backButton))
        #expect(trace.entries.map(\.trigger) == [.backButton])

        let none = DecisionTrace(capacity: -1)
        dispatcher.trace = none
        _ = dispatcher.shouldPop(host.context(.backButton))
        #expect(none.capacity == 0 && none.entries.isEmpty && none.droppedCount == 1)

        let unlimited = DecisionTrace(capacity: nil)
        dispatcher.trace = unlimited
        for _ in 0..<(DecisionTrace.defaultCapacity + 5) { _ = dispatcher.shouldPop(host.context(.backButton)) }
        #expect(unlimited.entries.count == DecisionTrace.defaultCapacity + 5 && unlimited.droppedCount == 0)
    }

    @Test func dispatchesAreCounted() {
        let host = TestHost("Root", "Top")
        let dispatcher = NavigationDispatcher()
        _ = dispatcher.shouldPop(host.context(.backButton))
        _ = dispatcher.backButtonAction(host.context(.backButton))  // counts itself and its shouldPop
        #expect(dispatcher.dispatchCount == 3)
    }

    /// A timing times each outermost dispatch once: the `shouldPop` behind a back-button
    /// default and a dispatch a handler makes are inside the outer one's time.
    @Test func timingCoversOutermostDispatchesOnly() throws {
        let host = TestHost("Root", "Top")
        let dispatcher = NavigationDispatcher()
        try dispatcher.willShowHandlers.add { context in
            _ = dispatcher.shouldPop(host.context(.programmatic))  // nested
        }
        _ = dispatcher.shouldPop(host.context(.backButton))  // before timing: not timed

        let timing = DispatchTiming()
        dispatcher.timing = timing
        _ = dispatcher.backButtonAction(host.context(.backButton))
        dispatcher.willShow(ShowContext(host: host, arriving: host.topScreen!, leaving: nil, animated: true))
        dispatcher.timing = nil
        _ = dispatcher.shouldPop(host.context(.backButton))  // after timing: not timed

        #expect(timing.timedDispatches == 2)
        #expect(dispatcher.dispatchCount == 6)
    }

    @Test func isDispatchingIsTrueOnlyInsideADispatch() throws {
        let host = TestHost("Root", "Top")
        let dispatcher = NavigationDispatcher()
        var seenInside = false
        try dispatcher.shouldPopHandlers.add { _ in
            seenInside = dispatcher.isDispatching
            return .pass
        }
        _ = dispatcher.shouldPop(host.context(.backButton))
        #expect(seenInside)
        #expect(!dispatcher.isDispatching)
    }

    @Test func oneHandlerTypeTakesPartInSeveralPoints() throws {
        struct DraftGuard: NavigationHandler {
            func shouldPop(_ context: PopContext) -> PopDecision {
                context.trigger.isUserInitiated ? .deny(reason: "unsaved draft") : .pass
            }
        }
        let host = TestHost("Root", "Editor")
        let dispatcher = NavigationDispatcher()
        let registration = try dispatcher.addToEveryPoint(DraftGuard(), name: "draft")
        #expect(dispatcher.backButtonAction(host.context(.backButton)) == .refused(reason: "unsaved draft"))
        #expect(dispatcher.gestureShouldBegin(host.context(.edgeGesture)) == .deny(reason: "unsaved draft"))
        #expect(dispatcher.shouldPop(host.context(.programmatic)) == .allow)
        #expect(throws: HandlerChainError.duplicateName("draft")) {
            try dispatcher.addToEveryPoint(DraftGuard(), name: "draft")
        }
        try dispatcher.removeFromEveryPoint(registration)
        #expect(dispatcher.shouldPopHandlers.isEmpty && dispatcher.willShowHandlers.isEmpty)
        #expect(throws: HandlerChainError.unknownHandler(registration.shouldPop)) {
            try dispatcher.removeFromEveryPoint(registration)
        }
    }

    @Test func onInteractiveCancelRunsOnlyWhenTheSwipeIsCancelled() {
        for cancelled in [true, false] {
            let host = TestHost("Root", "Top")
            let transition = RunningTransition()
            host.transitionCoordinator = transition
            var undone = false
            let context = ShowContext(host: host, arriving: host.screens[0], leaving: host.topScreen, animated: true)
            #expect(context.isInteractive)
            context.onInteractiveCancel { undone = true }
            transition.release(cancelled: cancelled)
            #expect(undone == cancelled)
        }
    }
}
