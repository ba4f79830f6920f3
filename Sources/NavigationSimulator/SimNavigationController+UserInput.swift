public import NavigationHooks

// What the user does: the back button (R20–R28), the back menu (R25) and the pop swipes
// (R12–R19).
extension SimNavigationController {
    func beginAttempt(_ input: TimelineEvent.UserAttempt.Input, on top: SimScreen) -> Int {
        let id = makeID()
        record(
            .userAttempt(
                .init(
                    id: id, input: input, screen: top.screenName, refusesUserPop: top.refusesUserPop,
                    popGestureDisabled: !top.isPopGestureEnabled, canPop: stack.count > 1,
                    confirmsLeave: top.leaveConfirmation != nil, guardedScreens: guardedScreens(removedBy: input))))
        return id
    }

    /// The names of the screens `input` removes that refuse it, in stack order. An index loop:
    /// a debug build runs `filter` and `map` generic and unspecialized, with a closure a screen.
    private func guardedScreens(removedBy input: TimelineEvent.UserAttempt.Input) -> [String] {
        var names: [String] = []
        for index in screensRemoved(by: input) {
            let screen = stack[index]
            if screen.refusesUserPop || locksSwipe(input, screen) { names.append(screen.screenName) }
        }
        return names
    }

    /// A swipe on a screen that hid its back button to lock it (`HiddenBackButtonIntent`):
    /// for the detectors the screen refuses that swipe, as a guarded one does.
    private func locksSwipe(_ input: TimelineEvent.UserAttempt.Input, _ screen: SimScreen) -> Bool {
        guard case .swipe = input else { return false }
        return screen.locksSwipe(on: self)
    }

    /// Where in the stack the screens `input` removes if it succeeds are: those above the
    /// destination for a back-menu pick (R25), every screen for a sheet's swipe-down (R52), the
    /// top one otherwise.
    private func screensRemoved(by input: TimelineEvent.UserAttempt.Input) -> Range<Int> {
        let count = stack.count
        switch input {
        case .backMenu(let destination):
            var index = count - 1  // the last screen of that name
            while index >= 0, stack[index].screenName != destination { index -= 1 }
            return index < 0 ? 0..<0 : (index + 1)..<count
        case .sheetSwipeDown: return 0..<count
        default: return (count == 0 ? 0 : count - 1)..<count
        }
    }

    var inputBlocker: String? {
        if isSheetDismissed { return "the sheet was dismissed" }  // R52
        if presentedScreen != nil || modal != nil { return "a modal is over the navigation controller" }
        if transition != nil, !isFrozen { return "a transition runs: the bar ignores touches" }
        return nil
    }

    /// The user taps the back button: the custom left button's action where the top screen
    /// has one (R28), otherwise the system button: `backAction` hooks (R26, iOS 16+), then
    /// the private hook (R27, iOS 13–18), then `navigationBar(_:shouldPop:)` while the
    /// screen is still on top (R21, R22, R23) and an animated pop.
    public func tapBack() {
        reportAppAction(.userInput(.tapBack))
        if let blocker = inputBlocker { return record(.inputIgnored("tap back: \(blocker)")) }
        guard let top = stack.last, stack.count > 1 || top.hasCustomBackButton else {
            return record(.inputIgnored("tap back: no back button at the root"))
        }
        guard !barHidden else {
            return record(.inputIgnored("tap back: the bar is hidden, no button to tap"))
        }
        if drawsBackButtonInVerticalBar(top) {  // R123
            return record(.inputIgnored("tap back: the back button is in the vertical bar (R123)"))
        }
        if top.hasCustomBackButton {  // R28
            let id = beginAttempt(.customBack, on: top)
            if isFrozen { return record(.inputIgnored("frozen: touches ignored (R16)")) }
            currentAttempt = id
            inCallback {
                record(
                    .seamCall(
                        seam: "customBackAction", detail: top.customBackAction == nil ? "none" : "called"))
                top.customBackAction?()
            }
            currentAttempt = nil
            return drainQueue()
        }
        let id = beginAttempt(.tapBack, on: top)
        if isFrozen { return record(.inputIgnored("frozen: touches ignored (R16)")) }
        currentAttempt = id
        defer {
            currentAttempt = nil
            drainQueue()
        }
        systemBackButtonTap(on: top, trigger: .backButton)
    }

