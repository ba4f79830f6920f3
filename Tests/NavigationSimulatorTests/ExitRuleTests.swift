import NavigationHooks
import NavigationSimulator
import Testing

/// The ways out beyond the back button and the swipes (UIKitRules.md R50–R53).
@MainActor
struct ExitRuleTests {
    private func seamCalls(_ nav: SimNavigationController, _ seam: String) -> Int {
        nav.timeline.events.filter { event in
            if case .seamCall(let name, let detail) = event.kind { return name == seam && detail != "activated" }
            return false
        }.count
    }

    /// R50: VoiceOver's escape pops through the bar's `shouldPop` only: a `backAction` hook
    /// never hears of it; a `shouldPopItem` hook can refuse it.
    @Test func r50_escapeAsksTheBarsShouldPopButNotBackAction() throws {
        let nav = navigation(.ios17, [SimScreen("Home"), SimScreen("Editor")])
        var taps = 0
        nav.seams.backAction.add(
            BackTapHook { _ in
                taps += 1
                return .handled
            })
        var asked = 0
        let token = nav.seams.shouldPopItem.add(
            ShouldPopItemHook { _ in
                asked += 1
                return false
            })
        nav.accessibilityEscape()
        nav.runUntilIdle()
        #expect(taps == 0 && asked == 1)
        #expect(nav.screens.count == 2)
        try nav.seams.shouldPopItem.remove(token)
        nav.accessibilityEscape()
        nav.runUntilIdle()
        #expect(nav.screens.map(\.screenName) == ["Home"])
        let popped = nav.timeline.events.contains { event in
            if case .popped(_, .accessibilityEscape, _?) = event.kind { return true }
            return false
        }
        #expect(popped)
    }

    /// R57: with the focus in the navigation bar, the escape seam (the view controller's
    /// `accessibilityPerformEscape`) is never asked, even when a hook there would consume it;
    /// the pop asks `navigationBar(_:shouldPop:)`, where a hook can still refuse it.
    @Test func r57_escapeWithTheFocusInTheBarSkipsTheViewControllersEscape() throws {
        let nav = navigation(.ios26, [SimScreen("Home"), SimScreen("Editor")])
        nav.seams.accessibilityEscape.add(ExitHook { _ in .handled })
        var asked = 0
        let token = nav.seams.shouldPopItem.add(
            ShouldPopItemHook { _ in
                asked += 1
                return false
            })
        nav.accessibilityEscape(focusInNavigationBar: true)
        nav.runUntilIdle()
        #expect(seamCalls(nav, "accessibilityPerformEscape") == 0)
        #expect(asked == 1 && nav.screens.count == 2)
        let rules = Detectors.analyze(nav.timeline).inferredRules
        #expect(!rules.contains("R57") && !rules.contains("R50"), "the bar's path is read in 26.1 (R57)")
        try nav.seams.shouldPopItem.remove(token)
        nav.accessibilityEscape(focusInNavigationBar: true)
        nav.runUntilIdle()
        #expect(nav.screens.map(\.screenName) == ["Home"], "the escape hook did not stop it")
        nav.accessibilityEscape()  // at the root: nothing happens
        #expect(seamCalls(nav, "accessibilityPerformEscape") == 0)
    }

    /// Issue 20 point 6 (R52): a sheet that goes by a user's swipe-down, let through or
    /// confirmed with `proceed()`, tells the presentation delegate will/did dismiss; the app's
    /// own `dismissSheet()` does not (UIKit's documentation of both methods).
    @Test func r52_aConfirmedSwipeDownTellsThePresentationDelegateLikeASwipe() throws {
        func delegateCalls(_ nav: SimNavigationController) -> [String] {
            nav.timeline.events.compactMap { event in
                guard case .seamCall("presentationDelegate", let detail) = event.kind else { return nil }
                return detail
            }
        }
        let heard = ["presentationControllerWillDismiss", "presentationControllerDidDismiss"]
        let swiped = navigation(.ios17, [SimScreen("Home"), SimScreen("Compose")])
        swiped.isPresentedAsSheet = true
        swiped.swipeDownSheet()
        swiped.runUntilIdle()
        #expect(swiped.isSheetDismissed && delegateCalls(swiped) == heard)

        let byCode = navigation(.ios17, [SimScreen("Home"), SimScreen("Compose")])
        byCode.isPresentedAsSheet = true
        byCode.dismissSheet()
        byCode.runUntilIdle()
        #expect(byCode.isSheetDismissed && delegateCalls(byCode).isEmpty)

        let compose = SimScreen("Compose")
        var asked: [LeaveAttempt] = []
        compose.leaveConfirmation = LeaveConfirmation { asked.append($0) }
        let confirmed = navigation(.ios17, [SimScreen("Home"), compose])
        confirmed.isPresentedAsSheet = true
        confirmed.seams.sheetDismissal.add(ExitHook { ExitGuardLike.resolve($0) })
        confirmed.swipeDownSheet()
        confirmed.runUntilIdle()
        #expect(!confirmed.isSheetDismissed && delegateCalls(confirmed).isEmpty)
        try #require(asked.count == 1)
        asked[0].proceed()
        confirmed.runUntilIdle()
        #expect(confirmed.isSheetDismissed && delegateCalls(confirmed) == heard)
    }

