import NavigationHooks
import NavigationSimulator
import NavigationStrategies
import Testing

/// A screen's leave confirmation, reached by every user path of the recommended composition.
@MainActor
struct LeaveConfirmationTests {
    /// Home, List, and an Editor that asks before leaving; the recommended composition.
    private func editorStack(
        _ profile: IOSProfile, customBack: Bool = false, composition: StrategyComposition = .recommended
    ) throws -> (SimNavigationController, SimScreen, LeaveAttemptLog) {
        let log = LeaveAttemptLog()
        let editor = Fixture.confirmingScreen("Editor", customBack: customBack, attempts: log)
        let nav = Fixture.navigation(profile, [SimScreen("Home"), SimScreen("List"), editor])
        Fixture.wireCustomBack(editor, on: nav)
        try composition.install(on: nav.hooks)
        return (nav, editor, log)
    }

    @Test(arguments: IOSProfile.allCases)
    func everyUserPathStopsAndAsksOnceThenProceedLeavesThatWay(_ profile: IOSProfile) throws {
        for trigger in CoverageCase.userTriggers {
            let (nav, editor, log) = try editorStack(profile, customBack: trigger == .customBackButton)
            guard Fixture.performUserBack(trigger, on: nav) else { continue }
            #expect(Fixture.stays(editor, on: nav), "\(trigger) on \(profile)")
            #expect(log.asked.count == 1, "\(trigger) on \(profile): \(nav.timeline.dump())")
            #expect(log.asked.first?.trigger == trigger)
            log.asked.first?.proceed()
            nav.runUntilIdle()
            #expect(log.asked.count == 1, "proceed() asked again: \(trigger) on \(profile)")
            #expect(!Fixture.stays(editor, on: nav), "\(trigger) on \(profile)")
            if trigger == .backMenu {
                #expect(nav.screens.map(\.screenName) == ["Home"], "the pick was the root")
            } else if trigger != .sheetDismissal {
                #expect(nav.screens.map(\.screenName) == ["Home", "List"], "\(trigger) on \(profile)")
            }
            let report = Detectors.analyze(nav.timeline)
            #expect(report.unansweredAttempts == 0 && report.unguardedPops == 0, "\(trigger) on \(profile)")
        }
    }

    @Test(arguments: IOSProfile.allCases)
    func cancelKeepsTheScreenAndTheNextAttemptAsksAgain(_ profile: IOSProfile) throws {
        let (nav, editor, log) = try editorStack(profile)
        nav.tapBack()
        log.asked.first?.cancel()
        nav.runUntilIdle()
        #expect(nav.screens.last === editor)
        #expect(log.asked.first?.state == .cancelled)
        nav.swipeBack(.edge, progress: 0.7, release: .finish)
        nav.runUntilIdle()
        #expect(log.asked.count == 2 && log.asked[1].trigger == .edgeGesture)
        #expect(nav.screens.last === editor, "the swipe did not begin")
    }

    /// Point 5: an attempt nobody answers never blocks the screen. On every trigger, a new
    /// attempt supersedes the pending one (which expires and does nothing if answered late)
    /// and asks again; proceeding the new one leaves.
    @Test(arguments: IOSProfile.allCases)
    func aNewAttemptSupersedesAnUnansweredOneOnEveryTrigger(_ profile: IOSProfile) throws {
        for trigger in CoverageCase.userTriggers {
            let (nav, editor, log) = try editorStack(profile, customBack: trigger == .customBackButton)
            nav.tapBack()  // asked; the dialog is dismissed without an answer
            guard Fixture.performUserBack(trigger, on: nav) else { continue }
            #expect(log.asked.count == 2, "\(trigger) on \(profile): \(nav.timeline.dump())")
            #expect(log.asked.first?.state == .expired && log.asked.last?.state == .pending)
            #expect(log.asked.last?.trigger == trigger)
            #expect(nav.hooks.dispatcher.pendingLeaveAttempt === log.asked.last)
            log.asked.first?.proceed()
            nav.runUntilIdle()
            #expect(Fixture.stays(editor, on: nav), "late answer to the superseded attempt: \(trigger)")
            log.asked.last?.proceed()
            nav.runUntilIdle()
            #expect(!Fixture.stays(editor, on: nav), "\(trigger) on \(profile)")
            #expect(nav.timeline.dump().contains("leave confirmation on Editor expired"), "traced: \(trigger)")
        }
    }

