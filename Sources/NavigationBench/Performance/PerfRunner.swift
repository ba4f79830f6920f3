#if os(macOS) || os(Linux)
import Foundation
import NavigationConformance
import NavigationHooks
import NavigationScenarioRunner
import NavigationScenarios
import NavigationSimulator
import NavigationStrategies

/// Measures the dispatcher and the simulator for `navhooks-bench perf` and renders the result.
///
/// The bench parses `perf`'s options and hands over the format; ``PerfRunner`` measures and
/// returns the text to print (tests pass a stand-in).
@MainActor
public protocol PerfRunning {
    /// Measures and returns the report in `format`.
    func runPerf(format: ReportFormat) throws -> String
    /// Measures only `sections` and returns the report in `format`.
    func runPerf(format: ReportFormat, only sections: Set<PerfSection>) throws -> String
}

extension PerfRunning {
    public func runPerf(format: ReportFormat, only sections: Set<PerfSection>) throws -> String {
        try runPerf(format: format)
    }
}

/// A part of `navhooks-bench perf` (`--only`): each takes from seconds (dispatch, simulator)
/// to minutes (matrix, memory, debug: the default command in the debug build).
public enum PerfSection: String, CaseIterable, Hashable, Sendable {
    case dispatch, simulator, matrix, memory, debug
}

/// `navhooks-bench perf`: the dispatcher against hand-written calls, the simulator's
/// throughput, and the default matrix's wall time, measured in one process (Examples/Scenarios/README.md,
/// "The report").
@MainActor
public struct PerfRunner: PerfRunning {
    /// The report, encoded as the JSON Examples/Scenarios/README.md ("The report") describes.
    struct Report: Codable, Equatable {
        struct Simulator: Codable, Equatable {
            var transitionsPerSecond: Double
            /// The same per second of this thread's CPU time: on a busy machine, what the
            /// workload costs without the time it waited for a core (normalized by the
            /// calibration's CPU time).
            var transitionsPerCPUSecond: Double?
        }
        struct Matrix: Codable, Equatable {
            var runs: Int
            /// The bench's own way: equivalent runs reused, the rest spread over `workers`
            /// processes; parse, run and report (CSV).
            var seconds: Double
            /// The same matrix naively: every run played, one after another, in this process.
            var naiveSeconds: Double
            /// `seconds / naiveSeconds` (target ≤ 0.25 on 2 cores).
            var ratio: Double
            /// Processes used.
            var workers: Int
            /// Both ways gave the same results (every run's metrics but the timing).
            var identicalResults: Bool
            /// Runs whose result was reused (``reuseOnlySeconds``'s pass counts them).
            var reusedRuns: Int
            /// Equivalent runs reused but everything in this process, one run after another.
            var reuseOnlySeconds: Double
            /// The default command (table report) as the bench runs it: over `workers` processes,
            /// which send the ranking's sums; the best of three rounds taken in turn with …
            var tableSeconds: Double = 0
            /// … the default command in one process: what the workers must beat.
            var tableOneProcessSeconds: Double = 0
        }
        var dispatch: [DispatchBenchmark.Row]
        /// `nil` when `--only` left it out.
        var simulator: Simulator?
        /// `nil` when `--only` left it out.
        var matrix: Matrix?
        /// Peak memory and time of separate runs: copies of the corpus, 100k pushes, long waits.
        var memory: [MemoryBenchmark.Row] = []
        /// How fast this machine is (measured first); figures are normalized by it (PerfGoals.swift).
        var calibration: MachineCalibration?
        /// The default command in the debug build; `nil` when `--only` left it out.
        var debugBuild: DebugBuildBenchmark.Result?
    }

    /// A failure to find or parse the built-in corpus.
    struct CorpusError: Error, CustomStringConvertible {
        var description: String
    }

    /// Iterations per dispatch measurement round.
    var dispatchIterations = 200_000
    /// Animated push + pop pairs for the simulator's throughput.
    var transitionPairs = 20_000
    /// The directory the corpus is looked for from.
    var currentDirectory = FileManager.default.currentDirectoryPath
    /// The bench's name, as the advice to measure a release build gives it.
    var toolName = BenchCommand.defaultToolName

    /// Creates the runner with the default workloads.
    public init() {}

    public func runPerf(format: ReportFormat) throws -> String {
        try runPerf(format: format, only: Set(PerfSection.allCases))
    }

