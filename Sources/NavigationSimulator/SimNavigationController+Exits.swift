import NavigationHooks

// The ways out beyond the back button, the back menu and the swipes: VoiceOver's escape
// (R50), ⌘[ (R51), a sheet's swipe-down (R52), a trackpad's two-finger swipe (R53); and
// the leave confirmations they reach.
extension SimNavigationController {
    /// VoiceOver's escape gesture, a two-finger scrub (R50). The
    /// ``NavigationSeams/accessibilityEscape`` hooks run first (the visible screen's own
    /// `accessibilityPerformEscape`); without one that consumes it, UIKit activates the
    /// custom left button where there is one (R28), or pops through the bar, asking
    /// `navigationBar(_:shouldPop:)` only: neither `backAction` nor the private hook (R26,
    /// R27). At the root there is nothing to pop.
    ///
    /// With `focusInNavigationBar` (VoiceOver's cursor on the title, the back button or a
    /// bar item), the escape is the bar's own (R57, read in the 26.1 bodies): the visible view
    /// controller's `accessibilityPerformEscape` is never asked, so the
    /// ``NavigationSeams/accessibilityEscape`` hooks do not run; the bar triggers its back
    /// button through `_sendNavigationPopForBackBarButtonItem:`, the navigation controller's
    /// `_popNavigationBar:item:`, which asks `navigationBar(_:shouldPop:)` and pops. The
    /// content view's `__backButtonAction:` (where `backAction` and the private hook live) is
    /// not on that path.
    public func accessibilityEscape(focusInNavigationBar: Bool = false) {
        reportAppAction(.userInput(.voiceOverEscape))
        guard let top = beginExit("voiceover escape", .accessibilityEscape, needsStack: true) else { return }
        defer { endExit() }
        if !focusInNavigationBar {
            let event = ExitEvent(
                host: self, screen: top, trigger: .accessibilityEscape,
                leave: whileAlive { $0.popViewController(animated: true) })
            reachedSeams.insert(.accessibilityEscape)
            if runExitHooks(seams.accessibilityEscape, event) { return }
        }
        if top.hasCustomBackButton {  // R50, R28: escape activates the custom button
            return inCallback {
                record(.seamCall(seam: "customBackAction", detail: top.customBackAction == nil ? "none" : "called"))
                top.customBackAction?()
            }
        }
        var allowed = true
        if focusInNavigationBar {
            // R57 (observed): `_accessibility_triggerBackButton` → `_popNavigationBar:item:` asks the bar.
            inCallback { allowed = askShouldPopItem(item: top) }
        } else {
            record(.inferredRule("R50"))  // what follows the view controller's escape is inferred
            // R50: the bar's back, shouldPop only; R50 alt: not even that.
            if !playsAlternative(of: "R50") { inCallback { allowed = askShouldPopItem(item: top) } }
        }
        guard allowed else {
            return record(.inputIgnored("escape refused by navigationBar(_:shouldPop:) (R50)"))
        }
        guard stack.count > 1 else { return record(.inputIgnored("escape: nothing to go back to at the root")) }
        performPop(
            to: stack[stack.count - 2], kind: .pop, trigger: .accessibilityEscape, animated: true, consultBar: false)
    }

