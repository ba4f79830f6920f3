import NavigationScenarioRunner
import NavigationScenarios

/// The differences between an expected ``ConformanceTrace`` (the simulator's) and the
/// callbacks recorded on real UIKit, grouped by UIKitRules.md rule: the verdict of the
/// device conformance suite (`Examples/iOSApp/ConformanceTests`), kept here so that it is
/// tested on every platform.
///
/// The traces are aligned by a longest-common-subsequence diff (a trace is tens of events),
/// so one missing callback is reported once instead of shifting every later one. Events
/// match on kind, screen and `animated`; `rule` is not compared (only expectations carry
/// it). A missing event is reported under its own rule, or its kind's
/// ``ConformanceTrace/Event/Kind/defaultRule``; an unexpected one under its kind's default.
///
/// ```swift
/// let comparison = ConformanceComparison(expected: expected.events, actual: recorded)
/// if !comparison.isEmpty { print(comparison.report) }  // "R8: missing #2 didShow(List, animated: true) R8"
/// ```
public struct ConformanceComparison: Sendable {
    /// One difference.
    public enum Difference: Hashable, Sendable, CustomStringConvertible {
        /// An expected event UIKit did not deliver; `expectedIndex` is its place in the
        /// expectation.
        case missing(ConformanceTrace.Event, expectedIndex: Int)
        /// An event UIKit delivered that the expectation does not have; `actualIndex` is its
        /// place in the recording.
        case unexpected(ConformanceTrace.Event, actualIndex: Int)

        /// The rule the difference is reported under.
        public var rule: String {
            switch self {
            case .missing(let event, _): event.rule ?? event.event.defaultRule
            case .unexpected(let event, _): event.event.defaultRule
            }
        }

        public var description: String {
            switch self {
            case .missing(let event, let index): "missing #\(index) \(event)"
            case .unexpected(let event, let index): "unexpected #\(index) \(event)"
            }
        }
    }

    /// Every difference, in trace order.
    public let differences: [Difference]

    /// Compares `actual` with `expected`.
    public init(expected: [ConformanceTrace.Event], actual: [ConformanceTrace.Event]) {
        func same(_ row: Int, _ column: Int) -> Bool {
            let (lhs, rhs) = (expected[row], actual[column])
            return lhs.event == rhs.event && lhs.screen == rhs.screen && lhs.animated == rhs.animated
        }
        // common[row][column]: the longest common subsequence of expected[row...] and actual[column...].
        var common = Array(repeating: Array(repeating: 0, count: actual.count + 1), count: expected.count + 1)
        for row in expected.indices.reversed() {
            for column in actual.indices.reversed() {
                common[row][column] =
                    same(row, column)
                    ? common[row + 1][column + 1] + 1 : max(common[row + 1][column], common[row][column + 1])
            }
        }
        var differences: [Difference] = []
        var (row, column) = (0, 0)
        while row < expected.count || column < actual.count {
            if row < expected.count, column < actual.count, same(row, column) {
                row += 1
                column += 1
            } else if column < actual.count, row == expected.count || common[row][column + 1] >= common[row + 1][column]
            {
                differences.append(.unexpected(actual[column], actualIndex: column))
                column += 1
            } else {
                differences.append(.missing(expected[row], expectedIndex: row))
                row += 1
            }
        }
        self.differences = differences
    }

    /// `true` when UIKit delivered exactly the expected callbacks.
    public var isEmpty: Bool { differences.isEmpty }

    /// The differences per rule, rules in numeric order (R2 before R10).
    public var byRule: [(rule: String, differences: [Difference])] {
        Dictionary(grouping: differences, by: \.rule)
            .sorted { (Self.number(of: $0.key), $0.key) < (Self.number(of: $1.key), $1.key) }
            .map { (rule: $0.key, differences: $0.value) }
    }

    /// One line per rule, for a test failure message.
    public var report: String {
        byRule.map { entry in
            "\(entry.rule): " + entry.differences.map(\.description).joined(separator: "; ")
        }.joined(separator: "\n")
    }

    private static func number(of rule: String) -> Int { Int(rule.dropFirst()) ?? Int.max }
}

extension ConformanceTrace.Event.Kind {
    /// The rule a difference in this kind of event is reported under when the event names
    /// none: appearance callbacks R1, delegate calls R8.
    public var defaultRule: String {
        switch self {
        case .willShow, .didShow: "R8"
        case .viewWillAppear, .viewDidAppear, .viewWillDisappear, .viewDidDisappear: "R1"
        }
    }
}
