import NavigationHooks
import NavigationSimulator
import Testing

/// The seeds' problems (Seeds.md) with no plugin installed: the naive fixes written as app code, each
/// defect shown through the detectors.
@MainActor
struct SeedReproductionTests {
    /// 1. Seed 001, "whoever changes it restores it": a hidden→hidden push shows the bar.
    @Test func seed001_hiddenToHiddenPushShowsTheBar() {
        let nav = SimNavigationController(profile: .ios17)
        let home = SimScreen("Home", prefersNavigationBarHidden: true)
        let photo = SimScreen("Photo", prefersNavigationBarHidden: true)
        hideBarWhileOnTop(home, in: nav)
        hideBarWhileOnTop(photo, in: nav)
        nav.setViewControllers([home], animated: false)
        nav.runUntilIdle()
        nav.pushViewController(photo, animated: true)
        nav.runUntilIdle()
        let report = Detectors.analyze(nav.timeline)
        #expect(report.glitches(.visibleWhileBothEndsHidden) == 1, "\(nav.timeline.dump())")
        #expect(report.barGlitches == 1)
        #expect(report.wrongBarAtRest == 0)
    }

    /// 1b. Seed 001 with `animated: false` on disappear: the bar vanishes before the
    /// transition moves.
    @Test func seed001_nonAnimatedChangeOnDisappearIsFinalBeforeMoving() {
        let nav = SimNavigationController(profile: .ios17)
        let list = SimScreen("List")
        let photo = SimScreen("Photo", prefersNavigationBarHidden: true)
        list.onViewWillDisappear = { [unowned nav] _ in
            if nav.viewControllers.last === photo { nav.setNavigationBarHidden(true, animated: false) }
        }
        nav.setViewControllers([list], animated: false)
        nav.runUntilIdle()
        nav.pushViewController(photo, animated: true)
        nav.runUntilIdle()
        let report = Detectors.analyze(nav.timeline)
        #expect(report.glitches(.finalBeforeMoving) == 1, "\(nav.timeline.dump())")
        #expect(report.wrongBarAtRest == 0)
    }

    /// 2. Seed 004 problem 1: a full-screen modal over a hidden-bar root flashes the bar;
    /// a page sheet does not.
    @Test(arguments: ModalStyle.allCases)
    func seed004_modalOverHiddenBarRootFlashesOnlyFullScreen(style: ModalStyle) {
        let nav = SimNavigationController(profile: .ios17)
        let home = SimScreen("Home", prefersNavigationBarHidden: true)
        hideBarWhileOnTop(home, in: nav)
        nav.setViewControllers([home], animated: false)
        nav.runUntilIdle()
        nav.present(SimScreen("Picker"), style: style)
        nav.runUntilIdle()
        nav.dismiss()
        nav.runUntilIdle()
        let report = Detectors.analyze(nav.timeline)
        if style == .fullScreen {
            #expect(report.glitches(.changedUnderModal) >= 1, "\(nav.timeline.dump())")
        } else {
            #expect(report.glitches(.changedUnderModal) == 0)
            #expect(report.barGlitches == 0)
        }
        #expect(report.wrongBarAtRest == 0)
    }

    /// 3. Seed 000: the pop gesture delegate replaced by one that always says yes; a swipe
    /// on the root freezes.
    @Test func seed000_alwaysYesDelegateSwipeOnRootFreezes() {
        let nav = navigation([SimScreen("Home")])
        nav.edgePopGestureDelegate = AlwaysBeginGestureDelegate()
        nav.swipeBack(progress: 0.5, release: .finish)
        nav.runUntilIdle()
        #expect(Detectors.analyze(nav.timeline).frozen == 1)
    }

    enum GestureKiller: String, CaseIterable { case customBackButton, hiddenBar }

    /// 4. A custom left button or a hidden bar: the swipe-back gesture no longer begins (R15).
    @Test(arguments: GestureKiller.allCases)
    func r15_seedSwipeBackNoLongerBegins(killer: GestureKiller) {
        let nav = SimNavigationController(profile: .ios17)
        let list = SimScreen("List")
        let detail = SimScreen(
            "Detail", prefersNavigationBarHidden: killer == .hiddenBar,
            hasCustomBackButton: killer == .customBackButton)
        if killer == .hiddenBar { hideBarWhileOnTop(detail, in: nav) }
        nav.setViewControllers([list], animated: false)
        nav.runUntilIdle()
        nav.pushViewController(detail, animated: true)
        nav.runUntilIdle()
        nav.swipeBack(progress: 0.6, release: .finish)
        nav.runUntilIdle()
        let report = Detectors.analyze(nav.timeline)
        #expect(report.blockedPops == 1, "\(nav.timeline.dump())")
        #expect(nav.viewControllers.last === detail)
    }

    /// 5. The back menu pops past a `shouldPop` refusal (R25).
    @Test func r25_seedBackMenuPopsPastShouldPopRefusal() {
        let list = SimScreen("List")
        let editor = SimScreen("Editor", refusesUserPop: true)
        let nav = navigation(.ios16, [SimScreen("Home"), list, editor])
        nav.seams.shouldPopItem.add(ShouldPopItemHook { call in call.item !== editor })  // the app's refusal
        nav.tapBack()
        nav.runUntilIdle()
        #expect(Detectors.analyze(nav.timeline).unguardedPops == 0)
        nav.chooseFromBackMenu(list)
        nav.runUntilIdle()
        let report = Detectors.analyze(nav.timeline)
        #expect(report.unguardedPops == 1, "\(nav.timeline.dump())")
        #expect(report.blockedPops == 0)
    }

    /// 6. An extension override of `navigationBar(_:shouldPop:)` is not called on 13.4+ (R23).
    @Test(arguments: IOSProfile.allCases)
    func r23_seedExtensionOverrideDoesNotGuard(profile: IOSProfile) {
        let editor = SimScreen("Editor", refusesUserPop: true)
        let nav = navigation(profile, [SimScreen("List"), editor])
        nav.seams.shouldPopItem.add(ShouldPopItemHook(installation: .extensionOverride) { _ in false })
        nav.tapBack()
        nav.runUntilIdle()
        #expect(Detectors.analyze(nav.timeline).unguardedPops == 1)
    }
}
