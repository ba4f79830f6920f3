import NavigationHooks
import NavigationSimulator
import Testing

@MainActor
struct BarAndModalRuleTests {
    @Test func r29_barAnimatesAloneOrAlongsideATransition() {
        let nav = navigation([SimScreen("A")])
        let start = nav.timeline.frames.count
        nav.setNavigationBarHidden(true, animated: true)
        #expect(nav.isNavigationBarHidden)
        nav.runUntilIdle()
        let alone = nav.timeline.frames[start...].map(\.barVisibleFraction)
        #expect(alone.count == SimNavigationController.barAnimationFrames)
        #expect(alone.last == 0)
        #expect(abs(alone[5] - 0.5) < 1e-9)
        // Alongside a push: the bar follows the transition's progress.
        let b = SimScreen("B")
        b.onViewWillAppear = { [unowned nav] animated in
            nav.setNavigationBarHidden(false, animated: animated)
        }
        nav.pushViewController(b, animated: true)
        nav.runUntilIdle()
        let frames = nav.timeline.frames.filter { $0.transitionID != nil && $0.topScreen == "B" }
        #expect(frames.count == SimNavigationController.transitionFrames)
        #expect(frames.allSatisfy { abs($0.barVisibleFraction - ($0.transitionProgress ?? -1)) < 1e-9 })
        // Not animated: instant.
        nav.setNavigationBarHidden(true, animated: false)
        #expect(nav.barVisibleFraction == 0)
    }

    @Test func r30_setNavigationBarHiddenDisablesTheDefaultGestureDelegate() {
        let nav = navigation([SimScreen("A"), SimScreen("B")])
        nav.setNavigationBarHidden(true, animated: false)
        #expect(!SystemPopGestureDelegate().shouldReceive(.edge, in: nav))  // R70: refused there
        nav.setNavigationBarHidden(false, animated: false)
        #expect(SystemPopGestureDelegate().shouldReceive(.edge, in: nav))
        nav.swipeBack(release: .finish)
        nav.runUntilIdle()
        #expect(nav.names == ["A"])
    }

    @Test func r31_barCallsFromCallbacksFollowTheCancelledGestureAndAreFlagged() {
        let a = SimScreen("A")
        let b = SimScreen("B", prefersNavigationBarHidden: true)
        let nav = SimNavigationController(profile: .ios17)
        hideBarWhileOnTop(b, in: nav)
        nav.setViewControllers([a, b], animated: false)
        nav.runUntilIdle()
        #expect(nav.isNavigationBarHidden)
        nav.edgePopGestureDelegate = AlwaysBeginGestureDelegate()  // a hidden bar disables the default (R15)
        let start = nav.timeline.frames.count
        nav.swipeBack(progress: 0.5, release: .cancel)
        nav.runUntilIdle()
        let values = nav.timeline.frames[start...].map(\.barVisibleFraction)
        #expect(values.contains { $0 > 0.4 })  // shown alongside the drag
        // R41: the cancel reverses the animation, then the bar takes the visibility requested
        // under the finger (B's viewWillDisappear: shown), over B's cancel-time hide (R13).
        #expect(nav.barVisibleFraction == 1)
        let report = Detectors.analyze(nav.timeline)
        #expect(report.inferredRules.contains("R31"))
        #expect(report.inferredRules.contains("R41"))
        #expect(report.wrongBarAtRest == 1)
    }

    @Test(arguments: ModalStyle.allCases)
    func r32_fullScreenRunsCoveredCallbacksPageSheetNone(style: ModalStyle) {
        let a = SimScreen("A")
        let nav = navigation([a])
        let mark = nav.mark
        nav.present(SimScreen("M"), style: style)
        nav.runUntilIdle()
        nav.dismiss()
        nav.runUntilIdle()
        let ofA = nav.timeline.callbacks(from: mark).filter { $0.hasPrefix("A.") }
        if style == .fullScreen {
            #expect(ofA == ["A.willDisappear", "A.didDisappear", "A.willAppear", "A.didAppear"])
        } else {
            #expect(ofA.isEmpty)
        }
        #expect(nav.timeline.callbacks(from: mark).filter { $0.hasPrefix("M.") }.count == 4)
    }

    @Test func r33_systemNavigationControllerIsExposed() {
        #expect(
            SimNavigationController(profile: .ios17, isSystemNavigationController: true).capabilities
                .isSystemNavigationController)
        #expect(!SimNavigationController(profile: .ios17).capabilities.isSystemNavigationController)
    }
}
