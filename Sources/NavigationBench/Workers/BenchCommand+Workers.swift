#if os(macOS) || os(Linux)
import Foundation
import NavigationConformance
import NavigationHooks
import NavigationScenarioRunner
import NavigationScenarios
import NavigationSimulator
import NavigationStrategies

extension BenchCommand {
    /// Fewer runs than this are not worth starting processes for.
    static let minimumShardedRuns = 200

    typealias PlannedRun = (scenario: Scenario, profile: ScenarioProfile, combination: PluginCombination)

    /// What a worker is told (its groups file): its groups as `[file, profile]` pairs, in plan
    /// order, and the combinations each group plays.
    struct WorkerGroups: Codable {
        /// The files of the worker's groups, each once (a path is named by every profile it runs
        /// on: written once, the worker holds one copy of it).
        var files: [String]
        /// The worker's scenario-and-profile groups in plan order: each one's index into
        /// ``files`` …
        var groupFiles: [Int]
        /// … and its profile. Two flat arrays, not an object per group: the encoder builds its
        /// value tree before writing, and an object per group would be most of the parent's
        /// peak memory with thousands of files.
        var groupProfiles: [String]
        var combinations: [[String]]
        /// Send the ranking's sums (``ReportStream/Sums``), not the runs: the report needs no more.
        var sumsOnly = false
        /// With the sums, send each group's runs rendered in this format (`csv`, `json`): the
        /// report's text, which the parent copies to its output in plan order.
        var renders: String?
    }

    /// The plan indices of each of `count` shards: whole scenario-and-profile groups (a worker
    /// reuses equivalent runs within a group), each shard's in plan order. Groups go, largest
    /// first, to the shard with the least work so far; every process computes the same split.
    static func shards(_ count: Int, of matrix: MatrixPlan) -> [[Int]] {
        shardGroups(count, of: matrix).map { $0.flatMap { Array(matrix.groups[$0].runs) } }
    }

    /// The group indices of each of `count` shards (see ``shards(_:of:)``), each in plan order.
    static func shardGroups(_ count: Int, of matrix: MatrixPlan) -> [[Int]] {
        let groups = matrix.groups
        var work: [Int] = []
        work.reserveCapacity(groups.count)
        for index in 0..<groups.count { work.append(groups[index].work) }
        return shardGroups(count, work: work)
    }

    /// The group indices of each of `count` shards, given each group's work (see
    /// ``shards(_:of:)``). Index loops, and the standard library's sort of `[Int]` in place: every
    /// worker computes the split, and a debug build's generic `sorted(by:)` of a range, `map` with
    /// a key path and `min(by:)` cost ~20 M instructions for the ~500 groups of the docs' sample
    /// (1% of a worker; now ~10 M, callgrind).
    static func shardGroups(_ count: Int, work: [Int]) -> [[Int]] {
        // Largest first, ties in plan order; the keys compared as integers (a debug build's
        // generic tuple comparison was 0.7% of a worker).
        var largestFirst = Array(0..<work.count)
        largestFirst.sort { work[$0] != work[$1] ? work[$0] > work[$1] : $0 < $1 }
        let shards = max(count, 1)
        var load = [Int](repeating: 0, count: shards)
        var assigned = [[Int]](repeating: [], count: shards)
        for position in 0..<largestFirst.count {
            let group = largestFirst[position]
            // The least loaded shard, the first of those tied.
            var shard = 0
            for candidate in 1..<shards where load[candidate] < load[shard] { shard = candidate }
            load[shard] += work[group]
            assigned[shard].append(group)
        }
        for shard in 0..<shards { assigned[shard].sort() }
        return assigned
    }

