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
    /// bar item), the escape is the bar's own (R57): the visible view controller's
    /// `accessibilityPerformEscape` is never asked, so the ``NavigationSeams/accessibilityEscape``
    /// hooks do not run; the rest is the same path through the bar.
    public func accessibilityEscape(focusInNavigationBar: Bool = false) {
        reportAppAction(.userInput(.voiceOverEscape))
        guard let top = beginExit("voiceover escape", .accessibilityEscape, needsStack: true) else { return }
        defer { endExit() }
        if focusInNavigationBar {
            record(.inferredRule("R57"))  // the bar's escape skips the view controller's
            if playsAlternative(of: "R57"), !top.hasCustomBackButton {  // R57 alt: a back-button tap
                return systemBackButtonTap(on: top, trigger: .accessibilityEscape)
            }
        } else {
            let event = ExitEvent(host: self, screen: top, trigger: .accessibilityEscape) { [weak self] in
                self?.popViewController(animated: true)
            }
            reachedSeams.insert(.accessibilityEscape)
            if runExitHooks(seams.accessibilityEscape, event) { return }
        }
        if top.hasCustomBackButton {  // R50, R28: escape activates the custom button
            return inCallback {
                record(.seamCall(seam: "customBackAction", detail: top.customBackAction == nil ? "none" : "called"))
                top.customBackAction?()
            }
        }
        record(.inferredRule("R50"))  // the path through the bar is inferred
        var allowed = true
        // R50: the bar's back, shouldPop only; R50 alt: not even that.
        if !playsAlternative(of: "R50") { inCallback { allowed = askShouldPopItem(item: top) } }
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
    /// UIKit looks for a matching key command along the responder chain (R78): when the chain
    /// passes the top screen (a text field in it is first responder; or nothing is, on R79's
    /// documented reading; `ruleVariants` containing `R79` plays the other), the ``NavigationSeams/responderKeyCommand``
    /// hooks (the screen's own ⌘[ command) run first. Otherwise, or when they pass, UIKit's own
    /// command acts: the ``NavigationSeams/backKeyCommand`` hooks (its private action), then a
    /// pop asking no other seam (inferred). At the root the command is not offered
    /// (`canPerformAction(_:withSender:)`).
    public func pressBackKeyCommand(focus: KeyboardFocus = .none) {
        reportAppAction(.userInput(.keyBack))
        guard capabilities.hasBackKeyCommand else {
            return record(.inputIgnored("⌘[: no back key command before iOS 15 (R51)"))
        }
        guard let top = beginExit("⌘[", .backKeyCommand, needsStack: true) else { return }
        defer { endExit() }
        let event = ExitEvent(host: self, screen: top, trigger: .backKeyCommand) { [weak self] in
            self?.popViewController(animated: true)
        }
        reachedSeams.insert(.responderKeyCommand)
        if !seams.responderKeyCommand.isEmpty {
            if focus == .none { record(.inferredRule("R79")) }  // where the search starts is inferred
            let chainPassesScreen =
                switch focus {
                case .none: !playsAlternative(of: "R79")  // R79
                case .textFieldInScreen: true  // R78: text input passes ⌘[ on to the key commands
                case .textFieldInNavigationBar: false  // R78: bar → navigation controller, no screen
                }
            if chainPassesScreen, runExitHooks(seams.responderKeyCommand, event) { return }
            if !chainPassesScreen {
                record(.seamCall(seam: seams.responderKeyCommand.name, detail: "not in the responder chain"))
            }
        }
        reachedSeams.insert(.backKeyCommand)
        if runExitHooks(seams.backKeyCommand, event) { return }
        record(.inferredRule("R51"))
        guard stack.count > 1 else { return record(.inputIgnored("⌘[: nothing to go back to at the root")) }
        if playsAlternative(of: "R51") {  // R51 alt: ⌘[ asks the bar, as a back tap does
            var allowed = true
            inCallback { allowed = askShouldPopItem(item: top) }
            guard allowed else { return record(.inputIgnored("⌘[ refused by navigationBar(_:shouldPop:) (R51 alt)")) }
        }
        performPop(to: stack[stack.count - 2], kind: .pop, trigger: .backKeyCommand, animated: true, consultBar: false)
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
        let event = ExitEvent(host: self, screen: top, trigger: .sheetDismissal) { [weak self] in
            self?.dismissSheet(byUser: true)  // a confirmed swipe-down: the delegate hears it
        }
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
        for hook in seam.hooks {
            var outcome = BackTapOutcome.pass
            inCallback { outcome = hook.onExit(event) }
            record(.seamCall(seam: seam.name, detail: "\(outcome)"))
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
