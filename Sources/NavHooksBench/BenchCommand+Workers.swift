import Foundation
import NavigationConformance
import NavigationHooks
import NavigationScenarioRunner
import NavigationScenarios
import NavigationSimulator
import NavigationStrategies

/// Where the matrix may run besides this process: copies of the bench's own executable, one
/// per core. The simulator runs on the main actor, so one process runs one run at a time;
/// separate processes are how the matrix uses every core.
struct MatrixWorkers: Sendable, Hashable {
    /// The bench's executable (it must accept the arguments of the running command).
    var executablePath: String
    /// How many processes share the matrix, this one included.
    var count: Int

    /// This executable, once per active core; `nil` when the executable cannot be found.
    static func everyCore() -> MatrixWorkers? {
        guard let path = Bundle.main.executableURL?.path, FileManager.default.isExecutableFile(atPath: path)
        else { return nil }
        return MatrixWorkers(executablePath: path, count: ProcessInfo.processInfo.activeProcessorCount)
    }
}

/// One process's share of the matrix: shard `index` of ``BenchCommand/shards(_:of:)`` (whole
/// scenario-and-profile groups, so a worker can reuse equivalent runs), written to standard
/// output as ``ShardResults`` (plan order).
struct MatrixShard {
    /// The hidden first argument that makes a bench process a worker.
    static let flag = "__matrix-shard"

    var index: Int
    var count: Int
    /// A JSON file listing the shard's groups as `[file, profile]` pairs, in plan order: the
    /// worker then reads and parses only those files (``BenchCommand/runShard(_:groupsFile:options:runner:)``).
    var groupsFile: String?

    /// The optional argument naming ``groupsFile``.
    static let groupsPrefix = "groups="

    /// `__matrix-shard INDEX COUNT [groups=FILE] rest…` → the shard and `rest`.
    static func take(from arguments: [String]) -> (MatrixShard?, [String]) {
        guard arguments.first == flag, arguments.count >= 3, let index = Int(arguments[1]),
            let count = Int(arguments[2]), count > 0, (0..<count).contains(index)
        else { return (nil, arguments) }
        if arguments.count >= 4, arguments[3].hasPrefix(groupsPrefix) {
            let file = String(arguments[3].dropFirst(groupsPrefix.count))
            return (MatrixShard(index: index, count: count, groupsFile: file), Array(arguments.dropFirst(4)))
        }
        return (MatrixShard(index: index, count: count), Array(arguments.dropFirst(3)))
    }
}

/// A worker's results as it sends them: what the parent's plan already says (scenario,
/// file, profile, plugins) is left out, and the rest of a run, apart from its metrics, is
/// stored once however many runs share it (most runs of a scenario and profile do): a run
/// names its inferred rules, skipped steps, failed expects and risks by their place in
/// ``Tables``.
///
/// On the wire: one line of JSON, the tables; then one line per run, in plan order, of
/// unsigned decimal numbers separated by spaces: the run's four table places, then its metrics
/// in ``metricFields(_:)`` order (integers as their 64-bit pattern, `nsPerDispatch` as its bit
/// pattern, so it comes back exactly). Numbers parse much faster than JSON objects do, and
/// the metrics are almost all of a shard.
struct ShardResults: Equatable {
    /// What runs share, each value listed once.
    struct Tables: Codable, Equatable {
        var inferredRules: [[String]] = []
        var skippedSteps: [[RunResult.SkippedStep]] = []
        var expectFailures: [[RunResult.ExpectFailure]] = []
        var risks: [RunRisks] = []
    }

    /// A run's places in the tables.
    struct Row: Equatable {
        var inferredRules: Int
        var skippedSteps: Int
        var expectFailures: Int
        var risks: Int
    }

    var tables = Tables()
    var rows: [Row] = []
    var metrics: [RunMetrics] = []

