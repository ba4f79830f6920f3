import Foundation  // localizedStandardCompare

/// The differences between an expected and a recorded trace, grouped by rule.
///
/// The traces are aligned with a longest-common-subsequence diff (traces are tens of
/// events), so one missing callback is reported once instead of shifting every later one.
/// A missing event is reported under its own `rule` (or its kind's default: R1 for
/// appearance callbacks, R8 for delegate calls); an unexpected event under its kind's
/// default rule.
struct TraceComparison {
    /// One difference.
    enum Difference: CustomStringConvertible {
        case missing(TraceEvent, expectedIndex: Int)
        case unexpected(TraceEvent, actualIndex: Int)

        var rule: String {
            switch self {
            case .missing(let event, _): event.rule ?? event.event.defaultRule
            case .unexpected(let event, _): event.event.defaultRule
            }
        }

        var description: String {
            switch self {
            case .missing(let event, let index): "missing #\(index) \(event)"
            case .unexpected(let event, let index): "unexpected #\(index) \(event)"
            }
        }
    }

    let differences: [Difference]

    init(expected: [TraceEvent], actual: [TraceEvent]) {
        let rows = expected.count
        let columns = actual.count
        var length = Array(repeating: Array(repeating: 0, count: columns + 1), count: rows + 1)
        for row in stride(from: rows - 1, through: 0, by: -1) {
            for column in stride(from: columns - 1, through: 0, by: -1) {
                length[row][column] =
                    expected[row].matches(actual[column])
                    ? length[row + 1][column + 1] + 1
                    : max(length[row + 1][column], length[row][column + 1])
            }
        }
        var differences: [Difference] = []
        var row = 0
        var column = 0
        while row < rows || column < columns {
            if row < rows, column < columns, expected[row].matches(actual[column]) {
                row += 1
                column += 1
            } else if column < columns && (row == rows || length[row][column + 1] >= length[row + 1][column]) {
                differences.append(.unexpected(actual[column], actualIndex: column))
                column += 1
            } else {
                differences.append(.missing(expected[row], expectedIndex: row))
                row += 1
            }
        }
        self.differences = differences
    }

    var isEmpty: Bool { differences.isEmpty }

    /// The differences per rule, rules sorted.
    var byRule: [(rule: String, differences: [Difference])] {
        Dictionary(grouping: differences, by: \.rule)
            .sorted { $0.key.localizedStandardCompare($1.key) == .orderedAscending }
            .map { (rule: $0.key, differences: $0.value) }
    }

    /// A report for a test failure message.
    var report: String {
        byRule.map { entry in
            "\(entry.rule): " + entry.differences.map(\.description).joined(separator: "; ")
        }.joined(separator: "\n")
    }
}