    public func runPerf(format: ReportFormat, only sections: Set<PerfSection>) throws -> String {
        let calibration = MachineCalibration.measure()
        let dispatch = sections.contains(.dispatch) ? DispatchBenchmark(iterations: dispatchIterations).run() : []
        let simulator =
            sections.contains(.simulator) ? measureSimulator() : nil
        let matrix = sections.contains(.matrix) ? try measureMatrix() : nil
        var report = Report(dispatch: dispatch, simulator: simulator, matrix: matrix, calibration: calibration)
        if sections.contains(.debug) {
            report.debugBuild = DebugBuildBenchmark().run()
        }
        if sections.contains(.memory), let executable = Bundle.main.executableURL?.path,
            let corpus = ScenarioCorpus.defaultDirectory(currentDirectory: currentDirectory)
        {
            let directory = corpus.hasPrefix("/") ? corpus : currentDirectory + "/" + corpus
            report.memory = try MemoryBenchmark(executable: executable, corpus: directory).run()
        }
        return try render(report, format: format)
    }

    /// Animated push + pop pairs, each run until idle: completed transitions per wall-clock
    /// second, the best of three rounds. A fresh navigation controller every 50 pairs (its
    /// creation timed too), as the scenario runs do: one controller's timeline would otherwise
    /// grow to millions of events, which no run does.
    func measureSimulator() -> Report.Simulator {
        let pairsPerController = 50
        var best = 0.0
        var bestCPU = 0.0
        for _ in 0..<3 {
            let cpuStart = MachineCalibration.threadCPUSeconds()
            let start = ContinuousClock.now
            var pairs = 0
            while pairs < transitionPairs {
                let nav = SimNavigationController(profile: .ios26)
                let detail = SimScreen("Detail", prefersNavigationBarHidden: true)
                nav.setViewControllers([SimScreen("Root")], animated: false)
                nav.runUntilIdle()
                for _ in 0..<min(pairsPerController, transitionPairs - pairs) {
                    nav.pushViewController(detail, animated: true)
                    nav.runUntilIdle()
                    nav.popViewController(animated: true)
                    nav.runUntilIdle()
                    pairs += 1
                }
            }
            let seconds = Self.seconds(ContinuousClock.now - start)
            let cpuSeconds = MachineCalibration.threadCPUSeconds() - cpuStart
            if seconds > 0 { best = max(best, Double(2 * pairs) / seconds) }
            if cpuSeconds > 0 { bestCPU = max(bestCPU, Double(2 * pairs) / cpuSeconds) }
        }
        return Report.Simulator(transitionsPerSecond: best, transitionsPerCPUSecond: bestCPU)
    }

    /// The built-in corpus × every combination × every profile through the real runner, three
    /// times: naively (one run after another, every run played, in this process), reusing
    /// equivalent runs in this process, and as the bench runs it (``BenchCommand`` with
    /// equivalent runs reused and ``MatrixWorkers/everyCore()``). Each produces the CSV report;
    /// the results must be equal but for the measured timing.
    func measureMatrix() throws -> Report.Matrix {
        let naive = try measureInProcess(reusing: false)
        let reusing = try measureInProcess(reusing: true)
        let workers = MatrixWorkers.everyCore()
        var csv = ""
        var errors = ""
        /// The bench as `navhooks-bench` runs it, over `workers` (`nil`: in this process).
        func command(workers: MatrixWorkers?, output: @escaping (String) -> Void) -> BenchCommand {
            BenchCommand(
                runner: SimulatorScenarioRunner(), workers: workers, availablePlugins: StrategyCatalog.names,
                recommendedPlugins: StrategyComposition.recommended.names, currentDirectory: currentDirectory,
                output: output, errorOutput: { errors += $0 })
        }
        let start = ContinuousClock.now
        let status = command(workers: workers, output: { csv += $0 }).run(["--format", "csv"])
        let seconds = Self.seconds(ContinuousClock.now - start)
        guard status == 0 else { throw CorpusError(description: "the matrix failed: \(errors)") }
        let expected = Self.withoutTiming(naive.csv)
        // The default command (a table), spread over the workers and in one process, taking turns
        // for three rounds so that a slow moment of the machine falls on both sides; each side's
        // best (one round each swung the ratio by 0.1 between runs minutes apart). Same output.
        var tables: [String] = []
        var tableSeconds: [Double] = [.infinity, .infinity]
        for _ in 0..<3 {
            for (side, spread) in [workers, nil].enumerated() {
                var table = ""
                let start = ContinuousClock.now
                guard command(workers: spread, output: { table += $0 }).run([]) == 0 else {
                    throw CorpusError(description: "the matrix failed: \(errors)")
                }
                tableSeconds[side] = min(tableSeconds[side], Self.seconds(ContinuousClock.now - start))
                tables.append(table)
            }
        }
        let identical =
            Self.withoutTiming(csv) == expected && Self.withoutTiming(reusing.csv) == expected
            && tables.allSatisfy { $0 == tables[0] }
        return Report.Matrix(
            runs: naive.runs, seconds: seconds, naiveSeconds: naive.seconds,
            ratio: naive.seconds > 0 ? seconds / naive.seconds : 0, workers: workers?.count ?? 1,
            identicalResults: identical, reusedRuns: reusing.reused, reuseOnlySeconds: reusing.seconds,
            tableSeconds: tableSeconds[0], tableOneProcessSeconds: tableSeconds[1])
    }