    /// The system back button's action on `top`, within the running attempt: `backAction`
    /// hooks (R26), the private hook (R27), `navigationBar(_:shouldPop:)` while `top` is still
    /// on top (R21, R22), then an animated pop with `trigger`. `asksBar: false` skips
    /// `navigationBar(_:shouldPop:)`: the vertical bar's back button as R120's alternative reads it.
    func systemBackButtonTap(on top: SimScreen, trigger: PopTrigger, asksBar: Bool = true) {
        let event = BackTapEvent(host: self, screen: top)
        reachedSeams.formUnion(SeamSet([.backAction, .privateBackButtonAction]))
        if runBackTapHooks(seams.backAction, event, available: capabilities.hasBackAction) { return }  // R26
        if runBackTapHooks(seams.privateBackButtonAction, event, available: profile.majorVersion <= 18) {
            return
        }  // R27
        var allowed = true
        if asksBar { inCallback { allowed = askShouldPopItem(item: top) } }  // R21: still on top
        guard allowed else {
            return record(.inputIgnored("back tap refused by navigationBar(_:shouldPop:) (R22)"))
        }
        guard stack.count > 1 else { return }
        performPop(to: stack[stack.count - 2], kind: .pop, trigger: trigger, animated: true, consultBar: false)
    }

    /// Calls the hooks in order; `true` when one consumed the tap.
    private func runBackTapHooks(_ seam: Seam<BackTapHook>, _ event: BackTapEvent, available: Bool)
        -> Bool
    {
        guard !seam.isEmpty else { return false }
        guard available else {
            record(.seamCall(seam: seam.name, detail: "not called on \(profile.rawValue)"))
            return false
        }
        let hooks = seam.hooks  // a snapshot, as `for in` iterates; then an index loop
        for index in 0..<hooks.count {
            let hook = hooks[index]
            var outcome = BackTapOutcome.pass
            inCallback { outcome = hook.onTap(event) }
            record(.seamCall(seam: seam.name, detail: outcome.caseName))
            if outcome == .handled { return true }
        }
        return false
    }

    /// What a long-press on the back button offers now (R25, iOS 14+): the screens below the
    /// top, nearest first, filtered by the back-menu hooks in order. Empty: no menu (before
    /// iOS 14, at the root, or with a custom left button, R28).
    public func backMenuDestinations() -> [SimScreen] {
        guard capabilities.hasBackMenu, let top = stack.last, stack.count > 1, !top.hasCustomBackButton,
            !barHidden,
            inputBlocker == nil, !isFrozen
        else { return [] }
        // Index loops throughout: a debug build runs `dropLast`, `reversed`, `map`, `compactMap`,
        // `for in` and the interpolation of an array generic and unspecialized.
        var destinations: [any NavigationScreen] = []  // below the top, nearest first
        destinations.reserveCapacity(stack.count - 1)
        for index in 1..<stack.count { destinations.append(stack[stack.count - 1 - index]) }
        reachedSeams.insert(.backMenu)
        let seam = seams.backMenu
        let hooks = seam.hooks  // a snapshot, as `for in` iterates; then an index loop
        for index in 0..<hooks.count {
            let hook = hooks[index]
            let request = BackMenuRequest(host: self, destinations: destinations)
            inCallback { destinations = hook.filter(request) }
            record(.seamCall(seam: seam.name, detail: "kept \(Self.namesDescription(destinations))"))
        }
        // Back to the simulated screens, in one pass over the stack (not one per row).
        var byIdentity: [ObjectIdentifier: SimScreen] = [:]
        for index in 0..<stack.count { byIdentity[ObjectIdentifier(stack[index])] = stack[index] }
        var offered: [SimScreen] = []
        for index in 0..<destinations.count {
            if let screen = byIdentity[ObjectIdentifier(destinations[index])] { offered.append(screen) }
        }
        return offered
    }

    /// The screens' names as `"\(screens.map(\.screenName))"` writes them: `["A", "B"]`, each
    /// name as its `debugDescription` (what an array's description prints for a string).
    private static func namesDescription(_ screens: [any NavigationScreen]) -> String {
        var text = "["
        for index in 0..<screens.count {
            if index > 0 { text += ", " }
            text += screens[index].screenName.debugDescription
        }
        return text + "]"
    }

