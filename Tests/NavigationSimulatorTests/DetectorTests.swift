import NavigationHooks
import NavigationSimulator
import Testing

/// Each detector on a small timeline built for it.
@MainActor
struct DetectorTests {
    private func attempt(
        _ id: Int, _ input: TimelineEvent.UserAttempt.Input = .tapBack, refuses: Bool = false,
        gestureDisabled: Bool = false, canPop: Bool = true
    ) -> TimelineEvent.Kind {
        .userAttempt(
            .init(
                id: id, input: input, screen: "B", refusesUserPop: refuses,
                popGestureDisabled: gestureDisabled,
                canPop: canPop))
    }

    private func frames(_ values: [Double], transition id: Int?) -> [Timeline.Frame] {
        values.enumerated().map { index, value in
            Timeline.Frame(
                time: Double(index) / 60, barVisibleFraction: value, topScreen: "B",
                transitionProgress: id == nil ? nil : Double(index + 1) / Double(values.count),
                transitionID: id)
        }
    }

    private func transition(_ id: Int, from: Bool?, to: Bool, before: Double, animated: Bool = true)
        -> TimelineEvent.Kind
    {
        .transitionBegan(
            .init(
                id: id, isPop: false, from: "A", to: "B", animated: animated, interactive: false,
                barBefore: before,
                fromWantsBarHidden: from, toWantsBarHidden: to))
    }

    @Test func unguardedPopsCountRefusingScreensThatLeft() {
        var timeline = Timeline()
        timeline.append(attempt(1, refuses: true))
        timeline.append(.popped(removed: ["B"], trigger: .programmatic, attempt: 1))
        timeline.append(attempt(2, refuses: true))
        timeline.append(.popped(removed: ["B"], trigger: .programmatic, attempt: nil))  // the app's own pop
        #expect(Detectors.analyze(timeline).unguardedPops == 1)
    }

    @Test func blockedPopsSkipCancelledDisabledAndContentOverScrollView() {
        var timeline = Timeline()
        timeline.append(attempt(1))
        timeline.append(attempt(2, .swipe(.edge, .cancel, onScrollView: false)))
        timeline.append(attempt(3, .swipe(.edge, .finish, onScrollView: false), gestureDisabled: true))
        timeline.append(attempt(4, .swipe(.content, .finish, onScrollView: true)))
        timeline.append(attempt(5, .swipe(.edge, .finish, onScrollView: true)))
        timeline.append(attempt(6, canPop: false))
        timeline.append(attempt(7, .backMenu(destination: "A")))
        timeline.append(.popped(removed: ["B"], trigger: .backMenu, attempt: 7))
        #expect(Detectors.analyze(timeline).blockedPops == 2)
    }

    @Test func barVisibleWhileBothEndsHidden() {
        var timeline = Timeline()
        timeline.append(transition(1, from: true, to: true, before: 0))
        for frame in frames([1, 0.5, 0], transition: 1) { timeline.append(frame) }
        timeline.append(.transitionEnded(id: 1, cancelled: false))
        let report = Detectors.analyze(timeline)
        #expect(report.glitches(.visibleWhileBothEndsHidden) == 1)
        #expect(report.barGlitches == 1)
    }

    @Test func barDirectionChangedTwice() {
        var timeline = Timeline()
        timeline.append(transition(1, from: false, to: false, before: 1))
        for frame in frames([0.5, 0, 0.5, 1, 0.5, 1], transition: 1) { timeline.append(frame) }
        let report = Detectors.analyze(timeline)
        #expect(report.glitches(.directionChangedTwice) == 1)
        var smooth = Timeline()
        smooth.append(transition(1, from: false, to: true, before: 1))
        for frame in frames([0.7, 0.3, 0], transition: 1) { smooth.append(frame) }
        #expect(Detectors.analyze(smooth).barGlitches == 0)
    }

    @Test func barFinalBeforeMoving() {
        var timeline = Timeline()
        timeline.append(transition(1, from: false, to: true, before: 1))
        for frame in frames([0, 0, 0], transition: 1) { timeline.append(frame) }
        #expect(Detectors.analyze(timeline).glitches(.finalBeforeMoving) == 1)
    }

    @Test func barChangedUnderModal() {
        var timeline = Timeline()
        timeline.append(
            .modalBegan(.init(id: 1, isPresenting: true, style: .fullScreen, screen: "M", barBefore: 0)))
        for frame in frames([0.5, 1], transition: nil) { timeline.append(frame) }
        timeline.append(.modalEnded(id: 1))
        timeline.append(
            .modalBegan(.init(id: 2, isPresenting: false, style: .pageSheet, screen: "M", barBefore: 1)))
        for frame in frames([1, 1], transition: nil) { timeline.append(frame) }
        let report = Detectors.analyze(timeline)
        #expect(report.glitches(.changedUnderModal) == 1)
        #expect(report.barGlitches == 1)
    }

