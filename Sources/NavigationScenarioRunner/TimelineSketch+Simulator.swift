import NavigationScenarios
public import NavigationSimulator

extension TimelineSketch {
    /// Where a step of the scenario begins in the simulator's timeline: its first event's
    /// index in ``Timeline/events``, and the step's place, `draft.nav:9`.
    public struct StepStart: Hashable, Sendable {
        /// The index in ``Timeline/events`` of the first event the step caused.
        public var eventIndex: Int
        /// `FILE:LINE` of the step (the file's base name).
        public var location: String

        /// Creates a step start.
        public init(eventIndex: Int, location: String) {
            self.eventIndex = eventIndex
            self.location = location
        }
    }

    /// The pause drawn before a user's input (or answer to a confirmation) that finds nothing
    /// moving. The simulator's clock stands still between inputs, so without it every input
    /// of a series of refusals would be drawn at one moment.
    public static let userPause = 0.25

    /// Builds a sketch from the simulator's real timeline: one frame per simulated frame (its
    /// bar fraction, and whether a push or pop transition is moving), and a labelled marker per
    /// user input, pop, refusal, ignored input, bar request, modal and freeze.
    ///
    /// A user input (or an answer to a confirmation) that finds the screen at rest is drawn
    /// after ``userPause``: the user acts at a moment of their own, after the previous step.
    /// With `steps`, a user's input is named by its step's `FILE:LINE`, and a pop that a
    /// confirmation's "proceed" made is named after the input it answered.
    ///
    /// - Parameters:
    ///   - simulatorTimeline: what a ``SimNavigationController`` recorded.
    ///   - title: the heading, e.g. `draft.nav · ios16 · BackActionOverride+PopGestureGuard`.
    ///   - steps: where each step began in the timeline, in order (empty: inputs are numbered).
    public init(simulatorTimeline: Timeline, title: String, steps: [StepStart] = []) {
        let recorded = simulatorTimeline.frames
        let timelineEvents = simulatorTimeline.events
        // The pauses: (frame index, event position), in event order.
        var pauses: [(frameIndex: Int, position: Int)] = []
        var atRest = true
        for (position, event) in timelineEvents.enumerated() {
            let byUser: Bool
            switch event.kind {
            case .transitionBegan, .modalBegan: atRest = false
            case .idle: atRest = true
            default: break
            }
            switch event.kind {
            case .userAttempt: byUser = true
            case .leaveConfirmation(_, _, let state): byUser = state == .proceeded || state == .cancelled
            default: byUser = false
            }
            if byUser, atRest { pauses.append((event.frameIndex, position)) }
        }
        /// The pauses drawn before frame `index` (those at it included).
        func pause(throughFrame index: Int) -> Double {
            Double(pauses.prefix { $0.frameIndex <= index }.count) * Self.userPause
        }
        /// The moment just before frame `index`: the end of the frame before it, after the
        /// pauses at it.
        func time(atFrame index: Int) -> Double {
            let clamped = min(index, recorded.count) - 1
            return (clamped >= 0 ? recorded[clamped].time : 0) + pause(throughFrame: index)
        }
        var frames: [Frame] = []
        var pauseIndex = 0
        var shift = 0.0
        /// Adds the pauses before frame `index`: the bar holds still, nothing moves.
        func addPauses(before index: Int) {
            let held = frames.last
            let start = index > 0 ? recorded[index - 1].time : 0
            var paused = false
            while pauseIndex < pauses.count, pauses[pauseIndex].frameIndex <= index {
                if !paused, let held {
                    frames.append(
                        Frame(time: start + shift, barVisibleFraction: held.barVisibleFraction, transitionActive: false)
                    )
                }
                paused = true
                shift += Self.userPause
                pauseIndex += 1
            }
            if paused, let held {
                frames.append(
                    Frame(time: start + shift, barVisibleFraction: held.barVisibleFraction, transitionActive: false))
            }
        }
        for (index, frame) in recorded.enumerated() {
            addPauses(before: index)
            frames.append(
                Frame(
                    time: frame.time + shift, barVisibleFraction: frame.barVisibleFraction,
                    transitionActive: frame.transitionID != nil, transitionID: frame.transitionID))
        }
        addPauses(before: recorded.count)
        var labeler = Labeler(steps: steps)
        var events: [Event] = []
        var pausesSoFar = 0
        for (position, event) in timelineEvents.enumerated() {
            while pausesSoFar < pauses.count, pauses[pausesSoFar].position <= position { pausesSoFar += 1 }
            guard let label = labeler.label(event.kind, at: position) else { continue }
            // An event happens before frame `frameIndex`: at the end of the frame before it.
            let index = min(event.frameIndex, recorded.count) - 1
            let at = (index >= 0 ? recorded[index].time : 0) + Double(pausesSoFar) * Self.userPause
            events.append(Event(time: at, label: label))
        }
        var problems = Detectors.barGlitches(in: simulatorTimeline).map { glitch in
            Problem(
                start: time(atFrame: glitch.startFrame), end: time(atFrame: glitch.endFrame),
                label: "bar glitch: " + glitch.kinds.map(Self.describe).joined(separator: ", "))
        }
        for event in timelineEvents {
            // The same test as the wrongBarAtRest detector.
            guard case .idle(let idle) = event.kind, !idle.isCovered, let wantsHidden = idle.topWantsBarHidden,
                (idle.barVisibleFraction >= 0.5) == wantsHidden
            else { continue }
            let at = time(atFrame: event.frameIndex)
            problems.append(
                Problem(
                    start: at, end: at,
                    label: "wrong bar at rest: \(idle.top ?? "-") wants it \(wantsHidden ? "hidden" : "visible")"))
        }
        // User pops of a screen that refuses them (what `unguardedPops` counts).
        var refusing: Set<Int> = []
        for event in timelineEvents {
            switch event.kind {
            case .userAttempt(let attempt) where attempt.refusesUserPop: refusing.insert(attempt.id)
            case .popped(let removed, _, let attempt?) where refusing.contains(attempt):
                let at = time(atFrame: event.frameIndex)
                problems.append(
                    Problem(
                        start: at, end: at,
                        label: "unguarded pop: \(removed.joined(separator: ", ")) refuses user pops "
                            + "(\(labeler.name(ofAttempt: attempt)))")
                )
            default: continue
            }
        }
        problems.sort { $0.start < $1.start }
        self.init(title: title, frames: frames, events: events, problems: problems)
    }

