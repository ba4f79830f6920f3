import NavigationHooks
import NavigationSimulator
import NavigationStrategies
import Testing

/// A delegate that says yes to `shouldBegin` and forwards the "should receive" question to
/// UIKit's delegate: what a proxy that forwards every selector it does not implement does.
@MainActor
private final class ForwardingEverythingDelegate: SimGestureDelegate {
    let system = SystemPopGestureDelegate()
    func gestureShouldBegin(_ kind: PopGestureKind, in nav: SimNavigationController) -> Bool { true }
    func shouldBeRequiredToFailByScrollView(_ kind: PopGestureKind, in nav: SimNavigationController) -> Bool {
        false
    }
    func shouldReceive(_ kind: PopGestureKind, in nav: SimNavigationController) -> Bool {
        system.shouldReceive(kind, in: nav)
    }
}

/// An app's own pop-recognizer delegate with a fixed answer.
@MainActor
private final class FixedAnswerDelegate: SimGestureDelegate {
    let answer: Bool
    private(set) var asked = 0
    init(_ answer: Bool) { self.answer = answer }
    func gestureShouldBegin(_ kind: PopGestureKind, in nav: SimNavigationController) -> Bool {
        asked += 1
        return answer
    }
    func shouldBeRequiredToFailByScrollView(_ kind: PopGestureKind, in nav: SimNavigationController) -> Bool {
        false
    }
}

/// Rules R34–R37 (UIKitRules.md): what the UIKit host's review found about the pop recognizers'
/// delegate and the back menu, and the plugin logic that handles it.
@MainActor
struct GestureAndMenuHostRuleTests {
    private func hiddenBarStack(_ profile: IOSProfile) -> SimNavigationController {
        let nav = Fixture.navigation(profile, [SimScreen("Home"), SimScreen("Detail")])
        nav.setNavigationBarHidden(true, animated: false)
        nav.runUntilIdle()
        return nav
    }

    /// R34: from iOS 13.4 UIKit's delegate refuses a hidden-bar swipe before `shouldBegin`
    /// is asked, so a delegate that forwards that question cannot keep the swipe alive; the
    /// plugin's proxy answers it (through the plugin) and the swipe pops.
    @Test func r34_receiveQuestionRefusesBeforeShouldBeginFromIOS13_4() throws {
        for profile in [IOSProfile.ios13, .ios17] {
            let nav = hiddenBarStack(profile)
            nav.edgePopGestureDelegate = ForwardingEverythingDelegate()
            nav.swipeBack(progress: 0.9, release: .finish)
            nav.runUntilIdle()
            // Both profiles model 13.4+: UIKit's receive refusal wins over the always-yes answer.
            #expect(nav.screens.count == 2)
        }
        let nav = hiddenBarStack(.ios17)
        try nav.hooks.install(PopGestureGuardPlugin())
        nav.swipeBack(progress: 0.9, release: .finish)
        nav.runUntilIdle()
        #expect(nav.screens.map(\.screenName) == ["Home"])
    }

    /// R35: the previous delegate's refusal stands unless it is UIKit's R15 refusal; hooks
    /// veto whatever the previous delegate says.
    @Test func r35_previousDelegateAnswerStandsAndHooksVeto() throws {
        // An app delegate that refuses, with the bar visible: the plugin does not override it.
        let refusing = FixedAnswerDelegate(false)
        let nav = Fixture.navigation(.ios17, [SimScreen("Home"), SimScreen("Detail")])
        nav.edgePopGestureDelegate = refusing
        try nav.hooks.install(PopGestureGuardPlugin())
        nav.swipeBack(progress: 0.9, release: .finish)
        nav.runUntilIdle()
        #expect(nav.screens.count == 2)
        #expect(refusing.asked == 1)
        #expect(Detectors.analyze(nav.timeline).inferredRules.contains("R35"))  // the outcome rests on R35

        // UIKit's own refusal for a hidden bar (R15): kept alive.
        let hidden = hiddenBarStack(.ios17)
        try hidden.hooks.install(PopGestureGuardPlugin())
        hidden.swipeBack(progress: 0.9, release: .finish)
        hidden.runUntilIdle()
        #expect(hidden.screens.count == 1)

        // An app delegate that says yes, on a guarded screen: the hooks veto.
        let editor = Fixture.guardedScreen("Editor")
        let guarded = Fixture.navigation(.ios17, [SimScreen("Home"), editor])
        guarded.edgePopGestureDelegate = FixedAnswerDelegate(true)
        try guarded.hooks.install(PopGestureGuardPlugin())
        guarded.swipeBack(progress: 0.9, release: .finish)
        guarded.runUntilIdle()
        #expect(guarded.screens.last === editor)
    }