    /// A worker given its groups: reads and parses only their files (each once), plays each
    /// group's runs (in ``MatrixPlan/playOrder(of:)``, handed on in plan order) and writes each group's ``ShardResults`` into
    /// ``MatrixShard/outputFile(of:)`` as it ends, and its progress into
    /// ``MatrixShard/progressFile(of:)``.
    func runShard(_ shard: MatrixShard, groupsFile: String, options: BenchOptions, runner: any ScenarioRunning)
        -> Int32
    {
        guard let data = FileManager.default.contents(atPath: groupsFile),
            let groups = try? JSONDecoder().decode(WorkerGroups.self, from: data)
        else {
            errorOutput("\(toolName): error: worker \(shard.index) cannot read its groups from '\(groupsFile)'\n")
            return 2
        }
        let files = groups.files
        // The parent's combinations (a `--check` run's include each recording's own).
        let combinations = groups.combinations.map(PluginCombination.init)
        // The order every process plays a group in (the parent's plan computes the same).
        let order = MatrixPlan.playOrder(of: combinations)
        // Each group's results are written to the output file as the group ends: its own
        // ``ShardResults`` (tables, then rows), so nothing grows with the groups here or in the
        // parent that reads them. A file's groups come together: only its scenario stays parsed.
        let outputPath = MatrixShard.outputFile(of: groupsFile)
        guard FileManager.default.createFile(atPath: outputPath, contents: nil),
            let outputFile = FileHandle(forWritingAtPath: outputPath)
        else {
            errorOutput("\(toolName): error: worker \(shard.index) cannot write its results into '\(outputPath)'\n")
            return 2
        }
        defer { try? outputFile.close() }
        var current: Scenario?
        var done = 0
        var pending = Data()
        let encoder = JSONEncoder()
        // Sums only: the runs are added up here, and only the sums are written, at the end, into
        // their own file; rendering, each group's text is written as it ends (its length in
        // bytes on a line, then it).
        let rendered = groups.renders.flatMap(ReportFormat.init(rawValue:))
        let sums =
            groups.sumsOnly
            ? try? ReportStream(
                format: rendered ?? .table, isChecked: { _ in false }, keepsFailures: false, inWorker: true,
                write: { _ in })
            : nil
        var lastReport = DispatchTime.now().uptimeNanoseconds
        guard groups.groupFiles.count == groups.groupProfiles.count else { return 2 }
        for (fileIndex, profileName) in zip(groups.groupFiles, groups.groupProfiles) {
            guard files.indices.contains(fileIndex), let profile = ScenarioProfile(rawValue: profileName) else {
                return 2
            }
            let file = files[fileIndex]
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
            MatrixPlan.playGroup(scenario, profile, combinations, order: order, with: runner) { _, result in
                if let sums { try? sums.add(result) } else { results.append(result) }
            }
            done += combinations.count
            do {
                if let sums, rendered != nil {
                    let text = sums.takeRendered()
                    pending += Data("\(text.count)\n".utf8) + text
                } else if sums == nil {
                    pending += results.results.encoded()
                }
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
                errorOutput("\(toolName): error: worker \(shard.index) cannot write its results: \(error)\n")
                return 2
            }
        }
        do {
            try outputFile.write(contentsOf: pending)
            if let sums {
                try encoder.encode(sums.sums()).write(to: URL(fileURLWithPath: MatrixShard.sumsFile(of: groupsFile)))
            }
        } catch {
            errorOutput("\(toolName): error: worker \(shard.index) cannot write its results: \(error)\n")
            return 2
        }
        return 0
    }

    /// Runs `shard`'s part of `matrix` and writes the results to `output` (standard output).
    func runShard(_ shard: MatrixShard, of matrix: MatrixPlan, runner: any ScenarioRunning) -> Int32 {
        let results = matrix.results(ofGroups: Self.shardGroups(shard.count, of: matrix)[shard.index], with: runner)
        // JSON and digits: UTF-8 text, written as the bench writes its reports.
        output(String(decoding: ShardResults(results).encoded(), as: UTF8.self))
        return 0
    }

    /// Hands the runs of `matrix` to `deliver` in plan order, each group's from the reader of
    /// the shard that made it (`groupsOfShards[shard]`: its groups, each written as one
    /// ``ShardResults`` wire form, in order). Throws ``ShardMergeError`` when a shard's results
    /// end early, are malformed, or go on past its groups.
    static func deliverInPlanOrder(
        _ matrix: MatrixPlan, groupsOfShards: [[Int]], from readers: inout [ShardResults.Reader],
        to deliver: (RunResult) throws -> Void
    ) throws {
        let plan = matrix.runs
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
    }

