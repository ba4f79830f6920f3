import NavigationHooks

// The clock, the request queue (R6) and the bar.
extension SimNavigationController {
    func record(_ kind: consuming TimelineEvent.Kind) {
        syncTrace()
        timeline.append(consume kind)  // no copy of the payload (``Timeline/append(_:)``)
    }

    /// Records that the run rests on the inferred rule `id` modelled by the code driving this
    /// controller (a scenario host's model of another framework, such as SwiftUI's hosting
    /// controllers, R62), so the run's `inferredRules` carry it like the simulator's own.
    public func noteInferredRule(_ id: String) {
        record(.inferredRule(id))
    }

    func syncTrace() {
        // Through the dispatcher kept at the hooks' creation: this runs before every event is
        // recorded, and the optional chain through the hooks cost three retains and releases
        // and an access check each time in a debug build (2.8% of a debug bench's instructions).
        // One binding: a debug build zeroes each binding's stack slot on every call (a bench
        // plays without a trace, so most calls end here).
        guard let trace = hooksDispatcher?.trace else { return }
        // Most events have no new entry before them: the copying in its own function, whose
        // locals a debug build zeroes only when there is something to copy (~60 instructions a
        // call here otherwise).
        if trace.recordedCount != traceCursor { copyNewEntries(of: trace) }
    }

    /// The entries of `trace` recorded since the last call, as ``TimelineEvent/Kind/decision(_:)``
    /// events.
    private func copyNewEntries(of trace: DecisionTrace) {
        if trace.recordedCount < traceCursor { traceCursor = 0 }  // emptied meanwhile
        let new = trace.recordedCount - traceCursor
        guard new > 0 else { return }
        // The simulator's own trace keeps everything; a capped trace an app set in its place
        // may have dropped some of the new entries, and the timeline gets those it kept.
        let entries = trace.entries
        for entry in entries.suffix(new) { timeline.append(.decision(entry.description)) }
        traceCursor = trace.recordedCount
    }

    func makeID() -> Int {
        defer { nextID &+= 1 }
        return nextID
    }

    /// Runs `body` as a callback: requests made inside are deferred (R6).
    func inCallback(_ body: () -> Void) {
        callbackDepth &+= 1  // `&+=` and `&-=`: a checked add zeroes stack slots on every call in a debug build
        body()
        callbackDepth &-= 1
        syncTrace()
    }

    /// R6: requests during a transition, a modal animation, a callback, hook or dispatch,
    /// or while frozen (R16: the next push is stuck), wait in the queue.
    var mustDefer: Bool {
        // A test a line, as in `isIdle`; the hooks' dispatcher through the reference kept with them.
        if callbackDepth > 0 { return true }
        if let dispatcher = hooksDispatcher, dispatcher.isDispatching { return true }
        if case .some = transition { return true }
        if case .some = modal { return true }
        return isFrozen
    }

    func perform(_ description: String, _ body: @escaping @MainActor () -> Void) {
        if mustDefer {
            enqueue(description, body)
        } else {
            body()
            drainQueue()
        }
    }

    /// Queues a request until nothing runs (R6). The frequent requests (push, pop,
    /// setViewControllers) check ``mustDefer`` themselves and come here only to wait: their
    /// description and closure are then built only for a request that waits.
    func enqueue(_ description: String, _ body: @escaping @MainActor () -> Void) {
        queue.append(PendingRequest(description: description, attempt: currentAttempt, perform: body))
        record(.requestDeferred(description))  // R6
    }

    func drainQueue() {
        guard queue.count != 0, !isDraining else { return }  // called on every frame: the queue is mostly empty
        isDraining = true
        defer { isDraining = false }
        while queue.count != 0, !mustDefer {
            let next = queue.removeFirst()
            let saved = currentAttempt
            currentAttempt = next.attempt
            next.perform()
            currentAttempt = saved
        }
    }

    func freeze(_ reason: String) {
        isFrozen = true
        record(.frozen(reason))
    }

    func noteIdleIfNeeded() {
        guard isIdle else { return }
        // Fields compared one by one and the top read by index: a debug build calls the generic
        // tuple `!=` and `last` otherwise. The frames counted from their storage: `frames.count`
        // copied the frames' collection (three retains and releases), and `||` retained `self`.
        if timeline.frames.storedCount == lastIdleMarker.frames, timeline.events.count == lastIdleMarker.events {
            return
        }
        noteBarLookAtRest()
        let top = Self.top(of: stack)
        record(
            .idle(
                .init(
                    top: top?.screenName, topWantsBarHidden: top?.prefersNavigationBarHidden,
                    barVisibleFraction: barFraction, isCovered: isCovered)))
        lastIdleMarker = (frames: timeline.frames.storedCount, events: timeline.events.count)
    }

