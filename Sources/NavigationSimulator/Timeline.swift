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
    public var frames: Frames
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
        self.frames = Frames(frames)
        self.events = events
    }

    /// An empty timeline with room for a typical run (the corpus's runs average some 75 frames
    /// and 80 events): grown one append at a time, each array was reallocated about seven
    /// times a run, and a debug build looks the storage type's metadata up at each (about 1% of
    /// a bench worker's instructions, callgrind).
    static func forARun() -> Timeline {
        var timeline = Timeline()
        timeline.events.reserveCapacity(128)
        timeline.frames.reserveCapacity(128)
        return timeline
    }

    /// Appends a frame.
    public mutating func append(_ frame: Frame) { frames.append(frame) }

    /// Appends an event before the next frame.
    ///
    /// `kind` is consumed, not copied: a debug build copies an event's payload (its strings
    /// retained) at each call it is passed down otherwise, and the simulator appends a few
    /// hundred events a run.
    public mutating func append(_ kind: consuming TimelineEvent.Kind) {
        // The memberwise initializer: no copy of the event (``TimelineEvent``). The kind is
        // borrowed to ask whether the detectors read it, then moved in.
        let skipped = !kind.isReadByDetectors
        events.append(TimelineEvent(kind: consume kind, frameIndex: frames.storedCount, detectorsSkip: skipped))
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

extension Timeline {
    /// A timeline's frames, oldest first: a random-access collection of ``Frame``s indexed from 0.
    ///
    /// Stored compactly: each frame as plain numbers, with its top screen's name as an index
    /// into the names seen so far. Recording a frame then copies no string and retains nothing,
    /// and freeing a timeline frees two buffers, not a string per frame: appending, copying and
    /// freeing the frames was a third of a push and pop's time (callgrind and `perf record` of
    /// `perf`'s simulator workload).
    public struct Frames: RandomAccessCollection, Sendable, Equatable, ExpressibleByArrayLiteral {
        /// One frame as stored: its top screen is an index into ``names`` (-1: none).
        struct Stored {
            var time: Double
            var barVisibleFraction: Double
            /// Meaningful when ``flags`` has ``hasProgress``.
            var progress: Double
            /// Meaningful when ``flags`` has ``hasID``.
            var id: Int
            var topScreen: Int32
            var flags: UInt8

            static let hasProgress: UInt8 = 1
            static let hasID: UInt8 = 2
            static let covered: UInt8 = 4

            /// ``Frame/transitionProgress``.
            var transitionProgress: Double? { flags & Self.hasProgress != 0 ? progress : nil }
            /// ``Frame/transitionID``.
            var transitionID: Int? { flags & Self.hasID != 0 ? id : nil }
        }

        /// The frames as stored, oldest first.
        private(set) var stored: [Stored] = []
        /// `stored.count`, counted by the two `append`s (nothing else changes `stored`): the
        /// simulator reads it for every frame and event it records, and a debug build's read of
        /// an array's count through the timeline retained and released the array around the
        /// generic `count` (~50 instructions a read, callgrind of a bench worker).
        private(set) var storedCount = 0
        /// The top screens' names, each once, in the order they first appeared.
        private(set) var names: [String] = []
        /// Each name's index in ``names``, once there are more than ``namesSearched``: with fewer,
        /// ``nameIndex(_:)`` compares the names, and a debug build's first insert into a
        /// dictionary cost ~2,900 instructions (callgrind of a bench worker: two or three names
        /// a run).
        private var nameIndices: [String: Int32] = [:]
        /// How many names ``nameIndex(_:)`` compares before it hashes.
        private static let namesSearched = 8

        /// No frames.
        public init() {}

        /// Room for `count` frames.
        mutating func reserveCapacity(_ count: Int) { stored.reserveCapacity(count) }

        /// The frames of `frames`, in order.
        public init(_ frames: some Sequence<Frame>) {
            for frame in frames { append(frame) }
        }

        public init(arrayLiteral elements: Frame...) {
            self.init(elements)
        }

        // The index arithmetic spelled out: a debug build does not specialize the collection
        // protocols' defaults, and `count` through `distance(from:to:)` showed in its profile.
        public var startIndex: Int { 0 }
        public var endIndex: Int { storedCount }
        public var count: Int { storedCount }
        public var isEmpty: Bool { storedCount == 0 }
        public func index(after i: Int) -> Int { i + 1 }
        public func index(before i: Int) -> Int { i - 1 }
        public func index(_ i: Int, offsetBy distance: Int) -> Int { i + distance }
        public func distance(from start: Int, to end: Int) -> Int { end - start }

        public subscript(position: Int) -> Frame {
            let frame = stored[position]
            return Frame(
                time: frame.time, barVisibleFraction: frame.barVisibleFraction,
                topScreen: frame.topScreen < 0 ? nil : names[Int(frame.topScreen)],
                transitionProgress: frame.transitionProgress, transitionID: frame.transitionID,
                isCovered: frame.flags & Stored.covered != 0)
        }

        /// Appends a frame.
        public mutating func append(_ frame: Frame) {
            append(
                time: frame.time, barVisibleFraction: frame.barVisibleFraction, topScreen: nameIndex(frame.topScreen),
                transitionProgress: frame.transitionProgress, transitionID: frame.transitionID,
                isCovered: frame.isCovered)
        }

        /// Appends a frame whose top screen is `topScreen`, an index from ``nameIndex(_:)``.
        mutating func append(
            time: Double, barVisibleFraction: Double, topScreen: Int32, transitionProgress: Double?,
            transitionID: Int?, isCovered: Bool
        ) {
            var flags: UInt8 = isCovered ? Stored.covered : 0
            if transitionProgress != nil { flags |= Stored.hasProgress }
            if transitionID != nil { flags |= Stored.hasID }
            stored.append(
                Stored(
                    time: time, barVisibleFraction: barVisibleFraction, progress: transitionProgress ?? 0,
                    id: transitionID ?? 0, topScreen: topScreen, flags: flags))
            storedCount &+= 1
        }

        /// Appends a frame as stored (its top screen an index from ``nameIndex(_:)``): the
        /// simulator's path, on every frame, without optionals to build and unwrap. One argument,
        /// built by the caller with the memberwise initializer: with seven, a debug build zeroed a
        /// stack slot for each and passed them on (~250 instructions a frame, callgrind of a
        /// bench worker).
        mutating func append(stored frame: Stored) {
            stored.append(frame)
            storedCount &+= 1  // `&+=`: a checked `+=` zeroes two more stack slots in a debug build
        }

        /// The index that stands for `name` in the stored frames (-1 for `nil`), added if new.
        mutating func nameIndex(_ name: String?) -> Int32 {
            guard let name else { return -1 }
            let searched = Self.namesSearched
            if names.count <= searched {  // a few screens: comparing beats hashing
                // An index loop: a debug build runs `firstIndex(of:)` generic and unspecialized.
                for index in 0..<names.count where names[index] == name { return Int32(index) }
            } else if let index = nameIndices[name] {
                return index
            }
            let index = Int32(names.count)
            names.append(name)
            if names.count > searched + 1 {
                nameIndices[name] = index
            } else if names.count == searched + 1 {  // hashed from now on: every name so far
                for known in 0..<names.count { nameIndices[names[known]] = Int32(known) }
            }
            return index
        }

        /// Equal frames in the same order (whatever order their names were first seen in).
        public static func == (lhs: Frames, rhs: Frames) -> Bool {
            lhs.count == rhs.count && lhs.elementsEqual(rhs)
        }
    }
}
