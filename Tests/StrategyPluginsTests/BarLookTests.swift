import NavigationHooks
import NavigationSimulator
import NavigationStrategies
import Testing

/// The bar's look per screen on the simulator, judged against the field's reports and Apple's
/// documentation (UIKitRules.md R100–R104), and the three appearance strategies against them.
@MainActor
struct BarLookTests {
    static let photo = NavigationBarLook(background: .transparent, shadowHidden: true, tint: .white)
    static let details = NavigationBarLook(background: .color(.white), tint: BarColor(red: 0, green: 0.48, blue: 1))
    static let dark = NavigationBarLook(background: .color(BarColor(hex: "1C1C1E")!), tint: .white, style: .dark)

    static func screen(_ name: String, _ look: NavigationBarLook?) -> SimScreen {
        let screen = SimScreen(name)
        screen.navigationPreferences.navigationBarLook = look
        return screen
    }

    static func navigation(_ profile: IOSProfile, _ plugins: [any NavigationPlugin], root: SimScreen)
        throws -> SimNavigationController
    {
        let nav = SimNavigationController(profile: profile)
        try StrategyComposition(plugins).install(on: nav.hooks)
        nav.setViewControllers([root], animated: false)
        nav.runUntilIdle()
        return nav
    }

    /// openHPI/xikolo-ios #661 ("the navigation bar background becomes solid immediately") with the
    /// shared bar set in `viewWillAppear`: the leaving transparent screen wears the arriving opaque
    /// look during the push (R100), a bleed. The background per screen does not.
    @Test(arguments: IOSProfile.allCases)
    func theSharedBarBleedsIntoTheLeavingScreenAndABackgroundPerScreenDoesNot(_ profile: IOSProfile) throws {
        let naive = try Self.navigation(
            profile, [LifecycleBarAppearancePlugin()], root: Self.screen("Photo", Self.photo))
        naive.pushViewController(Self.screen("Details", Self.details), animated: true)
        naive.runUntilIdle()
        let bled = Detectors.analyze(naive.timeline)
        #expect(bled.lookGlitches == 1)
        // Before iOS 15 the arriving look over the leaving screen; from iOS 15 the bar at its
        // scroll edge does not show the colour (R103), so the leaving screen's transparent bar
        // stays over the arriving opaque one: a bleed either way.
        #expect(bled.lookGlitchKinds[.bleed] == 1)

        let perScreen = try Self.navigation(
            profile, [TransitionBarBackgroundPlugin()], root: Self.screen("Photo", Self.photo))
        perScreen.pushViewController(Self.screen("Details", Self.details), animated: true)
        perScreen.runUntilIdle()
        perScreen.swipeBack(.edge, progress: 0.5, release: .cancel)
        perScreen.runUntilIdle()
        perScreen.popViewController(animated: true)
        perScreen.runUntilIdle()
        let report = Detectors.analyze(perScreen.timeline)
        #expect(report.lookGlitches == 0)
        #expect(report.wrongLookAtRest == 0)
        #expect(report.wrongLookAfterCancel == 0)
        #expect(perScreen.shownBarLook == Self.photo)
    }

    /// MoZhouqi/KMNavigationBarTransition #102: a colour set on the shared bar for one screen
    /// "remains the same" on the next, which set none; banchichen/TZScrollViewPopGesture #7: after
    /// a cancelled swipe the staying screen wears the colour of the screen underneath.
    @Test func aLookSetOnTheSharedBarLeaksIntoAScreenThatStatesNone() throws {
        let nav = try Self.navigation(.ios14, [LifecycleBarAppearancePlugin()], root: Self.screen("Cover", Self.dark))
        nav.pushViewController(Self.screen("Settings", nil), animated: true)
        nav.runUntilIdle()
        #expect(nav.shownBarLook == Self.dark)  // the app's look was wanted
        nav.swipeBack(.edge, progress: 0.5, release: .cancel)
        nav.runUntilIdle()
        let report = Detectors.analyze(nav.timeline)
        #expect(report.wrongLookAtRest == 1)
        #expect(report.wrongLookAfterCancel == 1)
    }

    /// Apple's UINavigationBar.scrollEdgeAppearance: from iOS 15 every bar at its scroll edge uses
    /// the scroll-edge appearance, "standardAppearance ... modified to use a transparent
    /// background" when none is set; iOS 14 and earlier apply it to large titles only (R103).
    /// The bar's own colour therefore shows at rest on ios14, not on ios16; item appearances that
    /// set all three show everywhere.
    @Test(arguments: [(IOSProfile.ios14, true), (.ios16, false), (.ios26, false)])
    func theSharedBarsColourDoesNotReachTheScrollEdgeFromIOS15(_ profile: IOSProfile, colourShows: Bool) throws {
        let naive = try Self.navigation(profile, [LifecycleBarAppearancePlugin()], root: Self.screen("Home", Self.dark))
        #expect((naive.shownBarLook == Self.dark) == colourShows)
        let item = try Self.navigation(profile, [ItemBarAppearancePlugin()], root: Self.screen("Home", Self.dark))
        #expect(item.shownBarLook == Self.dark)
    }