    /// `visible while both ends hidden`.
    private static func describe(_ kind: BarGlitchKind) -> String {
        switch kind {
        case .visibleWhileBothEndsHidden: "visible while both ends want it hidden"
        case .directionChangedTwice: "changed direction twice"
        case .finalBeforeMoving: "final state before the transition moved"
        case .changedUnderModal: "changed under a modal"
        }
    }

}

/// Names the events of one timeline: a user's input by its step's `FILE:LINE` (or its number
/// when the steps are unknown), and a pop that a confirmation's "proceed" made by the input
/// it answered.
private struct Labeler {
    let steps: [TimelineSketch.StepStart]
    /// User attempts by id: their step's place and their input's keyword.
    var attempts: [Int: (place: String?, input: String)] = [:]
    /// The attempt whose confirmation just proceeded; the pop it makes is the user's.
    var proceeded: Int?
    var proceededStep: Int?

    init(steps: [TimelineSketch.StepStart]) { self.steps = steps }

    /// The index in `steps` of the step that caused the event at `position`.
    func step(at position: Int) -> Int? {
        steps.lastIndex { $0.eventIndex <= position }
    }

    /// `draft.nav:9`, or `user #4` without steps.
    func name(ofAttempt id: Int) -> String {
        attempts[id]?.place ?? "user #\(id)"
    }

    /// The marker of an event worth showing, or `nil`.
    mutating func label(_ kind: TimelineEvent.Kind, at position: Int) -> String? {
        switch kind {
        case .userAttempt(let attempt):
            let step = step(at: position)
            let input = Self.keyword(attempt.input)
            attempts[attempt.id] = (step.map { steps[$0].location }, input)
            proceeded = nil
            let subject: String
            switch attempt.input {
            case .backMenu(let destination): subject = "back-menu to \(destination)"
            case .swipe(let gesture, let release, let onScrollView):
                subject = "\(gesture.rawValue) swipe \(release.rawValue)" + (onScrollView ? " on a scroll view" : "")
            default: subject = "\(input) on \(attempt.screen)"
            }
            return "\(name(ofAttempt: attempt.id)): \(subject)"
        case .pushed(let screen, _): return "push \(screen)"
        case .popped(let removed, let trigger, let attempt):
            let screens = removed.joined(separator: ", ")
            // A plugin answers a user's tap with a code pop: name the user's attempt, not the call.
            if let attempt {
                return "popped \(screens) after \(Self.describe(attempts[attempt], id: attempt))"
            }
            // The pop a confirmation's "proceed" made, in the same step: the user's way out.
            if let proceeded, proceededStep == step(at: position) {
                return "popped \(screens) by the user: \(Self.describe(attempts[proceeded], id: proceeded)), confirmed"
            }
            return "popped \(screens)" + (trigger == .programmatic ? " by the app's code" : " via \(trigger)")
        case .decision(let line) where line.contains("deny") || line.contains("refused"): return "refused: \(line)"
        case .inputIgnored(let why): return "ignored: \(why)"
        case .barRequest(let hidden, let animated):
            return "bar \(hidden ? "hidden" : "visible")\(animated ? " (animated)" : "")"
        case .modalBegan(let start): return "\(start.isPresenting ? "present" : "dismiss") \(start.screen)"
        case .transitionEnded(_, let cancelled) where cancelled: return "transition cancelled"
        case .frozen(let why): return "frozen: \(why)"
        case .leaveConfirmation(let attempt, let screen, let state):
            if state == .proceeded, let attempt {
                proceeded = attempt
                proceededStep = step(at: position)
            }
            let place = step(at: position).map { " (\(steps[$0].location))" } ?? ""
            return "confirmation on \(screen): \(state)" + (state == .pending ? "" : place)
        default: return nil
        }
    }

    /// `swipe-down-sheet at sheet.nav:11`, or `user #4`.
    static func describe(_ attempt: (place: String?, input: String)?, id: Int) -> String {
        guard let attempt, let place = attempt.place else { return "user #\(id)" }
        return "\(attempt.input) at \(place)"
    }

    /// The scenario keyword of an input.
    static func keyword(_ input: TimelineEvent.UserAttempt.Input) -> String {
        switch input {
        case .tapBack: "tap-back"
        case .customBack: "custom back"
        case .backMenu: "back-menu"
        case .swipe(let gesture, _, _): gesture == .content ? "content-swipe" : "swipe-back"
        case .accessibilityEscape: "voiceover-escape"
        case .backKeyCommand: "key-back"
        case .sheetSwipeDown: "swipe-down-sheet"
        }
    }
}
