import Foundation
import NavigationConformance
import NavigationHooks
import NavigationScenarioRunner
import NavigationScenarios
import NavigationSimulator
import NavigationStrategies

extension BenchReport {
    /// One run as Examples/Scenarios/README.md ("The report") spells it: exactly these keys.
    struct JSONRun: Encodable {
        var scenario: String
        var file: String
        var profile: String
        var plugins: [String]
        var metrics: RunMetrics
        var inferredRules: [String]
        var skippedSteps: [String]
    }

    /// One ranked combination (an extra key of the document).
    struct JSONRankingEntry: Encodable {
        var rank: Int
        var plugins: [String]
        var runs: Int
        var defects: Int
        var dispatches: Int
        var nsPerDispatch: Double
        var shortfalls: [String]
        var unaskedPoints: [String]
        var privateAPIProfiles: [String]
        var patchedMethods: [String]
        var inferredRuns: Int
    }

    struct JSONDocument: Encodable {
        var runs: [JSONRun]
        var ranking: [JSONRankingEntry]
        /// The best-ranked combination using no private API (`rank`, `plugins`), or `null`.
        var bestWithoutPrivateAPI: JSONBest?
        /// Whether any run tried to leave a guarded screen; `false`: guards could not rank.
        var triesGuardedExit: Bool
    }

    struct JSONBest: Encodable {
        var rank: Int
        var plugins: [String]
        var defects: Int
    }

    /// `{"bestWithoutPrivateAPI": {…}, "ranking": […], "runs": […], "triesGuardedExit": true}`
    /// with sorted keys.
    func jsonText() throws -> String {
        let document = JSONDocument(
            runs: results.map { run in
                var metrics = run.metrics
                if !metrics.nsPerDispatch.isFinite { metrics.nsPerDispatch = 0 }
                return JSONRun(
                    scenario: run.scenario, file: run.file, profile: run.profile, plugins: run.plugins,
                    metrics: metrics, inferredRules: run.inferredRules,
                    skippedSteps: run.skippedSteps.map(\.description)
                )
            },
            ranking: ranking.entries.map { entry in
                JSONRankingEntry(
                    rank: entry.rank, plugins: entry.combination.plugins, runs: entry.runs,
                    defects: entry.totals.defects, dispatches: entry.totals.dispatches,
                    nsPerDispatch: entry.totals.nsPerDispatch.isFinite ? entry.totals.nsPerDispatch : 0,
                    shortfalls: entry.shortfallLines, unaskedPoints: entry.risk.unaskedPoints,
                    privateAPIProfiles: entry.risk.privateAPIProfiles, patchedMethods: entry.risk.patchedMethods,
                    inferredRuns: entry.risk.inferredRuns
                )
            },
            bestWithoutPrivateAPI: ranking.bestWithoutPrivateAPI.map {
                JSONBest(rank: $0.rank, plugins: $0.combination.plugins, defects: $0.totals.defects)
            },
            triesGuardedExit: ranking.triesGuardedExit
        )
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let data = try encoder.encode(document)
        return String(decoding: data, as: UTF8.self) + "\n"
    }
}
