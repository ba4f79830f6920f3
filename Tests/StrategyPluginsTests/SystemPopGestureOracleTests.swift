import NavigationHooks
import NavigationSimulator
import NavigationStrategies
import Testing

/// R70: where UIKit's own pop delegate refuses, checked against a table written from the
/// decompiled methods, not from the model: `-[_UINavigationInteractiveTransition
/// _gestureRecognizer:shouldReceiveEvent:]` and `-[UINavigationController
/// _shouldInteractivePopGestureBeEnabled]` (iOS 26.1 UIKitCore; 18.2's receive question has
/// the same checks without the content recognizer), and `gestureRecognizerShouldBegin:`,
/// which checks only the pan's direction. Each row is one state and UIKit's answers; the
/// "guard" column is what a proxy with PopGestureGuard's hook must answer (UIKit's answer,
/// except the hidden bar, hidden back button, custom left item and custom-transition
/// delegate refusals, revived when there are two screens, no transition and the screen
/// allows gestures).
@MainActor
@Suite struct SystemPopGestureOracleTests {
    /// One state. `sim` is `true` where the simulator has the state, so its system delegate
    /// is asked too.
    struct Row: CustomTestStringConvertible, Sendable {
        var name: String
        var state: SystemPopGestureState
        var receives: Bool
        var guardReceives: Bool
        var sim: Bool
        var gesturesDisabled = false
        var testDescription: String { name }
    }

    // Written from the dump, branch by branch (the comment names it).
    nonisolated static let rows: [Row] = [
        // `previousViewController != nil` is the last check: two screens, nothing else.
        Row(name: "idle, two screens", state: .init(), receives: true, guardReceives: true, sim: true),
        // `previousViewController` is nil at the root.
        Row(name: "root", state: .init(screenCount: 1), receives: false, guardReceives: false, sim: true),
        // `isNavigationBarHidden && !_allowsInteractivePopWhenNavigationBarHidden…`.
        Row(
            name: "bar hidden", state: .init(isNavigationBarHidden: true), receives: false, guardReceives: true,
            sim: true),
        Row(
            name: "bar hidden at the root", state: .init(screenCount: 1, isNavigationBarHidden: true),
            receives: false, guardReceives: false, sim: true),
        Row(
            name: "bar hidden, screen disabled gestures", state: .init(isNavigationBarHidden: true),
            receives: false, guardReceives: false, sim: true, gesturesDisabled: true),
        // `hidesBackButton && !_allowsInteractivePopWhenBackButtonHidden`.
        Row(
            name: "back button hidden", state: .init(hidesBackButton: true), receives: false, guardReceives: true,
            sim: true),
        // `leftBarButtonItems.count && !leftItemsSupplementBackButton`.
        Row(
            name: "custom left item", state: .init(leftItemsReplaceBackButton: true), receives: false,
            guardReceives: true, sim: true),
        // A left item that supplements the back button: `leftItemsSupplementBackButton` skips the refusal.
        Row(name: "left item supplementing", state: .init(), receives: true, guardReceives: true, sim: false),
        // `_isTransitioning` and not `_isCurrentTransitionPreemptable`.
        Row(
            name: "transition running", state: .init(isTransitioning: true, hasTransitionCoordinator: true),
            receives: false, guardReceives: false, sim: true),
        Row(
            name: "transition running, bar hidden",
            state: .init(isNavigationBarHidden: true, isTransitioning: true, hasTransitionCoordinator: true),
            receives: false, guardReceives: false, sim: true),
        // Preemptable: the coordinator check `(coordinator == nil) | preemptable` passes.
        Row(
            name: "preemptable transition",
            state: .init(isTransitioning: true, hasTransitionCoordinator: true, isTransitionPreemptable: true),
            receives: true, guardReceives: true, sim: false),
        // Not transitioning, `needsDeferredTransition`, not preemptable.
        Row(
            name: "deferred transition", state: .init(needsDeferredTransition: true), receives: false,
            guardReceives: false, sim: false),
        // A coordinator without `_isTransitioning` (an animation alongside), not preemptable.
        Row(
            name: "coordinator only", state: .init(hasTransitionCoordinator: true), receives: false,
            guardReceives: false, sim: false),
        // `UIPeripheralHost _isTransitioning`.
        Row(
            name: "keyboard animating", state: .init(isKeyboardTransitioning: true), receives: false,
            guardReceives: false, sim: false),
        // `navigationBar.state` not idle and not preemptable: the first check of the method.
        Row(
            name: "bar animating", state: .init(isBarAnimating: true), receives: false, guardReceives: false,
            sim: false),
        // An active search controller that hides the bar while presenting.
        Row(
            name: "search active", state: .init(isSearchActive: true), receives: false, guardReceives: false,
            sim: false),
        // `_shouldUseBuiltinInteractionController` false and no failure dependents: the first check.
        Row(
            name: "custom-transition delegate", state: .init(usesBuiltinInteractionController: false),
            receives: false, guardReceives: true, sim: true),
        Row(
            name: "custom-transition delegate at the root",
            state: .init(screenCount: 1, usesBuiltinInteractionController: false), receives: false,
            guardReceives: false, sim: true),
        // iOS 26 interruptible: `_shouldPauseRunningTransition` with a context answers YES
        // before `_isTransitioning` and before `_shouldInteractivePopGestureBeEnabled`.
        Row(
            name: "iOS 26 pauses the running transition",
            state: .init(isTransitioning: true, hasTransitionCoordinator: true, pausesRunningTransition: true),
            receives: true, guardReceives: true, sim: false),
    ]

