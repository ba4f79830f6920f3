/// A record of who answered what, for debugging a refusal ("why didn't back work?") and
/// for the simulator's timeline.
///
/// Off by default: set ``NavigationDispatcher/trace`` to a trace to start recording. With
/// no trace, a dispatch records nothing and allocates nothing.
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

    /// Everything recorded so far, oldest first.
    public private(set) var entries: [Entry] = []

    /// Creates an empty trace.
    public init() {}

    /// Forgets everything recorded.
    public func removeAll() { entries.removeAll() }

    /// The answers that refused a pop or a gesture (handlers, screen guards and defaults; not
    /// the results they led to), with their reasons.
    public var refusals: [Entry] { entries.filter { $0.answer.isRefusal && $0.source != .result } }

    func record(_ point: InterceptionPoint, _ source: Source, _ answer: Answer, context: PopContext) {
        entries.append(
            Entry(
                point: point, source: source, answer: answer, trigger: context.trigger,
                screen: context.leaving.screenName)
        )
    }

    func record(willShowOf context: ShowContext, _ source: Source) {
        entries.append(
            Entry(point: .willShow, source: source, answer: .called, trigger: nil, screen: context.arriving.screenName))
    }
}

extension DecisionTrace {
    /// The whole trace, one entry a line, for logs and test failures.
    public var text: String { entries.map(\.description).joined(separator: "\n") }
}
