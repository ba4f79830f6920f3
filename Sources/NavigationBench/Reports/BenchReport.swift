#if os(macOS) || os(Linux)
import Foundation
import NavigationConformance
import NavigationHooks
import NavigationScenarioRunner
import NavigationScenarios
import NavigationSimulator
import NavigationStrategies

/// The results of a bench run and their ranking, rendered in any ``ReportFormat``.
struct BenchReport: Sendable {
    /// Every run, in the order they ran.
    var results: [RunResult]
    /// The combinations ranked.
    var ranking: CombinationRanking
    /// Show only this many combinations in the table and Markdown rankings (`nil`: all).
    var rankingLimit: Int?
    /// A combination whose row the table and Markdown show even below the limit (the
    /// recommended composition).
    var highlighted: PluginCombination?
    /// The runs `--format junit` writes (the checked ones); `nil`: every run.
    var junitRuns: [RunResult]?
    /// The matrix as planned: scenario files, profiles and combinations asked for. Runs a
    /// file's `profile` line excludes are not made, so the runs can be fewer than the product.
    var plannedMatrix: (scenarios: Int, profiles: Int, combinations: Int)?
    /// `true` when the runs are the user's own files (inputs were given), not the built-in
    /// corpus: the answer says "on your files".
    var scoresUsersFiles = false
    /// Whether the runs played the inferred rules' second readings (`--variants worst`, no
    /// `--check`): without them the answer gives the documented model alone.
    var variantsPlayed = true
    /// `--detail`: the table and Markdown add each shown combination's defects per profile.
    var showsDetail = false
    /// The most lines the table may take (the default run: ``screenLines``); it shows fewer
    /// combinations to fit. `nil`: no limit.
    var lineBudget: Int?
    /// Lines the table prints before its legend (the appearance slot's summary).
    var appendix: String?
    /// The bench's name, as the report's title and summary and the answer's advice give it.
    var toolName = BenchCommand.defaultToolName

    /// How many runs there were (``results`` is empty when they were streamed).
    var runCount: Int
    /// The skipped steps of every run, counted by reason.
    var skippedByReason: [String: Int]
    /// The distinct scenario files and profiles of the runs (when ``plannedMatrix`` is not set).
    var fileCount: Int
    var profileCount: Int

    /// Creates a report and ranks the combinations.
    init(results: [RunResult], rankingLimit: Int? = nil) {
        self.results = results
        self.ranking = CombinationRanking(results: results)
        self.rankingLimit = rankingLimit
        runCount = results.count
        var skippedByReason: [String: Int] = [:]
        for result in results {
            for step in result.skippedSteps { skippedByReason[step.reason, default: 0] += 1 }
        }
        self.skippedByReason = skippedByReason
        fileCount = Set(results.map(\.file)).count
        profileCount = Set(results.map(\.profile)).count
    }

    /// A report of runs already written or counted (``ReportStream``): no ``results``.
    init(ranking: CombinationRanking, runCount: Int, skippedByReason: [String: Int], rankingLimit: Int?) {
        results = []
        self.ranking = ranking
        self.runCount = runCount
        self.skippedByReason = skippedByReason
        self.rankingLimit = rankingLimit
        fileCount = 0
        profileCount = 0
    }

    /// The report as text in `format`, ending with a newline.
    func render(_ format: ReportFormat) throws -> String {
        var text = ""
        try render(format) { text += $0 }
        return text
    }

    /// The report in `format`, handed to `write` in pieces: JSON and CSV a run at a time
    /// (64 KB pieces), so the whole text is never in memory; table and Markdown at once.
    func render(_ format: ReportFormat, to write: (String) -> Void) throws {
        switch format {
        case .table: write(tableText())
        case .markdown: write(markdownText())
        case .json: try json(to: write)
        case .csv: csv(to: write)
        case .junit: write(Self.junitText(runs: junitRuns ?? results, answer: answerLines, toolName: toolName))
        }
    }

    /// The ranking entries the table and Markdown show: the first ``rankingLimit``, then the
    /// highlighted one if it ranks below them.
    var shownEntries: [CombinationRanking.Entry] {
        var shown = Array(ranking.entries.prefix(rankingLimit ?? ranking.entries.count))
        if let highlighted, !shown.contains(where: { $0.combination == highlighted }),
            let entry = ranking.entries.first(where: { $0.combination == highlighted })
        {
            shown.append(entry)
        }
        return shown
    }

    /// `46,848 runs: 36 scenarios × 6 profiles × 256 combinations, less 8,448 that files'
    /// profile lines exclude; 12 skipped steps (steps that cannot happen there, e.g. no back menu before ios14)`.
    var summaryLine: String { summaryLine(examples: true) }

    /// ``summaryLine``; without `examples`, the skipped steps' reasons are left out.
    func summaryLine(examples: Bool) -> String {
        let scenarios = plannedMatrix?.scenarios ?? fileCount
        let profiles = plannedMatrix?.profiles ?? profileCount
        let combinations = plannedMatrix?.combinations ?? ranking.entries.count
        let skipped = skippedByReason.values.reduce(0, +)
        // What was skipped, in one clause: the two most frequent reasons.
        let reasons = skippedByReason.sorted { ($1.value, $0.key) < ($0.value, $1.key) }.prefix(2).map(\.key)
        let example =
            reasons.isEmpty || !examples
            ? nil : " (steps that cannot happen there, e.g. \(reasons.joined(separator: "; ")))"
        let excluded = scenarios * profiles * combinations - runCount
        let less = excluded > 0 ? ", less \(Self.grouped(excluded)) that files' `profile` lines exclude" : ""
        return "\(Self.count(runCount, "run")): \(Self.count(scenarios, "scenario")) × "
            + "\(Self.count(profiles, "profile")) × \(Self.count(combinations, "combination"))\(less); "
            + "\(Self.count(skipped, "skipped step"))\(example ?? "")"
    }

    /// `1 profile`, `46,848 runs`.
    static func count(_ number: Int, _ noun: String) -> String {
        "\(grouped(number)) \(noun)\(number == 1 ? "" : "s")"
    }

    /// `46848` → `46,848`.
    static func grouped(_ number: Int) -> String {
        let digits = Array(String(number.magnitude))
        var text = ""
        for (index, digit) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { text.append(",") }
            text.append(digit)
        }
        return (number < 0 ? "-" : "") + text
    }
}
#endif
