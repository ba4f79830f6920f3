import Foundation
import NavigationHooks
import NavigationScenarios
import NavigationSimulator
import NavigationStrategies

/// `navhooks-bench perf`: the dispatcher against hand-written calls, the simulator's
/// throughput, and the default matrix's wall time, measured in one process (SCENARIOS.md,
/// "Performance").
@MainActor
struct PerfRunner: PerfRunning {
    /// The report, encoded as the contract's JSON.
    struct Report: Codable, Equatable {
        struct Simulator: Codable, Equatable {
            var transitionsPerSecond: Double
        }
        struct Matrix: Codable, Equatable {
            var runs: Int
            var seconds: Double
        }
        var dispatch: [DispatchBenchmark.Row]
        var simulator: Simulator
        var matrix: Matrix
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

    func runPerf(format: ReportFormat) throws -> String {
        let dispatch = DispatchBenchmark(iterations: dispatchIterations).run()
        let simulator = Report.Simulator(transitionsPerSecond: measureSimulator())
        let matrix = try measureMatrix()
        return try render(Report(dispatch: dispatch, simulator: simulator, matrix: matrix), format: format)
    }

    /// Animated push + pop pairs, each run until idle: completed transitions per wall-clock
    /// second, the best of three rounds. A fresh navigation controller every 50 pairs (its
    /// creation timed too), as the scenario runs do: one controller's timeline would otherwise
    /// grow to millions of events, which no run does.
    func measureSimulator() -> Double {
        let pairsPerController = 50
        var best = 0.0
        for _ in 0..<3 {
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
            if seconds > 0 { best = max(best, Double(2 * pairs) / seconds) }
        }
        return best
    }

    /// The built-in corpus × every combination × every profile through the real runner.
    func measureMatrix() throws -> Report.Matrix {
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
        let runner = SimulatorScenarioRunner()
        let combinations = PluginCombination.all(of: StrategyCatalog.names)
        var runs = 0
        var defects = 0
        for scenario in scenarios {
            for profile in ScenarioProfile.allCases where scenario.runs(on: profile) {
                for combination in combinations {
                    defects &+=
                        runner.run(scenario, profile: profile.rawValue, plugins: combination.plugins)
                        .metrics.defects
                    runs += 1
                }
            }
        }
        blackHole(defects)
        return Report.Matrix(runs: runs, seconds: Self.seconds(ContinuousClock.now - start))
    }

    func render(_ report: Report, format: ReportFormat) throws -> String {
        switch format {
        case .json:
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            return String(decoding: try encoder.encode(report), as: UTF8.self) + "\n"
        case .csv:
            var lines = [
                "section,point,chain,nsPerDispatch,baselineNs,ratio,allocationsPerDispatch,existentialLoopNs,value,seconds"
            ]
            for row in report.dispatch {
                lines.append(
                    "dispatch,\(row.point),\(row.chain),\(Self.format(row.nsPerDispatch)),\(Self.format(row.baselineNs)),"
                        + "\(Self.format(row.ratio)),\(Self.format(row.allocationsPerDispatch)),"
                        + "\(Self.format(row.existentialLoopNs)),,")
            }
            lines.append("simulator,,,,,,,,\(Self.format(report.simulator.transitionsPerSecond)),")
            lines.append("matrix,,,,,,,,\(report.matrix.runs),\(Self.format(report.matrix.seconds))")
            return lines.joined(separator: "\n") + "\n"
        case .markdown:
            var lines = [
                "## Dispatch", "",
                "| point | chain | ns/dispatch | baseline ns | ratio | allocations/dispatch | existential loop ns |",
                "|---|---:|---:|---:|---:|---:|---:|",
            ]
            for row in report.dispatch {
                lines.append(
                    "| \(row.point) | \(row.chain) | \(Self.format(row.nsPerDispatch)) | \(Self.format(row.baselineNs)) "
                        + "| \(Self.format(row.ratio)) | \(Self.format(row.allocationsPerDispatch)) "
                        + "| \(Self.format(row.existentialLoopNs)) |")
            }
            lines += [
                "", "## Simulator", "",
                "\(Self.format(report.simulator.transitionsPerSecond, digits: 0)) animated transitions per second",
                "", "## Matrix", "",
                "\(report.matrix.runs) runs in \(Self.format(report.matrix.seconds)) s",
            ]
            return lines.joined(separator: "\n") + "\n"
        case .table:
            let header = ["point", "chain", "ns/dispatch", "baseline ns", "ratio", "allocs/dispatch", "existential ns"]
            let rows = report.dispatch.map { row in
                [
                    row.point, "\(row.chain)", Self.format(row.nsPerDispatch), Self.format(row.baselineNs),
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
            var lines = [
                "Dispatch (ns per call, best of rounds; baseline = the same work as direct calls;",
                "existential = the baseline's loops over [any NavigationHandler])",
            ]
            lines.append(line(header))
            lines.append(String(repeating: "-", count: widths.reduce(0, +) + 2 * (widths.count - 1)))
            lines += rows.map(line)
            lines += [
                "",
                "Simulator: \(Self.format(report.simulator.transitionsPerSecond, digits: 0)) animated transitions/s",
                "Matrix:    \(report.matrix.runs) runs in \(Self.format(report.matrix.seconds)) s",
            ]
            return lines.joined(separator: "\n") + "\n"
        }
    }

    static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) * 1e-18
    }

    static func format(_ value: Double, digits: Int = 2) -> String {
        String(format: "%.\(digits)f", value)
    }
}
