import NavigationHooks
import NavigationSimulator
import NavigationStrategies
import Testing

/// The one bar (R130), the scroll edge (R103, R131–R133) and the per-screen strategies against
/// them (issue 38: finding 1's core side, finding 6's plugin side).
@MainActor
struct SharedBarTests {
    static let photo = BarLookTests.photo
    static let details = BarLookTests.details
    static let dark = BarLookTests.dark

    /// Finding 1, without the simulator's bar: which screen the per-screen strategies set last at
    /// `willShow`. UIKit's `tintColor` is one property of the one bar, so its value after a push
    /// is the last one written (R130); the screen written last must be the arriving one.
    @Test func theArrivingScreenIsSetLastAndTheStayingOneAgainOnCancel() throws {
        func written(_ order: BarLookActivation.Order) throws -> [String] {
            let nav = SimNavigationController(profile: .ios17)
            let spy = SetSpy(order: order)
            _ = try nav.hooks.install(spy)
            nav.setViewControllers([BarLookTests.screen("Photo", Self.photo)], animated: false)
            nav.runUntilIdle()
            spy.names.removeAll()
            nav.pushViewController(BarLookTests.screen("Details", Self.details), animated: true)
            nav.runUntilIdle()
            nav.swipeBack(.edge, progress: 0.5, release: .cancel)
            nav.runUntilIdle()
            return spy.names
        }
        // push: leaving, arriving; swipe: leaving (Details), arriving (Photo), then Details on cancel
        #expect(try written(.arrivingLast) == ["Photo", "Details", "Details", "Photo", "Details"])
        #expect(try written(.leavingLast) == ["Details", "Photo", "Photo", "Details"])
    }

    /// Finding 1 in the simulator: the README's Photo → Details example. With the order before the
    /// fix the bar keeps the Photo's white tint over the white Details bar (a wrong look at rest);
    /// with the fix it ends with Details' blue, also after a cancelled swipe, on every profile.
    @Test(arguments: IOSProfile.allCases)
    func theOldOrderLeavesTheLeavingScreensTintAndTheFixDoesNot(_ profile: IOSProfile) throws {
        func play(_ mode: ItemBarAppearancePlugin.Mode) throws -> (SimNavigationController, DetectorReport) {
            let nav = try BarLookTests.navigation(
                profile, [ItemBarAppearancePlugin(mode: mode)], root: BarLookTests.screen("Photo", Self.photo))
            nav.pushViewController(BarLookTests.screen("Details", Self.details), animated: true)
            nav.runUntilIdle()
            #expect(nav.shownBarLook?.tint == (mode == .leavingLast ? Self.photo.tint : Self.details.tint))
            nav.swipeBack(.edge, progress: 0.5, release: .cancel)
            nav.runUntilIdle()
            return (nav, Detectors.analyze(nav.timeline))
        }
        // (After the cancelled swipe the old order ends with Details, the leaving screen of the
        // swipe, by chance; the fix needs its cancel path there, R10, R13.)
        let (old, oldReport) = try play(.leavingLast)
        #expect(old.shownBarLook == Self.details)
        #expect(oldReport.wrongLookAtRest == 1)
        let (fixed, fixedReport) = try play(.standard)
        #expect(fixed.shownBarLook == Self.details)
        #expect(fixedReport.wrongLookAtRest == 0)
        #expect(fixedReport.wrongLookAfterCancel == 0)
    }

    /// R130: whoever writes the bar last decides its tint, the app's own code included. A screen's
    /// item look (per item) survives another screen's legacy write; the tint does not.
    @Test func theLastWriteWinsWhoeverWroteIt() {
        let nav = SimNavigationController(profile: .ios14)
        let home = BarLookTests.screen("Home", Self.details)
        nav.setViewControllers([home], animated: false)
        nav.runUntilIdle()
        nav.setItemLook(Self.details, for: home)
        #expect(nav.shownBarLook == Self.details)
        nav.setSharedBarLook(Self.dark)  // another writer, for another screen
        #expect(nav.shownBarLook?.background == Self.details.background)  // the item's, per item
        #expect(nav.shownBarLook?.tint == Self.dark.tint)  // the bar's, last write
    }