    /// An attempt left pending keeps nothing alive, on every user path: the navigation
    /// controller goes away with its screens (the plugins' `leave` closures hold it `unowned`,
    /// the attempt weakly), and a late `proceed()` expires the attempt without touching it.
    /// BackActionOverride stands in for ShouldPopItemGuard on the back button's tap.
    @Test(arguments: IOSProfile.allCases)
    func aPendingAttemptOutlivedByNothingItHolds(_ profile: IOSProfile) throws {
        var backAction = StrategyComposition.recommended
        backAction.plugins[0] = BackActionOverridePlugin()
        for composition in [StrategyComposition.recommended, backAction] {
            try pendingAttemptsHoldNothing(profile, composition)
        }
    }

    private func pendingAttemptsHoldNothing(_ profile: IOSProfile, _ composition: StrategyComposition) throws {
        for trigger in CoverageCase.userTriggers {
            var attempt: LeaveAttempt?
            weak var gone: SimNavigationController?
            do {
                let (nav, _, log) = try editorStack(
                    profile, customBack: trigger == .customBackButton, composition: composition)
                gone = nav
                guard Fixture.performUserBack(trigger, on: nav) else { continue }
                attempt = log.asked.first
            }
            #expect(attempt?.state == .pending, "\(trigger) on \(profile)")
            #expect(gone == nil, "the pending attempt kept the navigation controller: \(trigger) on \(profile)")
            attempt?.proceed()
            #expect(attempt?.state == .expired, "\(trigger) on \(profile)")
        }
    }

    /// Point 4: the app pushed while the dialog was up; "Discard" leaves the editor, taking
    /// the pushed screen with it, not the pushed screen alone.
    @Test(arguments: [PopTrigger.backButton, .edgeGesture, .accessibilityEscape])
    func proceedLeavesTheScreenThatAskedNotWhatWasPushedSince(_ trigger: PopTrigger) throws {
        let (nav, _, log) = try editorStack(.ios17)
        _ = Fixture.performUserBack(trigger, on: nav)
        nav.pushViewController(SimScreen("Pushed"), animated: true)
        nav.runUntilIdle()
        log.asked.first?.proceed()
        nav.runUntilIdle()
        #expect(log.asked.first?.state == .proceeded)
        #expect(nav.screens.map(\.screenName) == ["Home", "List"], "\(nav.timeline.dump())")
    }

    /// An attempt whose screen the app popped meanwhile expires at the next `willShow`, so
    /// the dispatcher holds nothing pending.
    @Test func anAttemptExpiresWhenItsScreenLeavesByCode() throws {
        let (nav, _, log) = try editorStack(.ios17)
        nav.tapBack()
        nav.popViewController(animated: true)
        nav.runUntilIdle()
        #expect(log.asked.first?.state == .expired)
        #expect(nav.hooks.dispatcher.pendingLeaveAttempt == nil)
    }

    @Test func answeringTwiceOrAfterTheScreenLeftDoesNothing() throws {
        let (nav, editor, log) = try editorStack(.ios17)
        nav.tapBack()
        let attempt = try #require(log.asked.first)
        attempt.proceed()
        attempt.proceed()
        attempt.cancel()
        nav.runUntilIdle()
        #expect(attempt.state == .proceeded)
        #expect(nav.screens.map(\.screenName) == ["Home", "List"], "popped once")

        nav.pushViewController(editor, animated: false)
        nav.runUntilIdle()
        nav.tapBack()
        let late = try #require(log.asked.last)
        nav.popViewController(animated: false)  // the app's own pop is free
        nav.runUntilIdle()
        late.proceed()
        nav.runUntilIdle()
        #expect(late.state == .expired)
        #expect(nav.screens.map(\.screenName) == ["Home", "List"], "nothing more popped")
    }

