import Foundation
import NavigationConformance
import NavigationHooks
import NavigationScenarioRunner
import NavigationScenarios
import NavigationSimulator
import NavigationStrategies

extension BenchReport {
    /// The ranking as a Markdown table; shortfalls per profile in the last column.
    func markdownText() -> String {
        var lines = ["# navhooks-bench", "", summaryLine, ""]
        lines.append("| Rank | Plugins | Defects | Dispatches | ns/dispatch | Falls short |")
        lines.append("|---:|---|---:|---:|---:|---|")
        for entry in shownEntries {
            let plugins =
                entry.combination.plugins.isEmpty
                ? "none" : entry.combination.plugins.joined(separator: ", ")
            let shortfalls =
                entry.groupedShortfallLines.isEmpty ? "—" : entry.groupedShortfallLines.joined(separator: "<br>")
            lines.append(
                "| \(entry.rank) | \(Self.markdownCell(plugins)) | \(entry.totals.defects) | \(entry.totals.dispatches) | "
                    + "\(Self.nanoseconds(entry.totals.nsPerDispatch)) | \(Self.markdownCell(shortfalls)) |"
            )
        }
        if shownEntries.count < ranking.entries.count {
            lines.append("")
            lines.append("… \(ranking.entries.count - shownEntries.count) more combinations.")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    static func markdownCell(_ text: String) -> String {
        text.replacingOccurrences(of: "|", with: "\\|")
    }
}