    /// Runs `plan` spread over `workers`: each shard in a child process started with the same
    /// `arguments`, while this one shows their progress (each writes how far it is into a small
    /// file). Hands the results to `deliver` in plan order and returns
    /// `true`; or returns `false` (after a note) before delivering any when a worker could not
    /// start or failed, so the caller runs the plan itself. Throws what `deliver` throws, or
    /// when a worker's results end early or are malformed past their first line.
    /// Given `sums`, the workers add their runs up themselves: each one's sums go to `sums`,
    /// then, given `rendered` too, each group's text rendered in `renders`, in plan order.
    ///
    /// Nothing waits in memory: each worker's output goes to a temporary file, read back a run
    /// at a time in plan order. This process plays no scenario (and holds only outlines of
    /// them): what a run leaves behind in memory stays in the worker that played it.
    // swift-format-ignore
    #if os(macOS) || os(Linux) || os(Windows)
        func runSharded(
            _ arguments: [String], matrix: MatrixPlan, workers: MatrixWorkers, runner: any ScenarioRunning,
            progress: ProgressReporter, deliver: (RunResult) throws -> Void,
            sums: ((ReportStream.Sums) throws -> Void)? = nil, renders: ReportFormat? = nil,
            rendered: ((Data) throws -> Void)? = nil
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
                    let groupsFile = Scratch.path("\(UUID().uuidString)-shard\(index).json")
                    BenchInterruption.register(temporaryFile: groupsFile)
                    BenchInterruption.register(temporaryFile: MatrixShard.progressFile(of: groupsFile))
                    BenchInterruption.register(temporaryFile: MatrixShard.outputFile(of: groupsFile))
                    BenchInterruption.register(temporaryFile: MatrixShard.sumsFile(of: groupsFile))
                    temporaryFiles += [
                        groupsFile, MatrixShard.progressFile(of: groupsFile), MatrixShard.outputFile(of: groupsFile),
                        MatrixShard.sumsFile(of: groupsFile),
                    ]
                    groupFiles.append(groupsFile)
                    var groups = WorkerGroups(
                        files: [], groupFiles: [], groupProfiles: [], combinations: matrix.combinations.map(\.plugins),
                        sumsOnly: sums != nil, renders: rendered == nil ? nil : renders?.rawValue)
                    for group in groupsOfShards[index] {
                        let run = plan[matrix.groups[group].runs.lowerBound]
                        // A file's groups come together (plan order): a new file follows the last.
                        if groups.files.last != run.scenario.file { groups.files.append(run.scenario.file) }
                        groups.groupFiles.append(groups.files.count - 1)
                        groups.groupProfiles.append(run.profile.rawValue)
                    }
                    try JSONEncoder().encode(groups).write(to: URL(fileURLWithPath: groupsFile))
                    let process = Process()
                    let output = Pipe()
                    let lifeline = Pipe()
                    // Later workers must not inherit this worker's lifeline.
                    _ = fcntl(lifeline.fileHandleForWriting.fileDescriptor, F_SETFD, FD_CLOEXEC)
                    process.executableURL = URL(fileURLWithPath: workers.executablePath)
                    process.arguments =
                        [MatrixShard.flag, String(index), String(count), MatrixShard.groupsPrefix + groupsFile]
                        + Self.workerArguments(arguments, runner: runner)
                    process.currentDirectoryURL = URL(fileURLWithPath: currentDirectory)
                    process.environment = environment
                    process.standardOutput = output
                    process.standardInput = lifeline
                    try process.run()
                    BenchInterruption.register(worker: process.processIdentifier)
                    children.append((process, output, lifeline))
                }
            } catch {
                errorOutput("\(toolName): note: running on one core (cannot start a worker: \(error))\n")
                return false
            }
            // Each worker's sums (megabytes of JSON: the files behind each shortfall) read and
            // decoded as soon as it ends, on a thread of their own, while the others still play:
            // the parent's decoding was most of what it did after the last worker (`perf record`).
            let decoded = DecodedSums(count: children.count)
            let ended = children.map { _ in DispatchGroup() }
            if sums != nil {
                for (offset, child) in children.enumerated() {
                    let (process, output) = (child.process, child.output)
                    let path = MatrixShard.sumsFile(of: groupFiles[offset])
                    DispatchQueue.global().async(group: ended[offset]) {
                        // The worker writes nothing on its standard output: its end comes when the
                        // worker exits (waiting for the exit itself polls, and loses tens of
                        // milliseconds).
                        _ = output.fileHandleForReading.readDataToEndOfFile()
                        process.waitUntilExit()
                        guard process.terminationStatus == 0 else { return }
                        decoded.set(
                            offset,
                            FileManager.default.contents(atPath: path).flatMap {
                                try? JSONDecoder().decode(ReportStream.Sums.self, from: $0)
                            })
                    }
                }
            }
            // Until every worker has played its share (or one has ended early): the bar.
            // Each shard's number of runs, summed from its groups (listing the runs themselves
            // took 8 bytes a run: 440 MB for 10,000 files on every combination).
            let shares = groupsOfShards.map { $0.reduce(0) { $0 + matrix.groups[$1].runs.count } }
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
                // milliseconds), then its results file. With sums, the thread above does that: its
                // end. A worker that failed is seen before the others end.
                if sums == nil {
                    _ = child.output.fileHandleForReading.readDataToEndOfFile()
                } else {
                    ended[offset].wait()
                }
                child.process.waitUntilExit()
                guard child.process.terminationStatus == 0,
                    let file = FileHandle(forReadingAtPath: MatrixShard.outputFile(of: groupFiles[offset]))
                else {
                    errorOutput("\(toolName): note: worker \(offset) failed; running the matrix on one core\n")
                    return false
                }
                readers.append(ShardResults.Reader(handle: file))
            }
            if let sums {
                // Each worker's sums, decoded as it ended (above), merged here.
                for shard in children.indices {
                    guard let sent = decoded.values[shard] else { throw ShardMergeError(shard: shard) }
                    try sums(sent)
                }
                guard let rendered, renders != nil else { return true }
                // Then each group's text in plan order from the worker that rendered it.
                var owner = [Int](repeating: 0, count: matrix.groups.count)
                for (shard, groups) in groupsOfShards.enumerated() {
                    for group in groups { owner[group] = shard }
                }
                for shard in owner {
                    guard let line = readers[shard].nextLine(), let count = Int(String(decoding: line, as: UTF8.self)),
                        let text = readers[shard].nextBytes(count)
                    else { throw ShardMergeError(shard: shard) }
                    try rendered(text)
                }
                if let extra = readers.indices.first(where: { !readers[$0].isAtEnd }) {
                    throw ShardMergeError(shard: extra)
                }
                return true
            }
            try Self.deliverInPlanOrder(matrix, groupsOfShards: groupsOfShards, from: &readers, to: deliver)
            return true
        }
    #else
        /// No child processes on this platform: the caller runs the plan itself.
        func runSharded(
            _ arguments: [String], matrix: MatrixPlan, workers: MatrixWorkers, runner: any ScenarioRunning,
            progress: ProgressReporter, deliver: (RunResult) throws -> Void,
            sums: ((ReportStream.Sums) throws -> Void)? = nil, renders: ReportFormat? = nil,
            rendered: ((Data) throws -> Void)? = nil
        ) throws -> Bool { false }
    #endif
}