    init(_ results: [RunResult]) {
        var rules = Interned<[String]>()
        var skipped = Interned<[RunResult.SkippedStep]>()
        var failures = Interned<[RunResult.ExpectFailure]>()
        var risks = Interned<RunRisks>()
        for result in results {
            rows.append(
                Row(
                    inferredRules: rules.place(of: result.inferredRules),
                    skippedSteps: skipped.place(of: result.skippedSteps),
                    expectFailures: failures.place(of: result.expectFailures), risks: risks.place(of: result.risks)))
            metrics.append(result.metrics)
        }
        tables = Tables(
            inferredRules: rules.values, skippedSteps: skipped.values, expectFailures: failures.values,
            risks: risks.values)
    }

    /// Values listed once, each with its place.
    private struct Interned<Value: Hashable> {
        var values: [Value] = []
        var places: [Value: Int] = [:]

        mutating func place(of value: Value) -> Int {
            // The value of the run before is the commonest and cheapest to compare (shared storage).
            if let last = values.indices.last, values[last] == value { return last }
            if let known = places[value] { return known }
            places[value] = values.count
            values.append(value)
            return values.count - 1
        }
    }

    /// The numbers of a run's metrics, in wire order; ``metrics(from:)`` reads them back.
    static func metricFields(_ metrics: RunMetrics) -> [UInt64] {
        RunMetrics.countFields.map { UInt64(bitPattern: Int64(metrics[keyPath: $0.keyPath])) }
            + [metrics.nsPerDispatch.bitPattern]
    }

    /// How many numbers ``metricFields(_:)`` writes: the counts, then `nsPerDispatch`.
    static let metricFieldCount = RunMetrics.countFields.count + 1

    /// The metrics from the numbers ``metricFields(_:)`` wrote.
    static func metrics(from fields: ArraySlice<UInt64>) -> RunMetrics {
        var metrics = RunMetrics(
            nsPerDispatch: Double(bitPattern: fields[fields.startIndex + RunMetrics.countFields.count]))
        for (offset, field) in RunMetrics.countFields.enumerated() {
            metrics[keyPath: field.keyPath] = Int(Int64(bitPattern: fields[fields.startIndex + offset]))
        }
        return metrics
    }

    /// The wire form (see the type's description).
    func encoded() throws -> Data {
        var bytes = [UInt8](try JSONEncoder().encode(tables))
        bytes.append(UInt8(ascii: "\n"))
        bytes.reserveCapacity(bytes.count + metrics.count * 40)
        func append(_ number: UInt64) {
            if number >= 10 { append(number / 10) }
            bytes.append(UInt8(ascii: "0") + UInt8(number % 10))
        }
        for (row, metrics) in zip(rows, metrics) {
            append(UInt64(row.inferredRules))
            for place in [row.skippedSteps, row.expectFailures, row.risks] {
                bytes.append(UInt8(ascii: " "))
                append(UInt64(place))
            }
            for field in Self.metricFields(metrics) {
                bytes.append(UInt8(ascii: " "))
                append(field)
            }
            bytes.append(UInt8(ascii: "\n"))
        }
        return Data(bytes)
    }

    /// Reads the wire form; `nil` when it is not one.
    init?(encoded data: Data) {
        guard let newline = data.firstIndex(of: UInt8(ascii: "\n")),
            let tables = try? JSONDecoder().decode(Tables.self, from: data[data.startIndex..<newline])
        else { return nil }
        let width = 4 + Self.metricFieldCount
        let body = data[(newline + 1)...]
        guard let numbers = body.withUnsafeBytes({ Self.numbers(in: $0, perLine: width) }) else { return nil }
        self.tables = tables
        rows.reserveCapacity(numbers.count / width)
        metrics.reserveCapacity(numbers.count / width)
        for start in stride(from: 0, to: numbers.count, by: width) {
            func place(_ offset: Int, in count: Int) -> Int? {
                guard let place = Int(exactly: numbers[start + offset]), place < count else { return nil }
                return place
            }
            guard let rules = place(0, in: tables.inferredRules.count),
                let skipped = place(1, in: tables.skippedSteps.count),
                let failures = place(2, in: tables.expectFailures.count), let risks = place(3, in: tables.risks.count)
            else { return nil }
            rows.append(Row(inferredRules: rules, skippedSteps: skipped, expectFailures: failures, risks: risks))
            metrics.append(Self.metrics(from: numbers[(start + 4)..<(start + width)]))
        }
    }

