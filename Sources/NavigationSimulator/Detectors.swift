/// The metrics of Examples/Scenarios/README.md ("What a run measures"), computed from a ``Timeline`` alone: never from flags set by
/// hand, so a plugin cannot make a defect disappear except by changing what happened.
///
/// - Pops: each user attempt is matched with the pops it caused (``TimelineEvent/Kind/popped(removed:trigger:attempt:)``
///   carries the attempt's id, also through deferred requests and hooks).
/// - Bar glitches: a transition's window runs from its start to the next start of a
///   transition or modal, or the next idle moment, so bar changes its completion callbacks
///   make (R13's reversed callbacks, R31) belong to it.
public enum Detectors {
    /// Analyzes a timeline.
    public static func analyze(_ timeline: Timeline) -> DetectorReport {
        var report = DetectorReport()
        // One pass over the events gathers what every detector needs (each pass copied every
        // event out of the array: a debug build's profile of the bench had four).
        var pops = PopEvents()
        var hasLooks = false
        // Arrays, each element once, not sets: a run consults a few rules and has a transition
        // or two open at a time, and a debug build's `Set.insert` hashed each (~1,100
        // instructions an insert).
        var rules: [String] = []
        var openTransitions: [Int] = []
        // Each pass over the events is an index loop: a debug build does not specialize
        // `for event in events`, whose iterator cost more than the detectors' own work (callgrind
        // of a debug bench shard: ~1,000 instructions per event and pass).
        // Through the buffer's base address: a debug build's `events[index]` is the generic
        // `Array` subscript, which copied each whole event out and destroyed it (~200
        // instructions an event, callgrind of a debug bench worker); a pointer's `pointee` is
        // transparent, and only the kind is copied for the switch.
        // The glitch windows judged as each closes, on the frames through their buffer
        // (``GlitchWindows``).
        let glitches = timeline.frames.stored.withUnsafeBufferPointer { frames in
            var windows = GlitchWindows(frames: frames)
            timeline.events.withUnsafeBufferPointer { events in
                guard let base = events.baseAddress else { return }
                for index in 0..<events.count {
                    // The kind read straight out of the buffer, the frame index only where a case needs
                    // it: an event bound first (`let event = …`) was copied once more and destroyed twice.
                    let event = base + index
                    if event.pointee.detectorsSkip { continue }  // a flag read, not the kind copied out
                    switch event.pointee.kind {
                    case .idle(let idle):
                        windows.close(at: event.pointee.frameIndex)
                        guard !idle.isCovered, let wantsHidden = idle.topWantsBarHidden else { continue }
                        if (idle.barVisibleFraction >= 0.5) == wantsHidden { report.wrongBarAtRest += 1 }
                    case .frozen:
                        report.frozen += 1
                        openTransitions.removeAll()  // a stuck transition counts once, with its freeze
                    case .transitionBegan(let start):
                        if firstIndex(of: start.id, in: openTransitions) == nil { openTransitions.append(start.id) }
                        windows.open(
                            Window(
                                start: event.pointee.frameIndex, isModal: false, transition: .init(start),
                                barBefore: start.barBefore))
                    case .modalBegan(let start):
                        windows.open(Window(start: event.pointee.frameIndex, isModal: true, barBefore: start.barBefore))
                    case .transitionEnded(let id, _):
                        if let open = firstIndex(of: id, in: openTransitions) { openTransitions.remove(at: open) }
                    case .delegateCall(let call):
                        if call.appDelegateExpected, !call.reachedAppDelegate { report.lostDelegateCalls += 1 }
                    case .inferredRule(let id): if !contains(id, in: rules) { rules.append(id) }
                    case .hostBarCall(let call): if call.overridesScreen { report.hostBarOverrides += 1 }
                    case .userAttempt(let attempt): pops.attempts.append(attempt)
                    case .leaveConfirmation(let attempt?, _, .pending): pops.reachedConfirmation.append(attempt)
                    case .popped(let removed, _, let attempt?):
                        pops.popAttempts.append(attempt)
                        pops.popRemoved.append(removed)
                    case .barLook: hasLooks = true
                    default: continue
                    }
                }
            }
            windows.close(at: timeline.frames.count)
            return windows.found
        }
        countPops(pops, into: &report)
        for glitch in glitches {
            report.barGlitches += 1
            for kind in glitch.kinds { report.barGlitchKinds[kind, default: 0] += 1 }
        }
        // Without a look recorded the look detectors find nothing.
        if hasLooks { countLooks(timeline, into: &report) }
        report.frozen += openTransitions.count
        // Sorted only when there is an order to make, and in place: a debug build's generic
        // `sorted(by:)` cost ~8,000 instructions a call, and most runs consult a few rules or none.
        if rules.count > 1 { sortRuleIDs(&rules) }
        report.inferredRules = rules
        return report
    }

    /// Sorts rule ids (`R7`, `R24`, …) by their number: shorter first, then in text order (what
    /// `sorted { $0.count == $1.count ? $0 < $1 : $0.count < $1.count }` gives; the ids are
    /// distinct, so the order is the same whatever sorts them). An insertion sort by index: a
    /// run consults a handful of rules.
    private static func sortRuleIDs(_ ids: inout [String]) {
        for index in 1..<ids.count {
            var position = index
            while position > 0, precedes(ids[position], ids[position - 1]) {
                ids.swapAt(position, position - 1)
                position -= 1
            }
        }
    }