/// The workers' decoded sums, filled from several threads at once (each its own slot).
private final class DecodedSums: @unchecked Sendable {
    private let lock = NSLock()
    private(set) var values: [ReportStream.Sums?]

    init(count: Int) { values = Array(repeating: nil, count: count) }

    func set(_ index: Int, _ value: ReportStream.Sums?) {
        lock.lock()
        defer { lock.unlock() }
        values[index] = value
    }
}

extension BenchCommand {
    /// `arguments` for a worker: each worker builds its runner from its own arguments
    /// (`main.swift`), so the one setting this process's runner may hold apart from them, whether
    /// it plays the rules' other readings, is written out (`--variants worst|documented`, any
    /// given one replaced); a worker then plays exactly what this process would.
    static func workerArguments(_ arguments: [String], runner: any ScenarioRunning) -> [String] {
        guard let simulator = runner as? SimulatorScenarioRunner else { return arguments }
        var kept: [String] = []
        var skipsValue = false
        for argument in arguments {
            if skipsValue {
                skipsValue = false
                continue
            }
            if argument == "--variants" {
                skipsValue = true
                continue
            }
            if argument.hasPrefix("--variants=") { continue }
            kept.append(argument)
        }
        return kept + ["--variants", simulator.playsVariants ? "worst" : "documented"]
    }
}
#endif
