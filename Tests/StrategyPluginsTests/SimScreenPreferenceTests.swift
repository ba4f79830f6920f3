import NavigationHooks
import NavigationSimulator
import NavigationStrategies
import Testing

/// A simulated screen keeps one record of its preferences: what the plugins apply is what
/// the detectors check, whenever and however the app sets it.
@MainActor
struct SimScreenPreferenceTests {
    /// Setting the documented preference after creating the screen is what an app does in
    /// `viewDidLoad`; the bar plugin hides the bar and the detectors agree it is right.
    @Test func theDocumentedPreferenceGivesNoFalseWrongBarAtRest() throws {
        let nav = SimNavigationController(profile: .ios17)
        try nav.hooks.install(DelegateBarHidingPlugin())
        let home = SimScreen("Home")
        home.prefersNavigationBarHidden = true
        nav.setViewControllers([home], animated: false)
        nav.runUntilIdle()
        nav.pushViewController(SimScreen("List"), animated: true)
        nav.runUntilIdle()
        nav.popViewController(animated: true)
        nav.runUntilIdle()
        #expect(nav.isNavigationBarHidden)
        #expect(home.navigationPreferences.prefersNavigationBarHidden)
        #expect(Detectors.analyze(nav.timeline).wrongBarAtRest == 0)
    }

    /// Changing the preference later counts: without a plugin that applies it, the next
    /// moment at rest is reported wrong.
    @Test func aLaterChangeCountsForTheDetectors() {
        let nav = SimNavigationController(profile: .ios17)
        let home = SimScreen("Home")
        nav.setViewControllers([home], animated: false)
        nav.runUntilIdle()
        #expect(Detectors.analyze(nav.timeline).wrongBarAtRest == 0)
        home.prefersNavigationBarHidden = true
        nav.pushViewController(SimScreen("List"), animated: true)
        nav.runUntilIdle()
        nav.popViewController(animated: true)
        nav.runUntilIdle()
        #expect(Detectors.analyze(nav.timeline).wrongBarAtRest > 0)
    }

    /// `isPopGestureEnabled` and `popGuard` on the screen are the preferences the
    /// dispatcher reads.
    @Test func gestureAndGuardSpellingsWriteThePreferences() {
        let screen = SimScreen("Editor", isPopGestureEnabled: false)
        #expect(!screen.navigationPreferences.isPopGestureEnabled)
        screen.isPopGestureEnabled = true
        #expect(screen.navigationPreferences.isPopGestureEnabled)
        screen.popGuard = { _ in .deny(reason: "draft") }
        #expect(screen.navigationPreferences.popGuard != nil)
    }

    /// A user pop refused by the screen's own guard is not unguarded; the same pop with
    /// the guard removed is.
    @Test func refusesUserPopIsCheckedAgainstThePop() throws {
        for guarded in [true, false] {
            let nav = SimNavigationController(profile: .ios17)
            try nav.hooks.install(ShouldPopItemGuardPlugin())
            let editor = SimScreen("Editor", refusesUserPop: true)
            if guarded { editor.popGuard = { $0.trigger.isUserInitiated ? .deny(reason: "draft") : .pass } }
            nav.setViewControllers([SimScreen("Home"), editor], animated: false)
            nav.runUntilIdle()
            nav.tapBack()
            nav.runUntilIdle()
            #expect(Detectors.analyze(nav.timeline).unguardedPops == (guarded ? 0 : 1))
        }
    }
}
