import NavigationHooks

// Stack changes and the transitions they run (R1–R5, R7–R10, R12–R14, R21).
extension SimNavigationController {
    func performPush(_ screen: SimScreen, animated: Bool) {
        guard !stackContains(screen) else {
            return record(.inputIgnored("push of \(screen.screenName), already in the stack"))
        }
        guard let leaving = Self.top(of: stack) else { return firstAppearance([screen]) }
        appendToStack(screen)
        barItems.append(screen)
        record(.pushed(screen: screen.screenName, animated: animated))
        beginTransition(isPop: false, leaving: leaving, arriving: screen, animated: animated)
    }

    /// R8 (inferred): the first stack of an empty controller counts as a transition to the root.
    func firstAppearance(_ screens: [SimScreen]) {
        guard let root = Self.top(of: screens) else { return }
        replaceStack(screens)
        barItems = screens
        record(.inferredRule("R8"))
        beginTransition(isPop: false, leaving: nil, arriving: root, animated: false)
    }

    /// A code pop to `target` (pop, popTo, popToRoot, a back-button pop, a back-menu pick).
    /// R4: only the top screen gets callbacks; the ones between leave silently.
    /// `consultBar`: R21, a code pop removes the screen first, then asks the bar's
    /// `shouldPop`; the back button asked before, and the back menu never asks (R25).
    func performPop(
        to target: SimScreen, kind: PopOperationKind, trigger: PopTrigger, animated: Bool,
        consultBar: Bool = true
    ) {
        // From the top: a pop removes what is above the target, so the search costs no more.
        // Index loops here: a debug build runs `lastIndex(where:)`, `reversed()` and `for in`
        // generic and unspecialized.
        var index = stack.count - 1
        while index >= 0, stack[index] !== target { index -= 1 }
        guard index >= 0, index < stack.count - 1, let leaving = Self.top(of: stack) else {
            return record(.inputIgnored("pop to \(target.screenName): nothing above it"))
        }
        var removed: [SimScreen] = []  // the top first
        removed.reserveCapacity(stack.count - index - 1)
        for above in (index + 1)..<stack.count { removed.append(stack[stack.count + index - above]) }
        notifyWillPop(kind: kind, removed: removed, animated: animated, interactive: false)
        truncateStack(to: index + 1)
        for position in 0..<removed.count { removed[position].isMovingFromParent = true }
        if consultBar {
            // R21: the VC left first; the bar still holds its item while shouldPop runs.
            var allowed = true
            inCallback { allowed = askShouldPopItem(item: leaving) }
            if allowed {
                barItems = stack
            } else {
                // R21: a refused code pop corrupts the bar: it keeps the stale item.
                record(.barItemsDesync(barItems: barItems.count, screens: stack.count))
            }
        } else {
            barItems = stack
        }
        beginTransition(
            isPop: true, leaving: leaving, arriving: target, animated: animated,
            pendingPop: .init(kind: kind, removed: removed, trigger: trigger))
    }

    /// R5: one transition at most; the kept top gets no appearance callbacks.
    func performSetViewControllers(_ screens: [SimScreen], animated: Bool) {
        guard let newTop = Self.top(of: screens) else {
            return record(.inputIgnored("setViewControllers with no screens"))
        }
        guard let oldTop = Self.top(of: stack) else { return firstAppearance(screens) }
        let kept = Set(screens.map(ObjectIdentifier.init))
        let removed = stack.reversed().filter { !kept.contains(ObjectIdentifier($0)) }
        let keepsTop = newTop === oldTop
        let pending = SimTransitionCoordinator.PendingPop(
            kind: .setViewControllers, removed: removed, trigger: .setViewControllers, keepsTop: keepsTop)
        notifyWillPop(
            kind: .setViewControllers, removed: removed, animated: animated, interactive: false,
            keepsTop: keepsTop)
        let wasInStack = stackContains(newTop)
        replaceStack(screens)
        barItems = screens
        for screen in removed { screen.isMovingFromParent = true }
        if keepsTop {
            // R5: same top, no transition, no viewWillAppear/viewDidAppear.
            finishPop(pending, animated: animated, attempt: currentAttempt, interactive: false)
        } else {
            beginTransition(
                isPop: wasInStack, leaving: oldTop, arriving: newTop, animated: animated,
                pendingPop: pending)
        }
    }

