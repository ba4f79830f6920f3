import NavigationHooks
import NavigationSimulator
import NavigationStrategies
import Testing

/// R40, R41 and the unguarded-pop metric for guarded screens below the top (UIKitRules.md).
@MainActor
struct AppPatternRuleTests {
    /// An app delegate that implements the custom-transition methods (returning `nil`).
    final class TransitionDelegate: SimNavigationDelegate {
        func willShow(_ screen: SimScreen, animated: Bool) {}
        func didShow(_ screen: SimScreen, animated: Bool) {}
        var implementsTransitionMethods: Bool { true }
    }

    @Test(arguments: [IOSProfile.ios13, .ios17, .ios26])
    func r40_transitionMethodsOnTheDelegateKillTheSwipe(_ profile: IOSProfile) {
        let nav = Fixture.navigation(profile, [SimScreen("Home"), SimScreen("Detail")])
        let delegate = TransitionDelegate()
        nav.delegate = delegate
        nav.swipeBack(.edge, progress: 0.8, release: .finish)
        nav.runUntilIdle()
        #expect(nav.viewControllers.map(\.screenName) == ["Home", "Detail"])
        #expect(Detectors.analyze(nav.timeline).blockedPops == 1)
        if profile == .ios26 {
            nav.swipeBack(.content, progress: 0.8, release: .finish)
            nav.runUntilIdle()
            #expect(nav.viewControllers.count == 2)
        }
        // Without the methods the same swipe pops.
        nav.delegate = RecordingDelegate()
        nav.swipeBack(.edge, progress: 0.8, release: .finish)
        nav.runUntilIdle()
        #expect(nav.viewControllers.map(\.screenName) == ["Home"])
    }

    @Test func r40_theSeamsProxyAnswersForTheAppsDelegate() throws {
        let nav = Fixture.navigation(.ios17, [SimScreen("Home"), SimScreen("Detail")])
        try nav.hooks.install(DelegateBarHidingPlugin())  // puts the proxy in the slot
        let delegate = TransitionDelegate()
        nav.delegate = delegate
        #expect(nav.delegate !== delegate)
        #expect(nav.delegate?.implementsTransitionMethods == true)
        nav.swipeBack(.edge, progress: 0.8, release: .finish)
        nav.runUntilIdle()
        #expect(nav.viewControllers.count == 2)
    }

    @Test func r40_aPopGestureHookBringsTheSwipeBack() throws {
        let nav = Fixture.navigation(.ios17, [SimScreen("Home"), SimScreen("Detail")])
        let delegate = TransitionDelegate()
        nav.delegate = delegate
        try nav.hooks.install(PopGestureGuardPlugin())
        nav.swipeBack(.edge, progress: 0.8, release: .finish)
        nav.runUntilIdle()
        #expect(nav.viewControllers.map(\.screenName) == ["Home"])
        #expect(Detectors.analyze(nav.timeline).blockedPops == 0)
    }

    /// Lifecycle code: Home hides the bar in `viewWillAppear`, Detail shows it in its own.
    private func lifecycleApp() -> (SimNavigationController, SimScreen) {
        let home = SimScreen("Home", prefersNavigationBarHidden: true)
        let detail = SimScreen("Detail")
        let nav = SimNavigationController(profile: .ios17)
        nav.setNavigationBarHidden(true, animated: false)
        nav.setViewControllers([home], animated: false)
        nav.runUntilIdle()
        home.onViewWillAppear = { [unowned nav] animated in nav.setNavigationBarHidden(true, animated: animated) }
        detail.onViewWillAppear = { [unowned nav] animated in nav.setNavigationBarHidden(false, animated: animated) }
        nav.pushViewController(detail, animated: true)
        nav.runUntilIdle()
        return (nav, detail)
    }

    @Test func r41_aCancelledSwipeKeepsTheBarRequestedUnderTheFinger() {
        let (nav, _) = lifecycleApp()
        #expect(!nav.isNavigationBarHidden)
        let start = nav.timeline.events.count
        nav.swipeBack(.edge, progress: 0.4, release: .cancel)
        nav.runUntilIdle()
        #expect(nav.viewControllers.map(\.screenName) == ["Home", "Detail"])
        // Detail's cancel-time viewWillAppear asked for the bar; Home's hide, made under the
        // finger, is what holds.
        #expect(nav.isNavigationBarHidden)
        #expect(nav.barVisibleFraction == 0)
        let report = Detectors.analyze(nav.timeline)
        #expect(report.wrongBarAtRest == 1)
        #expect(report.inferredRules.contains("R41"))
        #expect(nav.timeline.events[start...].contains { $0.kind == .inferredRule("R41") })
    }