    /// ⌘[ on a hardware keyboard (R51, iOS 15+; the ``IOSProfile/ios14`` profile, which
    /// also models iOS 14, has none), with the first responder where `focus` says.
    ///
    /// UIKit's own ⌘[ command is the navigation controller's (`_setupBackKeyCommand`, R51), and
    /// the ``NavigationSeams/responderKeyCommand`` seam's command takes its place there (R80):
    /// every responder chain UIKit searches for a ⌘[ command passes the navigation controller,
    /// whether it starts at a text field in the screen, at one in the navigation bar (R78), or,
    /// with nothing first responder, at the screen or the navigation controller itself (R79's two
    /// readings), so that seam's hooks run first wherever `focus` is. Otherwise, or when they
    /// pass, UIKit's own command acts: the ``NavigationSeams/backKeyCommand`` hooks (its private
    /// action), then `_performBackKeyCommand:`, which pops only when
    /// `_canPerformBackKeyCommandToPopViewController` (two screens or more, the bar shown, the
    /// back button not hidden) and asks no other seam (R51, read in the 26.1 bodies). At the root
    /// the command is not offered (`canPerformAction(_:withSender:)`).
    public func pressBackKeyCommand(focus: KeyboardFocus = .none) {
        reportAppAction(.userInput(.keyBack))
        guard capabilities.hasBackKeyCommand else {
            return record(.inputIgnored("⌘[: no back key command before iOS 15 (R51)"))
        }
        guard let top = beginExit("⌘[", .backKeyCommand, needsStack: true) else { return }
        defer { endExit() }
        let event = ExitEvent(
            host: self, screen: top, trigger: .backKeyCommand,
            leave: whileAlive { $0.popViewController(animated: true) })
        // R51: `_canPerformBackKeyCommandToPopViewController` (bar shown, back button not hidden);
        // the host's command stands in for UIKit's and acts where it would (R80).
        if let reason = Self.backKeyCommandRefusal(barHidden: barHidden, backButtonHidden: top.isBackButtonHidden) {
            return record(.inputIgnored("⌘[: \(reason) (R51)"))
        }
        _ = focus  // R78, R79: every chain that reaches UIKit's command passes the navigation controller (R80)
        reachedSeams.insert(.responderKeyCommand)
        if runExitHooks(seams.responderKeyCommand, event) { return }
        reachedSeams.insert(.backKeyCommand)
        if runExitHooks(seams.backKeyCommand, event) { return }
        performPop(to: stack[stack.count - 2], kind: .pop, trigger: .backKeyCommand, animated: true, consultBar: false)
    }

    /// Why UIKit's `_performBackKeyCommand:` does not pop a stack of two screens or more, or `nil`
    /// when it pops: `-[UINavigationController _canPerformBackKeyCommandToPopViewController]`
    /// in the 26.1 restore image requires `_isNavigationBarVisible` and a top item without
    /// `hidesBackButton` (R51).
    nonisolated static func backKeyCommandRefusal(barHidden: Bool, backButtonHidden: Bool) -> String? {
        if barHidden { return "the navigation bar is hidden" }
        if backButtonHidden { return "the back button is hidden" }
        return nil
    }

    /// A swipe down on the sheet the stack is presented in (R52; only with
    /// ``isPresentedAsSheet``). The ``NavigationSeams/sheetDismissal`` hooks (the
    /// presentation controller's delegate, `presentationControllerShouldDismiss(_:)`) run
    /// first; `.handled` refuses the dismissal. Otherwise the sheet goes with every screen
    /// at once: the top screen disappears, nothing responds afterwards.
    public func swipeDownSheet() {
        reportAppAction(.userInput(.sheetSwipeDown))
        guard isPresentedAsSheet else {
            return record(.inputIgnored("sheet swipe-down: the stack is not presented as a sheet"))
        }
        guard let top = beginExit("sheet swipe-down", .sheetSwipeDown, needsStack: false) else { return }
        defer { endExit() }
        let event = ExitEvent(
            host: self, screen: top, trigger: .sheetDismissal,
            leave: whileAlive { $0.dismissSheet(byUser: true) })  // a confirmed swipe-down: the delegate hears it
        reachedSeams.insert(.sheetDismissal)
        if runExitHooks(seams.sheetDismissal, event) { return }
        dismissSheet(byUser: true)
    }

    /// The app dismisses the sheet the stack is presented in (`dismiss(animated:)` on the
    /// presenting controller): every screen leaves at once (R52). Deferred like any request
    /// (R6). The presentation controller's delegate hears nothing (UIKit's documentation of
    /// `presentationControllerWillDismiss(_:)` and `presentationControllerDidDismiss(_:)`:
    /// not called for a programmatic dismissal).
    public func dismissSheet() { dismissSheet(byUser: false) }

