import NavigationHooks
import Testing

/// A plugin's leave attempt (`attemptLeave`) and the public point of the trigger's path
/// (`backButtonAction`, `gestureShouldBegin`, `shouldPop`) reach the same rules: one host,
/// its chains and screen configured once, asked through both paths for every trigger, gives
/// the same answer, the same decision trace and the same dispatch counts per point.
@MainActor
struct OneDecisionPathTests {
    /// One configuration of the chains, the screen and the host.
    struct Setup: CustomStringConvertible {
        var chain: BackButtonDecision = .pass
        var screenGuard: PopDecision?
        var confirms = false
        var gestureDisabled = false
        var stack = 2
        var transitioning = false
        var iOS = 17
        var description: String {
            "chain=\(chain) guard=\(screenGuard.map(String.init(describing:)) ?? "none") confirms=\(confirms) "
                + "gestureDisabled=\(gestureDisabled) stack=\(stack) transitioning=\(transitioning) iOS \(iOS)"
        }
    }

    nonisolated static let triggers: [PopTrigger] = [
        .backButton, .customBackButton, .accessibilityEscape, .backKeyCommand, .edgeGesture, .contentGesture,
        .backMenu, .sheetDismissal,
    ]

    static var setups: [Setup] {
        var setups: [Setup] = []
        for chain in [BackButtonDecision.pass, .allow, .deny(reason: "chain"), .handled] {
            for screenGuard in [nil, PopDecision.allow, .deny(reason: "guard")] {
                for confirms in [false, true] {
                    setups.append(Setup(chain: chain, screenGuard: screenGuard, confirms: confirms))
                }
            }
            setups.append(Setup(chain: chain, gestureDisabled: true))
            setups.append(Setup(chain: chain, stack: 1))
            setups.append(Setup(chain: chain, confirms: true, transitioning: true))
            setups.append(Setup(chain: chain, transitioning: true, iOS: 26))
        }
        return setups
    }

    func host(_ setup: Setup) throws -> TestHost {
        let host = TestHost("List")
        if setup.stack > 1 { host.screens.append(TestScreen("Editor")) }
        host.capabilities = HostCapabilities(iOSMajorVersion: setup.iOS)
        if setup.transitioning { host.transitionCoordinator = RunningTransition() }
        let preferences = host.topScreen!.navigationPreferences
        preferences.isPopGestureEnabled = !setup.gestureDisabled
        if let screenGuard = setup.screenGuard { preferences.popGuard = { _ in screenGuard } }
        if setup.confirms { preferences.leaveConfirmation = LeaveConfirmation { _ in } }
        let dispatcher = host.hooks.dispatcher
        let chain = setup.chain
        let popDecision: PopDecision =
            switch chain {
            case .pass, .handled: .pass
            case .allow: .allow
            case .deny(let reason): .deny(reason: reason)
            }
        try dispatcher.shouldPopHandlers.add(ShouldPopClosure { _ in popDecision })
        try dispatcher.backButtonActionHandlers.add(BackButtonActionClosure { _ in chain })
        try dispatcher.gestureShouldBeginHandlers.add(GestureShouldBeginClosure { _ in popDecision })
        return host
    }

    /// The public point of `trigger`'s path, in the words of a leave attempt.
    func publicAnswer(_ dispatcher: NavigationDispatcher, _ context: PopContext) -> String {
        switch context.trigger {
        case .backButton, .customBackButton, .accessibilityEscape, .backKeyCommand:
            switch dispatcher.backButtonAction(context) {
            case .pop: "leave"
            case .refused(let reason): "stay(\(reason ?? "-"))"
            case .handled: "handled"
            }
        case .edgeGesture, .contentGesture: answer(dispatcher.gestureShouldBegin(context))
        default: answer(dispatcher.shouldPop(context))
        }
    }

    func answer(_ decision: PopDecision) -> String {
        if case .deny(let reason) = decision { return "stay(\(reason ?? "-"))" }
        return "leave"
    }

