import NavigationHooks
import NavigationSimulator
import NavigationStrategies
import Testing

/// R135: a writer that mixes two screens' looks by the swipe's progress
/// (`LifecycleBarAppearance:swipeProgress`). The oracle is WRNavigationBar's code, written here as
/// a table of its formula (`WRNavigationBar.m`, `middleColor:toColor:percent:`:
/// `from + (to - from) × percent` per component, with `_updateInteractiveTransition:`'s
/// `percentComplete`), and the reports' outcome at rest (wangrui460/WRNavigationBar #84,
/// JazysYu/JZNavigationExtension #90), not the model's answer. iOS 13–14: from iOS 15 the legacy
/// writes miss the scroll-edge appearance at the top of a screen anyway (R103).
@MainActor
struct SwipeBlendTests {
    static let red = NavigationBarLook(background: .color(BarColor(red: 1, green: 0, blue: 0)), tint: .white)
    static let blue = NavigationBarLook(
        background: .color(BarColor(red: 0, green: 0, blue: 1)), tint: BarColor(red: 1, green: 1, blue: 0))

    /// WRNavigationBar's `middleColor` for a pop from `from` (the leaving screen) to `to` at
    /// `percent`, component by component, as its source computes it.
    static func wrMiddleColor(_ from: (Double, Double, Double), _ to: (Double, Double, Double), _ percent: Double)
        -> BarColor
    {
        BarColor(
            red: from.0 + (to.0 - from.0) * percent, green: from.1 + (to.1 - from.1) * percent,
            blue: from.2 + (to.2 - from.2) * percent)
    }

    static func close(_ a: BarColor?, _ b: BarColor) -> Bool {
        guard let a else { return false }
        return abs(a.red - b.red) < 1e-9 && abs(a.green - b.green) < 1e-9 && abs(a.blue - b.blue) < 1e-9
            && abs(a.alpha - b.alpha) < 1e-9
    }

    /// A swipe released early and finished: the bar keeps the mix of the last move, which the
    /// source computes from `percentComplete` = the release point (0.2: blue 0.8, red 0.2); the
    /// screen that arrived is wrong at rest. The plain `viewWillAppear` writer, the world
    /// without the blend, leaves the arriving screen's own look.
    @Test(arguments: [IOSProfile.ios13, .ios14])
    func aQuickReleaseKeepsTheMixOfTheLastMove(_ profile: IOSProfile) throws {
        func play(_ writer: LifecycleBarAppearancePlugin.Writer) throws -> (SimNavigationController, DetectorReport) {
            let nav = try BarLookTests.navigation(
                profile, [LifecycleBarAppearancePlugin(writer: writer)], root: BarLookTests.screen("Shop", Self.red))
            nav.pushViewController(BarLookTests.screen("Cart", Self.blue), animated: true)
            nav.runUntilIdle()
            nav.swipeBack(.edge, progress: 0.2, release: .finish)
            nav.runUntilIdle()
            return (nav, Detectors.analyze(nav.timeline))
        }
        let (blended, blendedReport) = try play(.swipeProgress)
        #expect(blended.viewControllers.map(\.screenName) == ["Shop"])
        let background = Self.wrMiddleColor((0, 0, 1), (1, 0, 0), 0.2)
        if case .color(let shown) = blended.shownBarLook?.background {
            #expect(Self.close(shown, background), "\(shown)")
        } else {
            Issue.record("no colour on the bar: \(String(describing: blended.shownBarLook))")
        }
        #expect(Self.close(blended.shownBarLook?.tint, Self.wrMiddleColor((1, 1, 0), (1, 1, 1), 0.2)))
        #expect(blendedReport.wrongLookAtRest == 1)
        let (plain, plainReport) = try play(.viewWillAppear)
        #expect(plain.shownBarLook == Self.red)
        #expect(plainReport.wrongLookAtRest == 0)
    }

    /// WRNavigationBar #84 (a swipe cancelled half way, the bar turns white): the app's bar is
    /// white (WRNavigationBar's default `barTintColor`) and a help screen states no look, so it
    /// mixes as the app's. A cart that states a look gets it back from its own `viewWillAppear`
    /// at the end of the cancel (R13); the help screen has nothing to write there, so the bar
    /// keeps the source's half-way mix of the white and the cart's blue, not the blue the plain
    /// writer leaves there (its leak, issue 38) and not the white it wants.
    @Test(arguments: [IOSProfile.ios13, .ios14])
    func aCancelledSwipeKeepsTheMixOnAScreenWithoutALook(_ profile: IOSProfile) throws {
        func play(_ writer: LifecycleBarAppearancePlugin.Writer) throws -> SimNavigationController {
            let nav = SimNavigationController(profile: profile)
            nav.appBarLook = NavigationBarLook(background: .color(.white))
            try StrategyComposition([LifecycleBarAppearancePlugin(writer: writer)]).install(on: nav.hooks)
            nav.setViewControllers([BarLookTests.screen("Cart", Self.blue)], animated: false)
            nav.runUntilIdle()
            nav.pushViewController(BarLookTests.screen("Help", nil), animated: true)
            nav.runUntilIdle()
            return nav
        }
        let blended = try play(.swipeProgress)
        blended.swipeBack(.edge, progress: 0.5, release: .cancel)
        blended.runUntilIdle()
        #expect(blended.viewControllers.map(\.screenName) == ["Cart", "Help"])
        if case .color(let shown) = blended.shownBarLook?.background {
            #expect(Self.close(shown, Self.wrMiddleColor((1, 1, 1), (0, 0, 1), 0.5)), "\(shown)")
        } else {
            Issue.record("no colour on the bar: \(String(describing: blended.shownBarLook))")
        }
        #expect(Detectors.analyze(blended.timeline).wrongLookAfterCancel == 1)
        let plain = try play(.viewWillAppear)
        plain.swipeBack(.edge, progress: 0.5, release: .cancel)
        plain.runUntilIdle()
        #expect(plain.shownBarLook?.background == Self.blue.background)
        // The cart, which states a look, is written again by its own viewWillAppear (R13).
        let cart = try BarLookTests.navigation(
            profile, [LifecycleBarAppearancePlugin(writer: .swipeProgress)], root: BarLookTests.screen("Shop", Self.red)
        )
        cart.pushViewController(BarLookTests.screen("Cart", Self.blue), animated: true)
        cart.runUntilIdle()
        cart.swipeBack(.edge, progress: 0.5, release: .cancel)
        cart.runUntilIdle()
        #expect(cart.shownBarLook == Self.blue)
    }
}