    private static func precedes(_ lhs: String, _ rhs: String) -> Bool {
        let (left, right) = (lhs.count, rhs.count)
        return left == right ? lhs < rhs : left < right
    }

    /// `values.firstIndex(of: value)` as an index loop (the generic one is unspecialized in a
    /// debug build).
    private static func firstIndex(of value: Int, in values: [Int]) -> Int? {
        for index in 0..<values.count where values[index] == value { return index }
        return nil
    }

    private static func contains(_ value: String, in values: [String]) -> Bool {
        for index in 0..<values.count where values[index] == value { return true }
        return false
    }

    /// The events the pop metrics read. Arrays searched in order, not a dictionary of sets: a run
    /// has a few attempts and pops, and a debug build's `Set.formUnion`, dictionary write and
    /// lookups cost ~8,000 instructions a pop (callgrind of a bench worker).
    private struct PopEvents {
        var attempts: [TimelineEvent.UserAttempt] = []
        /// Each pop a user attempt caused, in order (an attempt may cause several): the attempt's id,
        /// and at the same index the screens it removed.
        var popAttempts: [Int] = []
        var popRemoved: [[String]] = []
        /// The attempts that reached a leave confirmation (an id may repeat).
        var reachedConfirmation: [Int] = []
    }

    /// Whether a pop of the user attempt `attempt` removed `screen`.
    private static func removed(_ screen: String, by attempt: Int, in events: PopEvents) -> Bool {
        for pop in 0..<events.popAttempts.count where events.popAttempts[pop] == attempt {
            let removed = events.popRemoved[pop]
            for index in 0..<removed.count where removed[index] == screen { return true }
        }
        return false
    }

    private static func countPops(_ events: PopEvents, into report: inout DetectorReport) {
        let reachedConfirmation = events.reachedConfirmation
        // Index loops and `count`, as in `analyze(_:)`: a debug build runs `for in`'s iterator,
        // `isEmpty` and `contains(where:)` unspecialized (~2,000 instructions an attempt).
        let attempts = events.attempts
        for index in 0..<attempts.count {
            let attempt = attempts[index]
            let guardedScreens = attempt.guardedScreens
            let guarded = attempt.refusesUserPop || attempt.confirmsLeave || guardedScreens.count != 0
            if guarded, attempt.canPop || attempt.input == .sheetSwipeDown { report.guardedAttempts += 1 }
            let succeeded = removed(attempt.screen, by: attempt.id, in: events)
            if attempt.confirmsLeave {
                countConfirmed(attempt, succeeded: succeeded, reached: reachedConfirmation, into: &report)
                continue
            }
            // Any guarded screen the pop removed, on top or further down (a back-menu pick past
            // a guarded screen in the middle), makes the pop unguarded: counted once per attempt.
            if (attempt.refusesUserPop && succeeded) || removesAny(of: guardedScreens, by: attempt.id, in: events) {
                report.unguardedPops += 1
                continue
            }
            if attempt.refusesUserPop || guardedScreens.count != 0 { continue }
            guard !succeeded, attempt.canPop else { continue }
            if case .swipe(let kind, let release, let onScrollView) = attempt.input {
                if release == .cancel || attempt.popGestureDisabled { continue }
                if kind == .content, onScrollView { continue }
            }
            report.blockedPops += 1
        }
    }

    /// Whether a pop of the user attempt `attempt` removed any of `screens`.
    private static func removesAny(of screens: [String], by attempt: Int, in events: PopEvents) -> Bool {
        for index in 0..<screens.count where removed(screens[index], by: attempt, in: events) { return true }
        return false
    }

    /// A screen that asks before leaving: the attempt must reach its confirmation. Leaving
    /// without it is an unguarded pop; staying without it an unanswered attempt, unless
    /// the input could not leave anyway (the root, a cancelled swipe, a disabled gesture, a
    /// content swipe taken by a scroll view).
    private static func countConfirmed(
        _ attempt: TimelineEvent.UserAttempt, succeeded: Bool, reached: [Int], into report: inout DetectorReport
    ) {
        if firstIndex(of: attempt.id, in: reached) != nil { return }
        if succeeded {
            report.unguardedPops += 1
            return
        }
        guard attempt.canPop || attempt.input == .sheetSwipeDown else { return }
        if case .swipe(let kind, let release, let onScrollView) = attempt.input {
            if release == .cancel || attempt.popGestureDisabled || (kind == .content && onScrollView) { return }
        }
        report.unansweredAttempts += 1
    }

    /// A glitch window: numbers and flags only, so keeping, appending and reading windows
    /// copies no string (a transition's start carries its screens' names).
    private struct Window {
        var start: Int
        var isModal: Bool
        var transition: Transition?
        var barBefore: Double

        /// What ``Detectors/glitches(in:_:window:)`` reads of a transition's start.
        struct Transition {
            var id: Int
            var animated: Bool
            var covered: Bool
            var fromWantsBarHidden: Bool?
            var toWantsBarHidden: Bool