    /// The CSV report without its `nsPerDispatch` column (a measurement, different every run).
    static func withoutTiming(_ csv: String) -> [String] {
        let lines = csv.split(separator: "\n").map(String.init)
        guard let header = lines.first.map(cells), let column = header.firstIndex(of: "nsPerDispatch") else {
            return lines
        }
        return lines.map { line in
            var fields = cells(line)
            if fields.count == header.count { fields.remove(at: column) }
            return fields.joined(separator: "\u{1F}")
        }
    }

    /// The fields of one CSV line (RFC 4180 quoting).
    static func cells(_ line: String) -> [String] {
        var fields: [String] = []
        var current = ""
        var quoted = false
        var previous: Character?
        for character in line {
            if character == "\"" {
                if quoted, previous == "\"" { current.append("\"") }
                quoted.toggle()
            } else if character == ",", !quoted {
                fields.append(current)
                current = ""
            } else {
                current.append(character)
            }
            previous = character
        }
        fields.append(current)
        return fields
    }

    /// The matrix in this process, one run after another: parse, run (every run played, or
    /// equivalent runs reused), render the CSV report.
    func measureInProcess(reusing: Bool) throws -> (runs: Int, reused: Int, seconds: Double, csv: String) {
        guard let directory = ScenarioCorpus.defaultDirectory(currentDirectory: currentDirectory) else {
            throw CorpusError(description: "the built-in corpus (\(ScenarioCorpus.relativeDirectory)) was not found")
        }
        let start = ContinuousClock.now
        var scenarios: [Scenario] = []
        for file in try ScenarioCorpus.files(in: [directory], currentDirectory: currentDirectory) {
            let path = file.hasPrefix("/") ? file : currentDirectory + "/" + file
            let text = try String(contentsOfFile: path, encoding: .utf8)
            switch ScenarioParser.parse(text: text, file: file) {
            case .success(let scenario): scenarios.append(scenario)
            case .failure(let diagnostics): throw CorpusError(description: diagnostics.description)
            }
        }
        let runner = SimulatorScenarioRunner(skipsEquivalentRuns: reusing)
        let matrix = MatrixPlan(
            scenarios: scenarios, profiles: ScenarioProfile.allCases,
            combinations: PluginCombination.all(of: StrategyCatalog.names))
        let results = matrix.results(with: runner)
        let csv = try BenchReport(results: results).render(.csv)
        return (results.count, runner.reusedRunCount, Self.seconds(ContinuousClock.now - start), csv)
    }