    @Test func theAppsOwnPopsNeverAsk() throws {
        let (nav, _, log) = try editorStack(.ios26)
        nav.popToRootViewController(animated: true)
        nav.runUntilIdle()
        #expect(log.asked.isEmpty)
        #expect(nav.screens.map(\.screenName) == ["Home"])
    }

    @Test func aHandlerThatAnswersFirstDecidesWithoutTheConfirmation() throws {
        let (nav, editor, log) = try editorStack(.ios17)
        try nav.hooks.dispatcher.backButtonActionHandlers.add(name: "own alert") { _ in .handled }
        try nav.hooks.dispatcher.gestureShouldBeginHandlers.add(name: "no swipe") { _ in .deny(reason: "own") }
        nav.tapBack()
        nav.swipeBack(.edge, progress: 0.7, release: .finish)
        nav.runUntilIdle()
        #expect(log.asked.isEmpty)
        #expect(nav.screens.last === editor)
        editor.popGuard = { _ in .allow }  // the guard answers before the confirmation too
        nav.chooseFromBackMenu(nav.viewControllers[0])
        nav.runUntilIdle()
        #expect(log.asked.isEmpty)
        #expect(nav.screens.map(\.screenName) == ["Home"])
    }

    /// Seed 003's (Seeds.md) `BackButtonHandler`: the tap reaches `navigationBar(_:shouldPop:)` only, and
    /// an app's `backButtonAction` handler is asked there too.
    @Test(arguments: IOSProfile.allCases)
    func theShouldPopItemGuardAsksBackButtonHandlersAndTheConfirmation(_ profile: IOSProfile) throws {
        let log = LeaveAttemptLog()
        let editor = Fixture.confirmingScreen("Editor", attempts: log)
        let nav = Fixture.navigation(profile, [SimScreen("Home"), editor])
        try nav.hooks.install(ShouldPopItemGuardPlugin())
        var handlerCalls = 0
        try nav.hooks.dispatcher.backButtonActionHandlers.add(name: "app") { _ in
            handlerCalls += 1
            return .pass
        }
        nav.tapBack()
        nav.runUntilIdle()
        #expect(handlerCalls == 1)
        #expect(log.asked.count == 1 && nav.screens.last === editor)
        log.asked[0].proceed()
        nav.runUntilIdle()
        #expect(nav.screens.map(\.screenName) == ["Home"])
        #expect(handlerCalls == 1 && log.asked.count == 1, "the proceeding pop is a code pop (R21)")
    }

    /// A back-menu pick past two screens that ask: each asks in turn, top first, and the last
    /// `proceed()` pops to the row the user picked.
    @Test func aBackMenuPickAsksEachConfirmingScreenItRemoves() throws {
        let log = LeaveAttemptLog()
        let draft = Fixture.confirmingScreen("Draft", attempts: log)
        let editor = Fixture.confirmingScreen("Editor", attempts: log)
        let nav = Fixture.navigation(.ios18, [SimScreen("Home"), draft, SimScreen("Preview"), editor])
        try StrategyComposition.recommended.install(on: nav.hooks)
        nav.chooseFromBackMenu(nav.viewControllers[0])
        nav.runUntilIdle()
        #expect(log.asked.map { $0.screen?.screenName } == ["Editor"])
        log.asked[0].proceed()
        nav.runUntilIdle()
        #expect(log.asked.map { $0.screen?.screenName } == ["Editor", "Draft"])
        #expect(nav.screens.count == 4, "nothing left before the second answer")
        log.asked[1].proceed()
        nav.runUntilIdle()
        #expect(nav.screens.map(\.screenName) == ["Home"])
        #expect(Detectors.analyze(nav.timeline).unguardedPops == 0)
    }

