extension BenchReport {
    /// Wraps at this width; fits a 100-column terminal.
    static let tableWidth = 100

    /// An aligned table: one block per combination, its shortfalls indented below.
    ///
    /// ```
    /// rank  defects  dispatches  ns/disp  plugins
    ///    1        0        1520     38.2  BackActionOverride+BackMenuGuard+PopGestureGuard
    ///                                     ios13: 1 unguarded (back-menu.nav)
    /// ```
    func tableText() -> String {
        var lines = ["navhooks-bench: " + summaryLine, ""]
        let header = ["rank", "defects", "dispatches", "ns/disp", "plugins"]
        lines.append(
            header[0].leftPadded(4) + "  " + header[1].leftPadded(7) + "  " + header[2].leftPadded(10)
                + "  "
                + header[3].leftPadded(7) + "  " + header[4]
        )
        let indent = String(repeating: " ", count: 36)
        for entry in shownEntries {
            let prefix =
                String(entry.rank).leftPadded(4) + "  " + String(entry.totals.defects).leftPadded(7) + "  "
                + String(entry.totals.dispatches).leftPadded(10) + "  "
                + Self.nanoseconds(entry.totals.nsPerDispatch).leftPadded(7) + "  "
            let pluginLines = Self.wrap(
                entry.combination.plugins.isEmpty ? ["none"] : entry.combination.plugins,
                separator: "+",
                width: Self.tableWidth - indent.count
            )
            lines.append(prefix + pluginLines[0])
            lines += pluginLines.dropFirst().map { indent + $0 }
            for shortfall in entry.shortfallLines {
                let words = shortfall.split(separator: " ").map(String.init)
                let wrapped = Self.wrap(words, separator: " ", width: Self.tableWidth - indent.count - 2)
                lines.append(indent + "· " + wrapped[0])
                lines += wrapped.dropFirst().map { indent + "  " + $0 }
            }
        }
        if shownEntries.count < ranking.entries.count {
            lines.append("… \(ranking.entries.count - shownEntries.count) more combinations (see --top)")
        }
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