    /// The model of UIKit's delegate answers the table.
    @Test(arguments: rows) func r70_modelAnswersAsTheDecompiledMethod(_ row: Row) {
        #expect((SystemPopGestureRefusal.first(in: row.state) == nil) == row.receives)
    }

    /// The simulator's system delegate refuses in the receive question as UIKit does, and
    /// lets every such state begin (`gestureRecognizerShouldBegin:` checks the direction only).
    @Test(arguments: rows.filter(\.sim)) func r70_simulatorSystemDelegateAnswersAsTheDecompiledMethod(_ row: Row) {
        let nav = Self.navigation(for: row)
        let system = SystemPopGestureDelegate()
        #expect(system.shouldReceive(.edge, in: nav) == row.receives)
        #expect(system.gestureShouldBegin(.edge, in: nav))
    }

    /// The proxy's decision: with a hook that passes (the recorder's), UIKit's answer
    /// stands in every row; with PopGestureGuard's hook, only the revivable refusals turn.
    @Test(arguments: rows) func r70_proxyDecisionKeepsUIKitsRefusals(_ row: Row) {
        // Rows the simulator has no state for are asked on an idle two-screen stack: public
        // state then shows no revivable cause, as on a device in those moments.
        let idle = Row(name: "idle", state: .init(), receives: true, guardReceives: true, sim: true)
        let nav = Self.navigation(for: row.sim ? row : idle)
        let event = PopGestureEvent(host: nav, kind: .edge, previousAnswer: row.receives)
        #expect(PopGestureHook.receiveAnswer(of: [PopGestureHook()], for: event).answer == row.receives)
        let guardHook = PopGestureHook(shouldReceive: { PopGestureGuardPlugin.shouldReceive($0) })
        #expect(
            PopGestureHook.receiveAnswer(of: [PopGestureHook(), guardHook], for: event).answer == row.guardReceives)
    }

    /// R70: UIKit's `gestureRecognizerShouldBegin:` refuses only a pan the wrong way (or with
    /// an interaction running), so its "no" stands even where the receive question was
    /// revived: a hidden bar's swipe the wrong way must not begin.
    @Test func r70_aRefusalToBeginStandsWhereTheReceiveWasRevived() {
        let row = Self.rows.first { $0.name == "bar hidden" }!
        let nav = Self.navigation(for: row)
        let receive = PopGestureEvent(host: nav, kind: .edge, previousAnswer: false)
        #expect(PopGestureGuardPlugin.shouldReceive(receive) == true)
        let wrongWay = PopGestureEvent(host: nav, kind: .edge, previousAnswer: false)
        #expect(!PopGestureGuardPlugin.shouldBegin(wrongWay))
        let rightWay = PopGestureEvent(host: nav, kind: .edge, previousAnswer: true)
        #expect(PopGestureGuardPlugin.shouldBegin(rightWay))
    }

    /// R16, R70: with only a hook that passes installed (as the recorder adds one), a swipe at
    /// the root does not begin and nothing freezes: UIKit's root refusal reaches the proxy.
    @Test func r16_passingHookLeavesTheRootRefusal() {
        let nav = Fixture.navigation(.ios17, [SimScreen("Root")])
        _ = nav.seams.popGesture.add(PopGestureHook())
        nav.swipeBack(release: .finish)
        nav.runUntilIdle()
        #expect(!nav.isFrozen)
        #expect(
            nav.timeline.events.contains {
                if case .inputIgnored(let why) = $0.kind {
                    why.contains("rootScreen") && why.contains("R16")
                } else {
                    false
                }
            })
    }

    /// A simulated controller in `row`'s state (for the rows the simulator has).
    static func navigation(for row: Row) -> SimNavigationController {
        let screens = (0..<max(1, row.state.screenCount)).map { SimScreen("S\($0)") }
        let top = screens[screens.count - 1]
        top.isBackButtonHidden = row.state.hidesBackButton
        top.hasCustomBackButton = row.state.leftItemsReplaceBackButton
        top.isPopGestureEnabled = !row.gesturesDisabled
        let nav = Fixture.navigation(.ios17, screens)
        if !row.state.usesBuiltinInteractionController {
            nav.delegate = TransitionDelegate()  // the simulated slot holds it strongly
        }
        if row.state.isNavigationBarHidden { nav.setNavigationBarHidden(true, animated: false) }
        if row.state.isTransitioning {
            nav.pushViewController(SimScreen("Incoming"), animated: true)  // runs until the clock does
        }
        return nav
    }
}