    /// The user long-presses back and picks `screen` (R25): the back-menu hooks' `shouldPick`
    /// decide now (R37), then a pop-to without `navigationBar(_:shouldPop:)`; `didPop` fires.
    public func chooseFromBackMenu(_ screen: SimScreen) {
        reportAppAction(.userInput(.backMenu(destination: screen)))
        if let blocker = inputBlocker { return record(.inputIgnored("back menu: \(blocker)")) }
        // No menu at all (before iOS 14, at the root, custom left button R28, hidden bar): the
        // user cannot long-press, so there is no attempt. Neither for a screen not below the top.
        guard capabilities.hasBackMenu, let top = stack.last, stack.count > 1, !top.hasCustomBackButton,
            !barHidden
        else { return record(.inputIgnored("back menu: there is no back menu (R25, R28)")) }
        guard let index = stack.firstIndex(where: { $0 === screen }), index < stack.count - 1 else {
            return record(.inputIgnored("back menu: \(screen.screenName) is not below the top"))
        }
        let id = beginAttempt(.backMenu(destination: screen.screenName), on: top)
        if isFrozen { return record(.inputIgnored("frozen: touches ignored (R16)")) }
        let offered = backMenuDestinations()
        guard offered.contains(where: { $0 === screen }) else {
            return record(.inputIgnored("back menu does not offer \(screen.screenName)"))
        }
        currentAttempt = id
        defer {
            currentAttempt = nil
            drainQueue()
        }
        // R37: the row's action decides when it is picked, not when the menu was assigned.
        let seam = seams.backMenu
        let hooks = seam.hooks  // a snapshot, as `for in` iterates; then an index loop
        for index in 0..<hooks.count {
            let hook = hooks[index]
            guard let ask = hook.shouldPick else { continue }
            var allowed = true
            inCallback { allowed = ask(BackMenuPick(host: self, destination: screen)) }
            record(.seamCall(seam: seam.name, detail: "pick \(screen.screenName) -> \(allowed)"))
            if !allowed { return record(.inputIgnored("back menu pick of \(screen.screenName) refused (R37)")) }
        }
        performPop(to: screen, kind: .popTo, trigger: .backMenu, animated: true, consultBar: false)  // R25
    }

    /// The user swipes back with the edge or (iOS 26) content recognizer, drags to
    /// `progress` over frames, and releases.
    ///
    /// - `onScrollView`: the touch lands on a horizontal scroll view; `nil` uses the top
    ///   screen's ``SimScreen/hasHorizontalScrollView``. The scroll view takes a content swipe
    ///   (R19) and an edge swipe unless the delegate requires it to fail (R18).
    /// - The delegate slot decides whether it begins (R15); beginning at the root (R16) or
    ///   during a transition (R17) freezes the UI.
    /// - Began: the pop happens at once (R12), `willShow` with an interactive coordinator
    ///   (R9); release runs `notifyWhenInteractionChanges` (R14); the rest of the animation
    ///   runs with the clock (``runUntilIdle()``).
    public func swipeBack(
        _ kind: PopGestureKind = .edge, progress: Double = 0.5, release: SwipeRelease,
        onScrollView: Bool? = nil
    ) {
        swipeBack(kind, progress: progress, release: release, onScrollView: onScrollView, reports: true)
    }

