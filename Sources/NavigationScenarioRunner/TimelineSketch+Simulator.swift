import NavigationScenarios
public import NavigationSimulator

extension TimelineSketch {
    /// Builds a sketch from the simulator's real timeline: one frame per simulated frame (its
    /// bar fraction, and whether a push or pop transition is moving), and a labelled marker per
    /// user input, pop, refusal, ignored input, bar request, modal and freeze.
    ///
    /// - Parameters:
    ///   - simulatorTimeline: what a ``SimNavigationController`` recorded.
    ///   - title: the heading, e.g. `draft.nav · ios16 · BackActionOverride+PopGestureGuard`.
    public init(simulatorTimeline: Timeline, title: String) {
        let recorded = simulatorTimeline.frames
        let frames = simulatorTimeline.frames.map { frame in
            Frame(
                time: frame.time, barVisibleFraction: frame.barVisibleFraction,
                transitionActive: frame.transitionID != nil, transitionID: frame.transitionID)
        }
        let events = simulatorTimeline.events.compactMap { event -> Event? in
            guard let label = Self.label(event.kind) else { return nil }
            // An event happens before frame `frameIndex`: at the end of the frame before it.
            let index = min(event.frameIndex, recorded.count) - 1
            return Event(time: index >= 0 ? recorded[index].time : 0, label: label)
        }
        func time(atFrame index: Int) -> Double {
            let clamped = min(index, recorded.count) - 1
            return clamped >= 0 ? recorded[clamped].time : 0
        }
        var problems = Detectors.barGlitches(in: simulatorTimeline).map { glitch in
            Problem(
                start: time(atFrame: glitch.startFrame), end: time(atFrame: glitch.endFrame),
                label: "bar glitch: " + glitch.kinds.map(Self.describe).joined(separator: ", "))
        }
        for event in simulatorTimeline.events {
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
        for event in simulatorTimeline.events {
            switch event.kind {
            case .userAttempt(let attempt) where attempt.refusesUserPop: refusing.insert(attempt.id)
            case .popped(let removed, _, let attempt?) where refusing.contains(attempt):
                let at = time(atFrame: event.frameIndex)
                problems.append(
                    Problem(
                        start: at, end: at,
                        label: "unguarded pop: \(removed.joined(separator: ", ")) refuses user pops (user #\(attempt))")
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

    /// The marker of an event worth showing, or `nil`.
    private static func label(_ kind: TimelineEvent.Kind) -> String? {
        switch kind {
        case .userAttempt(let attempt):
            switch attempt.input {
            case .tapBack: "user #\(attempt.id): tap-back on \(attempt.screen)"
            case .customBack: "user #\(attempt.id): custom back on \(attempt.screen)"
            case .backMenu(let destination): "user #\(attempt.id): back-menu to \(destination)"
            case .swipe(let gesture, let release, let onScrollView):
                "user #\(attempt.id): \(gesture.rawValue) swipe \(release.rawValue)"
                    + (onScrollView ? " on a scroll view" : "")
            case .accessibilityEscape: "user #\(attempt.id): voiceover-escape on \(attempt.screen)"
            case .backKeyCommand: "user #\(attempt.id): key-back on \(attempt.screen)"
            case .sheetSwipeDown: "user #\(attempt.id): swipe-down-sheet on \(attempt.screen)"
            }
        case .pushed(let screen, _): "push \(screen)"
        case .popped(let removed, let trigger, let attempt):
            // A plugin answers a user's tap with a code pop: name the user's attempt, not the call.
            "popped \(removed.joined(separator: ", "))"
                + (attempt.map { " after user #\($0)" }
                    ?? (trigger == .programmatic ? " by the app's code" : " via \(trigger)"))
        case .decision(let line) where line.contains("deny") || line.contains("refused"): "refused: \(line)"
        case .inputIgnored(let why): "ignored: \(why)"
        case .barRequest(let hidden, let animated):
            "bar \(hidden ? "hidden" : "visible")\(animated ? " (animated)" : "")"
        case .modalBegan(let start): "\(start.isPresenting ? "present" : "dismiss") \(start.screen)"
        case .transitionEnded(_, let cancelled) where cancelled: "transition cancelled"
        case .frozen(let why): "frozen: \(why)"
        case .leaveConfirmation(_, let screen, let state): "confirmation on \(screen): \(state)"
        default: nil
        }
    }
}