    /// One frame: transitions, modal and bar advance, the frame is recorded, whatever
    /// finished completes, then queued requests run.
    func tick() {
        // The running transition bound once, for the whole frame (nothing below replaces it
        // before its completion): each read of `transition`, and each binding of an optional
        // already read, retained and released it in a debug build. Its progress and id are
        // passed on plainly: optional chains and optional arguments cost a retain or a copy each,
        // on every frame.
        if let running = transition {
            running.step()
            recordFrame(
                progress: running.progress, id: running.id,
                flags: Timeline.Frames.Stored.hasProgress | Timeline.Frames.Stored.hasID)
            if running.isDone { completeTransition(running) }
        } else {
            // No transition: progress and id 0, their flags unset (``Timeline/Frames/Stored``).
            recordFrame(progress: 0, id: 0, flags: 0)
        }
        if case .some = modal, modal!.elapsed >= Self.modalFrames { completeModal(modal!) }
        if queue.count != 0 { drainQueue() }  // `count`: a debug build runs `isEmpty` as a generic default
    }

    /// The frame's modal and bar advance, and the frame recorded with the running transition's
    /// `progress` and `id` (their `flags`, without the cover's).
    private func recordFrame(progress: Double, id: Int, flags: UInt8) {
        // The modal advanced in place: `if case .some = modal` first copied it (its screen
        // retained and released) on every frame.
        modal?.elapsed &+= 1  // `&+=`: a checked `+=` zeroes stack slots on every call in a debug build
        if case .some = barAnimation { updateBar() }
        updateBarLook()
        // Tested with `case`: `== nil` is the generic `Optional` comparison in a debug build.
        if case .none = frameTopScreen { frameTopScreen = timeline.frames.nameIndex(Self.top(of: stack)?.screenName) }
        timeline.frames.append(
            stored: .init(
                // `elapsedFrames` spelled out: in a debug build its getter copied the whole timeline.
                time: Double(timeline.frames.storedCount &+ timeline.omittedIdleFrames &+ 1) / Self.framesPerSecond,
                barVisibleFraction: barFraction, progress: progress, id: id, topScreen: frameTopScreen!,
                flags: isCovered ? flags | Timeline.Frames.Stored.covered : flags))
    }

    func updateBar() {
        guard var animation = barAnimation else { return }
        switch animation.mode {
        case .timed(let elapsed, let frames):
            animation.mode = .timed(elapsed: elapsed + 1, frames: frames)
            barFraction = animation.fraction(progress: 0)
            barAnimation = elapsed + 1 >= frames ? nil : animation
        case .alongside(let id, _):
            if let running = transition, running.id == id {
                barFraction = animation.fraction(progress: running.progress)
            } else {
                barFraction = animation.to
                barAnimation = nil
            }
        }
    }

    /// Shows or hides the bar (R29): instantly, over 0.2 s, or alongside the running
    /// transition (tracking an interactive one's progress, reversed on cancel). Calling it
    /// with the current value does nothing. Calls from appearance callbacks are what R31
    /// is about; nothing here special-cases them.
    public func setNavigationBarHidden(_ hidden: Bool, animated: Bool) {
        record(.barRequest(hidden: hidden, animated: animated))
        if appearanceDepth > 0 { record(.inferredRule("R31")) }
        noteInteractiveBarRequest(hidden: hidden)  // R41
        guard hidden != barHidden else { return }
        let before = barHidden
        barHidden = hidden
        let target = hidden ? 0.0 : 1.0
        guard animated else {
            barAnimation = nil
            barFraction = target
            return
        }
        let from = hidden ? 1.0 : 0.0  // the model value, see BarAnimation
        if let running = transition, running.isAnimated, !running.isStuck, running.progress < 1 {
            barAnimation = BarAnimation(
                from: from, to: target,
                mode: .alongside(transitionID: running.id, startProgress: running.progress),
                hiddenBefore: before)
        } else {
            barAnimation = BarAnimation(
                from: from, to: target, mode: .timed(elapsed: 0, frames: Self.barAnimationFrames),
                hiddenBefore: before)
        }
    }

    /// The framework hosting the screens sets the bar itself for `screen` (SwiftUI from its own
    /// toolbar state, R77): recorded with the screen's own preference, so ``Detectors`` count
    /// the calls that go against it, then carried out as ``setNavigationBarHidden(_:animated:)``.
    public func hostSetsNavigationBarHidden(_ hidden: Bool, animated: Bool, for screen: SimScreen) {
        record(
            .hostBarCall(
                .init(screen: screen.screenName, hidden: hidden, screenWantsHidden: screen.prefersNavigationBarHidden)))
        record(.inferredRule("R77"))
        setNavigationBarHidden(hidden, animated: animated)
    }

    func settleBarAlongside(_ running: SimTransitionCoordinator, cancelled: Bool) {
        guard let animation = barAnimation, case .alongside(let id, _) = animation.mode,
            id == running.id
        else { return }
        barAnimation = nil
        if cancelled {
            barFraction = animation.from
            barHidden = animation.hiddenBefore
        } else {
            barFraction = animation.to
        }
    }
}