    @Test func r41_aRequestAtTheReleaseIsTheLastAndHolds() {
        let (nav, detail) = lifecycleApp()
        detail.onViewWillDisappear = { [unowned nav] _ in
            nav.transitionCoordinator?.notifyWhenInteractionChanges { cancelled in
                if cancelled { nav.setNavigationBarHidden(false, animated: false) }  // R14
            }
        }
        nav.swipeBack(.edge, progress: 0.4, release: .cancel)
        nav.runUntilIdle()
        #expect(!nav.isNavigationBarHidden)
        #expect(Detectors.analyze(nav.timeline).wrongBarAtRest == 0)
    }

    @Test func r41_finishedSwipesAndButtonPopsAreUnaffected() {
        let (nav, _) = lifecycleApp()
        nav.swipeBack(.edge, progress: 0.6, release: .finish)
        nav.runUntilIdle()
        #expect(nav.isNavigationBarHidden)
        let (other, _) = lifecycleApp()
        other.tapBack()
        other.runUntilIdle()
        #expect(other.isNavigationBarHidden)
        #expect(!Detectors.analyze(other.timeline).inferredRules.contains("R41"))
    }

    @Test func aBackMenuPickPastAGuardedScreenInTheMiddleIsUnguarded() {
        let inbox = SimScreen("Inbox")
        let compose = SimScreen("Compose", refusesUserPop: true)
        let review = SimScreen("Review")
        let nav = Fixture.navigation(.ios17, [inbox, compose, review])
        nav.chooseFromBackMenu(inbox)
        nav.runUntilIdle()
        #expect(nav.viewControllers.map(\.screenName) == ["Inbox"])
        let report = Detectors.analyze(nav.timeline)
        #expect(report.unguardedPops == 1)
        #expect(report.blockedPops == 0)
    }

    @Test func aPopThatLeavesTheGuardedScreenInPlaceIsNotCounted() {
        let nav = Fixture.navigation(
            .ios17, [SimScreen("Inbox"), SimScreen("Compose", refusesUserPop: true), SimScreen("Review")])
        nav.tapBack()
        nav.runUntilIdle()
        #expect(nav.viewControllers.map(\.screenName) == ["Inbox", "Compose"])
        #expect(Detectors.analyze(nav.timeline).unguardedPops == 0)
    }

    /// Records its calls and, at each `didShow`, whether the coordinator says cancelled.
    final class CoordinatorDelegate: SimNavigationDelegate {
        unowned let nav: SimNavigationController
        var calls: [String] = []
        var coordinatorCancelledAtDidShow: [Bool?] = []
        init(nav: SimNavigationController) { self.nav = nav }
        func willShow(_ screen: SimScreen, animated: Bool) { calls.append("willShow \(screen.screenName)") }
        func didShow(_ screen: SimScreen, animated: Bool) {
            calls.append("didShow \(screen.screenName)")
            coordinatorCancelledAtDidShow.append(nav.transitionCoordinator?.isCancelled)
        }
    }

    @Test(arguments: [IOSProfile.ios17, .ios18, .ios26])
    func r42_aCancelledSwipeEndsWithWillShowAndDidShowFromIOS18(_ profile: IOSProfile) {
        let nav = Fixture.navigation(profile, [SimScreen("Home"), SimScreen("List")])
        let delegate = CoordinatorDelegate(nav: nav)
        nav.delegate = delegate
        nav.swipeBack(.edge, progress: 0.3, release: .cancel)
        nav.runUntilIdle()
        #expect(nav.viewControllers.map(\.screenName) == ["Home", "List"])
        let fromIOS18 = profile.majorVersion >= 18
        #expect(
            delegate.calls == (fromIOS18 ? ["willShow Home", "willShow List", "didShow List"] : ["willShow Home"]))
        #expect(delegate.coordinatorCancelledAtDidShow == (fromIOS18 ? [true] : []))
        // R42 is observed now (CancelledPopOracleTests); R10 is what stays inferred, before iOS 18.
        #expect(!Detectors.analyze(nav.timeline).inferredRules.contains("R42"))
        #expect(Detectors.analyze(nav.timeline).inferredRules.contains("R10") == !fromIOS18)
        #expect(Detectors.analyze(nav.timeline).lostDelegateCalls == 0)
    }
}