    func render(_ report: Report, format: ReportFormat) throws -> String {
        switch format {
        case .json:
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            return String(decoding: try encoder.encode(report), as: UTF8.self) + "\n"
        case .csv:
            // `normalized`: the row's time (nsPerDispatch, seconds) or rate (value) at calibration 1.0.
            let calibration = report.calibration
            func time(_ value: Double) -> String { calibration.map { Self.format($0.normalizedTime(value)) } ?? "" }
            var lines = [
                "section,point,chain,nsPerDispatch,baselineNs,ratio,allocationsPerDispatch,existentialLoopNs,value,seconds,"
                    + "normalized"
            ]
            if let calibration {
                lines.append(
                    "calibration,,,,,,,,\(Self.format(calibration.cpuSeconds)),\(Self.format(calibration.seconds)),1.00"
                )
            }
            for row in report.dispatch {
                lines.append(
                    "dispatch,\(row.point),\(row.chain),\(Self.format(row.nsPerDispatch)),\(Self.format(row.baselineNs)),"
                        + "\(Self.format(row.ratio)),\(Self.format(row.allocationsPerDispatch)),"
                        + "\(Self.format(row.existentialLoopNs)),,,\(time(row.nsPerDispatch))")
            }
            if let simulator = report.simulator {
                let rate = calibration.map { Self.format($0.normalizedRate(simulator.transitionsPerSecond)) } ?? ""
                lines.append("simulator,,,,,,,,\(Self.format(simulator.transitionsPerSecond)),,\(rate)")
            }
            if let matrix = report.matrix {
                lines.append("matrix,,,,,,,,\(matrix.runs),\(Self.format(matrix.seconds)),\(time(matrix.seconds))")
                lines.append(
                    "matrix-naive,,,,,,,,\(matrix.runs),\(Self.format(matrix.naiveSeconds)),\(time(matrix.naiveSeconds))"
                )
                lines.append(
                    "matrix-reuse-one-process,,,,,,,,\(matrix.reusedRuns),\(Self.format(matrix.reuseOnlySeconds)),"
                        + time(matrix.reuseOnlySeconds))
                lines.append(
                    "matrix-table-sharded,,,,,,,,\(matrix.workers),\(Self.format(matrix.tableSeconds)),"
                        + time(matrix.tableSeconds))
                lines.append(
                    "matrix-table-one-process,,,,,,,,1,\(Self.format(matrix.tableOneProcessSeconds)),"
                        + time(matrix.tableOneProcessSeconds))
            }
            if let seconds = report.debugBuild?.seconds {
                lines.append("debug-build-default-command,,,,,,,,,\(Self.format(seconds)),\(time(seconds))")
            }
            for row in report.memory {
                lines.append(
                    "peak-memory-mb,\(row.input) \(row.format),,,,,,,\(Self.format(row.peakMegabytes)),\(Self.format(row.cpuSeconds)),"
                        + time(row.cpuSeconds))
            }
            return lines.joined(separator: "\n") + "\n"
        case .markdown:
            var lines = [
                "## Dispatch", "",
                "| point | chain | ns/dispatch | at calibration 1.0 | baseline ns | ratio | allocations/dispatch "
                    + "| existential loop ns |",
                "|---|---:|---:|---:|---:|---:|---:|---:|",
            ]
            for row in report.dispatch {
                lines.append(
                    "| \(row.point) | \(row.chain) | \(Self.format(row.nsPerDispatch)) "
                        + "| \(report.calibration.map { Self.format($0.normalizedTime(row.nsPerDispatch)) } ?? "-") "
                        + "| \(Self.format(row.baselineNs)) "
                        + "| \(Self.format(row.ratio)) | \(Self.format(row.allocationsPerDispatch)) "
                        + "| \(Self.format(row.existentialLoopNs)) |")
            }
            if let simulator = report.simulator {
                lines += [
                    "", "## Simulator", "",
                    "\(Self.format(simulator.transitionsPerSecond, digits: 0)) animated transitions per second"
                        + report.rateAtOne(simulator.transitionsPerSecond),
                ]
            }
            if let matrix = report.matrix { lines += ["", "## Matrix", "", matrixLine(matrix, report.calibration)] }
            lines += ["", "## Peak memory", ""] + memoryLines(report.memory, report.calibration)
            if report.calibration != nil {
                lines += ["", "## Goals", "", "```"] + report.goalLines(toolName: toolName) + ["```"]
            }
            return lines.joined(separator: "\n") + "\n"
        case .table, .junit:  // perf has no test cases: junit prints the table
            let header = [
                "point", "chain", "ns/dispatch", "at 1.0", "baseline ns", "ratio", "allocs/dispatch", "existential ns",
            ]
            let rows = report.dispatch.map { row in
                [
                    row.point, "\(row.chain)", Self.format(row.nsPerDispatch),
                    report.calibration.map { Self.format($0.normalizedTime(row.nsPerDispatch)) } ?? "-",
                    Self.format(row.baselineNs),
                    Self.format(row.ratio), Self.format(row.allocationsPerDispatch),
                    Self.format(row.existentialLoopNs),
                ]
            }
            let widths = header.indices.map { column in
                ([header] + rows).map { $0[column].count }.max() ?? 0
            }
            func line(_ cells: [String]) -> String {
                cells.enumerated().map { index, cell in
                    let padding = String(repeating: " ", count: widths[index] - cell.count)
                    return index == 0 ? cell + padding : padding + cell
                }.joined(separator: "  ")
            }
            var lines =
                headline(report.dispatch) + [
                    "",
                    "Dispatch (ns per call, best of rounds; baseline = the same work as direct calls;",
                    "existential = the baseline's loops over [any NavigationHandler]; at 1.0 = ns/dispatch on a",
                    "machine of calibration 1.0)",
                ]
            lines.append(line(header))
            lines.append(String(repeating: "-", count: widths.reduce(0, +) + 2 * (widths.count - 1)))
            lines += rows.map(line)
            if report.simulator != nil || report.matrix != nil { lines.append("") }
            if let simulator = report.simulator {
                lines.append(
                    "Simulator: \(Self.format(simulator.transitionsPerSecond, digits: 0)) animated transitions/s"
                        + report.rateAtOne(simulator.transitionsPerSecond))
            }
            if let matrix = report.matrix { lines.append("Matrix:    " + matrixLine(matrix, report.calibration)) }
            if !report.memory.isEmpty {
                lines += ["", "Peak memory of the bench, its workers included (separate runs):"]
            }
            lines += memoryLines(report.memory, report.calibration).map { "  " + $0 }
            if report.calibration != nil { lines += [""] + report.goalLines(toolName: toolName) }
            return lines.joined(separator: "\n") + "\n"
        }
    }