    /// R50: with a custom left button, escape activates the button (R28); the screen's own
    /// escape hook (`accessibilityPerformEscape` returning `true`) stops it first.
    @Test func r50_escapeActivatesACustomButtonUnlessAHookConsumesIt() {
        let editor = SimScreen("Editor", hasCustomBackButton: true)
        let nav = navigation(.ios16, [SimScreen("Home"), editor])
        var pressed = 0
        editor.customBackAction = { pressed += 1 }
        nav.accessibilityEscape()
        #expect(pressed == 1)
        let token = nav.seams.accessibilityEscape.add(ExitHook { _ in .handled })
        nav.accessibilityEscape()
        #expect(pressed == 1)
        #expect(seamCalls(nav, "accessibilityPerformEscape") == 1)
        _ = token
    }

    /// R51: ⌘[ pops without asking any back-button seam (read in 26.1's
    /// `_performBackKeyCommand:`), exists from iOS 15, and its seam's hook can stop it.
    @Test(arguments: IOSProfile.allCases)
    func r51_backKeyCommandPopsWithoutAskingTheBar(_ profile: IOSProfile) {
        let nav = navigation(profile, [SimScreen("Home"), SimScreen("Editor")])
        var asked = 0
        nav.seams.shouldPopItem.add(
            ShouldPopItemHook { _ in
                asked += 1
                return false
            })
        nav.pressBackKeyCommand()
        nav.runUntilIdle()
        #expect(asked == 0)
        #expect(nav.screens.count == (profile.majorVersion >= 15 ? 1 : 2))
        #expect(!Detectors.analyze(nav.timeline).inferredRules.contains("R51"), "observed (R51)")
        #expect(nav.seams.backKeyCommand.isAvailable == (profile.majorVersion >= 15))
    }

    /// R80: the ⌘[ seam's command stands on the navigation controller in place of UIKit's, so
    /// it is found wherever the first responder is (R78: in the screen or in the bar; R79:
    /// nothing, on both readings), and UIKit's own command (its private action) acts only when
    /// its hooks pass.
    @Test(arguments: [IOSProfile.ios16, .ios26])
    func r80_theHostsKeyCommandIsFoundWhereverTheFocusIs(_ profile: IOSProfile) {
        for focus in KeyboardFocus.allCases {
            for variants in [Set<String>(), ["R79"]] {
                let nav = navigation(profile, [SimScreen("Home"), SimScreen("Editor")])
                nav.ruleVariants = variants
                var hostCommand = 0
                var privateAction = 0
                nav.seams.responderKeyCommand.add(
                    ExitHook { _ in
                        hostCommand += 1
                        return .handled
                    })
                nav.seams.backKeyCommand.add(
                    ExitHook { _ in
                        privateAction += 1
                        return .handled
                    })
                nav.pressBackKeyCommand(focus: focus)
                nav.runUntilIdle()
                #expect(hostCommand == 1 && privateAction == 0, "\(focus) \(variants)")
                #expect(nav.screens.count == 2, "\(focus): a hook handled it")
                #expect(!Detectors.analyze(nav.timeline).inferredRules.contains("R79"), "no run turns on R79")
            }
        }
        // A hook that passes leaves the key to UIKit's own command, which pops.
        let nav = navigation(profile, [SimScreen("Home"), SimScreen("Editor")])
        nav.seams.responderKeyCommand.add(ExitHook { _ in .pass })
        nav.pressBackKeyCommand(focus: .textFieldInNavigationBar)
        nav.runUntilIdle()
        #expect(nav.screens.count == 1)
    }