/// An app delegate with the custom-transition methods (R40).
@MainActor
private final class TransitionDelegate: SimNavigationDelegate {
    func willShow(_ screen: SimScreen, animated: Bool) {}
    func didShow(_ screen: SimScreen, animated: Bool) {}
    var implementsTransitionMethods: Bool { true }
}

/// R71 in the simulator: the library's pan is reached by the pop-gesture seam whether it
/// arrives before the plugins or after (the library adds it on its first push).
@MainActor
@Suite struct LibraryPopGestureTests {
    @Test(arguments: [false, true])
    func r71_theSeamReachesTheLibrarysPan(installedAfterThePlugins: Bool) throws {
        let inbox = SimScreen("Inbox")
        let draft = Fixture.guardedScreen("Draft")
        let nav = Fixture.navigation(.ios17, [inbox])
        if !installedAfterThePlugins { nav.installGestureLibrary(.fullscreenPan) }
        try nav.hooks.install(PopGestureGuardPlugin())
        if installedAfterThePlugins { nav.installGestureLibrary(.fullscreenPan) }
        nav.pushViewController(draft, animated: true)
        nav.runUntilIdle()
        nav.swipeBack(release: .finish)
        nav.runUntilIdle()
        #expect(nav.viewControllers.last === draft, "the guard holds against the library's pan")
        nav.hooks.uninstallAll()
        nav.swipeBack(release: .finish)
        nav.runUntilIdle()
        #expect(nav.viewControllers.last === inbox, "without the seam the pan pops the guarded draft")
    }
}