    /// The unsigned decimal numbers in `bytes`: lines of `perLine` numbers separated by
    /// spaces, each line ended by a line break; `nil` for anything else (a file cut short ends
    /// inside a line) or a number over 64 bits.
    private static func numbers(in bytes: UnsafeRawBufferPointer, perLine: Int) -> [UInt64]? {
        var numbers: [UInt64] = []
        numbers.reserveCapacity(bytes.count / 3)
        var current: UInt64 = 0
        var digits = 0
        var lineStart = 0
        for byte in bytes {
            if byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") {
                let (times10, overflow) = current.multipliedReportingOverflow(by: 10)
                let (sum, carry) = times10.addingReportingOverflow(UInt64(byte - UInt8(ascii: "0")))
                guard !overflow, !carry else { return nil }
                current = sum
                digits += 1
                continue
            }
            guard byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\n"), digits > 0 else { return nil }
            numbers.append(current)
            current = 0
            digits = 0
            if byte == UInt8(ascii: "\n") {
                guard numbers.count - lineStart == perLine else { return nil }
                lineStart = numbers.count
            }
        }
        guard digits == 0, lineStart == numbers.count else { return nil }
        return numbers
    }

    /// The results again, given the planned runs they belong to (in order); `nil` if the
    /// counts do not match.
    func results(for plan: [BenchCommand.PlannedRun]) -> [RunResult]? {
        guard plan.count == metrics.count, plan.count == rows.count else { return nil }
        return plan.indices.map { index in
            let run = plan[index]
            let row = rows[index]
            var result = RunResult(
                scenario: run.scenario.title, file: run.scenario.file, profile: run.profile.rawValue, plugins: [],
                metrics: metrics[index], inferredRules: tables.inferredRules[row.inferredRules],
                skippedSteps: tables.skippedSteps[row.skippedSteps],
                expectFailures: tables.expectFailures[row.expectFailures], risks: tables.risks[row.risks])
            result.plugins = run.combination.plugins  // sorted already: a combination keeps them so
            return result
        }
    }
}

/// The runs of a matrix in plan order (scenario, then profile, then combination), and its
/// scenario-and-profile groups: the runs a worker keeps together.
struct MatrixPlan {
    /// The runs.
    var runs: [BenchCommand.PlannedRun] = []
    /// Each group's runs, and an estimate of its work: its runs times its scenario's steps.
    var groups: [(runs: Range<Int>, work: Int)] = []

    init(scenarios: [Scenario], profiles: [ScenarioProfile], combinations: [PluginCombination]) {
        for scenario in scenarios {
            for profile in profiles where scenario.runs(on: profile) {
                let start = runs.count
                for combination in combinations { runs.append((scenario, profile, combination)) }
                groups.append((start..<runs.count, combinations.count * (scenario.steps.count + 1)))
            }
        }
    }
}

extension BenchCommand {
    /// Fewer runs than this are not worth starting processes for.
    static let minimumShardedRuns = 200

    typealias PlannedRun = (scenario: Scenario, profile: ScenarioProfile, combination: PluginCombination)

    /// The plan indices of each of `count` shards: whole scenario-and-profile groups (a worker
    /// reuses equivalent runs within a group), each shard's in plan order. Groups go, largest
    /// first, to the shard with the least work so far; every process computes the same split.
    static func shards(_ count: Int, of matrix: MatrixPlan) -> [[Int]] {
        shardGroups(count, of: matrix).map { $0.flatMap { Array(matrix.groups[$0].runs) } }
    }

