/// A record of who answered what, for debugging a refusal ("why didn't back work?") and
/// for the simulator's timeline.
///
/// Off by default: set ``NavigationDispatcher/trace`` to a trace to start recording. With
/// no trace, a dispatch records nothing and allocates nothing.
///
/// A trace keeps the last ``defaultCapacity`` (1,000) entries by default, so one left on for
/// a long session stays small: older entries are dropped as new ones come
/// (``droppedCount`` says how many). `DecisionTrace(capacity: nil)` keeps everything; the
/// simulator's traces do, so the bench and the timeline see every entry.
///
/// Entries are typed, so a test or a debug screen can ask questions of them:
///
/// ```swift
/// let trace = DecisionTrace()
/// dispatcher.trace = trace
/// // … the user taps back …
/// let refusedBy = trace.refusals.map(\.source)  // [.handler("DraftGuard")]
/// let reasons = trace.refusals.compactMap(\.answer.reason)  // ["unsaved draft"]
/// ```
@MainActor
public final class DecisionTrace {
    /// Who gave an answer.
    public enum Source: Sendable, Hashable, CustomStringConvertible {
        /// A registered handler: its name, or its id (`#3`) when unnamed.
        case handler(String)
        /// The leaving screen's own `popGuard` (``ScreenPreferences/popGuard``), asked when
        /// every `shouldPop` handler passed.
        case screenGuard
        /// The leaving screen's ``ScreenPreferences/leaveConfirmation``, reached when the
        /// handlers and the guard passed: a user exit is refused now and the app is asked.
        case leaveConfirmation
        /// The dispatcher's default for `gestureShouldBegin` when every handler passed.
        case defaultRule
        /// What the dispatch resolved to.
        case result

        public var description: String {
            switch self {
            case .handler(let name): name
            case .screenGuard: "screen guard"
            case .leaveConfirmation: "leave confirmation"
            case .defaultRule: "default"
            case .result: "result"
            }
        }
    }

    /// What was answered.
    public enum Answer: Sendable, Equatable, CustomStringConvertible {
        /// An answer to `shouldPop` or `gestureShouldBegin`.
        case pop(PopDecision)
        /// A `backButtonAction` handler's answer.
        case backButton(BackButtonDecision)
        /// What a back-button tap resolved to.
        case resolution(BackButtonResolution)
        /// A `willShow` observer was called.
        case called
        /// A ``LeaveAttempt`` was answered or ended unanswered: `proceeded`, `cancelled`, or
        /// `expired` (superseded, its screen gone, or nothing left to leave). Recorded with
        /// the source ``Source/leaveConfirmation`` and the point `shouldPop`.
        case leaveAttempt(LeaveAttempt.State)

        /// `true` for an answer that refuses the pop or the gesture.
        public var isRefusal: Bool {
            switch self {
            case .pop(.deny), .backButton(.deny), .resolution(.refused): true
            default: false
            }
        }

        /// The reason given with a refusal, if any.
        public var reason: String? {
            switch self {
            case .pop(.deny(let reason)), .backButton(.deny(let reason)), .resolution(.refused(let reason)): reason
            default: nil
            }
        }

        public var description: String {
            switch self {
            case .pop(let decision): decision.description
            case .backButton(let decision): decision.description
            case .resolution(let resolution): resolution.description
            case .called: "called"
            case .leaveAttempt(let state): "attempt \(state)"
            }
        }
    }

    /// One line of the trace.
    public struct Entry: Sendable, Equatable, CustomStringConvertible {
        /// The interception point.
        public var point: InterceptionPoint
        /// Who answered.
        public var source: Source
        /// What it answered.
        public var answer: Answer
        /// The trigger of the pop question (`nil` for `willShow`).
        public var trigger: PopTrigger?
        /// The screen the question was about: the leaving one, or the arriving one for
        /// `willShow`.
        public var screen: String

        public var description: String {
            let via = trigger.map { " via \($0)" } ?? ""
            return "\(point) [\(screen)\(via)] \(source): \(answer)"
        }
    }

    /// How many entries a trace keeps unless told otherwise: the last 1,000 (a few hundred
    /// user attempts; an entry is a few dozen bytes plus the screen's name).
    public static let defaultCapacity = 1000

    /// The most entries kept: once full, each new entry drops the oldest. `nil`: no limit.
    public let capacity: Int?
    /// How many entries were recorded since the trace was created or last emptied, the
    /// dropped ones included.
    public var recordedCount: Int { recorded }
    /// ``recordedCount``'s storage: `@exclusivity(unchecked)` (main-actor isolated, and no
    /// access is held across a call, so accesses cannot overlap), behind a getter because
    /// another module's direct read of a stored property checks exclusivity whatever the
    /// attribute says; the simulator reads the count before every event it records, and the
    /// dynamic check cost a debug build ~80 instructions a read (callgrind of a bench worker).
    @exclusivity(unchecked) private var recorded = 0
    /// How many of the recorded entries were dropped to stay within ``capacity``.
    public var droppedCount: Int { recordedCount - storage.count }

    /// The kept entries; once full, a ring whose oldest entry is at `oldest`.
    private var storage: [Entry] = []
    private var oldest = 0

    /// The kept entries (the last ``capacity`` recorded), oldest first.
    public var entries: [Entry] {
        oldest == 0 ? storage : Array(storage[oldest...] + storage[..<oldest])
    }

    /// Creates an empty trace that keeps the last `capacity` entries (a negative capacity
    /// counts as 0: nothing is kept, ``recordedCount`` still counts), or every entry for
    /// `nil`.
    public init(capacity: Int? = DecisionTrace.defaultCapacity) {
        self.capacity = capacity.map { max(0, $0) }
    }

    /// Forgets everything recorded, and resets ``recordedCount``.
    public func removeAll() {
        storage.removeAll()
        oldest = 0
        recorded = 0
    }

    private func append(_ entry: Entry) {
        recorded &+= 1
        guard let capacity, storage.count >= capacity else { return storage.append(entry) }
        guard capacity > 0 else { return }
        storage[oldest] = entry
        oldest = (oldest + 1) % capacity
    }

    /// The answers that refused a pop or a gesture (handlers, screen guards and defaults; not
    /// the results they led to), with their reasons.
    public var refusals: [Entry] { entries.filter { $0.answer.isRefusal && $0.source != .result } }

    func record(_ point: InterceptionPoint, _ source: Source, _ answer: Answer, context: PopContext) {
        append(
            Entry(
                point: point, source: source, answer: answer, trigger: context.trigger,
                screen: context.leaving.screenName)
        )
    }

    func record(outcomeOf attempt: LeaveAttempt) {
        append(
            Entry(
                point: .shouldPop, source: .leaveConfirmation, answer: .leaveAttempt(attempt.state),
                trigger: attempt.trigger, screen: attempt.screenName))
    }

    func record(willShowOf context: ShowContext, _ source: Source) {
        append(
            Entry(point: .willShow, source: source, answer: .called, trigger: nil, screen: context.arriving.screenName))
    }
}

extension DecisionTrace {
    /// The whole trace, one entry a line, for logs and test failures.
    public var text: String { entries.map(\.description).joined(separator: "\n") }
}
