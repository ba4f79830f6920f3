/// What a ``SimNavigationController`` did: one ``Frame`` per 1/60 s of virtual time and the
/// ``TimelineEvent``s between them. ``Detectors`` compute every metric from it alone.
public struct Timeline: Sendable, Equatable {
    /// The state at the end of one frame.
    public struct Frame: Sendable, Equatable {
        /// The virtual time in seconds at the end of the frame.
        public var time: Double
        /// How much of the navigation bar shows: 0 hidden … 1 visible.
        public var barVisibleFraction: Double
        /// The top screen's name.
        public var topScreen: String?
        /// The running transition's progress 0…1, if one runs.
        public var transitionProgress: Double?
        /// The running transition's id, if one runs.
        public var transitionID: Int?
        /// A full-screen modal covers the navigation controller.
        public var isCovered: Bool

        /// Creates a frame.
        public init(
            time: Double, barVisibleFraction: Double, topScreen: String?,
            transitionProgress: Double? = nil,
            transitionID: Int? = nil, isCovered: Bool = false
        ) {
            self.time = time
            self.barVisibleFraction = barVisibleFraction
            self.topScreen = topScreen
            self.transitionProgress = transitionProgress
            self.transitionID = transitionID
            self.isCovered = isCovered
        }
    }

    /// Frames, oldest first.
    public var frames: [Frame]
    /// Events, oldest first.
    public var events: [TimelineEvent]
    /// Frames of a long wait that were not recorded: when nothing moves, a wait keeps its first
    /// ``SimNavigationController/idleFramesRecorded`` frames and its last one, and counts the
    /// rest here (they would differ only in their time). ``Frame/time`` still counts them.
    public var omittedIdleFrames = 0
    /// Every frame the clock ran, recorded or omitted.
    public var elapsedFrames: Int { frames.count + omittedIdleFrames }

    /// Creates a timeline (tests build small ones for the detectors).
    public init(frames: [Frame] = [], events: [TimelineEvent] = []) {
        self.frames = frames
        self.events = events
    }

    /// Appends a frame.
    public mutating func append(_ frame: Frame) { frames.append(frame) }

    /// Appends an event before the next frame.
    public mutating func append(_ kind: TimelineEvent.Kind) {
        events.append(TimelineEvent(frameIndex: frames.count, kind: kind))
    }

    /// A readable text dump: each frame on a line, with the events before it indented.
    public func dump() -> String {
        var lines: [String] = []
        var next = 0
        for index in 0...frames.count {
            while next < events.count, events[next].frameIndex <= index {
                lines.append("    \(events[next].kind)")
                next += 1
            }
            guard index < frames.count else { break }
            let frame = frames[index]
            var line =
                "#\(index) t=\(Self.format(frame.time)) bar=\(Self.format(frame.barVisibleFraction))"
            line += " top=\(frame.topScreen ?? "-")"
            if let id = frame.transitionID, let progress = frame.transitionProgress {
                line += " transition#\(id)=\(Self.format(progress))"
            }
            if frame.isCovered { line += " covered" }
            lines.append(line)
        }
        return lines.joined(separator: "\n")
    }

    private static func format(_ value: Double) -> String {
        let scaled = Double(roundedToInt(value * 1000)) / 1000
        return "\(scaled)"
    }
}
