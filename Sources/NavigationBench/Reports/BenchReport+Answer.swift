#if os(macOS) || os(Linux)
import NavigationScenarioRunner
import NavigationScenarios
import NavigationSimulator
import NavigationStrategies

extension BenchReport {
    /// One paragraph of the answer: its text and how far it is indented.
    struct AnswerItem: Equatable {
        var text: String
        var indent = 0
    }

    /// The combination the answer is about: the recommended composition (``highlighted``) when
    /// it ran, else the best.
    var subject: CombinationRanking.Entry? {
        if let highlighted, let entry = ranking.entries.first(where: { $0.combination == highlighted }) {
            return entry
        }
        return ranking.entries.first
    }

    /// What every format says first: what to install and whether it holds, on the documented
    /// model and in the worst case; what remains, by reading, and what settles it. The table
    /// prints it as paragraphs, Markdown as a list, JUnit as a comment before the suites.
    ///
    /// ```
    /// install: BackKeyCommandGuard, BackMenuGuard, … + TransitionBarBackground (the recommended …)
    /// holds on the built-in corpus (68 files) on the documented model (0 defects), not under every
    ///   reading: 70 defects in the worst case; rank 2 of 1,024, no private API
    /// what remains: R50 alt (ios13, ios14: voiceover-escape-in-bar.nav); R79 alt (ios16–ios27: 4
    ///   files)
    /// what settles a reading: record that flow on a device of that iOS, then run navhooks-bench …
    /// ```
    var answer: [AnswerItem] {
        guard let subject else { return [AnswerItem(text: "no runs: nothing to rank")] }
        var items: [AnswerItem] = []
        let isRecommended = subject.combination == highlighted && highlighted != nil
        let plugins = subject.combination.plugins.isEmpty ? "none" : subject.combination.plugins.joined(separator: ", ")
        items.append(
            AnswerItem(
                text: isRecommended
                    ? "install: \(plugins) + \(StrategyCatalog.defaultAppearance) (the recommended composition)"
                    : "best: \(plugins)"))
        items.append(AnswerItem(text: verdict(of: subject)))
        let causes = subject.causes
        if !causes.isEmpty {
            items.append(AnswerItem(text: "what remains: " + Self.remaining(causes).joined(separator: "; ")))
            if causes.contains(where: { $0.reading != nil }) {
                items.append(
                    AnswerItem(
                        text: "what settles a reading: record that flow on a device of that iOS, then run "
                            + "\(toolName) --check on the recording"))
            }
            if causes.contains(where: { $0.reading == nil }) {
                items.append(
                    AnswerItem(
                        text: "the documented model's defects are real: no recording removes them, only a "
                            + "composition that guards them"))
            }
        }
        items += rankingNotes(besides: subject).map { AnswerItem(text: $0) }
        return items
    }

    /// `holds on the built-in corpus (68 files): 0 defects on the documented model and under
    /// every second reading played; rank 1 of 1,024, no private API`, or where it does not.
    func verdict(of entry: CombinationRanking.Entry) -> String {
        let files = plannedMatrix?.scenarios ?? fileCount
        let scope =
            scoresUsersFiles
            ? "on your \(Self.count(files, "file"))" : "on the built-in corpus (\(Self.count(files, "file")))"
        var position = ranking.entries.count > 1 ? "rank \(entry.rank) of \(Self.grouped(ranking.entries.count)), " : ""
        position +=
            entry.risk.privateAPIProfiles.isEmpty
            ? "no private API" : "private API on " + entry.risk.privateAPIProfiles.joined(separator: ", ")
        let documented = entry.documentedDefects
        let worst = entry.totals.defects
        if !variantsPlayed {
            return "\(scope): \(Self.count(documented, "defect")) on the documented model (second readings "
                + "not played: --variants documented, or --check); \(position)"
        }
        if worst == 0 {
            return "holds \(scope): 0 defects on the documented model and under every second reading "
                + "played; \(position)"
        }
        if documented == 0 {
            return "holds \(scope) on the documented model (0 defects), not under every reading: "
                + "\(Self.count(worst, "defect")) in the worst case; \(position)"
        }
        return "does not hold \(scope): \(Self.count(documented, "defect")) on the documented model, "
            + "\(Self.grouped(worst)) in the worst case; \(position)"
    }

    /// The causes by reading (the documented model's first): `R79 alt (ios16–ios27: 4 files)`,
    /// `documented model (ios13, ios14: a.nav)`; at most four, then how many more.
    static func remaining(_ causes: [CombinationRanking.Cause]) -> [String] {
        var readings: [String?] = []
        var profiles: [String?: Set<String>] = [:]
        var files: [String?: Set<String>] = [:]
        for cause in causes {
            if profiles[cause.reading] == nil { readings.append(cause.reading) }
            profiles[cause.reading, default: []].formUnion(cause.profiles)
            files[cause.reading, default: []].formUnion(cause.files)
        }
        let known = ScenarioProfile.allCases.map(\.rawValue)
        var lines: [String] = readings.prefix(4).map { reading in
            let ordered = (profiles[reading] ?? []).sorted {
                (known.firstIndex(of: $0) ?? known.count, $0) < (known.firstIndex(of: $1) ?? known.count, $1)
            }
            let names = (files[reading] ?? []).sorted()
            let shown = names.count == 1 ? names[0] : count(names.count, "file")
            return "\(reading ?? "documented model") (\(CombinationRanking.Cause.profileText(ordered)): \(shown))"
        }
        if readings.count > 4 { lines.append("\(readings.count - 4) more readings (causes below)") }
        return lines
    }

    /// The ranking's notes that the answer does not already give: the best combination
    /// without private API when it is neither the best nor `subject`, and a warning when no
    /// file tries to leave a guarded screen. Empty for a single combination.
    func rankingNotes(besides subject: CombinationRanking.Entry?) -> [String] {
        guard ranking.entries.count > 1 else { return [] }
        var notes: [String] = []
        if let best = ranking.bestWithoutPrivateAPI {
            if best.rank != 1, best.combination != subject?.combination {
                let defects =
                    best.documentedDefects == best.totals.defects
                    ? Self.count(best.totals.defects, "defect")
                    : "\(Self.count(best.documentedDefects, "defect")) documented, \(Self.grouped(best.totals.defects)) worst"
                notes.append("without private API: rank \(best.rank) (\(defects)): \(best.combination.label)")
            }
        } else {
            notes.append("without private API: every combination uses private API on some profile")
        }
        if !ranking.triesGuardedExit {
            notes.append(
                "these files never try to leave a guarded screen: a composition that drops protection ranks as "
                    + "well as one that keeps it")
        }
        return notes
    }
}

extension BenchReport {
    /// ``answer`` as lines, indented (the JUnit comment).
    var answerLines: [String] { answer.map { String(repeating: " ", count: $0.indent) + $0.text } }
}
#endif