    /// Apple's `UINavigationBar.scrollEdgeAppearance` as a table: "If the value of this property
    /// is nil, UIKit uses the settings found in the standardAppearance property, modified to use
    /// a transparent background"; "When running on apps that use iOS 14 or earlier, this property
    /// applies to navigation bars with large titles. In iOS 15, this property applies to all
    /// navigation bars." (R103, R131, R132). A screen that states no look on the system bar.
    @Test(arguments: [
        (IOSProfile.ios14, false, false, false), (.ios14, true, false, true), (.ios14, true, true, false),
        (.ios16, false, false, true), (.ios16, false, true, false), (.ios26, true, false, true),
    ])
    func theScrollEdgeIsTransparentWithoutAScrollEdgeAppearance(
        _ profile: IOSProfile, largeTitle: Bool, scrolled: Bool, transparent: Bool
    ) {
        let nav = SimNavigationController(profile: profile)
        nav.appBarLook = .system
        let plain = SimScreen("Plain")
        plain.hasLargeTitle = largeTitle
        nav.setViewControllers([plain], animated: false)
        nav.runUntilIdle()
        nav.scroll(plain, awayFromTop: scrolled)
        let shown = nav.shownBarLook
        #expect((shown?.background == .transparent) == transparent)
        #expect(shown?.shadowHidden == transparent)
        #expect(shown == nav.wantedBarLook(of: plain))  // UIKit's own bar is what the screen wants
        // The usual iOS 15 fix: the app sets its scroll-edge appearance to the standard one.
        nav.appScrollEdgeLook = .system
        #expect(nav.shownBarLook == .system)
    }

