import Foundation

/// Where the matrix may run besides this process: copies of the bench's own executable, one
/// per core. The simulator runs on the main actor, so one process runs one run at a time;
/// separate processes are how the matrix uses every core.
public struct MatrixWorkers: Sendable, Hashable {
    /// The bench's executable (it must accept the arguments of the running command).
    public var executablePath: String
    /// How many processes share the matrix, this one included.
    public var count: Int

    /// Creates a description of the workers.
    public init(executablePath: String, count: Int) {
        self.executablePath = executablePath
        self.count = count
    }

    /// This executable, once per active core; `nil` when the executable cannot be found.
    public static func everyCore() -> MatrixWorkers? {
        guard let path = Bundle.main.executableURL?.path, FileManager.default.isExecutableFile(atPath: path)
        else { return nil }
        return MatrixWorkers(executablePath: path, count: ProcessInfo.processInfo.activeProcessorCount)
    }
}

/// One process's share of the matrix: the scenario-and-profile groups of the plan whose
/// number is `index` modulo `count` (a group's runs stay together, so a worker can reuse
/// equivalent runs), written as JSON (`[RunResult]`, plan order) to `file`.
struct MatrixShard {
    /// The hidden first argument that makes a bench process a worker.
    static let flag = "__matrix-shard"

    var index: Int
    var count: Int
    var file: String

    /// `__matrix-shard INDEX COUNT FILE rest…` → the shard and `rest`.
    static func take(from arguments: [String]) -> (MatrixShard?, [String]) {
        guard arguments.first == flag, arguments.count >= 4, let index = Int(arguments[1]),
            let count = Int(arguments[2]), count > 0, (0..<count).contains(index)
        else { return (nil, arguments) }
        return (MatrixShard(index: index, count: count, file: arguments[3]), Array(arguments.dropFirst(4)))
    }
}

/// A worker's results as it sends them: what the parent's plan already says (scenario,
/// file, profile, plugins) is left out, and the rest of a run, apart from its metrics, is
/// stored once however many runs share it (most runs of a scenario and profile do).
struct ShardResults: Codable {
    /// A run without its plan fields and metrics.
    struct Details: Codable, Hashable {
        var inferredRules: [String]
        var skippedSteps: [RunResult.SkippedStep]
        var expectFailures: [RunResult.ExpectFailure]
        var risks: RunRisks
    }

    var metrics: [RunMetrics] = []
    var details: [Details] = []
    var detailsIndex: [Int] = []

    init(_ results: [RunResult]) {
        var known: [Details: Int] = [:]
        for result in results {
            let item = Details(
                inferredRules: result.inferredRules, skippedSteps: result.skippedSteps,
                expectFailures: result.expectFailures, risks: result.risks)
            let index = known[item] ?? details.count
            if index == details.count {
                known[item] = index
                details.append(item)
            }
            metrics.append(result.metrics)
            detailsIndex.append(index)
        }
    }

    /// The results again, given the planned runs they belong to (in order); `nil` if the
    /// counts do not match.
    func results(for plan: [BenchCommand.PlannedRun]) -> [RunResult]? {
        guard plan.count == metrics.count, plan.count == detailsIndex.count,
            detailsIndex.allSatisfy(details.indices.contains)
        else { return nil }
        return plan.indices.map { index in
            let run = plan[index]
            let item = details[detailsIndex[index]]
            return RunResult(
                scenario: run.scenario.title, file: run.scenario.file, profile: run.profile.rawValue,
                plugins: run.combination.plugins, metrics: metrics[index], inferredRules: item.inferredRules,
                skippedSteps: item.skippedSteps, expectFailures: item.expectFailures, risks: item.risks)
        }
    }
}

extension BenchCommand {
    /// Fewer runs than this are not worth starting processes for.
    static let minimumShardedRuns = 200

    typealias PlannedRun = (scenario: Scenario, profile: ScenarioProfile, combination: PluginCombination)

    /// The plan indices of shard `shard` of `count`: whole scenario-and-profile groups.
    static func indices(of shard: Int, among count: Int, in plan: [PlannedRun]) -> [Int] {
        var indices: [Int] = []
        var group = -1
        var previous: (file: String, profile: ScenarioProfile)?
        for (index, run) in plan.enumerated() {
            if previous?.file != run.scenario.file || previous?.profile != run.profile {
                group += 1
                previous = (run.scenario.file, run.profile)
            }
            if group % count == shard { indices.append(index) }
        }
        return indices
    }