    /// The headline: the dispatcher against the hand-written loop over the same `any`
    /// handlers, per chain length (worst point), with the targets.
    func headline(_ rows: [DispatchBenchmark.Row]) -> [String] {
        var lines = ["Dispatcher / hand-written loop over the same `any` handlers (target; worst point):"]
        for length in [1, 4, 16] {
            let chain = rows.filter { $0.chain == length }
            guard let worst = chain.max(by: { $0.existentialRatio < $1.existentialRatio }) else { continue }
            let target = 1.25
            let allocations = chain.map(\.allocationsPerDispatch).max() ?? 0
            lines.append(
                "  \(String(length).leftAligned(2)) handler\(length == 1 ? " " : "s"): \(Self.format(worst.existentialRatio))× "
                    + "(≤ \(Self.format(target))×, \(worst.point)), \(Self.format(allocations, digits: 0)) allocations"
                    + (worst.existentialRatio <= target ? "" : "  ← over target"))
        }
        return lines
    }

    /// `10 copies, csv: 41.2 MB, 1.20 s`, then per input the larger copies' growth.
    func memoryLines(_ rows: [MemoryBenchmark.Row], _ calibration: MachineCalibration? = nil) -> [String] {
        rows.map { row in
            "\(row.input), \(row.format): \(Self.format(row.peakMegabytes, digits: 1)) MB, \(Self.time(row.seconds, calibration)) "
                + "(CPU \(Self.time(row.cpuSeconds, calibration)))"
                + (row.exitStatus == 0 ? "" : " (exit \(row.exitStatus))")
        }
    }

    func matrixLine(_ matrix: Report.Matrix, _ calibration: MachineCalibration? = nil) -> String {
        func time(_ seconds: Double) -> String { Self.time(seconds, calibration) }
        return "\(matrix.runs) runs in \(time(matrix.seconds)) on \(matrix.workers) processes, reusing equivalent "
            + "runs; naively \(time(matrix.naiveSeconds)): \(Self.format(matrix.ratio))× "
            + "(\(matrix.identicalResults ? "identical results" : "RESULTS DIFFER")); \(matrix.reusedRuns) runs reused, "
            + "\(matrix.runs - matrix.reusedRuns) played; reusing on one process \(time(matrix.reuseOnlySeconds)); "
            + "the default command (table): \(time(matrix.tableSeconds)) on \(matrix.workers) processes, "
            + "\(time(matrix.tableOneProcessSeconds)) on one "
            + "(\(Self.format(matrix.tableOneProcessSeconds > 0 ? matrix.tableSeconds / matrix.tableOneProcessSeconds : 0))×)"
    }

    static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) * 1e-18
    }

    static func format(_ value: Double, digits: Int = 2) -> String {
        String(format: "%.\(digits)f", value)
    }
}

extension String {
    /// The string left-aligned in `width` columns.
    func leftAligned(_ width: Int) -> String {
        count >= width ? self : self + String(repeating: " ", count: width - count)
    }
}
#endif