    /// Starts a transition: the coordinator exists before any callback (R9), then
    /// `willShow` (R8), `viewWillDisappear` and `viewWillAppear` (R1, R2). Not animated, or
    /// covered by a full-screen modal (R7): completes at once, no frames in between (R3).
    func beginTransition(
        isPop: Bool, leaving: SimScreen?, arriving: SimScreen, animated: Bool,
        gesture: PopGestureKind? = nil,
        pendingPop: SimTransitionCoordinator.PendingPop? = nil
    ) {
        let covered = isCovered
        let animates = animated && !covered
        let running = SimTransitionCoordinator(
            id: makeID(), isPop: isPop, isAnimated: animates, gesture: gesture, leaving: leaving,
            arriving: arriving,
            isCovered: covered, totalFrames: Self.transitionFrames)
        running.pendingPop = pendingPop
        running.attempt = currentAttempt
        record(
            .transitionBegan(
                .init(
                    id: running.id, isPop: isPop, from: leaving?.screenName, to: arriving.screenName,
                    animated: animates,
                    interactive: gesture != nil, barBefore: barFraction,
                    fromWantsBarHidden: leaving?.prefersNavigationBarHidden,
                    toWantsBarHidden: arriving.prefersNavigationBarHidden, covered: covered)))
        if !animated, leaving != nil { record(.inferredRule("R3")) }
        transition = running
        inCallback {
            if let gesture, let leaving {
                notifyInteractive(gesture, .began, leaving: leaving, arriving: arriving)
            }  // R12
            callWillShow(arriving, leaving: leaving, animated: animates)  // R8, R9
            if !covered {  // R7
                if let leaving { appearance(leaving, .willDisappear, animated: animates) }  // R1
                appearance(arriving, .willAppear, animated: animates)  // R1, R12
            }
        }
        if !animates { completeTransition(running) }  // R3
    }

    /// Ends a transition: finished (did callbacks, `didShow`, `didPop`) or, for a
    /// cancelled interactive pop, the screen goes back (R12) with R13's order, then `willShow`
    /// and `didShow` for it from iOS 18 (R42; none before, R10).
    func completeTransition(_ running: SimTransitionCoordinator) {
        guard transition === running else { return }
        transition = nil
        let cancelled = running.isCancelled
        settleBarAlongside(running, cancelled: cancelled)
        let saved = currentAttempt
        currentAttempt = running.attempt
        defer { currentAttempt = saved }
        if cancelled, let leaving = running.leaving {
            appendToStack(leaving)  // R12: put back
            barItems = stack
            leaving.isMovingFromParent = false
            record(.transitionEnded(id: running.id, cancelled: true))
            inCallback {
                // R13: under willDisappear, under didDisappear, top willAppear, top didAppear.
                appearance(running.arriving, .willDisappear, animated: true)
                appearance(running.arriving, .didDisappear, animated: true)
                appearance(leaving, .willAppear, animated: true)
                appearance(leaving, .didAppear, animated: true)
                if let gesture = running.gesture {
                    notifyInteractive(gesture, .cancelled, leaving: leaving, arriving: running.arriving)
                }
            }
            applyBarRequestedWhileInteractive(running)  // R41
            callShowAfterCancel(running, staying: leaving)  // R10, R42
        } else {
            record(.transitionEnded(id: running.id, cancelled: false))
            inCallback {
                if !running.isCovered {  // R7
                    if let leaving = running.leaving {
                        appearance(leaving, .didDisappear, animated: running.isAnimated)
                    }
                    appearance(running.arriving, .didAppear, animated: running.isAnimated)
                }
                if let gesture = running.gesture, let leaving = running.leaving {
                    notifyInteractive(gesture, .finished, leaving: leaving, arriving: running.arriving)
                }
                if !running.isCovered {
                    callDidShow(running.arriving, leaving: running.leaving, animated: running.isAnimated)
                }  // R7, R8
            }
            if running.gesture != nil { record(.inferredRule("R24")) }  // gesture pops never asked shouldPop
            if let pending = running.pendingPop {
                finishPop(
                    pending, animated: running.isAnimated, attempt: running.attempt,
                    interactive: running.gesture != nil)
            }
        }
        drainQueue()
    }

    func finishPop(
        _ pending: SimTransitionCoordinator.PendingPop, animated: Bool, attempt: Int?, interactive: Bool
    ) {
        for screen in pending.removed { screen.isMovingFromParent = false }
        if !pending.removed.isEmpty {
            record(
                .popped(
                    removed: pending.removed.map(\.screenName), trigger: pending.trigger, attempt: attempt))
        }
        reachedSeams.insert(.popOperations)
        inCallback {
            let hooks = seams.popOperations.hooks
            // Built only for hooks: the event converts the removed screens to existentials.
            guard hooks.count != 0 else { return }
            let event = PopOperationEvent(
                host: self, kind: pending.kind, removed: pending.removed, animated: animated,
                isInteractive: interactive,
                keepsTop: pending.keepsTop)
            for index in 0..<hooks.count {  // an index loop: a debug build's iterator is generic
                let hook = hooks[index]
                guard let didPop = hook.didPop else { continue }
                didPop(event)
                record(.seamCall(seam: seams.popOperations.name, detail: "didPop \(pending.kind.rawValue)"))
            }
        }
    }

