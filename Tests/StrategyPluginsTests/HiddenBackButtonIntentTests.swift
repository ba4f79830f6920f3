import NavigationHooks
import NavigationSimulator
import NavigationStrategies
import Testing

/// Issue 29 §3: a hidden back button means opposite things; the screen says which
/// (`HiddenBackButtonIntent`). The oracle for `.locksSwipe` is the world without our proxy:
/// UIKit's own delegate refuses the swipe behind a custom left button or a hidden bar (R15,
/// openradar 19031955), which is what canopas/UIPilot #57 relies on to lock it. The oracle for
/// `.keepsSwipe` is the field's request that the swipe survive it (R66's reports).
@MainActor
struct HiddenBackButtonIntentTests {
    private func swipe(
        _ intent: HiddenBackButtonIntent?, barHidden: Bool, customBack: Bool, profile: IOSProfile
    ) throws -> [String] {
        let nav = SimNavigationController(profile: profile)
        if intent != nil { try StrategyComposition.recommended.install(on: nav.hooks) }
        let payment = SimScreen("Payment", hasCustomBackButton: customBack)
        payment.customBackAction = { [unowned nav] in nav.popViewController(animated: true) }
        payment.navigationPreferences.hiddenBackButtonIntent = intent ?? .keepsSwipe
        nav.setViewControllers([SimScreen("Cart"), payment], animated: false)
        nav.runUntilIdle()
        if barHidden { nav.setNavigationBarHidden(true, animated: false) }
        nav.swipeBack(.edge, progress: 0.8, release: .finish)
        nav.runUntilIdle()
        return nav.viewControllers.map(\.screenName)
    }

    @Test(arguments: IOSProfile.allCases)
    func aLockingScreenKeepsTheSwipeAsDeadAsUIKitLeavesIt(_ profile: IOSProfile) throws {
        for (barHidden, customBack) in [(false, true), (true, false)] {
            let uikitAlone = try swipe(nil, barHidden: barHidden, customBack: customBack, profile: profile)
            #expect(uikitAlone == ["Cart", "Payment"])  // R15: the reports' premise
            let locked = try swipe(.locksSwipe, barHidden: barHidden, customBack: customBack, profile: profile)
            #expect(locked == uikitAlone, "\(profile) bar hidden \(barHidden)")
            let kept = try swipe(.keepsSwipe, barHidden: barHidden, customBack: customBack, profile: profile)
            #expect(kept == ["Cart"], "\(profile) bar hidden \(barHidden)")
        }
    }

    /// With the system back button showing, the intent changes nothing: the swipe is UIKit's.
    @Test func theIntentMattersOnlyWhenTheBackButtonIsHidden() throws {
        #expect(try swipe(.locksSwipe, barHidden: false, customBack: false, profile: .ios17) == ["Cart"])
    }

    @Test func theDefaultKeepsTheSwipe() {
        #expect(ScreenPreferences().hiddenBackButtonIntent == .keepsSwipe)
    }
}
