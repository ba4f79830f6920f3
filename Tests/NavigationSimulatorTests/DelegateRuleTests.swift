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

    @Test func r55_aForwardingLibraryCachedBeforeTheAppsDelegateNeverSendsWillShowUntilTheSeamsProxy() throws {
        let nav = SimNavigationController(profile: .ios17)
        nav.installLibraryDelegate(.cachedForwarder)
        let app = RecordingDelegate()
        nav.delegate = app  // the library's setter saves it behind its own delegate
        nav.setViewControllers([SimScreen("A")], animated: false)
        nav.runUntilIdle()
        nav.pushViewController(SimScreen("B"), animated: true)
        nav.runUntilIdle()
        #expect(app.calls == ["didShow A", "didShow B"])  // every willShow lost
        #expect(Detectors.analyze(nav.timeline).lostDelegateCalls == 2)
        // The seam's proxy goes behind the library's delegate and the slot is set again.
        var hooked: [String] = []
        let token = nav.seams.navigationDelegate.add(
            NavigationDelegateHook(willShow: { hooked.append($0.arriving.screenName) }))
        nav.pushViewController(SimScreen("C"), animated: true)
        nav.runUntilIdle()
        #expect(app.calls.suffix(2) == ["willShow C", "didShow C"])
        #expect(hooked == ["C"])
        #expect(Detectors.analyze(nav.timeline).lostDelegateCalls == 2)  // none since
        try nav.seams.navigationDelegate.remove(token)
        nav.pushViewController(SimScreen("D"), animated: true)
        nav.runUntilIdle()
        #expect(app.calls.suffix(2) == ["willShow D", "didShow D"])  // the answer was taken again
    }

    @Test func r56_theAppsDelegateReplacesABarHandlingLibrarysDelegate() {
        func run(appTakesOver: Bool) -> DetectorReport {
            let nav = SimNavigationController(profile: .ios17)
            nav.installLibraryDelegate(.barHandler)
            nav.setViewControllers([SimScreen("A", prefersNavigationBarHidden: true)], animated: false)
            nav.runUntilIdle()
            if appTakesOver { nav.delegate = RecordingDelegate() }
            nav.pushViewController(SimScreen("B"), animated: true)
            nav.runUntilIdle()
            nav.pushViewController(SimScreen("C", prefersNavigationBarHidden: true), animated: true)
            nav.runUntilIdle()
            return Detectors.analyze(nav.timeline)
        }
        #expect(run(appTakesOver: false).wrongBarAtRest == 0)  // the library handles the bar
        #expect(run(appTakesOver: true).wrongBarAtRest > 0)  // its bar handling stopped
        #expect(run(appTakesOver: true).lostDelegateCalls == 0)  // the app's delegate has its calls
    }
}