    func notifyWillPop(
        kind: PopOperationKind, removed: [SimScreen], animated: Bool, interactive: Bool,
        keepsTop: Bool = false
    ) {
        reachedSeams.insert(.popOperations)
        inCallback {
            let hooks = seams.popOperations.hooks
            guard hooks.count != 0 else { return }  // as in `finishPop`
            let event = PopOperationEvent(
                host: self, kind: kind, removed: removed, animated: animated, isInteractive: interactive,
                keepsTop: keepsTop)
            for index in 0..<hooks.count {  // an index loop: a debug build's iterator is generic
                let hook = hooks[index]
                guard let willPop = hook.willPop else { continue }
                willPop(event)
                record(.seamCall(seam: seams.popOperations.name, detail: "willPop \(kind.rawValue)"))
            }
        }
    }

    func notifyInteractive(
        _ kind: PopGestureKind, _ stage: InteractivePopStage, leaving: SimScreen, arriving: SimScreen
    ) {
        record(.interactiveStage(kind: kind, stage: stage))
        reachedSeams.insert(.interactivePop)
        let hooks = seams.interactivePop.hooks
        guard hooks.count != 0 else { return }  // as in `appearance`: no event to build
        let event = InteractivePopEvent(
            host: self, kind: kind, stage: stage, leaving: leaving, arriving: arriving)
        for index in 0..<hooks.count { hooks[index].onStage(event) }
    }

    /// An appearance callback: the screen's own code, then the appearance seam's hooks.
    /// A screen's appearance callback. The `appearance` seam covers the stack's screens
    /// only: a modal presented over the navigation controller is not one of them
    /// (`inStack: false`), so its callbacks reach its own code but no hook.
    func appearance(_ screen: SimScreen, _ phase: AppearancePhase, animated: Bool, inStack: Bool = true) {
        record(.appearance(screen: screen.screenName, phase: phase, animated: animated))
        appearanceDepth &+= 1  // wrapping: a checked add zeroes stack slots in a debug build
        defer { appearanceDepth &-= 1 }
        screen.runAppCallback(phase, animated: animated)
        guard inStack else { return }
        reachedSeams.insert(.appearance)
        let hooks = seams.appearance.hooks
        guard hooks.count != 0 else { return }  // no event to build
        let event = AppearanceEvent(host: self, screen: screen, phase: phase, animated: animated)
        for index in 0..<hooks.count {  // an index loop: a debug build's iterator is generic
            let hook = hooks[index]
            hook.onAppearance(event)
        }
    }

    func callWillShow(_ screen: SimScreen, leaving: SimScreen?, animated: Bool) {
        recordDelegateCall(.willShow, screen, animated: animated)
        if slotAnswersWillShow { delegateSlot?.willShow(screen, animated: animated) }  // R55
    }

    func callDidShow(_ screen: SimScreen, leaving: SimScreen?, animated: Bool) {
        recordDelegateCall(.didShow, screen, animated: animated)
        delegateSlot?.didShow(screen, animated: animated)
    }

    private func recordDelegateCall(
        _ method: TimelineEvent.DelegateCall.Method, _ screen: SimScreen, animated: Bool
    ) {
        var reached = false
        if let app = appDelegate, let slot = delegateSlot {
            // Through the seam's proxy or a library's delegate; `willShow` only if UIKit's
            // cached answer lets it be sent (R55).
            reached = (method == .didShow || slotAnswersWillShow) && slot.delivers(method, to: app)
        }
        record(
            .delegateCall(
                .init(
                    method: method, screen: screen.screenName, animated: animated,
                    appDelegateExpected: appDelegate != nil, reachedAppDelegate: reached)))
    }

    /// R20: the navigation controller is its bar's delegate (it cannot be replaced here).
    /// R23: only hooks installed on the class are called; extension overrides never are
    /// (every profile is 13.4 or later). R22: the first `false` refuses.
    func askShouldPopItem(item: SimScreen) -> Bool {
        reachedSeams.insert(.shouldPopItem)
        let seam = seams.shouldPopItem
        let hooks = seam.hooks  // a snapshot, as `for in` iterates; then an index loop
        for index in 0..<hooks.count {
            let hook = hooks[index]
            guard hook.installation == .classImplementation else {
                record(.seamCall(seam: seam.name, detail: "extension override not called on 13.4+ (R23)"))
                continue
            }
            let answer = hook.shouldPop(ShouldPopItemCall(host: self, item: item))
            record(.seamCall(seam: seam.name, detail: "\(item.screenName) -> \(answer)"))
            if !answer { return false }
        }
        return true
    }
}