    /// `byUser`: a swipe-down that succeeded, or one the app confirmed
    /// (`LeaveAttempt.proceed()`): the presentation controller's delegate hears
    /// `presentationControllerWillDismiss(_:)` and `presentationControllerDidDismiss(_:)`,
    /// recorded as calls on the `presentationDelegate` seam (the UIKit host sends both for a
    /// confirmed one itself).
    func dismissSheet(byUser: Bool) {
        perform("dismiss sheet") { [unowned self] in
            guard self.isPresentedAsSheet, !self.isSheetDismissed, let top = self.stack.last else {
                return self.record(.inputIgnored("dismiss sheet: no sheet to dismiss"))
            }
            let removed = self.stack.reversed()
            if byUser {
                self.record(.seamCall(seam: "presentationDelegate", detail: "presentationControllerWillDismiss"))
            }
            self.inCallback {
                self.appearance(top, .willDisappear, animated: true)
                self.appearance(top, .didDisappear, animated: true)
            }
            self.isSheetDismissed = true
            self.record(
                .popped(
                    removed: removed.map(\.screenName),
                    trigger: self.currentAttempt == nil ? .programmatic : .sheetDismissal,
                    attempt: self.currentAttempt))
            if byUser {
                self.record(.seamCall(seam: "presentationDelegate", detail: "presentationControllerDidDismiss"))
                if self.observerStorage != nil { self.report(.sheetDismissed) }
            }
        }
    }

    /// A two-finger swipe on a trackpad (iPadOS): it drives the edge recognizer, whatever
    /// the finger's position (R53, inferred), so it is the edge swipe in every respect.
    public func trackpadSwipeBack(progress: Double = 0.5, release: SwipeRelease) {
        reportAppAction(.userInput(.trackpadSwipe(progress: progress, finished: release == .finish)))
        record(.inferredRule("R53"))
        // R53 alt: on iOS 26 the content recognizer takes it (over a scroll view, the scroll view does).
        let kind: PopGestureKind = playsAlternative(of: "R53") && capabilities.hasContentPopGesture ? .content : .edge
        swipeBack(
            kind, progress: progress, release: release, onScrollView: kind == .content ? nil : false, reports: false)
    }

    /// Starts an exit attempt on the top screen; `nil` (recorded why) when the input
    /// cannot happen now.
    private func beginExit(
        _ name: String, _ input: TimelineEvent.UserAttempt.Input, needsStack: Bool
    ) -> SimScreen? {
        if isSheetDismissed {
            record(.inputIgnored("\(name): the sheet was dismissed"))
            return nil
        }
        if let blocker = inputBlocker {
            record(.inputIgnored("\(name): \(blocker)"))
            return nil
        }
        guard let top = stack.last else { return nil }
        // At the root only VoiceOver's escape can do something: activate a custom back button (R50, R28).
        // ⌘[ is not offered there, custom button or not (R51).
        if needsStack, stack.count < 2, !(input == .accessibilityEscape && top.hasCustomBackButton) {
            record(.inputIgnored("\(name): nothing to go back to at the root"))
            return nil
        }
        let id = beginAttempt(input, on: top)
        if isFrozen {
            record(.inputIgnored("frozen: touches ignored (R16)"))
            return nil
        }
        currentAttempt = id
        return top
    }

    private func endExit() {
        currentAttempt = nil
        drainQueue()
    }

    /// Calls the hooks in order; `true` when one consumed the exit.
    private func runExitHooks(_ seam: Seam<ExitHook>, _ event: ExitEvent) -> Bool {
        guard seam.isAvailable else { return false }
        let hooks = seam.hooks  // a snapshot, as `for in` iterates; then an index loop
        for index in 0..<hooks.count {
            let hook = hooks[index]
            var outcome = BackTapOutcome.pass
            inCallback { outcome = hook.onExit(event) }
            record(.seamCall(seam: seam.name, detail: outcome.caseName))
            if outcome == .handled { return true }
        }
        return false
    }

    /// Records a leave confirmation asked, reached again, or answered.
    func noteLeaveAttempt(_ attempt: LeaveAttempt) {
        let key = ObjectIdentifier(attempt)
        let screen = attempt.screen?.screenName ?? "?"
        if attempt.state == .pending {
            if let current = currentAttempt, leaveAttemptIDs[key] == nil { leaveAttemptIDs[key] = current }
            record(.leaveConfirmation(attempt: currentAttempt, screen: screen, state: .pending))
        } else {
            record(
                .leaveConfirmation(
                    attempt: leaveAttemptIDs.removeValue(forKey: key), screen: screen, state: attempt.state))
        }
    }
}

extension BackTapOutcome {
    /// The case's name, as `"\(outcome)"` writes it, without the reflection a debug build's
    /// interpolation of an enum without a description runs (~30,000 instructions a call).
    var caseName: String {
        switch self {
        case .handled: "handled"
        case .pass: "pass"
        }
    }
}
