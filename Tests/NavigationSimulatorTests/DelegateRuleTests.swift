import NavigationHooks
import NavigationSimulator
import Testing

@MainActor
struct DelegateRuleTests {
    @Test func r08_willShowOncePerTransitionBeforeAnimationDidShowAfter() {
        let a = SimScreen("A")
        let b = SimScreen("B")
        let delegate = RecordingDelegate()
        let nav = SimNavigationController(profile: .ios17)
        nav.delegate = delegate
        nav.setViewControllers([a], animated: false)
        nav.runUntilIdle()
        #expect(delegate.calls == ["willShow A", "didShow A"])  // first appearance, inferred
        var progressAtWillShow: Double?
        delegate.onWillShow = { [unowned nav] _ in progressAtWillShow = nav.runningTransition?.progress
        }
        delegate.calls = []
        nav.pushViewController(b, animated: true)
        nav.runUntilIdle()
        #expect(delegate.calls == ["willShow B", "didShow B"])
        #expect(progressAtWillShow == 0)
        #expect(Detectors.analyze(nav.timeline).inferredRules.contains("R8"))
    }

    @Test func r09_interactivePopWillShowAtBeganIsInteractive() {
        let a = SimScreen("A")
        let b = SimScreen("B")
        let nav = navigation([a, b])
        let delegate = RecordingDelegate()
        nav.delegate = delegate
        var interactive: Bool?
        delegate.onWillShow = { [unowned nav] _ in
            interactive = nav.transitionCoordinator?.isInteractive
        }
        nav.swipeBack(progress: 0.5, release: .finish)
        #expect(delegate.calls == ["willShow A"])
        #expect(interactive == true)
        nav.runUntilIdle()
        #expect(delegate.calls == ["willShow A", "didShow A"])
    }

    @Test func r10_cancelledInteractivePopCallsNeitherWillShowNorDidShowForTheStayingScreen() {
        let a = SimScreen("A")
        let b = SimScreen("B")
        let nav = navigation([a, b])
        let delegate = RecordingDelegate()
        nav.delegate = delegate
        nav.swipeBack(progress: 0.4, release: .cancel)
        nav.runUntilIdle()
        #expect(nav.names == ["A", "B"])
        #expect(delegate.calls == ["willShow A"])
        #expect(Detectors.analyze(nav.timeline).inferredRules.contains("R10"))
    }

    @Test func r11_afterFullScreenDismissTopGetsWillAppearButNoWillShow() {
        let a = SimScreen("A")
        let nav = navigation([a])
        let delegate = RecordingDelegate()
        nav.delegate = delegate
        nav.present(SimScreen("Modal"), style: .fullScreen)
        nav.runUntilIdle()
        let mark = nav.mark
        nav.dismiss()
        nav.runUntilIdle()
        #expect(nav.timeline.callbacks(from: mark).contains("A.willAppear"))
        #expect(nav.timeline.callbacks(from: mark).contains("A.didAppear"))
        #expect(delegate.calls.isEmpty)
        #expect(nav.presentedScreen == nil)
    }
}
