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
                transitionActive: frame.transitionID != nil)
        }
        let events = simulatorTimeline.events.compactMap { event -> Event? in
            guard let label = Self.label(event.kind) else { return nil }
            // An event happens before frame `frameIndex`: at the end of the frame before it.
            let index = min(event.frameIndex, recorded.count) - 1
            return Event(time: index >= 0 ? recorded[index].time : 0, label: label)
        }
        self.init(title: title, frames: frames, events: events)
    }

    /// The marker of an event worth showing, or `nil`.
    private static func label(_ kind: TimelineEvent.Kind) -> String? {
        switch kind {
        case .userAttempt(let attempt):
            switch attempt.input {
            case .tapBack: "tap-back on \(attempt.screen)"
            case .customBack: "custom back on \(attempt.screen)"
            case .backMenu(let destination): "back-menu \(destination)"
            case .swipe(let gesture, let release, let onScrollView):
                "\(gesture.rawValue) swipe \(release.rawValue)\(onScrollView ? " on scroll view" : "")"
            case .accessibilityEscape: "voiceover-escape on \(attempt.screen)"
            case .backKeyCommand: "key-back on \(attempt.screen)"
            case .sheetSwipeDown: "swipe-down-sheet on \(attempt.screen)"
            }
        case .pushed(let screen, _): "push \(screen)"
        case .popped(let removed, let trigger, _): "popped \(removed.joined(separator: ",")) via \(trigger)"
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
