import NavigationScenarios

/// What an SVG timeline shows: the bar's visibility per frame, when transitions ran, and the
/// events of a run. The runner's adapter fills it from the simulator's real timeline.
public struct TimelineSketch: Hashable, Sendable {
    /// One rendered frame.
    public struct Frame: Hashable, Sendable {
        /// Seconds since the run started (virtual clock).
        public var time: Double
        /// How much of the navigation bar is visible, 0 (hidden) … 1 (visible).
        public var barVisibleFraction: Double
        /// `true` while a push, pop or modal transition is moving.
        public var transitionActive: Bool
        /// Which transition, when known: back-to-back transitions are drawn apart.
        public var transitionID: Int?

        /// Creates a frame.
        public init(time: Double, barVisibleFraction: Double, transitionActive: Bool, transitionID: Int? = nil) {
            self.time = time
            self.barVisibleFraction = barVisibleFraction
            self.transitionActive = transitionActive
            self.transitionID = transitionID
        }
    }

    /// Something that happened at a moment: a step, a callback, a decision.
    public struct Event: Hashable, Sendable {
        /// Seconds since the run started.
        public var time: Double
        /// A short label, e.g. `tap-back`, `willShow List`, `shouldPop → deny`.
        public var label: String

        /// Creates an event.
        public init(time: Double, label: String) {
            self.time = time
            self.label = label
        }
    }

    /// A stretch of time where the bar went wrong: a glitching transition or modal, or a
    /// moment at rest with the bar in the wrong state.
    public struct Problem: Hashable, Sendable {
        /// Seconds since the run started.
        public var start: Double
        /// The end (equal to `start` for a moment).
        public var end: Double
        /// What went wrong, e.g. `bar glitch: visible while both ends hidden`.
        public var label: String

        /// Creates a problem.
        public init(start: Double, end: Double, label: String) {
            self.start = start
            self.end = end
            self.label = label
        }
    }

    /// The heading, e.g. `draft.nav · ios16 · BackActionOverride+PopGestureGuard`.
    public var title: String
    /// The frames, in time order.
    public var frames: [Frame]
    /// The events, in time order.
    public var events: [Event]
    /// Where the bar went wrong, in time order.
    public var problems: [Problem]

    /// Creates a sketch.
    public init(title: String, frames: [Frame], events: [Event], problems: [Problem] = []) {
        self.title = title
        self.frames = frames
        self.events = events
        self.problems = problems
    }
}
