// A user's attempt to leave a screen, as the plugin that owns the path reports it.
extension NavigationDispatcher {
    /// Resolves a user's attempt to leave `context.leaving` by `context.trigger`, and asks the
    /// screen's ``LeaveConfirmation`` when nothing else decided.
    ///
    /// The chain asked depends on the trigger, so an app's handler sees every path it
    /// expects:
    /// - `backButton`, `customBackButton`, `accessibilityEscape`, `backKeyCommand` (the
    ///   back button and what stands for it): ``backButtonActionHandlers`` first; if they
    ///   all pass, `shouldPop`.
    /// - `edgeGesture`, `contentGesture`: ``gestureShouldBeginHandlers`` first; if they all
    ///   pass, the gesture's default rules (root, transition, gesture disabled), then
    ///   `shouldPop`.
    /// - `backMenu`, `sheetDismissal`: `shouldPop`.
    ///
    /// `shouldPop` asks its handlers, then the screen's `popGuard`; when they all pass and
    /// the screen has a ``ScreenPreferences/leaveConfirmation``, the result is
    /// ``LeaveResolution/confirming(_:)``: a new ``LeaveAttempt`` whose `proceed()` calls
    /// `leave`, handed to the confirmation after the dispatch, through the host's
    /// ``NavigationHost/deliverLeaveConfirmation(_:)``. A new attempt supersedes one still
    /// pending (on any screen): the old one expires, and the confirmation is asked again
    /// (once: a host that delivers later skips an attempt superseded before delivery).
    ///
    /// - Parameter leave: the exit as the app's own code performs it (a code pop, a
    ///   dismissal), which asks nothing again; called by `proceed()` only, and only while
    ///   `context.host` lives (a host gone by then expires the attempt), so it may hold the host
    ///   `unowned`: a weak reference gives the host a side table for good, and each retain and
    ///   release of it then takes the runtime's slow path. For ``LeaveResolution/leave`` the
    ///   caller leaves by itself.
    public func attemptLeave(_ context: PopContext, leave: @escaping @MainActor () -> Void) -> LeaveResolution {
        enter()
        let trace = activeTrace
        var asked: LeaveAttempt?
        let resolution: LeaveResolution
        if let resolved = resolveAttempt(context, trace: trace) {
            resolution = resolved
        } else {
            // An unanswered attempt must not block every later exit: the new one supersedes it.
            pendingLeaveAttempt?.expire()
            let attempt = LeaveAttempt(context: context, dispatcher: self, leave: leave)
            pendingLeaveAttempt = attempt
            resolution = .confirming(attempt)
            asked = attempt
        }
        self.leave()
        guard case .confirming(let attempt) = resolution else { return resolution }
        onLeaveAttempt?(attempt)
        if let asked, let confirmation = context.leaving.navigationPreferences.leaveConfirmation {
            context.host.deliverLeaveConfirmation { [weak host = context.host] in
                // A host may deliver later: the attempt may be settled, or its screen gone.
                guard asked.state == .pending else { return }
                guard let host, let screen = asked.screen, host.screens.contains(where: { $0 === screen }) else {
                    return asked.expire()
                }
                confirmation.ask(asked)
            }
        }
        return resolution
    }

    /// The point of the trigger's path, resolved by the same rules as the public point
    /// (``backButtonAction(_:)``, ``gestureShouldBegin(_:)``, ``shouldPop(_:)``); `nil` when
    /// the screen's confirmation is to be asked.
    private func resolveAttempt(_ context: PopContext, trace: DecisionTrace?) -> LeaveResolution? {
        switch context.trigger {
        case .backButton, .customBackButton, .accessibilityEscape, .backKeyCommand:
            pointCounts.backButtonAction &+= 1
            let (resolution, asksToConfirm) = resolveBackButtonStages(context, trace: trace)
            if asksToConfirm { return nil }
            switch resolution {
            case .handled: return .handled
            case .pop: return .leave
            case .refused(let reason): return .refused(reason: reason)
            }
        case .edgeGesture, .contentGesture:
            pointCounts.gestureShouldBegin &+= 1
            return Self.attemptAnswer(resolveGestureStages(context, trace: trace))
        case .backMenu, .sheetDismissal, .programmatic, .popToRoot, .setViewControllers:
            state.count &+= 1  // the shouldPop it asks counts as a dispatch of its own
            pointCounts.shouldPop &+= 1
            return Self.attemptAnswer(resolveShouldPopStages(context, trace: trace))
        }
    }

    /// A point's decision as an attempt's answer; `nil` when the confirmation is to be asked.
    private static func attemptAnswer(_ stages: (decision: PopDecision, asksToConfirm: Bool)) -> LeaveResolution? {
        if stages.asksToConfirm { return nil }
        if case .deny(let reason) = stages.decision { return .refused(reason: reason) }
        return .leave
    }

    /// Expires the pending attempt if its screen left its navigation controller (the app's
    /// own pop, a replaced stack): called at every `willShow` dispatch (hosts dispatch
    /// `willShow` while a handler is registered on it).
    func expirePendingAttemptIfItsScreenLeft() {
        guard let pending = pendingLeaveAttempt, !pending.isStillAsking else { return }
        pending.expire()
    }

    /// Called by an attempt that proceeded, was cancelled or expired.
    func leaveAttemptDidChange(_ attempt: LeaveAttempt) {
        if pendingLeaveAttempt === attempt { pendingLeaveAttempt = nil }
        activeTrace?.record(outcomeOf: attempt)  // an expiry too: "… leave confirmation: attempt expired"
        onLeaveAttempt?(attempt)
    }
}
