#if os(macOS) || os(Linux)
import Foundation
import NavigationConformance
import NavigationHooks
import NavigationScenarioRunner
import NavigationScenarios
import NavigationSimulator
import NavigationStrategies

extension BenchReport {
    /// The scorecard as Markdown, in the table's order: the answer (a list), the ranking (the
    /// table's columns, the plugins in full, the causes cited by letter, then dispatches,
    /// ns/dispatch and the points never asked; `--detail` adds the defects per profile), the
    /// causes listed once with every file, the legend and the matrix's size.
    func markdownText() -> String {
        var lines = ["# \(toolName)", ""]
        for item in answer {
            lines.append(String(repeating: " ", count: item.indent) + "- " + Self.markdownCell(item.text))
        }
        lines.append("")
        let shown = shownEntries
        let letters = causeLetters(of: shown)
        lines += [Self.markdownCell(rankingTitle), ""]
        // The table's columns, then the cost ones; inferred only when it tells rows apart.
        let showsInferred = ranking.sameInferredRuns == nil
        let riskColumns = ["Unasked", "Private", "Patched"] + (showsInferred ? ["Inferred"] : [])
        let detailColumn = showsDetail ? " Falls short |" : ""
        lines.append(
            "| Rank | Documented | Worst | " + riskColumns.joined(separator: " | ")
                + " | Plugins | Causes | Dispatches | ns/dispatch |\(detailColumn) Never asks |")
        lines.append(
            "|---:|---:|---:|" + String(repeating: "---:|", count: riskColumns.count) + "---|---|---:|---:|"
                + (showsDetail ? "---|" : "") + "---|")
        for entry in shown {
            let risks =
                [entry.risk.unaskedCount, entry.risk.privateAPIProfiles.count, entry.risk.patchedMethods.count]
                + (showsInferred ? [entry.risk.inferredRuns] : [])
            let unasked = entry.risk.unaskedSummary.isEmpty ? "—" : entry.risk.unaskedSummary.joined(separator: ", ")
            let plugins =
                entry.combination.plugins.isEmpty
                ? "none" : entry.combination.plugins.joined(separator: ", ")
            let causes = entry.causes.compactMap { letters[$0]?.text }
            let shortfalls =
                entry.groupedShortfallLines.isEmpty ? "—" : entry.groupedShortfallLines.joined(separator: "<br>")
            lines.append(
                "| \(entry.rank) | \(entry.documentedDefects) | \(entry.totals.defects) | "
                    + risks.map(String.init).joined(separator: " | ")
                    + " | \(Self.markdownCell(plugins))\(entry.combination == highlighted ? " (recommended)" : "") | "
                    + (causes.isEmpty ? "—" : causes.joined(separator: " ")) + " | "
                    + "\(entry.totals.dispatches) | \(Self.nanoseconds(entry.totals.nsPerDispatch)) | "
                    + (showsDetail ? "\(Self.markdownCell(shortfalls)) | " : "")
                    + "\(Self.markdownCell(unasked)) |"
            )
        }
        if shown.count < ranking.entries.count {
            lines.append("")
            lines.append("… \(Self.grouped(ranking.entries.count - shown.count)) more combinations.")
        }
        if !letters.isEmpty {
            lines += ["", "Causes, each listed once (reading, profiles: metrics in files):", ""]
            for (cause, letter) in letters.sorted(by: { $0.value.order < $1.value.order }) {
                lines.append(
                    "- **\(letter.text)** \(cause.reading ?? "documented"), \(cause.profileText): "
                        + Self.markdownCell(
                            cause.metrics.joined(separator: ", ") + " in " + cause.files.joined(separator: ", ")))
            }
        }
        lines += ["", Self.markdownCell(legendText)]
        if let inferred = ranking.sameInferredRuns {
            lines += ["", "Every combination has \(Self.count(inferred, "run")) resting on an inferred rule."]
        }
        lines += ["", summaryLine]
        return lines.joined(separator: "\n") + "\n"
    }

    static func markdownCell(_ text: String) -> String {
        text.replacingOccurrences(of: "|", with: "\\|")
    }
}
#endif
