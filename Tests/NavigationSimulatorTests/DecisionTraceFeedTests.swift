import NavigationHooks
import NavigationSimulator
import Testing

/// The simulator's decision trace feeds its timeline (and so the bench) with every entry: it
/// is uncapped, unlike ``DecisionTrace``'s default.
@MainActor
struct DecisionTraceFeedTests {
    private func decisions(_ nav: SimNavigationController) -> [String] {
        nav.timeline.events.compactMap { event in
            guard case .decision(let line) = event.kind else { return nil }
            return line
        }
    }

    @Test func theSimulatorsTraceKeepsEveryEntry() throws {
        let nav = navigation([SimScreen("Home"), SimScreen("Editor")])
        let trace = try #require(nav.hooks.dispatcher.trace)
        #expect(trace.capacity == nil)
        try nav.hooks.dispatcher.shouldPopHandlers.add(name: "no") { _ in .deny(reason: "kept") }
        for _ in 0..<(DecisionTrace.defaultCapacity + 10) {
            _ = nav.hooks.dispatcher.shouldPop(
                PopContext(host: nav, leaving: nav.screens[1], arriving: nav.screens[0], trigger: .backButton))
        }
        nav.pushViewController(SimScreen("Next"), animated: false)  // the next event syncs the trace
        nav.runUntilIdle()
        #expect(trace.droppedCount == 0)
        #expect(decisions(nav).count == trace.recordedCount)
    }

    /// A capped trace an app sets instead: the timeline gets the entries it kept, in order,
    /// and nothing twice.
    @Test func aCappedTraceFeedsWhatItKept() throws {
        let nav = navigation([SimScreen("Home"), SimScreen("Editor")])
        nav.hooks.dispatcher.trace = DecisionTrace(capacity: 2)
        try nav.hooks.dispatcher.shouldPopHandlers.add(name: "no") { _ in .deny(reason: "kept") }
        for trigger in [PopTrigger.backButton, .edgeGesture, .backMenu] {
            _ = nav.hooks.dispatcher.shouldPop(
                PopContext(host: nav, leaving: nav.screens[1], arriving: nav.screens[0], trigger: trigger))
        }
        nav.pushViewController(SimScreen("Next"), animated: false)  // the next event syncs the trace
        nav.runUntilIdle()
        // Three dispatches of two entries each (the handler's answer, the result); two kept.
        #expect(decisions(nav).count == 2)
        #expect(decisions(nav).allSatisfy { $0.contains("via backMenu") })
        nav.popViewController(animated: false)
        nav.runUntilIdle()
        #expect(decisions(nav).count == 2, "nothing twice")
    }
}
