#if os(macOS) || os(Linux)
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

    /// The most lines the default table takes (no `--top`, `--all` or `--detail`): one screen.
    static let screenLines = 40

    /// The scorecard a person reads (Scorecard.md in the catalog): the answer first (what to
    /// install and whether it holds, what remains and what settles it), then the best
    /// combinations one line each, each citing its causes by letter, then the causes listed
    /// once, the legend and the matrix's size.
    ///
    /// ```
    /// rank  documented  worst  unasked  private  patched  plugins                      causes
    ///    1           0     66        0        2        3  +BackActionOverride  a b
    /// ```
    ///
    /// With ``lineBudget`` (the default run), fewer rows are shown until the text fits it.
    /// The `inferred` column shows only when combinations differ there.
    func tableText() -> String {
        let limit = rankingLimit ?? ranking.entries.count
        guard let budget = lineBudget else { return tableLines(rows: limit).joined(separator: "\n") + "\n" }
        var rows = limit
        var lines = tableLines(rows: rows)
        while lines.count > budget, rows > Self.fewestRows {
            rows -= 1
            lines = tableLines(rows: rows, causeLines: nil)
        }
        if lines.count > budget {
            // Still too long: the causes' list is cut, the last line saying how to see it all.
            let over = lines.count - budget
            lines = tableLines(rows: rows, causeLines: max(1, causeCount(rows: rows) - over - 1))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The fewest rows the default table shows when it shortens itself to fit ``lineBudget``.
    static let fewestRows = 5

    /// The table's lines with the best `rows` combinations; `causeLines`: list at most this
    /// many causes (`nil`: all).
    func tableLines(rows: Int, causeLines: Int? = nil) -> [String] {
        var lines: [String] = []
        for item in answer { lines += Self.paragraph(item.text, indent: item.indent) }
        lines.append("")
        let shown = entries(rows: rows)
        let letters = causeLetters(of: shown)
        lines.append(rankingTitle)
        lines += rankingRows(shown, letters: letters)
        let hidden = ranking.entries.count - shown.count
        if hidden > 0 {
            lines.append(
                "… \(Self.count(hidden, "more combination")): --top N or --all; --detail lists each one's "
                    + "defects per profile")
        }
        if !letters.isEmpty {
            lines.append("")
            lines.append("causes, each listed once (reading, profiles: metrics in files):")
            let all = letters.sorted { $0.value.order < $1.value.order }
            let listed = causeLines.map { min($0, all.count) } ?? all.count
            for (cause, letter) in all.prefix(listed) {
                if showsDetail {
                    // Every file, wrapped under the first.
                    let head = "  " + Self.causeHead(cause, letter: letter.text)
                    let files = cause.files.enumerated().map {
                        $0.offset < cause.files.count - 1 ? $0.element + "," : $0.element
                    }
                    let wrapped = Self.wrap(files, separator: " ", width: Self.tableWidth - head.count)
                    lines.append(head + wrapped[0])
                    lines += wrapped.dropFirst().map { String(repeating: " ", count: head.count) + $0 }
                } else {
                    lines.append(Self.causeLine(cause, letter: letter.text, width: Self.tableWidth))
                }
            }
            if listed < all.count {
                lines.append(
                    "  … \(Self.count(all.count - listed, "more cause")) (cited above): --detail lists every one")
            }
        }
        if showsDetail {
            lines.append("")
            lines += detailLines(shown)
        }
        if let appendix, !appendix.isEmpty {
            lines.append("")
            var text = Substring(appendix)
            while text.last == "\n" { text = text.dropLast() }
            lines += text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        }
        lines.append("")
        lines += Self.paragraph(legendText)
        lines += Self.paragraph("\(toolName): " + summaryLine(examples: false))
        return lines
    }

    /// `text` wrapped to ``tableWidth`` after `indent` spaces, its lines after the first
    /// indented two more.
    static func paragraph(_ text: String, indent: Int = 0) -> [String] {
        let wrapped = wrap(text.split(separator: " ").map(String.init), separator: " ", width: tableWidth - indent - 2)
        let pad = String(repeating: " ", count: indent)
        return [pad + wrapped[0]] + wrapped.dropFirst().map { pad + "  " + $0 }
    }

    /// How many causes the best `rows` combinations cite.
    func causeCount(rows: Int) -> Int { causeLetters(of: entries(rows: rows)).count }

    /// The best `rows` entries, then the highlighted one if it ranks below them.
    func entries(rows: Int) -> [CombinationRanking.Entry] {
        var shown = Array(ranking.entries.prefix(rows))
        if let highlighted, !shown.contains(where: { $0.combination == highlighted }),
            let entry = ranking.entries.first(where: { $0.combination == highlighted })
        {
            shown.append(entry)
        }
        return shown
    }

    /// `best combinations of 1,024 (…)`: the ranking's title, with how many hold.
    var rankingTitle: String {
        let documented = ranking.entries.filter { $0.documentedDefects == 0 }.count
        let worst = ranking.entries.filter { $0.totals.defects == 0 }.count
        let total = Self.count(ranking.entries.count, "combination")
        guard ranking.entries.count > 1 else { return "the one combination run:" }
        let holding =
            variantsPlayed && documented != worst
            ? "\(Self.grouped(documented)) \(documented == 1 ? "holds" : "hold") on the documented model, "
                + "\(Self.grouped(worst)) under every reading"
            : "\(Self.grouped(worst)) without defects"
        return "best of \(total) (\(holding)):"
    }

    /// The ranking's header and one line per entry.
    func rankingRows(_ shown: [CombinationRanking.Entry], letters: [CombinationRanking.Cause: CauseLetter])
        -> [String]
    {
        // The inferred column only when it tells combinations apart.
        let showsInferred = ranking.sameInferredRuns == nil
        let columns =
            ["rank", "documented", "worst", "unasked", "private", "patched"] + (showsInferred ? ["inferred"] : [])
        let widths = columns.map(\.count)
        let numbersWidth = widths.reduce(0, +) + 2 * (widths.count - 1)
        let causeTexts = shown.map { entry in Self.causeCitation(entry.causes.compactMap { letters[$0]?.text }) }
        let causesWidth = max("causes".count, causeTexts.map(\.count).max() ?? 0)
        let pluginsWidth = Self.tableWidth - numbersWidth - 2 - 2 - causesWidth
        // The header says how a row names a combination near the recommended one, when one does.
        let header =
            shown.contains { pluginsText($0.combination) != $0.combination.label }
            ? "plugins: recommended -left out +added" : "plugins"
        var lines = [
            zip(columns, widths).map { $0.leftPadded($1) }.joined(separator: "  ") + "  "
                + header.padding(toLength: pluginsWidth, withPad: " ", startingAt: 0) + "  causes"
        ]
        for (position, (entry, causes)) in zip(shown, causeTexts).enumerated() {
            if position > 0, entry.rank > shown[position - 1].rank + 1 { lines.append("   …") }
            let values =
                [
                    entry.rank, entry.documentedDefects, entry.totals.defects, entry.risk.unaskedCount,
                    entry.risk.privateAPIProfiles.count, entry.risk.patchedMethods.count,
                ] + (showsInferred ? [entry.risk.inferredRuns] : [])
            let numbers = zip(values, widths).map { Self.grouped($0).leftPadded($1) }.joined(separator: "  ")
            let plugins = Self.cut(pluginsText(entry.combination), to: pluginsWidth)
            let line =
                numbers + "  " + plugins.padding(toLength: pluginsWidth, withPad: " ", startingAt: 0) + "  " + causes
            lines.append(String(line.reversed().drop { $0 == " " }.reversed()))
        }
        return lines
    }

    /// `recommended`; `-BackKeyCommandGuard +BackActionOverride` for a combination near the
    /// highlighted one (the recommended composition with BackKeyCommandGuard left out and
    /// BackActionOverride added, as the column's header says; what it leaves out first, as a line
    /// may cut the end); else the plugins joined by `+`
    /// (`none` for no plugins).
    func pluginsText(_ combination: PluginCombination) -> String {
        guard let highlighted, !highlighted.plugins.isEmpty else { return combination.label }
        if combination == highlighted { return "recommended" }
        let added = combination.plugins.filter { !highlighted.plugins.contains($0) }
        let removed = highlighted.plugins.filter { !combination.plugins.contains($0) }
        guard added.count + removed.count <= 3, added.count + removed.count < combination.plugins.count else {
            return combination.label
        }
        return (removed.map { "-" + $0 } + added.map { "+" + $0 }).joined(separator: " ")
    }

    /// `text`, cut to `width` characters with `…` when longer.
    static func cut(_ text: String, to width: Int) -> String {
        text.count <= width ? text : String(text.prefix(max(0, width - 1))) + "…"
    }

    /// A cause's letter and the order it was first cited in.
    struct CauseLetter {
        var text: String
        var order: Int
    }

    /// A letter for each cause `shown` cite, in the order they are first cited (rank order;
    /// within a row the documented model's first).
    func causeLetters(of shown: [CombinationRanking.Entry]) -> [CombinationRanking.Cause: CauseLetter] {
        var letters: [CombinationRanking.Cause: CauseLetter] = [:]
        for entry in shown {
            for cause in entry.causes where letters[cause] == nil {
                letters[cause] = CauseLetter(text: Self.letter(letters.count), order: letters.count)
            }
        }
        return letters
    }

    /// `a` … `z`, then `aa`, `ab` …
    static func letter(_ index: Int) -> String {
        let alphabet = Array("abcdefghijklmnopqrstuvwxyz")
        return index < 26 ? String(alphabet[index]) : letter(index / 26 - 1) + String(alphabet[index % 26])
    }

    /// A row's causes: `a b c`, or `a b c +4` when it cites more than four.
    static func causeCitation(_ letters: [String]) -> String {
        letters.count > 4
            ? letters.prefix(3).joined(separator: " ") + " +\(letters.count - 3)"
            : letters
                .joined(separator: " ")
    }

    /// `  c  R79 alt, ios16–ios27: unguarded, failed expects in a.nav, b.nav, +2`: as many
    /// files as fit `width`.
    static func causeLine(_ cause: CombinationRanking.Cause, letter: String, width: Int) -> String {
        let head = "  " + causeHead(cause, letter: letter)
        for shown in stride(from: cause.files.count, through: 1, by: -1) {
            let more = shown < cause.files.count ? ", +\(cause.files.count - shown)" : ""
            let line = head + cause.files.prefix(shown).joined(separator: ", ") + more
            if line.count <= width || shown == 1 { return cut(line, to: width) }
        }
        return cut(head + "no file", to: width)
    }

    /// `c  R79 alt, ios16–ios27: unguarded, failed expects in `: a cause's line up to its files.
    static func causeHead(_ cause: CombinationRanking.Cause, letter: String) -> String {
        letter.padding(toLength: 2, withPad: " ", startingAt: 0) + " " + "\(cause.reading ?? "documented"), "
            + "\(cause.profileText): " + cause.metrics.joined(separator: ", ") + " in "
    }

    /// `--detail`: each shown combination's plugins in full, its defects per profile (counts
    /// and files) and the points it never asks.
    func detailLines(_ shown: [CombinationRanking.Entry]) -> [String] {
        var lines = ["detail:"]
        for entry in shown {
            let plugins = Self.wrap(
                entry.combination.plugins.isEmpty ? ["none"] : entry.combination.plugins, separator: "+",
                width: Self.tableWidth - 8)
            lines.append("  " + "\(entry.rank)".leftPadded(4) + "  " + plugins[0])
            lines += plugins.dropFirst().map { "        " + $0 }
            var notes = entry.groupedShortfallLines
            let unasked = entry.risk.unaskedSummary
            if !unasked.isEmpty { notes.append("never asks " + unasked.joined(separator: ", ")) }
            for note in notes {
                let wrapped = Self.wrap(
                    note.split(separator: " ").map(String.init), separator: " ", width: Self.tableWidth - 10)
                lines.append("        · " + wrapped[0])
                lines += wrapped.dropFirst().map { "          " + $0 }
            }
        }
        return lines
    }

    /// What the columns mean, in one paragraph.
    var legendText: String {
        let inferred =
            ranking.sameInferredRuns == nil ? "inferred: runs resting on an inferred rule; " : ""
        return "documented: defects on UIKit's documented behaviour; worst: with each inferred rule's "
            + "second reading (UIKitRules.md); unasked: points another combination asks in the same input, "
            + "this one never; private: profiles on private API; patched: UIKit methods replaced; "
            + "\(inferred)ranked in this order"
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
#endif
