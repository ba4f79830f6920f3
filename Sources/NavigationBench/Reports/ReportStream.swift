#if os(macOS) || os(Linux)
import Foundation
import NavigationScenarioRunner
import NavigationScenarios

/// Takes a matrix's runs one at a time, in plan order, and writes the report as they come:
/// the ranking is added up as it goes (``RankingAccumulator``) and no run is kept, so the
/// memory of a bench run does not grow with its number of files.
///
/// - CSV: each run's row is written as it arrives.
/// - JSON: the document's keys are sorted, so the ranking comes before the runs: runs are
///   spooled to a temporary file as they arrive and copied after the ranking. Runs the
///   workers rendered come after their sums: the ranking is written first, then their text.
/// - Table, Markdown: only the ranking and the summary's counts.
/// - JUnit: each file's suite of checked runs is spooled when the file's runs end, and the
///   suites copied in file order after the totals.
///
/// The output is the one ``BenchReport`` renders from all the runs at once.
final class ReportStream {
    let format: ReportFormat
    private let write: (String) -> Void
    /// Which runs `--check` (and `--format junit`) look at.
    private let isChecked: (RunResult) -> Bool
    private let keepsFailures: Bool
    private var accumulator: RankingAccumulator
    private(set) var runCount = 0
    private var skippedByReason: [String: Int] = [:]
    /// Output not yet handed to `write` (or the spool).
    private var pending = ""
    private var csvRows = BenchReport.CSVRows()
    private var jsonWriter = JSONRunWriter()
    private var spool: (path: String, handle: FileHandle)?
    /// The checked runs: how many, their combinations, and those whose expects failed (kept
    /// only with `keepsFailures`).
    private(set) var checkedCount = 0
    private(set) var checkedCombinations = Set<PluginCombination>()
    private(set) var failedCheckedRuns: [RunResult] = []
    /// `--format junit`: the current file's checked runs; each file's `<testsuite>` is spooled
    /// when its runs end (a plan keeps a file's runs together), and the suites are copied in
    /// file order after the header's totals.
    private var junitFileRuns: [RunResult] = []
    private var junitSuites: [(file: String, offset: UInt64, length: Int)] = []
    private var junitSpooled: UInt64 = 0
    private var junitTests = 0
    /// `--format junit`: the failed test cases written so far.
    private(set) var junitFailures = 0
    /// The checked runs' metrics, added up: `--check` fails on `expect` lines only, and says how
    /// many other defects the runs it passed had.
    private(set) var checkedMetrics = RunMetrics()

    /// A worker's stream: renders into ``pending`` for ``takeRendered()``.
    private let inWorker: Bool
    /// Whether the JSON's head and runs from workers (``addRendered(_:)``) have been written.
    private var renderedJSONRuns = false
    /// The ranking that head was written with: every run's (the workers' sums come first).
    private var headRanking: CombinationRanking?

    /// Whether the workers render the runs (CSV rows, JSON runs) and send the text with their
    /// sums: a CSV or JSON report without `--check`.
    var workersRender: Bool { (format == .csv || format == .json) && !keepsFailures }

    /// In a worker: the text rendered since the last call (the runs of a group; its first
    /// JSON run without the separator from the run before, which the parent adds).
    func takeRendered() -> Data {
        defer { pending.removeAll(keepingCapacity: true) }
        return Data(pending.utf8)
    }

    /// Adds the text a worker rendered for a group of runs, in plan order, after every
    /// worker's sums: the text goes straight to the output (for JSON after the document's
    /// head, which the sums complete, and the separator from the run before).
    func addRendered(_ text: Data) throws {
        guard !text.isEmpty else { return }
        switch format {
        case .csv: flush()
        case .json:
            if renderedJSONRuns {
                write(",\n")
            } else {
                let report = report(rankingLimit: nil)
                headRanking = report.ranking
                try report.jsonHead(to: write)
            }
            renderedJSONRuns = true
        case .table, .markdown, .junit: return
        }
        write(String(decoding: text, as: UTF8.self))
    }

    /// A piece of output this large is handed on.
    private static let pieceSize = 1 << 16

