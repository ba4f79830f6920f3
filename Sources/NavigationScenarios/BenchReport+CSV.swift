extension BenchReport {
    /// The CSV header: run identity, the contract's metrics, then extras.
    public static let csvHeader = [
        "scenario", "file", "profile", "plugins", "unguardedPops", "blockedPops", "barGlitches",
        "wrongBarAtRest", "frozen", "lostDelegateCalls", "unansweredAttempts", "expectFailures", "dispatches",
        "nsPerDispatch",
        "defects", "inferredRules", "skippedSteps",
    ]

    /// One row per run (RFC 4180 quoting); `plugins` joined by `+`, `none` when empty;
    /// `inferredRules` joined by spaces; `skippedSteps` joined by `; `.
    func csvText() -> String {
        var lines = [Self.csvHeader.joined(separator: ",")]
        for run in results {
            let m = run.metrics
            let fields: [String] = [
                run.scenario, run.file, run.profile, run.combinationLabel,
                String(m.unguardedPops), String(m.blockedPops), String(m.barGlitches),
                String(m.wrongBarAtRest),
                String(m.frozen), String(m.lostDelegateCalls), String(m.unansweredAttempts),
                String(m.expectFailures),
                String(m.dispatches),
                m.nsPerDispatch.isFinite ? String(m.nsPerDispatch) : "", String(m.defects),
                run.inferredRules.joined(separator: " "),
                run.skippedSteps.map(\.description).joined(separator: "; "),
            ]
            lines.append(fields.map(Self.csvField).joined(separator: ","))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    static func csvField(_ text: String) -> String {
        guard text.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else {
            return text
        }
        return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
