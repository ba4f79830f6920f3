#if os(macOS) || os(Linux)
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
        /// The appearance strategy that played (``RunResult/appearance``); absent: none.
        var appearance: String?
        var scenario: String
        var file: String
        var profile: String
        var plugins: [String]
        var metrics: RunMetrics
        var inferredRules: [String]
        var skippedSteps: [String]
        /// The rule's alternative the outcome comes from (`R62 alt`); absent for the documented model.
        var variant: String?
    }

    /// One ranked combination (an extra key of the document).
    struct JSONRankingEntry: Encodable {
        var rank: Int
        var plugins: [String]
        var runs: Int
        var defects: Int
        /// The defects on the documented model (`defects`: the worst case).
        var documentedDefects: Int
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
    /// run at a time, so the whole document is never in memory at once.
    func json(to write: (String) -> Void) throws {
        guard !results.isEmpty else { return write(try jsonText()) }
        try jsonHead(to: write)
        var text = ""
        var writer = JSONRunWriter()
        for (index, run) in results.enumerated() {
            writer.append(run, first: index == 0, to: &text)
            if text.utf8.count > Self.jsonPieceSize {
                write(text)
                text = ""
            }
        }
        write(text + jsonTail)
    }

    /// A piece of the JSON this large is handed on.
    static let jsonPieceSize = 1 << 16

    static func jsonEncoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return encoder
    }

    /// `data`'s lines after the first nested by `spaces`, as the encoder nests (empty lines stay empty).
    ///
    /// On the bytes, as splitting the text at its line feeds (Characters) and prefixing each
    /// line but the first and the empty ones would: `spaces` after each line feed not after a
    /// carriage return (one Character with it), unless another line feed or the end follows.
    private static func indented(_ data: Data, by spaces: String) -> String {
        let prefix = Array(spaces.utf8)
        var text: [UInt8] = []
        text.reserveCapacity(data.count + data.count / 8)
        data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) in
            guard let base = raw.baseAddress else { return }
            let bytes = raw.bindMemory(to: UInt8.self)
            var start = 0
            while start < raw.count, let hit = memchr(base + start, 0x0A, raw.count - start) {
                let end = base.distance(to: UnsafeRawPointer(hit)) + 1
                text.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<end]))
                let afterCarriageReturn = end >= 2 && bytes[end - 2] == 0x0D
                if !afterCarriageReturn && end < raw.count && bytes[end] != 0x0A { text.append(contentsOf: prefix) }
                start = end
            }
            text.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<raw.count]))
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// The document up to its first run (`{`, the best without private API, the ranking,
    /// `"runs" : [`), handed to `write` in pieces: an entry lists every unasked point as often
    /// as it was found, which grows with the files.
    func jsonHead(to write: (String) -> Void) throws {
        let encoder = Self.jsonEncoder()
        var text = "{\n"
        if let best = jsonBestWithoutPrivateAPI {
            text += "  \"bestWithoutPrivateAPI\" : " + Self.indented(try encoder.encode(best), by: "  ") + ",\n"
        }
        guard !ranking.entries.isEmpty else {
            return write(
                text + "  \"ranking\" : " + Self.indented(try encoder.encode(jsonRanking), by: "  ")
                    + ",\n  \"runs\" : [\n")
        }
        text += "  \"ranking\" : [\n"
        for (index, entry) in ranking.entries.enumerated() {
            if index > 0 { text += ",\n" }
            Self.appendJSON(entry, to: &text, write: write)
        }
        write(text + "\n  ],\n  \"runs\" : [\n")
    }

    /// Appends `entry` as the encoder writes its ``JSONRankingEntry`` in the ranking array
    /// (sorted keys, nested four spaces), handing `text` to `write` whenever it grows past a
    /// piece in the list of unasked points (each point's line written as often as it was found).
    static func appendJSON(_ entry: CombinationRanking.Entry, to text: inout String, write: (String) -> Void) {
        let list = { (key: String, strings: [String], text: inout String) in
            text += ",\n      \"\(key)\" : "
            JSONRunWriter.appendStrings(strings, indent: "      ", to: &text)
        }
        text += "    {\n      \"defects\" : \(entry.totals.defects),\n      \"dispatches\" : \(entry.totals.dispatches)"
        text += ",\n      \"documentedDefects\" : \(entry.documentedDefects)"
        text += ",\n      \"inferredRuns\" : \(entry.risk.inferredRuns),\n      \"nsPerDispatch\" : "
        JSONRunWriter.appendNumber(entry.totals.nsPerDispatch.isFinite ? entry.totals.nsPerDispatch : 0, to: &text)
        list("patchedMethods", entry.risk.patchedMethods, &text)
        list("plugins", entry.combination.plugins, &text)
        list("privateAPIProfiles", entry.risk.privateAPIProfiles, &text)
        text += ",\n      \"rank\" : \(entry.rank),\n      \"runs\" : \(entry.runs)"
        list("shortfalls", entry.shortfallLines, &text)
        text += ",\n      \"unaskedPoints\" : [\n"
        var first = true
        for (point, times) in entry.risk.unaskedPointCounts.sorted(by: { $0.key < $1.key }) {
            var line = "        "
            JSONRunWriter.appendString(point, to: &line)
            for _ in 0..<times {
                if !first { text += ",\n" }
                first = false
                text += line
                if text.utf8.count > jsonPieceSize {
                    write(text)
                    text = ""
                }
            }
        }
        text += "\n      ]\n    }"
    }

    /// One run in the document's `runs` array, after the separator from the run before (none
    /// for the first), through `JSONEncoder`: what ``JSONRunWriter`` writes without it (the
    /// report uses the writer; tests compare the two).
    static func jsonRunText(_ run: RunResult, first: Bool, encoder: JSONEncoder) throws -> String {
        (first ? "" : ",\n") + "    " + indented(try encoder.encode(jsonRun(run)), by: "    ")
    }

    /// The document after its last run (a document with runs).
    var jsonTail: String { "\n  ],\n  \"triesGuardedExit\" : \(ranking.triesGuardedExit)\n}\n" }

    static func jsonRun(_ run: RunResult) -> JSONRun {
        var metrics = run.metrics
        if !metrics.nsPerDispatch.isFinite { metrics.nsPerDispatch = 0 }
        return JSONRun(
            appearance: run.appearance, scenario: run.scenario, file: run.file, profile: run.profile,
            plugins: run.plugins,
            metrics: metrics, inferredRules: run.inferredRules,
            skippedSteps: run.skippedSteps.map(\.description), variant: run.variant
        )
    }

    var jsonRanking: [JSONRankingEntry] {
        ranking.entries.map { entry in
            JSONRankingEntry(
                rank: entry.rank, plugins: entry.combination.plugins, runs: entry.runs,
                defects: entry.totals.defects, documentedDefects: entry.documentedDefects,
                dispatches: entry.totals.dispatches,
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
#endif