    @Test func wrongBarAtRestSkipsCoveredMoments() {
        var timeline = Timeline()
        timeline.append(.idle(.init(top: "B", topWantsBarHidden: true, barVisibleFraction: 1)))
        timeline.append(.idle(.init(top: "B", topWantsBarHidden: true, barVisibleFraction: 0)))
        timeline.append(
            .idle(.init(top: "B", topWantsBarHidden: false, barVisibleFraction: 0, isCovered: true)))
        #expect(Detectors.analyze(timeline).wrongBarAtRest == 1)
    }

    @Test func frozenCountsFreezesAndUnfinishedTransitions() {
        var frozen = Timeline()
        frozen.append(.frozen("pop gesture began on the root"))
        #expect(Detectors.analyze(frozen).frozen == 1)
        var stuck = Timeline()
        stuck.append(transition(1, from: false, to: false, before: 1))
        stuck.append(transition(2, from: false, to: false, before: 1))
        stuck.append(.transitionEnded(id: 2, cancelled: false))
        #expect(Detectors.analyze(stuck).frozen == 1)
    }

    @Test func lostDelegateCallsAndInferredRules() {
        var timeline = Timeline()
        let lost = TimelineEvent.DelegateCall(
            method: .willShow, screen: "B", animated: true, appDelegateExpected: true,
            reachedAppDelegate: false)
        let reached = TimelineEvent.DelegateCall(
            method: .didShow, screen: "B", animated: true, appDelegateExpected: true,
            reachedAppDelegate: true)
        let noApp = TimelineEvent.DelegateCall(
            method: .didShow, screen: "B", animated: true, appDelegateExpected: false,
            reachedAppDelegate: false)
        timeline.append(.delegateCall(lost))
        timeline.append(.delegateCall(reached))
        timeline.append(.delegateCall(noApp))
        timeline.append(.inferredRule("R24"))
        timeline.append(.inferredRule("R3"))
        timeline.append(.inferredRule("R24"))
        let report = Detectors.analyze(timeline)
        #expect(report.lostDelegateCalls == 1)
        #expect(report.inferredRules == ["R3", "R24"])
    }

    @Test func inferredRulesSortByNumberWhateverTheirOrder() {
        let ids = ["R104", "R3", "R24", "R7", "R31", "R100", "R9"]
        // Every rotation and its reverse: the order in the timeline does not matter.
        for shift in 0..<ids.count {
            let rotated = Array(ids[shift...] + ids[..<shift])
            for order in [rotated, rotated.reversed()] {
                var timeline = Timeline()
                for id in order { timeline.append(.inferredRule(id)) }
                #expect(Detectors.analyze(timeline).inferredRules == ["R3", "R7", "R9", "R24", "R31", "R100", "R104"])
            }
        }
    }

    /// The detectors skip, on a flag set when the event is appended, the kinds they never read:
    /// an event whose kind is replaced in place, or one made with the public initializer, is read.
    @Test func eventsChangedOrMadeOutsideAppendAreRead() {
        var timeline = Timeline()
        timeline.append(.decision("skipped"))
        timeline.append(.inferredRule("R24"))
        timeline.events[0].kind = .inferredRule("R3")  // a kind the detectors read, set in place
        #expect(Detectors.analyze(timeline).inferredRules == ["R3", "R24"])

        let made = Timeline(events: [
            TimelineEvent(frameIndex: 0, kind: .frozen("stuck")),
            TimelineEvent(frameIndex: 0, kind: .inferredRule("R9")),
        ])
        var appended = Timeline()
        appended.append(.frozen("stuck"))
        appended.append(.inferredRule("R9"))
        #expect(made.events == appended.events)  // equal events, whatever their flag
        #expect(Detectors.analyze(made) == Detectors.analyze(appended))
        #expect(Detectors.analyze(made).frozen == 1)
    }

    @Test func dumpIsReadable() {
        let nav = navigation([SimScreen("A")])
        nav.pushViewController(SimScreen("B"), animated: true)
        nav.runUntilIdle()
        let dump = nav.timeline.dump()
        #expect(dump.contains("B.willAppear(animated: true)"))
        #expect(dump.contains("transition#"))
    }
}