    /// Runs `shard`'s part of `plan` and writes the results to its file.
    func runShard(_ shard: MatrixShard, plan: [PlannedRun], runner: any ScenarioRunning) -> Int32 {
        var results: [RunResult] = []
        for index in Self.indices(of: shard.index, among: shard.count, in: plan) {
            let run = plan[index]
            var result = runner.run(run.scenario, profile: run.profile.rawValue, plugins: run.combination.plugins)
            result.timeline = nil
            results.append(result)
        }
        do {
            try JSONEncoder().encode(ShardResults(results)).write(to: URL(fileURLWithPath: shard.file))
            return 0
        } catch {
            errorOutput("navhooks-bench: error: worker \(shard.index) cannot write its results: \(error)\n")
            return 2
        }
    }

    /// Runs `plan` spread over `workers`: shard 0 here, the others in child processes started
    /// with the same `arguments`. Returns the results in plan order, or `nil` (after a note)
    /// when a worker could not start or failed, so the caller runs the plan itself.
    #if os(macOS) || os(Linux) || os(Windows)
        func runSharded(
            _ arguments: [String], plan: [PlannedRun], workers: MatrixWorkers, runner: any ScenarioRunning,
            progress: ProgressReporter
        ) -> [RunResult]? {
            let count = min(workers.count, plan.count)
            let directory = FileManager.default.temporaryDirectory
                .appendingPathComponent(
                    "navhooks-bench-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString)")
            var children: [(process: Process, file: String)] = []
            defer {
                for child in children where child.process.isRunning { child.process.terminate() }
                try? FileManager.default.removeItem(at: directory)
            }
            do {
                try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
                for index in 1..<count {
                    let file = directory.appendingPathComponent("shard-\(index).json").path
                    let process = Process()
                    process.executableURL = URL(fileURLWithPath: workers.executablePath)
                    process.arguments = [MatrixShard.flag, String(index), String(count), file] + arguments
                    process.currentDirectoryURL = URL(fileURLWithPath: currentDirectory)
                    process.standardOutput = FileHandle.nullDevice
                    try process.run()
                    children.append((process, file))
                }
            } catch {
                errorOutput("navhooks-bench: note: running on one core (cannot start a worker: \(error))\n")
                return nil
            }
            var results = [RunResult?](repeating: nil, count: plan.count)
            var done = 0
            for index in Self.indices(of: 0, among: count, in: plan) {
                let run = plan[index]
                var result = runner.run(run.scenario, profile: run.profile.rawValue, plugins: run.combination.plugins)
                result.timeline = nil
                results[index] = result
                done += 1
                progress.update(done: min(plan.count, done * count))
            }
            for (offset, child) in children.enumerated() {
                child.process.waitUntilExit()
                let shard = offset + 1
                guard child.process.terminationStatus == 0, let data = FileManager.default.contents(atPath: child.file),
                    let decoded = try? JSONDecoder().decode(ShardResults.self, from: data).results(
                        for: Self.indices(of: offset + 1, among: count, in: plan).map { plan[$0] })
                else {
                    errorOutput("navhooks-bench: note: worker \(shard) failed; running the matrix on one core\n")
                    return nil
                }
                let indices = Self.indices(of: shard, among: count, in: plan)
                guard indices.count == decoded.count else {
                    errorOutput("navhooks-bench: note: worker \(shard) returned too few runs; running on one core\n")
                    return nil
                }
                for (index, result) in zip(indices, decoded) { results[index] = result }
            }
            let complete = results.compactMap { $0 }
            guard complete.count == plan.count else {
                errorOutput("navhooks-bench: note: the workers' results are incomplete; running on one core\n")
                return nil
            }
            return complete
        }
    #else
        /// No child processes on this platform: the caller runs the plan itself.
        func runSharded(
            _ arguments: [String], plan: [PlannedRun], workers: MatrixWorkers, runner: any ScenarioRunning,
            progress: ProgressReporter
        ) -> [RunResult]? { nil }
    #endif
}