    /// R103 for the naive strategy: on iOS 15+ the bar's legacy colour does not reach the scroll
    /// edge (admin-ch/CovidCertificate-App-iOS #78: "transparent when the content scroll view is
    /// in the top position and only applies the barTintColor when scrolling down"), so a
    /// transparent screen is right at rest and a coloured one shows only once scrolled.
    @Test func theNaiveColourShowsOnlyAwayFromTheScrollEdgeFromIOS15() throws {
        let photo = BarLookTests.screen("Photo", Self.photo)
        let naive = try BarLookTests.navigation(.ios16, [LifecycleBarAppearancePlugin()], root: photo)
        #expect(naive.shownBarLook == Self.photo)
        let home = try BarLookTests.navigation(
            .ios16, [LifecycleBarAppearancePlugin()], root: BarLookTests.screen("Home", Self.dark))
        #expect(home.shownBarLook?.background == .transparent)
        home.scroll(try #require(home.viewControllers.first), awayFromTop: true)
        #expect(home.shownBarLook == Self.dark)
        #expect(Detectors.analyze(home.timeline).wrongLookAtRest == 1)  // at the edge only
    }

    /// R133, SwiftUI's `toolbarBackground` (only the standard appearance): on iOS 15+ the colour
    /// shows only once the content scrolls (danielsaidi.com, "Handling status bar color scheme
    /// and visibility in SwiftUI", 2023: the colour scheme "is only applied when the navigation
    /// bar fades in as you scroll"); setting all three shows it at rest.
    @Test func aStandardOnlyItemAppearanceIsTransparentAtTheScrollEdge() throws {
        let standardOnly = try BarLookTests.navigation(
            .ios17, [ItemBarAppearancePlugin(mode: .standardOnly)], root: BarLookTests.screen("Home", Self.dark))
        #expect(standardOnly.shownBarLook?.background == .transparent)
        #expect(standardOnly.shownBarLook?.style == .dark)
        standardOnly.scroll(try #require(standardOnly.viewControllers.first), awayFromTop: true)
        #expect(standardOnly.shownBarLook == Self.dark)
        let all = try BarLookTests.navigation(
            .ios17, [ItemBarAppearancePlugin()], root: BarLookTests.screen("Home", Self.dark))
        #expect(all.shownBarLook == Self.dark)
        let before15 = try BarLookTests.navigation(
            .ios14, [ItemBarAppearancePlugin(mode: .standardOnly)], root: BarLookTests.screen("Home", Self.dark))
        #expect(before15.shownBarLook == Self.dark)
    }

    /// Finding 6: once a screen states a look, a screen that states none keeps UIKit's own bar:
    /// transparent at the scroll edge on iOS 15+ (R103), the system material once scrolled, and
    /// the app's tint, not the previous screen's (R134).
    @Test(arguments: [IOSProfile.ios14, .ios16, .ios26])
    func aScreenWithoutALookKeepsUIKitsOwnBar(_ profile: IOSProfile) throws {
        let nav = try BarLookTests.navigation(
            profile, [TransitionBarBackgroundPlugin()], root: BarLookTests.screen("Cover", Self.dark))
        let settings = SimScreen("Settings")
        nav.pushViewController(settings, animated: true)
        nav.runUntilIdle()
        let atEdge = nav.shownBarLook
        #expect(atEdge?.background == (profile.majorVersion >= 15 ? .transparent : .system))
        #expect(atEdge?.tint == nil)
        nav.scroll(settings, awayFromTop: true)
        #expect(nav.shownBarLook == .system)
        nav.swipeBack(.edge, progress: 0.5, release: .cancel)
        nav.runUntilIdle()
        #expect(nav.shownBarLook == .system)
        let report = Detectors.analyze(nav.timeline)
        #expect(report.wrongLookAtRest == 0)
        #expect(report.wrongLookAfterCancel == 0)
        #expect(report.lookGlitches == 0)
    }

    /// The protocol's default implementations, for a host written before them: a standard-only
    /// look is an item look, and UIKit's own bar is the app's look as a background.
    @Test func theDefaultImplementationsFallBackToTheOriginalRequirements() {
        final class Spy: BarAppearanceHost {
            var appBarLook = NavigationBarLook(background: .color(.black))
            var calls: [String] = []
            func setSharedBarLook(_ look: NavigationBarLook?) { calls.append("shared") }
            func setItemLook(_ look: NavigationBarLook?, for screen: any NavigationScreen) {
                calls.append("item \(look?.description ?? "nil")")
            }
            func setScreenBackground(_ look: NavigationBarLook?, for screen: any NavigationScreen) {
                calls.append("background \(look?.description ?? "nil")")
            }
            var lookChangeHandler: (@MainActor (any NavigationScreen) -> Void)?
        }
        let spy = Spy()
        let screen = SimScreen("A")
        spy.setItemStandardLook(Self.dark, for: screen)
        spy.setSystemScreenBackground(for: screen)
        #expect(spy.calls == ["item \(Self.dark)", "background look=000000"])
    }

    /// `LifecycleBarAppearance:willShow`: the bar written for the arriving screen at `willShow`
    /// with no cancel path keeps the look of the screen that did not come after a cancelled swipe
    /// (R10, R13, R100; banchichen/TZScrollViewPopGesture #7).
    @Test func aWillShowWriterWithoutACancelPathKeepsTheWrongLook() throws {
        let nav = try BarLookTests.navigation(
            .ios14, [LifecycleBarAppearancePlugin(writer: .willShow)], root: BarLookTests.screen("Cover", Self.dark))
        nav.pushViewController(BarLookTests.screen("Details", Self.details), animated: true)
        nav.runUntilIdle()
        #expect(nav.shownBarLook == Self.details)
        nav.swipeBack(.edge, progress: 0.5, release: .cancel)
        nav.runUntilIdle()
        #expect(nav.shownBarLook == Self.dark)
        #expect(Detectors.analyze(nav.timeline).wrongLookAfterCancel == 1)
    }
    /// R42 (the 18.0, 18.2 and 26.1 bodies of `_didCancelTransitionFromViewController:…`): from
    /// iOS 18 a cancelled swipe ends with a `willShow` that names the screen that stays and no
    /// leaving screen. The per-screen strategies then set that screen once more, after their cancel
    /// path set it: the same screen twice, never the one underneath, so the look does not move.
    @Test func fromIOS18TheCancelsWillShowSetsTheStayingScreenOnceMore() throws {
        let nav = SimNavigationController(profile: .ios18)
        let spy = SetSpy(order: .arrivingLast)
        _ = try nav.hooks.install(spy)
        nav.setViewControllers([BarLookTests.screen("Photo", Self.photo)], animated: false)
        nav.runUntilIdle()
        spy.names.removeAll()
        nav.pushViewController(BarLookTests.screen("Details", Self.details), animated: true)
        nav.runUntilIdle()
        nav.swipeBack(.edge, progress: 0.5, release: .cancel)
        nav.runUntilIdle()
        // push: Photo, Details; swipe: Details, Photo; cancel path: Details; R42's willShow: Details.
        #expect(spy.names == ["Photo", "Details", "Details", "Photo", "Details", "Details"])
    }

    /// The same `willShow` heals the naive writer at rest from iOS 18: it writes the look of the
    /// screen the body names, the one that stays (before iOS 18 nothing is sent, R10, and the
    /// wrong look stays: ``aWillShowWriterWithoutACancelPathKeepsTheWrongLook()``).
    @Test func fromIOS18TheCancelsWillShowGivesTheNaiveWriterTheStayingScreensLook() throws {
        let nav = try BarLookTests.navigation(
            .ios18, [LifecycleBarAppearancePlugin(writer: .willShow)], root: BarLookTests.screen("Cover", Self.dark))
        nav.pushViewController(BarLookTests.screen("Details", Self.details), animated: true)
        nav.runUntilIdle()
        let afterPush = nav.shownBarLook  // Details' look as iOS 18 shows it at the scroll edge (R103)
        nav.swipeBack(.edge, progress: 0.5, release: .cancel)
        nav.runUntilIdle()
        #expect(afterPush?.tint == Self.details.tint)  // not the Cover's white: the test tells them apart
        #expect(nav.shownBarLook == afterPush)
    }
}

/// A per-screen strategy that records which screens it is asked to set, in order.
@MainActor
final class SetSpy: NavigationPlugin {
    static var pluginName: String { "SetSpy" }
    let order: BarLookActivation.Order
    var names: [String] = []

    init(order: BarLookActivation.Order) { self.order = order }

    func install(on hooks: HookRegistry, recording installation: PluginInstallation) throws {
        let bar = try #require(hooks.host as? any BarAppearanceHost)
        try BarLookActivation.install(on: hooks, bar: bar, recording: installation, name: Self.pluginName, order: order)
        {
            [weak self] screen in self?.names.append((screen as? SimScreen)?.screenName ?? "?")
        }
    }
}
