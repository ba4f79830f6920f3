import Foundation
import NavigationConformance
import NavigationHooks
import NavigationScenarioRunner
import NavigationScenarios
import NavigationSimulator
import NavigationStrategies

extension BenchReport {
    /// Wraps at this width; fits a 100-column terminal.
    static let tableWidth = 100

    /// An aligned table: one block per combination, its shortfalls and unasked points
    /// indented below.
    ///
    /// ```
    /// rank  defects  unasked  private  patched  plugins
    ///    1        0        0        0        0  BackActionOverride+BackMenuGuard+…
    /// ```
    ///
    /// The `inferred` column shows only when combinations differ there (the legend gives the
    /// number otherwise).
    func tableText() -> String {
        var lines = Self.wrap(
            ("navhooks-bench: " + summaryLine).split(separator: " ").map(String.init), separator: " ",
            width: Self.tableWidth)
        if let recommended = recommendedOnUsersFilesLine {
            let wrapped = Self.wrap(
                recommended.split(separator: " ").map(String.init), separator: " ", width: Self.tableWidth)
            lines.append(wrapped[0])
            lines += wrapped.dropFirst().map { "  " + $0 }
        }
        lines.append(zeroDefectLine)
        for note in rankingNotes {
            let wrapped = Self.wrap(note.split(separator: " ").map(String.init), separator: " ", width: Self.tableWidth)
            lines.append(wrapped[0])
            lines += wrapped.dropFirst().map { "  " + $0 }
        }
        lines.append("")
        // The inferred column only when it tells combinations apart.
        let showsInferred = ranking.sameInferredRuns == nil
        let columns = ["rank", "defects", "unasked", "private", "patched"] + (showsInferred ? ["inferred"] : [])
        let widths = [4, 7, 7, 7, 7] + (showsInferred ? [8] : [])
        lines.append(zip(columns, widths).map { $0.leftPadded($1) }.joined(separator: "  ") + "  plugins")
        let indent = String(repeating: " ", count: widths.reduce(0, +) + 2 * widths.count)
        let shown = shownEntries
        for (position, entry) in shown.enumerated() {
            if position > 0, entry.rank > shown[position - 1].rank + 1 { lines.append("   …") }
            let values =
                [
                    entry.rank, entry.totals.defects, entry.risk.unaskedCount,
                    entry.risk.privateAPIProfiles.count,
                    entry.risk.patchedMethods.count,
                ] + (showsInferred ? [entry.risk.inferredRuns] : [])
            let prefix = zip(values, widths).map { String($0).leftPadded($1) }.joined(separator: "  ") + "  "
            let pluginLines = Self.wrap(
                entry.combination.plugins.isEmpty ? ["none"] : entry.combination.plugins,
                separator: "+",
                width: Self.tableWidth - indent.count
            )
            let mark = entry.combination == highlighted ? "  (recommended)" : ""
            lines.append(prefix + pluginLines[0] + (pluginLines.count == 1 ? mark : ""))
            lines += pluginLines.dropFirst().enumerated().map { index, line in
                indent + line + (index == pluginLines.count - 2 ? mark : "")
            }
            var notes = entry.groupedShortfallLines
            let unasked = entry.risk.unaskedSummary
            if !unasked.isEmpty {
                let more = unasked.count > 3 ? ", +\(unasked.count - 3)" : ""
                notes.append("never asks " + unasked.prefix(3).joined(separator: ", ") + more)
            }
            for note in notes {
                let words = note.split(separator: " ").map(String.init)
                let wrapped = Self.wrap(words, separator: " ", width: Self.tableWidth - indent.count - 2)
                lines.append(indent + "· " + wrapped[0])
                lines += wrapped.dropFirst().map { indent + "  " + $0 }
            }
        }
        let hidden = ranking.entries.count - shown.count
        if hidden > 0 { lines.append("… \(Self.count(hidden, "more combination")): --all, or --top N") }
        lines.append("")
        let inferred =
            ranking.sameInferredRuns.map {
                "every combination has \(Self.count($0, "run")) resting on an inferred rule"
            }
            ?? "inferred: runs resting on an inferred rule"
        let legend =
            "unasked: points an app can register on that another combination asks during the same user input "
            + "(in a run without defects) and this one never does; private: profiles using private API; patched: UIKit methods replaced "
            + "process-wide; \(inferred) (README, \"How combinations are ranked\")"
            + (ranking.dependsOnVariants
                ? "; (R50 alt): defects only a rule's alternative reading shows (UIKitRules.md; "
                    + "--variants documented ranks on the documented model)" : "")
        lines += Self.wrap(legend.split(separator: " ").map(String.init), separator: " ", width: Self.tableWidth)
        return lines.joined(separator: "\n") + "\n"
    }

    static func nanoseconds(_ value: Double) -> String {
        guard value.isFinite else { return "-" }
        return String((value * 10).rounded() / 10)
    }

    /// Joins `parts` with `separator` into lines no wider than `width` (a part wider than that
    /// gets a line of its own).
    static func wrap(_ parts: [String], separator: String, width: Int) -> [String] {
        var lines: [String] = []
        var current = ""
        for (index, part) in parts.enumerated() {
            let piece = part + (index < parts.count - 1 && separator != " " ? separator : "")
            let joiner = current.isEmpty || separator != " " ? "" : " "
            if !current.isEmpty && current.count + joiner.count + piece.count > width {
                lines.append(current)
                current = piece
            } else {
                current += joiner + piece
            }
        }
        lines.append(current)
        return lines
    }
}

extension String {
    /// The string right-aligned in `width` columns.
    func leftPadded(_ width: Int) -> String {
        count >= width ? self : String(repeating: " ", count: width - count) + self
    }
}