    /// Without a plugin on a path, the attempt neither leaves the way it should nor asks: the
    /// metric counts it. BackActionOverride alone leaves VoiceOver's escape unguarded (R50).
    @Test func pathsNoPluginOwnsAreCounted() throws {
        let log = LeaveAttemptLog()
        let editor = Fixture.confirmingScreen("Editor", attempts: log)
        let nav = Fixture.navigation(.ios17, [SimScreen("Home"), editor])
        try nav.hooks.install(BackActionOverridePlugin())
        nav.accessibilityEscape()
        nav.runUntilIdle()
        #expect(log.asked.isEmpty)
        #expect(nav.screens.map(\.screenName) == ["Home"])
        #expect(Detectors.analyze(nav.timeline).unguardedPops == 1)

        let stuck = Fixture.confirmingScreen("Stuck", attempts: log)
        stuck.popGuard = { context in context.trigger.isUserInitiated ? .deny(reason: "old guard") : .pass }
        let other = Fixture.navigation(.ios17, [SimScreen("Home"), stuck])
        try other.hooks.install(BackActionOverridePlugin())
        other.tapBack()
        other.runUntilIdle()
        #expect(Detectors.analyze(other.timeline).unansweredAttempts == 1, "refused without asking")
    }

    /// R52: a sheet's swipe-down takes every screen, so ExitGuard asks every one of them: a
    /// guarded draft under the top keeps the sheet, and a confirmation below the top is asked.
    @Test func aSheetSwipeDownAsksTheScreensBelowTheTopToo() throws {
        let draft = Fixture.guardedScreen("Compose")
        let nav = Fixture.navigation(.ios17, [draft, SimScreen("Attachments")])
        nav.isPresentedAsSheet = true
        try nav.hooks.install(ExitGuardPlugin())
        nav.swipeDownSheet()
        nav.runUntilIdle()
        #expect(!nav.isSheetDismissed)
        #expect(Detectors.analyze(nav.timeline).unguardedPops == 0)

        let editor = SimScreen("Editor")
        var asked = 0
        editor.leaveConfirmation = LeaveConfirmation { attempt in
            asked += 1
            attempt.proceed()
        }
        let confirming = Fixture.navigation(.ios17, [editor, SimScreen("Preview")])
        confirming.isPresentedAsSheet = true
        try confirming.hooks.install(ExitGuardPlugin())
        confirming.swipeDownSheet()
        confirming.runUntilIdle()
        #expect(asked == 1)
        #expect(confirming.isSheetDismissed)  // proceeding lets the whole sheet go
    }

    /// R52: the core's sheet question (`sheetMayDismiss(on:)`, which the UIKit host answers
    /// `presentationControllerShouldDismiss` with) agrees with what ExitGuard does with the
    /// swipe-down on the simulator: it says yes exactly when the sheet goes without asking.
    @Test func r52_theSheetQuestionAgreesWithExitGuardOnTheSimulator() throws {
        let stacks: [(String, () -> [SimScreen])] = [
            ("plain", { [SimScreen("List"), SimScreen("Detail")] }),
            ("guard under the top", { [Fixture.guardedScreen("Compose"), SimScreen("Attachments")] }),
            ("guard on top", { [SimScreen("List"), Fixture.guardedScreen("Compose")] }),
            (
                "confirmation on top",
                {
                    let editor = SimScreen("Editor")
                    editor.leaveConfirmation = LeaveConfirmation { _ in }
                    return [SimScreen("List"), editor]
                }
            ),
        ]
        for (name, screens) in stacks {
            let nav = Fixture.navigation(.ios17, screens())
            nav.isPresentedAsSheet = true
            try nav.hooks.install(ExitGuardPlugin())
            let mayDismiss = nav.hooks.dispatcher.sheetMayDismiss(on: nav)
            nav.swipeDownSheet()
            nav.runUntilIdle()
            #expect(mayDismiss == nav.isSheetDismissed, "\(name)")
            #expect(mayDismiss == (name == "plain"), "\(name)")
        }
    }

    /// R50, R28: VoiceOver's escape on a screen with a custom left button activates the
    /// button, whose action is the app's; ExitGuard does not pop past it.
    @Test func escapeOnACustomBackButtonRunsTheButton() throws {
        let form = SimScreen("Form", hasCustomBackButton: true)
        var tapped = 0
        form.customBackAction = { tapped += 1 }  // the app's button: it asks its own question
        let nav = Fixture.navigation(.ios17, [SimScreen("List"), form])
        try nav.hooks.install(ExitGuardPlugin())
        nav.accessibilityEscape()
        nav.runUntilIdle()
        #expect(tapped == 1)
        #expect(nav.screens.last === form)
    }
}