    /// ``swipeBack(_:progress:release:onScrollView:)``; `reports: false` for a trackpad swipe,
    /// which reported itself.
    func swipeBack(
        _ kind: PopGestureKind, progress: Double, release: SwipeRelease, onScrollView: Bool?, reports: Bool
    ) {
        if reports { reportAppAction(.userInput(.swipe(kind, progress: progress, finished: release == .finish))) }
        guard kind == .edge || capabilities.hasContentPopGesture else {
            return record(.inputIgnored("no content pop gesture before iOS 26 (R19)"))
        }
        if presentedScreen != nil || modal != nil {
            return record(.inputIgnored("swipe: a modal is over the navigation controller"))
        }
        guard let top = stack.last else { return }
        let scroll = onScrollView ?? top.hasHorizontalScrollView
        let id = beginAttempt(.swipe(kind, release, onScrollView: scroll), on: top)
        if isFrozen { return record(.inputIgnored("frozen: touches ignored (R16)")) }
        // R71: a library's full-screen pan takes the swipe the disabled edge recognizer would.
        let libraryPan = kind == .edge ? libraryPanSlot : nil
        let enabled = libraryPan != nil || (kind == .edge ? isEdgePopGestureEnabled : isContentPopGestureEnabled)
        guard enabled else {
            if observerStorage != nil { report(.swipeDidNotBegin(kind)) }
            return record(.inputIgnored("\(kind.rawValue) recognizer disabled"))
        }
        if kind == .edge, libraryPan == nil, leadingVerticalBarTakesEdgeSwipe(top) {  // R122 alt
            if observerStorage != nil { report(.swipeDidNotBegin(kind)) }
            return record(.inputIgnored("the leading vertical bar takes the edge touch: no edge swipe (R122 alt)"))
        }
        if kind == .content {
            record(.inferredRule("R19"))
            if scroll {
                return record(.inputIgnored("the horizontal scroll view takes the content swipe (R19)"))
            }
        }
        reachedSeams.insert(.popGesture)
        // R36 (inferred): on iOS 26 whether a swipe may interrupt the running transition is
        // left to UIKit's own delegate; the simulator lets none interrupt.
        if isTransitioning, capabilities.iOSMajorVersion >= 26 { record(.inferredRule("R36")) }
        if libraryPan != nil { record(.seamCall(seam: "gesture library", detail: "its pan takes the swipe (R71)")) }
        let slot = libraryPan ?? (kind == .edge ? edgeSlot : contentSlot)
        var begins = true
        var scrollWaits = false
        currentAttempt = id
        systemPopRefusal = nil
        defer { currentAttempt = nil }
        var received = true
        inCallback {
            // R34, R70: from iOS 13.4 the delegate is asked whether the touch reaches the
            // recognizer first; UIKit's own delegate refuses there, not in shouldBegin.
            received = slot?.shouldReceive(kind, in: self) ?? true
            begins = received && slot?.gestureShouldBegin(kind, in: self) ?? true
            if begins, scroll {
                scrollWaits = slot?.shouldBeRequiredToFailByScrollView(kind, in: self) ?? false
            }
        }
        guard begins else {
            if observerStorage != nil { report(.swipeDidNotBegin(kind)) }
            return record(.inputIgnored(Self.notBegunReason(kind, received: received, systemRefusal: systemPopRefusal)))
        }
        if scroll, !scrollWaits {
            return record(.inputIgnored("the horizontal scroll view won over the edge swipe (R18)"))
        }
        guard stack.count > 1 else {
            return freeze("pop gesture began on the root with nothing to pop (R16)")
        }
        if let running = transition {
            running.isStuck = true
            return freeze("pop gesture began during transition #\(running.id) (R17)")
        }
        if playsAlternative(of: "R24") {  // R24 alt: the gesture asks the bar as it begins
            var allowed = true
            inCallback { allowed = askShouldPopItem(item: top) }
            guard allowed else {
                return record(.inputIgnored("\(kind.rawValue) pop refused by navigationBar(_:shouldPop:) (R24 alt)"))
            }
        }
        drivePop(kind, from: top, to: progress, release: release)
    }

    /// Why a swipe did not begin, for the timeline: UIKit's own refusal with its rules and
    /// where UIKit makes it (R70) when it stood, else the delegate slot's answer (R35).
    static func notBegunReason(
        _ kind: PopGestureKind, received: Bool, systemRefusal: SystemPopGestureRefusal?
    ) -> String {
        let question = received ? "shouldBegin" : "shouldReceive"
        guard !received, let refusal = systemRefusal else {
            return "\(kind.rawValue) pop gesture did not begin: the delegate refused in \(question) (R35)"
        }
        return "\(kind.rawValue) pop gesture did not begin: UIKit's delegate refused, \(refusal) "
            + "(\(refusal.rules.joined(separator: ", ")); \(refusal.source))"
    }

    private func drivePop(
        _ kind: PopGestureKind, from top: SimScreen, to progress: Double, release: SwipeRelease
    ) {
        let arriving = stack[stack.count - 2]
        // R12: began calls pop: the screen leaves the stack at once; gesture pops never
        // ask navigationBar(_:shouldPop:) (R24).
        notifyWillPop(kind: .pop, removed: [top], animated: true, interactive: true)
        truncateStack(to: stack.count - 1)
        barItems = stack
        top.isMovingFromParent = true
        beginTransition(
            isPop: true, leaving: top, arriving: arriving, animated: true, gesture: kind,
            pendingPop: .init(kind: .pop, removed: [top], trigger: kind.trigger))
        guard let running = transition else { return }
        let target = min(1, max(0, progress))
        let steps = max(1, roundedToInt(target * Double(Self.transitionFrames)))
        for step in 1...steps {
            running.progress = target * Double(step) / Double(steps)
            inCallback {
                notifyInteractive(
                    kind, .changed(progress: running.progress), leaving: top, arriving: arriving)
            }
            tick()
        }
        // R14: the finger lets go: the coordinator turns non-interactive and tells observers.
        running.isInteractive = false
        running.isCancelled = release == .cancel
        let observers = running.interactionObservers
        running.interactionObservers = []
        inCallback { for observer in observers { observer(running.isCancelled) } }
        let end = release == .cancel ? 0.0 : 1.0
        let frames = max(
            1, roundedToInt(abs(end - running.progress) * Double(Self.transitionFrames)))
        running.release = .init(from: running.progress, to: end, frames: frames)
    }
}