    /// R78: the screen's command exists where UIKit's does (iOS 15+), and not at the root.
    @Test(arguments: IOSProfile.allCases)
    func r78_theScreensKeyCommandExistsFromIOS15AboveTheRoot(_ profile: IOSProfile) {
        let nav = navigation(profile, [SimScreen("Home")])
        var calls = 0
        nav.seams.responderKeyCommand.add(
            ExitHook { _ in
                calls += 1
                return .handled
            })
        #expect(nav.seams.responderKeyCommand.isAvailable == (profile.majorVersion >= 15))
        nav.pressBackKeyCommand(focus: .textFieldInScreen)
        #expect(calls == 0, "no ⌘[ at the root (R51)")
        nav.pushViewController(SimScreen("Editor"), animated: false)
        nav.runUntilIdle()
        nav.pressBackKeyCommand(focus: .textFieldInScreen)
        #expect(calls == (profile.majorVersion >= 15 ? 1 : 0))
    }

    /// R52: a sheet's swipe-down takes every screen at once; the presentation controller's
    /// delegate hook can refuse it; a stack not presented as a sheet has no swipe-down.
    @Test func r52_sheetSwipeDownDismissesEveryScreenUnlessRefused() {
        let nav = navigation(.ios17, [SimScreen("Home"), SimScreen("Draft")])
        nav.swipeDownSheet()
        #expect(!nav.isSheetDismissed)
        nav.isPresentedAsSheet = true
        let token = nav.seams.sheetDismissal.add(ExitHook { _ in .handled })
        nav.swipeDownSheet()
        #expect(!nav.isSheetDismissed)
        try? nav.seams.sheetDismissal.remove(token)
        nav.swipeDownSheet()
        nav.runUntilIdle()
        #expect(nav.isSheetDismissed)
        let removed = nav.timeline.events.compactMap { event -> [String]? in
            if case .popped(let removed, .sheetDismissal, _?) = event.kind { return removed }
            return nil
        }
        #expect(removed == [["Draft", "Home"]])
        nav.tapBack()
        #expect(nav.timeline.events.last?.description.contains("the sheet was dismissed") == true)
    }

    /// R53: a two-finger trackpad swipe is the edge recognizer, flagged inferred.
    @Test func r53_trackpadSwipeRidesTheEdgeRecognizer() {
        let nav = navigation(.ios18, [SimScreen("Home"), SimScreen("Detail")])
        var kinds: [PopGestureKind] = []
        nav.edgePopGestureDelegate = RecordingGestureDelegate { kinds.append($0) }
        nav.trackpadSwipeBack(progress: 0.8, release: .finish)
        nav.runUntilIdle()
        #expect(kinds == [.edge])
        #expect(nav.screens.map(\.screenName) == ["Home"])
        #expect(Detectors.analyze(nav.timeline).inferredRules.contains("R53"))
    }
}

/// A pop recognizer delegate that records who asked and lets every swipe begin.
@MainActor
private final class RecordingGestureDelegate: SimGestureDelegate {
    let onAsk: (PopGestureKind) -> Void
    init(onAsk: @escaping (PopGestureKind) -> Void) { self.onAsk = onAsk }
    func gestureShouldBegin(_ kind: PopGestureKind, in nav: SimNavigationController) -> Bool {
        onAsk(kind)
        return true
    }
    func shouldBeRequiredToFailByScrollView(_ kind: PopGestureKind, in nav: SimNavigationController) -> Bool {
        false
    }
}

/// The sheet part of `ExitGuard`'s answer, without depending on the plugin: the top screen's
/// attempt, which asks its confirmation.
@MainActor
enum ExitGuardLike {
    static func resolve(_ event: ExitEvent) -> BackTapOutcome {
        let context = PopContext(host: event.host, leaving: event.screen, arriving: nil, trigger: event.trigger)
        return event.host.hooks.dispatcher.attemptLeave(context, leave: event.leave).leavesNow
            ? .pass : .handled
    }
}
