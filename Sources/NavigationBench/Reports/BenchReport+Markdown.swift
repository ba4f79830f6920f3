import Foundation
import NavigationConformance
import NavigationHooks
import NavigationScenarioRunner
import NavigationScenarios
import NavigationSimulator
import NavigationStrategies

extension BenchReport {
    /// The ranking as a Markdown table with the table's columns (rank, defects, unasked,
    /// private, patched, inferred when it differs, plugins), then dispatches, ns/dispatch,
    /// shortfalls per profile and the unasked points.
    func markdownText() -> String {
        var lines = ["# navhooks-bench", "", summaryLine, ""]
        if let recommended = recommendedOnUsersFilesLine {
            lines += ["**" + Self.markdownCell(recommended) + "**", ""]
        }
        lines.append(zeroDefectLine)
        lines += rankingNotes.map { "- " + Self.markdownCell($0) }
        lines.append("")
        // The table's columns, then the cost ones; inferred only when it tells rows apart.
        let showsInferred = ranking.sameInferredRuns == nil
        let riskColumns = ["Unasked", "Private", "Patched"] + (showsInferred ? ["Inferred"] : [])
        lines.append(
            "| Rank | Defects | " + riskColumns.joined(separator: " | ")
                + " | Plugins | Dispatches | ns/dispatch | Falls short | Never asks |")
        lines.append("|---:|---:|" + String(repeating: "---:|", count: riskColumns.count) + "---|---:|---:|---|---|")
        for entry in shownEntries {
            let risks =
                [entry.risk.unaskedCount, entry.risk.privateAPIProfiles.count, entry.risk.patchedMethods.count]
                + (showsInferred ? [entry.risk.inferredRuns] : [])
            let unasked = entry.risk.unaskedSummary.isEmpty ? "—" : entry.risk.unaskedSummary.joined(separator: ", ")
            let plugins =
                entry.combination.plugins.isEmpty
                ? "none" : entry.combination.plugins.joined(separator: ", ")
            let shortfalls =
                entry.groupedShortfallLines.isEmpty ? "—" : entry.groupedShortfallLines.joined(separator: "<br>")
            lines.append(
                "| \(entry.rank) | \(entry.totals.defects) | " + risks.map(String.init).joined(separator: " | ")
                    + " | \(Self.markdownCell(plugins))\(entry.combination == highlighted ? " (recommended)" : "") | "
                    + "\(entry.totals.dispatches) | \(Self.nanoseconds(entry.totals.nsPerDispatch)) | "
                    + "\(Self.markdownCell(shortfalls)) | \(Self.markdownCell(unasked)) |"
            )
        }
        if shownEntries.count < ranking.entries.count {
            lines.append("")
            lines.append("… \(Self.grouped(ranking.entries.count - shownEntries.count)) more combinations.")
        }
        if let inferred = ranking.sameInferredRuns {
            lines += ["", "Every combination has \(Self.count(inferred, "run")) resting on an inferred rule."]
        }
        return lines.joined(separator: "\n") + "\n"
    }

    static func markdownCell(_ text: String) -> String {
        text.replacingOccurrences(of: "|", with: "\\|")
    }
}