            init(_ start: TimelineEvent.TransitionStart) {
                id = start.id
                animated = start.animated
                covered = start.covered
                fromWantsBarHidden = start.fromWantsBarHidden
                toWantsBarHidden = start.toWantsBarHidden
            }
        }
    }

    /// A transition or modal animation whose bar glitched: its frames and the kinds found.
    public struct BarGlitch: Sendable, Equatable {
        /// The first frame of the window (the transition's or modal's start).
        public var startFrame: Int
        /// The frame after the window's last.
        public var endFrame: Int
        /// What went wrong.
        public var kinds: [BarGlitchKind]
    }

    /// The windows that ``DetectorReport/barGlitches`` counts, in time order (for drawing
    /// them on a timeline).
    public static func barGlitches(in timeline: Timeline) -> [BarGlitch] {
        timeline.frames.stored.withUnsafeBufferPointer { frames in
            var windows = GlitchWindows(frames: frames)
            let events = timeline.events
            for index in 0..<events.count {
                let event = events[index]  // one copy out of the array, not one per field read
                switch event.kind {
                case .transitionBegan(let start):
                    windows.open(
                        Window(
                            start: event.frameIndex, isModal: false, transition: .init(start),
                            barBefore: start.barBefore))
                case .modalBegan(let start):
                    windows.open(Window(start: event.frameIndex, isModal: true, barBefore: start.barBefore))
                case .idle: windows.close(at: event.frameIndex)
                default: continue
                }
            }
            windows.close(at: timeline.frames.count)
            return windows.found
        }
    }

    /// The windows of ``barGlitches(in:)``: each from a transition's or modal's start to the
    /// next start or idle moment, judged on the timeline's `frames` as it closes (the frames are
    /// all recorded when a timeline is analyzed): no array of windows to append to and read back
    /// (a debug build appended each through the generic `Array.append` and copied it out again
    /// through the generic subscript).
    private struct GlitchWindows {
        /// The timeline's frames, through their buffer: a debug build's `ArraySlice` subscript is
        /// generic.
        let frames: UnsafeBufferPointer<Timeline.Frames.Stored>
        var current: Window?
        /// The closed windows whose bar glitched, in time order.
        var found: [BarGlitch] = []

        init(frames: UnsafeBufferPointer<Timeline.Frames.Stored>) { self.frames = frames }

        /// Closes the open window, if any, at `window`'s start, and opens `window`.
        mutating func open(_ window: Window) {
            close(at: window.start)
            current = window
        }

        /// Closes the open window, if any, at `end` (the frame after its last), and keeps it when
        /// its bar glitched.
        mutating func close(at end: Int) {
            if let window = current, let base = frames.baseAddress {
                precondition(end <= frames.count, "a window past the last frame")  // as a slice's bounds check
                let start = window.start < end ? window.start : end
                let kinds = Detectors.glitches(in: base, start..<end, window: window)
                if kinds.count != 0 { found.append(BarGlitch(startFrame: start, endFrame: end, kinds: kinds)) }
            }
            current = nil
        }
    }

    /// Plain loops over the window's frames (`range` of the frames at `frames`): a debug build
    /// does not specialize `map` and `contains(where:)` with their closures, nor the generic
    /// `abs`; each frame is read through `pointee`, which is transparent.
    private static func glitches(
        in frames: UnsafePointer<Timeline.Frames.Stored>, _ range: Range<Int>, window: Window
    ) -> [BarGlitchKind] {
        let epsilon = 1e-9
        if window.isModal {
            for index in range
            where ((frames + index).pointee.barVisibleFraction - window.barBefore).magnitude > epsilon {
                return [.changedUnderModal]
            }
            return []
        }
        guard let start = window.transition, !start.covered else { return [] }
        var kinds: [BarGlitchKind] = []
        // `case true?`, not `== true`: a debug build compares optionals generically.
        if case true? = start.fromWantsBarHidden, start.toWantsBarHidden {
            for index in range where (frames + index).pointee.barVisibleFraction > epsilon {
                kinds.append(.visibleWhileBothEndsHidden)
                break
            }
        }
        var turns = 0
        var direction = 0.0
        var previous = window.barBefore
        for index in range {
            let value = (frames + index).pointee.barVisibleFraction
            guard (value - previous).magnitude > epsilon else { continue }
            let step = value > previous ? 1.0 : -1.0
            if direction != 0, step != direction { turns += 1 }
            direction = step
            previous = value
        }
        if turns > 1 { kinds.append(.directionChangedTwice) }
        if start.animated, !range.isEmpty {
            let final = (frames + range.upperBound - 1).pointee.barVisibleFraction
            if (final - window.barBefore).magnitude > epsilon {
                for index in range where (frames + index).pointee.transitionID == start.id {
                    let first = (frames + index).pointee
                    if (first.transitionProgress ?? 1) < 1, (first.barVisibleFraction - final).magnitude < epsilon {
                        kinds.append(.finalBeforeMoving)
                    }
                    break
                }
            }
        }
        return kinds
    }
}