    /// R36: during a running transition the plugin refuses (R17), except on iOS 26, where
    /// UIKit can interrupt the transition and its own delegate's yes stands.
    @Test(arguments: [IOSProfile.ios18, .ios26])
    func r36_iOS26LetsUIKitDecideDuringATransition(profile: IOSProfile) throws {
        let nav = Fixture.navigation(profile, [SimScreen("Home"), SimScreen("List")])
        try nav.hooks.install(PopGestureGuardPlugin())
        nav.pushViewController(SimScreen("Detail"), animated: true)
        #expect(nav.isTransitioning)
        let uikitSaysYes = PopGestureEvent(host: nav, kind: .edge, previousAnswer: true)
        let uikitSaysNo = PopGestureEvent(host: nav, kind: .edge, previousAnswer: false)
        let noDelegate = PopGestureEvent(host: nav, kind: .edge, previousAnswer: nil)
        #expect(PopGestureGuardPlugin.shouldBegin(uikitSaysYes) == (profile == .ios26))
        #expect(!PopGestureGuardPlugin.shouldBegin(uikitSaysNo))
        #expect(!PopGestureGuardPlugin.shouldBegin(noDelegate))
        nav.runUntilIdle()
        #expect(PopGestureGuardPlugin.shouldBegin(noDelegate))
    }

    /// R36 is inferred: a swipe during a transition on iOS 26 says its outcome rests on it.
    @Test(arguments: [IOSProfile.ios18, .ios26])
    func r36_aSwipeDuringATransitionIsFlaggedOnIOS26(profile: IOSProfile) throws {
        let nav = Fixture.navigation(profile, [SimScreen("Home"), SimScreen("List")])
        try nav.hooks.install(PopGestureGuardPlugin())
        nav.pushViewController(SimScreen("Detail"), animated: true)
        nav.swipeBack(progress: 0.9, release: .finish)
        nav.runUntilIdle()
        #expect(nav.screens.count == 3)  // the simulator lets no swipe interrupt a transition
        #expect(Detectors.analyze(nav.timeline).inferredRules.contains("R36") == (profile == .ios26))
    }

    /// R37: the back menu is decided when a row is picked: a guard that turns to "deny"
    /// after the push refuses the pick, and no guard runs when the menu is assigned.
    @Test func r37_backMenuIsDecidedAtPickTime() throws {
        let editor = SimScreen("Editor")
        var hasUnsavedChanges = false
        var guardCalls = 0
        editor.navigationPreferences.popGuard = { context in
            guardCalls += 1
            return context.trigger.isUserInitiated && hasUnsavedChanges ? .deny(reason: "unsaved") : .pass
        }
        let nav = Fixture.navigation(.ios17, [SimScreen("Home"), SimScreen("List"), editor])
        try nav.hooks.install(BackMenuGuardPlugin())
        #expect(nav.backMenuDestinations().map(\.screenName) == ["List", "Home"])
        #expect(guardCalls == 0)
        hasUnsavedChanges = true  // the guard turns to "deny" after the push
        nav.chooseFromBackMenu(nav.screens[0] as! SimScreen)
        nav.runUntilIdle()
        #expect(nav.screens.last === editor)
        #expect(guardCalls == 1)
        hasUnsavedChanges = false
        nav.chooseFromBackMenu(nav.screens[0] as! SimScreen)
        nav.runUntilIdle()
        #expect(nav.screens.map(\.screenName) == ["Home"])
    }
}