    /// `keepsFailures`: keep the checked runs whose expects failed (`--check` prints them).
    /// `inWorker`: the stream of a worker that renders its runs' CSV rows or JSON for the parent
    /// (``takeRendered()``): no CSV header, no spool.
    init(
        format: ReportFormat, isChecked: @escaping (RunResult) -> Bool, keepsFailures: Bool, inWorker: Bool = false,
        write: @escaping (String) -> Void
    ) throws {
        self.format = format
        // Only the JSON lists the unasked points; the table and Markdown show their numbers, CSV
        // and JUnit no ranking.
        accumulator = RankingAccumulator(countsUnaskedPoints: format != .json)
        self.keepsFailures = keepsFailures
        self.isChecked = isChecked
        self.write = write
        self.inWorker = inWorker
        if format == .csv, !inWorker { pending = BenchReport.csvHeader.joined(separator: ",") + "\n" }
        if format == .json || format == .junit, !inWorker {
            let path = Scratch.path("\(UUID().uuidString)-runs.json")
            BenchInterruption.register(temporaryFile: path)
            guard FileManager.default.createFile(atPath: path, contents: nil),
                let handle = FileHandle(forUpdatingAtPath: path)
            else {
                BenchInterruption.unregister(temporaryFile: path)
                throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: path])
            }
            spool = (path, handle)
        }
    }

    deinit {
        if let spool {
            try? spool.handle.close()
            unlink(spool.path)
            BenchInterruption.unregister(temporaryFile: spool.path)
        }
    }

    /// Adds the next run in plan order.
    func add(_ result: RunResult) throws {
        // Kept or rendered without its timeline; copied only when it has one (a worker's runs
        // have none: a copy of every run was most of this method in a debug build).
        guard result.timeline == nil else {
            var result = result
            result.timeline = nil
            return try add(result)
        }
        if !result.skippedSteps.isEmpty {
            for step in result.skippedSteps { skippedByReason[step.reason, default: 0] += 1 }
        }
        if isChecked(result) {
            checkedCount += 1
            checkedMetrics = checkedMetrics + result.metrics
            checkedCombinations.insert(PluginCombination(result.plugins))
            if keepsFailures, result.metrics.expectFailures > 0 || !result.expectFailures.isEmpty {
                failedCheckedRuns.append(result)
            }
            if format == .junit {
                if let last = junitFileRuns.last, last.file != result.file { try spoolSuite() }
                junitFileRuns.append(result)
            }
        }
        switch format {
        case .csv:
            csvRows.append(result, to: &pending)
            if !inWorker, pending.utf8.count > Self.pieceSize { flush() }
        case .json:
            // A worker renders each group's text on its own: its first run has no separator.
            jsonWriter.append(result, first: inWorker ? pending.isEmpty : runCount == 0, to: &pending)
            if !inWorker, pending.utf8.count > Self.pieceSize { try spoolPending() }
        case .table, .markdown, .junit: break
        }
        runCount += 1
        accumulator.add(result)
    }

    /// What a worker sends instead of its runs without `--check` (for CSV and JSON after the
    /// text it rendered, ``takeRendered()``): the ranking's sums and the summary's counts.
    struct Sums: Codable {
        var ranking: RankingAccumulator.Sums
        var runCount: Int
        var skippedByReason: [String: Int]
    }

    /// The sums of the runs added.
    func sums() -> Sums { Sums(ranking: accumulator.sums(), runCount: runCount, skippedByReason: skippedByReason) }

    /// Whether the report is made of the runs' sums alone (table and Markdown without
    /// `--check`), so workers may send their sums instead of their runs.
    var needsOnlySums: Bool { (format == .table || format == .markdown) && !keepsFailures }

    /// Adds the sums of runs made elsewhere (of whole scenario-and-profile groups).
    func add(_ sums: Sums) {
        accumulator.add(sums.ranking)
        runCount += sums.runCount
        for (reason, count) in sums.skippedByReason { skippedByReason[reason, default: 0] += count }
    }

    /// The report of the runs added (the ranking, the summary's counts), without runs.
    func report(rankingLimit: Int?) -> BenchReport {
        BenchReport(
            ranking: headRanking ?? accumulator.ranking(), runCount: runCount, skippedByReason: skippedByReason,
            rankingLimit: rankingLimit)
    }

    /// Writes the rest of the report.
    func finish(_ report: BenchReport) throws {
        switch format {
        case .csv: flush()
        case .table, .markdown: try report.render(format, to: write)
        case .junit:
            try spoolSuite()
            write(
                BenchReport.junitHead(
                    tests: junitTests, failures: junitFailures, answer: report.answerLines,
                    toolName: report.toolName))
            for suite in junitSuites.sorted(by: { $0.file < $1.file }) { try copySpool(suite.offset, suite.length) }
            write(BenchReport.junitTail)
        case .json:
            guard runCount > 0 else { return try report.render(format, to: write) }
            guard !renderedJSONRuns else { return write(report.jsonTail) }
            try spoolPending()
            try report.jsonHead(to: write)
            try copySpool(0, Int(try spool?.handle.offset() ?? 0))
            write(report.jsonTail)
        }
    }

    private func flush() {
        write(pending)
        pending.removeAll(keepingCapacity: true)
    }

    private func spoolPending() throws {
        guard let spool else { return }
        try spool.handle.write(contentsOf: Data(pending.utf8))
        pending.removeAll(keepingCapacity: true)
    }

    /// Writes the current file's `<testsuite>` to the spool.
    private func spoolSuite() throws {
        guard let first = junitFileRuns.first, let spool else { return }
        let text = Data(BenchReport.junitSuite(file: first.file, runs: junitFileRuns).utf8)
        try spool.handle.write(contentsOf: text)
        junitSuites.append((first.file, junitSpooled, text.count))
        junitSpooled += UInt64(text.count)
        junitTests += junitFileRuns.count
        junitFailures += junitFileRuns.filter(BenchReport.junitFailed).count
        junitFileRuns.removeAll(keepingCapacity: true)
    }

    /// Hands `length` spooled bytes from `offset` to `write` in pieces cut after a line break
    /// (never inside a character).
    private func copySpool(_ offset: UInt64, _ length: Int) throws {
        guard let spool else { return }
        try spool.handle.seek(toOffset: offset)
        var left = length
        var carry = Data()
        while left > 0, let chunk = try spool.handle.read(upToCount: min(left, Self.pieceSize)), !chunk.isEmpty {
            left -= chunk.count
            carry.append(chunk)
            guard let cut = carry.lastIndex(of: UInt8(ascii: "\n")) else { continue }
            write(String(decoding: carry[carry.startIndex...cut], as: UTF8.self))
            carry = Data(carry[(cut + 1)...])
        }
        if !carry.isEmpty { write(String(decoding: carry, as: UTF8.self)) }
    }
}
#endif
