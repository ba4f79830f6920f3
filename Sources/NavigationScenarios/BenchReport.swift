/// The results of a bench run and their ranking, rendered in any ``ReportFormat``.
public struct BenchReport: Sendable {
    /// Every run, in the order they ran.
    public var results: [RunResult]
    /// The combinations ranked.
    public var ranking: CombinationRanking
    /// Show only this many combinations in the table and Markdown rankings (`nil`: all).
    public var rankingLimit: Int?

    /// Creates a report and ranks the combinations.
    public init(results: [RunResult], rankingLimit: Int? = nil) {
        self.results = results
        self.ranking = CombinationRanking(results: results)
        self.rankingLimit = rankingLimit
    }

    /// The report as text in `format`, ending with a newline.
    public func render(_ format: ReportFormat) throws -> String {
        switch format {
        case .table: tableText()
        case .markdown: markdownText()
        case .json: try jsonText()
        case .csv: csvText()
        }
    }

    /// The ranking entries the table and Markdown show.
    var shownEntries: ArraySlice<CombinationRanking.Entry> {
        ranking.entries.prefix(rankingLimit ?? ranking.entries.count)
    }

    /// `18000 runs: 30 scenarios × 6 profiles × 256 combinations`.
    var summaryLine: String {
        let scenarios = Set(results.map(\.file)).count
        let profiles = Set(results.map(\.profile)).count
        let skipped = results.reduce(0) { $0 + $1.skippedSteps.count }
        return "\(Self.count(results.count, "run")): \(Self.count(scenarios, "scenario")) × "
            + "\(Self.count(profiles, "profile")) × \(Self.count(ranking.entries.count, "combination")); "
            + "\(Self.count(skipped, "skipped step"))"
    }

    /// `1 profile`, `6 profiles`.
    static func count(_ number: Int, _ noun: String) -> String {
        "\(number) \(noun)\(number == 1 ? "" : "s")"
    }
}
