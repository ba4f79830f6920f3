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

    /// The JSON document in pieces, as ``jsonText()`` would print it: the ranking, then one
    /// run at a time (each encoded alone and indented into place), so the whole document is
    /// never in memory at once.
    func json(to write: (String) -> Void) throws {
        guard !results.isEmpty else { return write(try jsonText()) }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        // Nested one level deeper, as the encoder nests it (empty lines stay empty).
        func indented(_ data: Data, by spaces: String) -> String {
            String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
                .enumerated().map { $0 == 0 || $1.isEmpty ? String($1) : spaces + $1 }.joined(separator: "\n")
        }
        var text = "{\n"
        if let best = jsonBestWithoutPrivateAPI {
            text += "  \"bestWithoutPrivateAPI\" : " + indented(try encoder.encode(best), by: "  ") + ",\n"
        }
        let ranking = try encoder.encode(jsonRanking)
        text += "  \"ranking\" : " + indented(ranking, by: "  ") + ",\n  \"runs\" : [\n"
        for (index, run) in results.enumerated() {
            text += "    " + indented(try encoder.encode(Self.jsonRun(run)), by: "    ")
            text += index == results.count - 1 ? "\n" : ",\n"
            if text.utf8.count > 1 << 16 {
                write(text)
                text = ""
            }
        }
        write(text + "  ],\n  \"triesGuardedExit\" : \(self.ranking.triesGuardedExit)\n}\n")
    }

    static func jsonRun(_ run: RunResult) -> JSONRun {
        var metrics = run.metrics
        if !metrics.nsPerDispatch.isFinite { metrics.nsPerDispatch = 0 }
        return JSONRun(
            scenario: run.scenario, file: run.file, profile: run.profile, plugins: run.plugins,
            metrics: metrics, inferredRules: run.inferredRules,
            skippedSteps: run.skippedSteps.map(\.description)
        )
    }

    var jsonRanking: [JSONRankingEntry] {
        ranking.entries.map { entry in
            JSONRankingEntry(
                rank: entry.rank, plugins: entry.combination.plugins, runs: entry.runs,
                defects: entry.totals.defects, dispatches: entry.totals.dispatches,
                nsPerDispatch: entry.totals.nsPerDispatch.isFinite ? entry.totals.nsPerDispatch : 0,
                shortfalls: entry.shortfallLines, unaskedPoints: entry.risk.unaskedPoints,
                privateAPIProfiles: entry.risk.privateAPIProfiles, patchedMethods: entry.risk.patchedMethods,
                inferredRuns: entry.risk.inferredRuns
            )
        }
    }

    var jsonBestWithoutPrivateAPI: JSONBest? {
        ranking.bestWithoutPrivateAPI.map {
            JSONBest(rank: $0.rank, plugins: $0.combination.plugins, defects: $0.totals.defects)
        }
    }

    /// `{"bestWithoutPrivateAPI": {…}, "ranking": […], "runs": […], "triesGuardedExit": true}`
    /// with sorted keys, built whole.
    func jsonText() throws -> String {
        let document = JSONDocument(
            runs: results.map(Self.jsonRun), ranking: jsonRanking,
            bestWithoutPrivateAPI: jsonBestWithoutPrivateAPI, triesGuardedExit: ranking.triesGuardedExit)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let data = try encoder.encode(document)
        return String(decoding: data, as: UTF8.self) + "\n"
    }
}