    func attemptAnswer(_ resolution: LeaveResolution) -> String {
        switch resolution {
        case .leave: return "leave"
        case .refused(let reason): return "stay(\(reason ?? "-"))"
        case .handled: return "handled"
        case .confirming(let attempt):
            attempt.cancel()
            return "stay(\(LeaveConfirmation.refusalReason))"
        }
    }

    func counts(_ dispatcher: NavigationDispatcher) -> [Int] {
        InterceptionPoint.allCases.map { dispatcher.dispatchCount(of: $0) }
    }

    @Test(arguments: OneDecisionPathTests.triggers)
    func aLeaveAttemptAndThePublicPointReachTheSameRules(trigger: PopTrigger) throws {
        for setup in Self.setups {
            let host = try host(setup)
            let dispatcher = host.hooks.dispatcher
            let context = PopContext(
                host: host, leaving: host.topScreen!, arriving: host.screenBelowTop, trigger: trigger)
            let publicTrace = DecisionTrace()
            dispatcher.trace = publicTrace
            let publicCounts = counts(dispatcher)
            let viaPoint = publicAnswer(dispatcher, context)
            let pointCounts = zip(counts(dispatcher), publicCounts).map { $0 - $1 }
            let pointTotal = dispatcher.dispatchCount

            let attemptTrace = DecisionTrace()
            dispatcher.trace = attemptTrace
            let before = counts(dispatcher)
            let viaAttempt = attemptAnswer(dispatcher.attemptLeave(context) {})
            let attemptCounts = zip(counts(dispatcher), before).map { $0 - $1 }

            #expect(viaPoint == viaAttempt, "\(trigger), \(setup)")
            #expect(pointCounts == attemptCounts, "\(trigger), \(setup)")
            // On the shouldPop path the attempt counts itself as well as the shouldPop it asks.
            let ownCount = trigger == .backMenu || trigger == .sheetDismissal ? 1 : 0
            #expect(dispatcher.dispatchCount == 2 * pointTotal + ownCount, "\(trigger), \(setup)")
            // The attempt adds at most its own outcome (a cancelled confirmation) after the rules.
            let attemptEntries = attemptTrace.entries
            #expect(
                publicTrace.entries == Array(attemptEntries.prefix(publicTrace.entries.count)), "\(trigger), \(setup)")
            #expect(attemptEntries.count - publicTrace.entries.count <= 1, "\(trigger), \(setup)")
        }
    }

    /// R16, R17, R36: the gesture's own refusal, one function for the dispatcher and a plugin.
    @Test func popGestureRefusalIsOneRule() {
        let host = TestHost("List")
        #expect(NavigationDispatcher.popGestureRefusal(on: host, mayInterruptTransition: true) == "root screen")
        host.screens.append(TestScreen("Editor"))
        #expect(NavigationDispatcher.popGestureRefusal(on: host, mayInterruptTransition: false) == nil)
        host.transitionCoordinator = RunningTransition()
        #expect(NavigationDispatcher.popGestureRefusal(on: host, mayInterruptTransition: true) == "transition running")
        host.capabilities = HostCapabilities(iOSMajorVersion: 26)
        #expect(NavigationDispatcher.popGestureRefusal(on: host, mayInterruptTransition: true) == nil)
        #expect(NavigationDispatcher.popGestureRefusal(on: host, mayInterruptTransition: false) == "transition running")
    }

    /// R52: a sheet may be dismissed only when every screen would allow `sheetDismissal`.
    @Test func r52_sheetMayDismissAsksEveryScreen() throws {
        let host = TestHost("List", "Editor")
        let dispatcher = host.hooks.dispatcher
        #expect(dispatcher.sheetMayDismiss(on: host))
        host.screens[0].navigationPreferences.popGuard = { $0.trigger == .sheetDismissal ? .deny() : .pass }
        #expect(!dispatcher.sheetMayDismiss(on: host), "a refusing screen under the top keeps the sheet")
        host.screens[0].navigationPreferences.popGuard = nil
        host.topScreen!.navigationPreferences.leaveConfirmation = LeaveConfirmation { _ in }
        #expect(!dispatcher.sheetMayDismiss(on: host), "a confirmation to ask keeps the sheet")
        #expect(dispatcher.pendingLeaveAttempt == nil, "the question starts no attempt")
    }
}
