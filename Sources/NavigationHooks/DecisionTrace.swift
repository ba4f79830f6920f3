/// A record of who answered what, for debugging a refusal ("why didn't back work?") and
/// for the simulator's timeline.
///
/// Off by default: set ``NavigationDispatcher/trace`` to a trace to start recording. With
/// no trace, a dispatch records nothing and allocates nothing.
@MainActor
public final class DecisionTrace {
    /// One line of the trace.
    public struct Entry: Sendable, Equatable, CustomStringConvertible {
        /// The interception point.
        public var point: InterceptionPoint
        /// The handler's name, or its id (`#3`) when unnamed; `default`, `screen guard` or
        /// `result` for the dispatcher's own steps.
        public var handler: String
        /// What it answered (`pass`, `allow`, `deny(unsaved draft)`, `handled`, `called`).
        public var answer: String
        /// The trigger of the pop question (`nil` for `willShow`).
        public var trigger: PopTrigger?
        /// The screen the question was about: the leaving one, or the arriving one for
        /// `willShow`.
        public var screen: String

        public var description: String {
            let via = trigger.map { " via \($0)" } ?? ""
            return "\(point) [\(screen)\(via)] \(handler): \(answer)"
        }
    }

    /// Everything recorded so far, oldest first.
    public private(set) var entries: [Entry] = []

    /// Creates an empty trace.
    public init() {}

    /// Forgets everything recorded.
    public func removeAll() { entries.removeAll() }

    /// The answers that refused a pop or a gesture, with their reasons.
    public var refusals: [Entry] { entries.filter { $0.answer.hasPrefix("deny") && $0.handler != "result" } }

    func record(_ point: InterceptionPoint, handler: String, answer: String, context: PopContext) {
        entries.append(
            Entry(
                point: point, handler: handler, answer: answer, trigger: context.trigger,
                screen: context.leaving.screenName))
    }

    func record(willShowOf context: ShowContext, handler: String) {
        entries.append(
            Entry(
                point: .willShow, handler: handler, answer: "called", trigger: nil, screen: context.arriving.screenName)
        )
    }
}

extension DecisionTrace {
    /// The whole trace, one entry a line, for logs and test failures.
    public var text: String { entries.map(\.description).joined(separator: "\n") }
}