    /// The group indices of each of `count` shards (see ``shards(_:of:)``), each in plan order.
    static func shardGroups(_ count: Int, of matrix: MatrixPlan) -> [[Int]] {
        let groups = matrix.groups
        let largestFirst = groups.indices.sorted { (groups[$0].work, $1) > (groups[$1].work, $0) }
        var load = [Int](repeating: 0, count: max(count, 1))
        var assigned = [[Int]](repeating: [], count: max(count, 1))
        for group in largestFirst {
            let shard = load.indices.min { (load[$0], $0) < (load[$1], $1) } ?? 0
            load[shard] += groups[group].work
            assigned[shard].append(group)
        }
        return assigned.map { $0.sorted() }
    }

    /// A worker given its groups: reads and parses only their files (each once), plays each
    /// group's runs in order and writes the results as ``runShard(_:of:runner:)`` does.
    func runShard(_ shard: MatrixShard, groupsFile: String, options: BenchOptions, runner: any ScenarioRunning)
        -> Int32
    {
        guard let data = FileManager.default.contents(atPath: groupsFile),
            let pairs = try? JSONDecoder().decode([[String]].self, from: data)
        else {
            errorOutput("navhooks-bench: error: worker \(shard.index) cannot read its groups from '\(groupsFile)'\n")
            return 2
        }
        let combinations =
            options.combinations
            ?? (options.check ? [PluginCombination(recommendedPlugins)] : PluginCombination.all(of: availablePlugins))
        var scenarios: [String: Scenario] = [:]
        var results: [RunResult] = []
        for pair in pairs {
            guard pair.count == 2, let profile = ScenarioProfile(rawValue: pair[1]) else { return 2 }
            let file = pair[0]
            if scenarios[file] == nil {
                switch ScenarioCorpus.load(file, currentDirectory: currentDirectory) {
                case .success(let scenario): scenarios[file] = scenario
                case .failure(let diagnostics):
                    errorOutput(diagnostics.description + "\n")
                    return 2
                }
            }
            guard let scenario = scenarios[file] else { return 2 }
            for combination in combinations {
                var result = runner.run(scenario, profile: profile.rawValue, plugins: combination.plugins)
                result.timeline = nil
                results.append(result)
            }
        }
        do {
            output(String(decoding: try ShardResults(results).encoded(), as: UTF8.self))
            return 0
        } catch {
            errorOutput("navhooks-bench: error: worker \(shard.index) cannot write its results: \(error)\n")
            return 2
        }
    }