    /// wangrui460/WRNavigationBar #134: popping from a transparent bar interpolates towards the next
    /// colour and "flashes white" over the transparent screen: an item cross-fade with a
    /// transparent end bleeds (R102); between two opaque looks it is UIKit's own transition.
    @Test func anItemCrossFadeBleedsOnlyWithATransparentEnd() throws {
        let transparent = try Self.navigation(
            .ios17, [ItemBarAppearancePlugin()], root: Self.screen("List", Self.details))
        transparent.pushViewController(Self.screen("Photo", Self.photo), animated: true)
        transparent.runUntilIdle()
        transparent.popViewController(animated: true)
        transparent.runUntilIdle()
        #expect(Detectors.analyze(transparent.timeline).lookGlitchKinds[.bleed] == 2)

        let opaque = try Self.navigation(.ios17, [ItemBarAppearancePlugin()], root: Self.screen("List", Self.details))
        opaque.pushViewController(Self.screen("Cover", Self.dark), animated: true)
        opaque.runUntilIdle()
        opaque.popViewController(animated: true)
        opaque.runUntilIdle()
        #expect(Detectors.analyze(opaque.timeline).lookGlitches == 0)
    }

    /// The world without the plugin: with no screen stating a look, a run with an appearance
    /// strategy installed records the same timeline as one without (the app's look left alone).
    @Test(arguments: StrategyCatalog.appearanceNames)
    func withoutLooksAStrategyChangesNothing(_ name: String) throws {
        let strategy = try #require(StrategyCatalog.plugin(named: name))
        func play(_ plugins: [any NavigationPlugin]) throws -> Timeline {
            let nav = try Self.navigation(.ios18, [DelegateBarHidingPlugin()] + plugins, root: SimScreen("Home"))
            nav.pushViewController(SimScreen("Detail", prefersNavigationBarHidden: true), animated: true)
            nav.runUntilIdle()
            nav.swipeBack(.edge, progress: 0.4, release: .cancel)
            nav.swipeBack(.edge, progress: 0.8, release: .finish)
            nav.runUntilIdle()
            return nav.timeline
        }
        let with = try play([strategy])
        #expect(!with.events.contains { if case .barLook = $0.kind { true } else { false } })
        #expect(with.frames == (try play([])).frames)
    }

    /// One appearance strategy per navigation controller: a second throws and installs nothing.
    @Test func aSecondAppearanceStrategyIsRefused() throws {
        let nav = SimNavigationController(profile: .ios17)
        try nav.hooks.install(TransitionBarBackgroundPlugin())
        let error = #expect(throws: BarAppearanceConflictError.self) {
            try nav.hooks.install(ItemBarAppearancePlugin())
        }
        #expect(error?.installed == "TransitionBarBackground")
        #expect(nav.hooks.installation(named: "ItemBarAppearance") == nil)
    }

    /// A hidden bar shows no look; coming back visible it shows the arriving screen's (R104).
    /// (On iOS 26 the hiding push itself switches the item's look at once, R102.)
    @Test(arguments: IOSProfile.allCases.filter { $0.majorVersion < 26 })
    func hiddenToVisibleShowsTheArrivingLook(_ profile: IOSProfile) throws {
        let nav = try Self.navigation(
            profile, [DelegateBarHidingPlugin(), ItemBarAppearancePlugin()], root: Self.screen("Feed", Self.details))
        let gallery = SimScreen("Gallery", prefersNavigationBarHidden: true)
        nav.pushViewController(gallery, animated: true)
        nav.runUntilIdle()
        nav.popViewController(animated: true)
        nav.runUntilIdle()
        let report = Detectors.analyze(nav.timeline)
        #expect(report.lookGlitches == 0)
        #expect(report.wrongLookAtRest == 0)
        #expect(nav.shownBarLook == Self.details)
    }

    /// A bar that fades with scrolling (HBDNavigationBar's `hbd_barAlpha`, GKNavigationBarSwift's
    /// `gk_navBarAlpha`, set from `scrollViewDidScroll`): the strategies that hear of a look
    /// changed at rest follow it; the naive one, which acts in `viewWillAppear` only, does not.
    @Test(arguments: [("TransitionBarBackground", 0), ("ItemBarAppearance", 0), ("LifecycleBarAppearance", 3)])
    func aLookChangedAtRestIsFollowed(_ name: String, wrongAtRest: Int) throws {
        let strategy = try #require(StrategyCatalog.plugin(named: name))
        let feed = Self.screen("Feed", Self.details)
        let nav = try Self.navigation(.ios14, [strategy], root: feed)
        for alpha in [0.75, 0.5, 0.25] {
            var look = Self.details
            look.alpha = alpha
            nav.setNavigationBarLook(look, for: feed)
            if wrongAtRest == 0 { #expect(nav.shownBarLook == look) }
        }
        #expect(Detectors.analyze(nav.timeline).wrongLookAtRest == wrongAtRest)
    }
}
