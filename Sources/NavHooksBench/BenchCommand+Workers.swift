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
/// scenario-and-profile groups, so a worker can reuse equivalent runs), written as
/// ``ShardResults`` (plan order): to standard output, or, given a ``groupsFile``, one per
/// group into ``outputFile(of:)``.
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

    /// Where a worker given `groupsFile` writes its results: one ``ShardResults`` wire form
    /// per group, in order.
    static func outputFile(of groupsFile: String) -> String { groupsFile + ".out" }

    /// Where a worker given `groupsFile` writes how many of its runs are done (decimal).
    static func progressFile(of groupsFile: String) -> String { groupsFile + ".done" }

    /// The count a worker wrote into its progress file (0 before it writes one).
    static func progress(of groupsFile: String) -> Int {
        FileManager.default.contents(atPath: progressFile(of: groupsFile))
            .flatMap { Int(String(decoding: $0, as: UTF8.self)) } ?? 0
    }

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
        var builder = Builder()
        for result in results { builder.append(result) }
        self = builder.results
    }

    private init(tables: Tables, rows: [Row], metrics: [RunMetrics]) {
        self.tables = tables
        self.rows = rows
        self.metrics = metrics
    }

    /// Builds shard results a run at a time (what runs share stored once as it comes).
    struct Builder {
        private var rules = Interned<[String]>()
        private var skipped = Interned<[RunResult.SkippedStep]>()
        private var failures = Interned<[RunResult.ExpectFailure]>()
        private var risks = Interned<RunRisks>()
        private var rows: [Row] = []
        private var metrics: [RunMetrics] = []

        /// Adds the next run.
        mutating func append(_ result: RunResult) {
            rows.append(
                Row(
                    inferredRules: rules.place(of: result.inferredRules),
                    skippedSteps: skipped.place(of: result.skippedSteps),
                    expectFailures: failures.place(of: result.expectFailures), risks: risks.place(of: result.risks)))
            metrics.append(result.metrics)
        }

        /// The runs added so far.
        var results: ShardResults {
            ShardResults(
                tables: Tables(
                    inferredRules: rules.values, skippedSteps: skipped.values, expectFailures: failures.values,
                    risks: risks.values),
                rows: rows, metrics: metrics)
        }
    }

    /// Values listed once, each with its place.
    fileprivate struct Interned<Value: Hashable> {
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
    /// `encoder`: one to reuse (a worker encodes a wire form per group).
    func encoded(using encoder: JSONEncoder? = nil) throws -> Data {
        var bytes = [UInt8](try (encoder ?? JSONEncoder()).encode(tables))
        bytes.append(UInt8(ascii: "\n"))
        bytes.reserveCapacity(bytes.count + metrics.count * 40)
        for (row, metrics) in zip(rows, metrics) { Self.appendLine(row, metrics, to: &bytes) }
        return Data(bytes)
    }

    /// Appends a run's line of the wire form to `bytes`.
    static func appendLine(_ row: Row, _ metrics: RunMetrics, to bytes: inout [UInt8]) {
        func append(_ number: UInt64) {
            if number >= 10 { append(number / 10) }
            bytes.append(UInt8(ascii: "0") + UInt8(number % 10))
        }
        append(UInt64(row.inferredRules))
        for place in [row.skippedSteps, row.expectFailures, row.risks] {
            bytes.append(UInt8(ascii: " "))
            append(UInt64(place))
        }
        for field in metricFields(metrics) {
            bytes.append(UInt8(ascii: " "))
            append(field)
        }
        bytes.append(UInt8(ascii: "\n"))
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
    fileprivate static func numbers(in bytes: UnsafeRawBufferPointer, perLine: Int) -> [UInt64]? {
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
    func results<Plan: RandomAccessCollection<BenchCommand.PlannedRun>>(for plan: Plan) -> [RunResult]? {
        guard plan.count == metrics.count, plan.count == rows.count else { return nil }
        return zip(plan, zip(rows, metrics)).map { run, row in
            Self.result(of: run, row: row.0, metrics: row.1, tables: tables)
        }
    }

    /// The result of the planned `run` from its row and metrics.
    static func result(of run: BenchCommand.PlannedRun, row: Row, metrics: RunMetrics, tables: Tables) -> RunResult {
        var result = RunResult(
            scenario: run.scenario.title, file: run.scenario.file, profile: run.profile.rawValue, plugins: [],
            metrics: metrics, inferredRules: tables.inferredRules[row.inferredRules],
            skippedSteps: tables.skippedSteps[row.skippedSteps],
            expectFailures: tables.expectFailures[row.expectFailures], risks: tables.risks[row.risks])
        result.plugins = run.combination.plugins  // sorted already: a combination keeps them so
        return result
    }

    /// Reads wire forms from a file a run at a time (a worker's file holds one per group): the
    /// runs of a shard are never all in memory at once.
    struct Reader {
        private(set) var tables: Tables
        private let handle: FileHandle
        private let decoder = JSONDecoder()
        private var buffer = Data()
        private var position = 0
        private var ended = false

        /// A file of wire forms one after another: ``readTables()`` before each one's rows.
        init(handle: FileHandle) {
            self.handle = handle
            tables = Tables()
        }

        /// Reads the next wire form's tables' line; `false` when there is none.
        mutating func readTables() -> Bool {
            guard let line = nextLine(), let tables = try? decoder.decode(Tables.self, from: line) else {
                return false
            }
            self.tables = tables
            return true
        }

        /// The next line without its line break; `nil` at the end (or a last line without one).
        private mutating func nextLine() -> Data? {
            while true {
                if let newline = buffer[position...].firstIndex(of: UInt8(ascii: "\n")) {
                    defer { position = newline + 1 }
                    return buffer[position..<newline]
                }
                guard !ended, let chunk = try? handle.read(upToCount: 1 << 16), !chunk.isEmpty else {
                    ended = true
                    return nil
                }
                buffer = Data(buffer[position...]) + chunk
                position = buffer.startIndex
            }
        }

        /// Whether every line has been read.
        var isAtEnd: Bool {
            mutating get {
                if position < buffer.endIndex { return false }
                guard !ended, let chunk = try? handle.read(upToCount: 1 << 16), !chunk.isEmpty else { return true }
                buffer = chunk
                position = buffer.startIndex
                return false
            }
        }

        /// The next run's row and metrics; `nil` when there is none or it is not a valid line.
        mutating func next() -> (row: Row, metrics: RunMetrics)? {
            guard var line = nextLine() else { return nil }
            line.append(UInt8(ascii: "\n"))
            let width = 4 + ShardResults.metricFieldCount
            guard let numbers = line.withUnsafeBytes({ ShardResults.numbers(in: $0, perLine: width) }),
                numbers.count == width
            else { return nil }
            func place(_ offset: Int, in count: Int) -> Int? {
                guard let place = Int(exactly: numbers[offset]), place < count else { return nil }
                return place
            }
            guard let rules = place(0, in: tables.inferredRules.count),
                let skipped = place(1, in: tables.skippedSteps.count),
                let failures = place(2, in: tables.expectFailures.count), let risks = place(3, in: tables.risks.count)
            else { return nil }
            return (
                Row(inferredRules: rules, skippedSteps: skipped, expectFailures: failures, risks: risks),
                ShardResults.metrics(from: numbers[4...])
            )
        }
    }
}

/// The runs of a matrix in plan order (scenario, then profile, then combination), and its
/// scenario-and-profile groups: the runs a worker keeps together.
struct MatrixPlan {
    /// The runs, made when read: each group's scenario and profile with each combination.
    struct Runs: RandomAccessCollection {
        fileprivate var groups: [(scenario: Scenario, profile: ScenarioProfile)] = []
        fileprivate var combinations: [PluginCombination] = []

        var startIndex: Int { 0 }
        var endIndex: Int { groups.count * combinations.count }
        subscript(index: Int) -> BenchCommand.PlannedRun {
            let group = groups[index / combinations.count]
            return (group.scenario, group.profile, combinations[index % combinations.count])
        }
    }

    /// The runs.
    var runs = Runs()
    /// Each group's runs, and an estimate of its work: its runs times its scenario's steps.
    var groups: [(runs: Range<Int>, work: Int)] = []

    /// `stepCounts`: each scenario's number of steps, when `scenarios` are outlines
    /// (``BenchCommand/outline(_:)``, no steps); `nil`: their own.
    init(
        scenarios: [Scenario], profiles: [ScenarioProfile], combinations: [PluginCombination], stepCounts: [Int]? = nil
    ) {
        runs.combinations = combinations
        for (number, scenario) in scenarios.enumerated() {
            let steps = stepCounts?[number] ?? scenario.steps.count
            for profile in profiles where scenario.runs(on: profile) {
                let start = groups.count * combinations.count
                runs.groups.append((scenario, profile))
                groups.append((start..<(start + combinations.count), combinations.count * (steps + 1)))
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
    /// group's runs in order and writes each group's ``ShardResults`` into
    /// ``MatrixShard/outputFile(of:)`` as it ends, and its progress into
    /// ``MatrixShard/progressFile(of:)``.
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
        // Each group's results are written to the output file as the group ends: its own
        // ``ShardResults`` (tables, then rows), so nothing grows with the groups here or in the
        // parent that reads them. A file's groups come together: only its scenario stays parsed.
        let outputPath = MatrixShard.outputFile(of: groupsFile)
        guard FileManager.default.createFile(atPath: outputPath, contents: nil),
            let outputFile = FileHandle(forWritingAtPath: outputPath)
        else {
            errorOutput("navhooks-bench: error: worker \(shard.index) cannot write its results into '\(outputPath)'\n")
            return 2
        }
        defer { try? outputFile.close() }
        var current: Scenario?
        var done = 0
        var pending = Data()
        let encoder = JSONEncoder()
        var lastReport = DispatchTime.now().uptimeNanoseconds
        for pair in pairs {
            guard pair.count == 2, let profile = ScenarioProfile(rawValue: pair[1]) else { return 2 }
            let file = pair[0]
            if current?.file != file {
                current = nil
                switch ScenarioCorpus.load(file, currentDirectory: currentDirectory) {
                case .success(let scenario): current = scenario
                case .failure(let diagnostics):
                    errorOutput(diagnostics.description + "\n")
                    return 2
                }
            }
            guard let scenario = current else { return 2 }
            var results = ShardResults.Builder()
            for combination in combinations {
                results.append(MatrixPlan.play(scenario, profile, combination, with: runner))
            }
            done += combinations.count
            do {
                pending += try results.results.encoded(using: encoder)
                // Written in pieces, with how far it is (for the parent's progress bar,
                // ``MatrixShard/progressFile(of:)``) at most ten times a second.
                let now = DispatchTime.now().uptimeNanoseconds
                if pending.count > 1 << 16 || now - lastReport > 100_000_000 {
                    try outputFile.write(contentsOf: pending)
                    pending.removeAll(keepingCapacity: true)
                }
                if now - lastReport > 100_000_000 {
                    lastReport = now
                    try Data(String(done).utf8).write(
                        to: URL(fileURLWithPath: MatrixShard.progressFile(of: groupsFile)))
                }
            } catch {
                errorOutput("navhooks-bench: error: worker \(shard.index) cannot write its results: \(error)\n")
                return 2
            }
        }
        do {
            try outputFile.write(contentsOf: pending)
        } catch {
            errorOutput("navhooks-bench: error: worker \(shard.index) cannot write its results: \(error)\n")
            return 2
        }
        return 0
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

    /// Runs `plan` spread over `workers`: each shard in a child process started with the same
    /// `arguments`, while this one shows their progress (each writes how far it is into a small
    /// file). Hands the results to `deliver` in plan order and returns
    /// `true`; or returns `false` (after a note) before delivering any when a worker could not
    /// start or failed, so the caller runs the plan itself. Throws what `deliver` throws, or
    /// when a worker's results end early or are malformed past their first line.
    ///
    /// Nothing waits in memory: each worker's output goes to a temporary file, read back a run
    /// at a time in plan order. This process plays no scenario (and holds only outlines of
    /// them): what a run leaves behind in memory stays in the worker that played it.
    #if os(macOS) || os(Linux) || os(Windows)
        func runSharded(
            _ arguments: [String], matrix: MatrixPlan, workers: MatrixWorkers, runner: any ScenarioRunning,
            progress: ProgressReporter, deliver: (RunResult) throws -> Void
        ) throws -> Bool {
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
            var temporaryFiles: [String] = []
            var groupFiles: [String] = []
            defer {
                for file in temporaryFiles {
                    unlink(file)
                    BenchInterruption.unregister(temporaryFile: file)
                }
            }
            do {
                for index in 0..<count {
                    let groupsFile = FileManager.default.temporaryDirectory
                        .appendingPathComponent("navhooks-bench-\(getpid())-shard\(index).json").path
                    BenchInterruption.register(temporaryFile: groupsFile)
                    BenchInterruption.register(temporaryFile: MatrixShard.progressFile(of: groupsFile))
                    BenchInterruption.register(temporaryFile: MatrixShard.outputFile(of: groupsFile))
                    temporaryFiles += [
                        groupsFile, MatrixShard.progressFile(of: groupsFile), MatrixShard.outputFile(of: groupsFile),
                    ]
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
                return false
            }
            // Until every worker has played its share (or one has ended early): the bar.
            let shares = Self.shards(count, of: matrix).map(\.count)
            while true {
                let done = zip(groupFiles, shares).map { min(MatrixShard.progress(of: $0), $1) }
                progress.update(done: done.reduce(0, +))
                let working = done.indices.filter { done[$0] < shares[$0] }
                guard !working.isEmpty, working.allSatisfy({ children[$0].process.isRunning }) else { break }
                usleep(100_000)
            }
            var readers: [ShardResults.Reader] = []
            for (offset, child) in children.enumerated() {
                // The worker writes nothing on its standard output: read it to the end (it ends
                // when the worker exits; waiting for the exit itself polls, and loses tens of
                // milliseconds), then its results file.
                _ = child.output.fileHandleForReading.readDataToEndOfFile()
                child.process.waitUntilExit()
                guard child.process.terminationStatus == 0,
                    let file = FileHandle(forReadingAtPath: MatrixShard.outputFile(of: groupFiles[offset]))
                else {
                    errorOutput("navhooks-bench: note: worker \(offset) failed; running the matrix on one core\n")
                    return false
                }
                readers.append(ShardResults.Reader(handle: file))
            }
            // Plan order: each group's runs from the shard that made them.
            var owner = [Int](repeating: 0, count: matrix.groups.count)
            for (shard, groups) in groupsOfShards.enumerated() {
                for group in groups { owner[group] = shard }
            }
            for (group, shard) in owner.enumerated() {
                guard readers[shard].readTables() else { throw ShardMergeError(shard: shard) }
                for index in matrix.groups[group].runs {
                    guard let (row, metrics) = readers[shard].next() else { throw ShardMergeError(shard: shard) }
                    try deliver(
                        ShardResults.result(of: plan[index], row: row, metrics: metrics, tables: readers[shard].tables))
                }
            }
            if let extra = readers.indices.first(where: { !readers[$0].isAtEnd }) {
                throw ShardMergeError(shard: extra)
            }
            return true
        }
    #else
        /// No child processes on this platform: the caller runs the plan itself.
        func runSharded(
            _ arguments: [String], matrix: MatrixPlan, workers: MatrixWorkers, runner: any ScenarioRunning,
            progress: ProgressReporter, deliver: (RunResult) throws -> Void
        ) throws -> Bool { false }
    #endif
}

/// A worker's results do not match its share of the plan (found while merging, after earlier
/// results were already reported).
struct ShardMergeError: Error, CustomStringConvertible {
    var shard: Int
    var description: String { "the results of worker \(shard) do not match its share of the matrix" }
}