    /// Runs `shard`'s part of `matrix` and writes the results to `output` (standard output).
    func runShard(_ shard: MatrixShard, of matrix: MatrixPlan, runner: any ScenarioRunning) -> Int32 {
        let results = Self.shards(shard.count, of: matrix)[shard.index].map { matrix.play($0, with: runner) }
        do {
            // JSON and digits: UTF-8 text, written as the bench writes its reports.
            output(String(decoding: try ShardResults(results).encoded(), as: UTF8.self))
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
            _ arguments: [String], matrix: MatrixPlan, workers: MatrixWorkers, runner: any ScenarioRunning,
            progress: ProgressReporter, interner: ResultInterner = ResultInterner()
        ) -> [RunResult]? {
            let plan = matrix.runs
            let count = min(workers.count, plan.count)
            // Each worker's standard input is a pipe whose writing end only this process holds:
            // it closes when this process ends, however it ends, and the worker exits then
            // (BenchInterruption.bindWorkerToParent; on Linux the kernel's parent-death signal too).
            var children: [(process: Process, output: Pipe, lifeline: Pipe)] = []
            defer {
                for child in children {
                    if child.process.isRunning { kill(child.process.processIdentifier, SIGKILL) }
                    BenchInterruption.unregister(worker: child.process.processIdentifier)
                }
            }
            var environment = ProcessInfo.processInfo.environment
            environment[BenchInterruption.parentVariable] = String(getpid())
            // Each worker is told its groups, so it parses only their files.
            let groupsOfShards = Self.shardGroups(count, of: matrix)
            var groupFiles: [String] = []
            defer {
                for file in groupFiles {
                    unlink(file)
                    BenchInterruption.unregister(temporaryFile: file)
                }
            }
            do {
                for index in 1..<count {
                    let groupsFile = FileManager.default.temporaryDirectory
                        .appendingPathComponent("navhooks-bench-\(getpid())-shard\(index).json").path
                    BenchInterruption.register(temporaryFile: groupsFile)
                    groupFiles.append(groupsFile)
                    let pairs = groupsOfShards[index].map { group -> [String] in
                        let run = plan[matrix.groups[group].runs.lowerBound]
                        return [run.scenario.file, run.profile.rawValue]
                    }
                    try JSONEncoder().encode(pairs).write(to: URL(fileURLWithPath: groupsFile))
                    let process = Process()
                    let output = Pipe()
                    let lifeline = Pipe()
                    // Later workers must not inherit this worker's lifeline.
                    _ = fcntl(lifeline.fileHandleForWriting.fileDescriptor, F_SETFD, FD_CLOEXEC)
                    process.executableURL = URL(fileURLWithPath: workers.executablePath)
                    process.arguments =
                        [MatrixShard.flag, String(index), String(count), MatrixShard.groupsPrefix + groupsFile]
                        + arguments
                    process.currentDirectoryURL = URL(fileURLWithPath: currentDirectory)
                    process.environment = environment
                    process.standardOutput = output
                    process.standardInput = lifeline
                    try process.run()
                    BenchInterruption.register(worker: process.processIdentifier)
                    children.append((process, output, lifeline))
                }
            } catch {
                errorOutput("navhooks-bench: note: running on one core (cannot start a worker: \(error))\n")
                return nil
            }
            let shards = Self.shards(count, of: matrix)
            var results = [RunResult?](repeating: nil, count: plan.count)
            var done = 0
            for index in shards[0] {
                results[index] = interner.intern(matrix.play(index, with: runner))
                done += 1
                progress.update(done: min(plan.count, done * count))
            }
            for (offset, child) in children.enumerated() {
                let shard = offset + 1
                let indices = shards[shard]
                // Read to the end first (the worker's output ends when it exits): waiting for the
                // exit itself polls, and loses tens of milliseconds.
                let data = child.output.fileHandleForReading.readDataToEndOfFile()
                let decoded = ShardResults(encoded: data)?.results(for: indices.map { plan[$0] })
                child.process.waitUntilExit()
                guard child.process.terminationStatus == 0, let decoded else {
                    errorOutput("navhooks-bench: note: worker \(shard) failed; running the matrix on one core\n")
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
            _ arguments: [String], matrix: MatrixPlan, workers: MatrixWorkers, runner: any ScenarioRunning,
            progress: ProgressReporter, interner: ResultInterner = ResultInterner()
        ) -> [RunResult]? { nil }
    #endif
}

/// Keeps one copy of what the results of a matrix share: most runs of a scenario and profile
/// list the same inferred rules, skipped steps, failed expects and risks, and a result held
/// until the report otherwise holds its own copy of each (most of its memory).
final class ResultInterner {
    private var rules: [[String]: [String]] = [:]
    private var skipped: [[RunResult.SkippedStep]: [RunResult.SkippedStep]] = [:]
    private var failures: [[RunResult.ExpectFailure]: [RunResult.ExpectFailure]] = [:]
    private var risks: [RunRisks: RunRisks] = [:]

    /// `result` with its lists replaced by the stored equal ones (sharing their storage).
    func intern(_ result: RunResult) -> RunResult {
        var result = result
        result.inferredRules = Self.stored(result.inferredRules, in: &rules)
        result.skippedSteps = Self.stored(result.skippedSteps, in: &skipped)
        result.expectFailures = Self.stored(result.expectFailures, in: &failures)
        result.risks = Self.stored(result.risks, in: &risks)
        return result
    }

    private static func stored<Value: Hashable>(_ value: Value, in table: inout [Value: Value]) -> Value {
        if let known = table[value] { return known }
        table[value] = value
        return value
    }
}
