import NavigationHooks
import NavigationSimulator
import Testing

@MainActor
struct GestureRuleTests {
    @Test func r12_gestureBeganPopsAtOnceAndCancelPutsBack() {
        let a = SimScreen("A")
        let b = SimScreen("B")
        let nav = navigation([a, b])
        var stackAtWillAppear: [String] = []
        var movingAtWillAppear = false
        a.onViewWillAppear = { [unowned nav] _ in
            stackAtWillAppear = nav.names
            movingAtWillAppear = b.isMovingFromParent
        }
        nav.swipeBack(progress: 0.3, release: .cancel)
        #expect(stackAtWillAppear == ["A"])
        #expect(movingAtWillAppear)
        nav.runUntilIdle()
        #expect(nav.names == ["A", "B"])
        #expect(!b.isMovingFromParent)
    }

    @Test func r13_cancelledInteractivePopFullOrder() {
        let a = SimScreen("A")
        let b = SimScreen("B")
        let nav = navigation([a, b])
        let mark = nav.mark
        nav.swipeBack(progress: 0.6, release: .cancel)
        nav.runUntilIdle()
        #expect(
            nav.timeline.callbacks(from: mark) == [
                "B.willDisappear", "A.willAppear", "A.willDisappear", "A.didDisappear", "B.willAppear",
                "B.didAppear",
            ])
    }

    @Test(arguments: [SwipeRelease.finish, .cancel])
    func r14_notifyWhenInteractionChangesOnReleaseOnlyForInteractive(release: SwipeRelease) {
        let a = SimScreen("A")
        let b = SimScreen("B")
        let c = SimScreen("C")
        let nav = navigation([a, b])
        var reports: [Bool] = []
        a.onViewWillAppear = { [unowned nav] _ in
            nav.transitionCoordinator?.notifyWhenInteractionChanges { reports.append($0) }
        }
        nav.swipeBack(progress: 0.5, release: release)
        #expect(reports == [release == .cancel])
        nav.runUntilIdle()
        #expect(reports == [release == .cancel])
        // Non-interactive: never.
        var called = false
        c.onViewWillAppear = { [unowned nav] _ in
            nav.transitionCoordinator?.notifyWhenInteractionChanges { _ in called = true }
        }
        nav.pushViewController(c, animated: true)
        nav.runUntilIdle()
        #expect(!called)
    }

    enum Refusal: String, CaseIterable { case hiddenBar, customBackButton, root }

    @Test(arguments: Refusal.allCases)
    func r15_systemDelegateRefusesWithHiddenBarCustomButtonOrAtRoot(refusal: Refusal) {
        let a = SimScreen("A")
        let b = SimScreen("B", hasCustomBackButton: refusal == .customBackButton)
        let nav = navigation(refusal == .root ? [a] : [a, b])
        if refusal == .hiddenBar { nav.setNavigationBarHidden(true, animated: false) }
        let before = nav.names
        nav.swipeBack(release: .finish)
        nav.runUntilIdle()
        #expect(nav.names == before)
        #expect(!nav.isFrozen)
        // R70: refused in the receive question, with the rule of the cause.
        let rule = refusal == .root ? "R16" : "R15"
        #expect(
            nav.timeline.contains {
                if case .inputIgnored(let why) = $0 { why.contains(rule) && why.contains("R70") } else { false }
            })
    }

    @Test func r16_alwaysYesDelegateFreezesOnRoot() {
        let a = SimScreen("A")
        let nav = navigation([a])
        nav.edgePopGestureDelegate = AlwaysBeginGestureDelegate()
        nav.swipeBack(release: .finish)
        nav.runUntilIdle()
        #expect(nav.isFrozen)
        nav.pushViewController(SimScreen("B"), animated: true)  // the next push is stuck
        nav.runUntilIdle()
        #expect(nav.names == ["A"])
        #expect(Detectors.analyze(nav.timeline).frozen == 1)
    }

    @Test func r17_gestureDuringTransitionFreezes() {
        let a = SimScreen("A")
        let b = SimScreen("B")
        let c = SimScreen("C")
        let nav = navigation([a, b])
        nav.edgePopGestureDelegate = AlwaysBeginGestureDelegate()
        nav.pushViewController(c, animated: true)
        nav.advance(seconds: 0.1)
        nav.swipeBack(release: .finish)
        nav.runUntilIdle()
        #expect(nav.isFrozen)
        #expect(nav.transitionCoordinator != nil)  // never completes
        #expect(Detectors.analyze(nav.timeline).frozen == 1)
        // The system delegate refuses during a transition instead.
        let other = navigation([SimScreen("A"), SimScreen("B")])
        other.pushViewController(SimScreen("C"), animated: true)
        other.advance(seconds: 0.1)
        other.swipeBack(release: .finish)
        other.runUntilIdle()
        #expect(!other.isFrozen)
        #expect(other.names == ["A", "B", "C"])
    }

    @Test func r18_horizontalScrollViewWinsUnlessRequiredToFail() {
        let a = SimScreen("A")
        let pager = SimScreen("Pager", hasHorizontalScrollView: true)
        let nav = navigation([a, pager])
        nav.swipeBack(release: .finish)
        nav.runUntilIdle()
        #expect(nav.names == ["A", "Pager"])
        #expect(Detectors.analyze(nav.timeline).blockedPops == 1)
        nav.edgePopGestureDelegate = AlwaysBeginGestureDelegate(winsOverScrollViews: true)
        nav.swipeBack(release: .finish)
        nav.runUntilIdle()
        #expect(nav.names == ["A"])
    }

    @Test func r19_contentGestureOnIOS26Only() {
        let nav = navigation(.ios26, [SimScreen("A"), SimScreen("B")])
        #expect(nav.isContentPopGestureEnabled)
        nav.swipeBack(.content, release: .finish)
        nav.runUntilIdle()
        #expect(nav.names == ["A"])
        #expect(Detectors.analyze(nav.timeline).inferredRules.contains("R19"))
        // A horizontal scroll view blocks it, whatever the delegate says; not a blocked pop.
        let pager = SimScreen("Pager", hasHorizontalScrollView: true)
        let blocked = navigation(.ios26, [SimScreen("A"), pager])
        blocked.contentPopGestureDelegate = AlwaysBeginGestureDelegate(winsOverScrollViews: true)
        blocked.swipeBack(.content, release: .finish)
        blocked.runUntilIdle()
        #expect(blocked.names == ["A", "Pager"])
        #expect(Detectors.analyze(blocked.timeline).blockedPops == 0)
        // Disabled by the profile setting; absent before iOS 26.
        let disabled = navigation(.ios26, [SimScreen("A"), SimScreen("B")])
        disabled.isContentPopGestureEnabled = false
        disabled.swipeBack(.content, release: .finish)
        disabled.runUntilIdle()
        #expect(disabled.names == ["A", "B"])
        let old = navigation(.ios18, [SimScreen("A"), SimScreen("B")])
        #expect(!old.isContentPopGestureEnabled)
        old.swipeBack(.content, release: .finish)
        old.runUntilIdle()
        #expect(old.names == ["A", "B"])
    }
}

extension GestureRuleTests {
    @Test func r17_frozenTransitionWithABarAnimationAlongsideStillReturnsFromRunUntilIdle() {
        let a = SimScreen("A")
        let b = SimScreen("B", prefersNavigationBarHidden: true)
        let nav = navigation([a])
        nav.edgePopGestureDelegate = AlwaysBeginGestureDelegate()
        b.onViewWillAppear = { [unowned nav] animated in
            nav.setNavigationBarHidden(true, animated: animated)
        }
        nav.pushViewController(b, animated: true)
        nav.advance(seconds: 0.1)
        nav.swipeBack(release: .finish)
        nav.runUntilIdle()
        #expect(nav.isFrozen)
        #expect(nav.timeline.frames.count < 60)
        #expect(Detectors.analyze(nav.timeline).frozen == 1)
    }
}
