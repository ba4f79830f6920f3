#if os(macOS) || os(Linux)
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
public struct MatrixWorkers: Sendable, Hashable {
    /// The bench's executable (it must accept the arguments of the running command).
    var executablePath: String
    /// How many processes share the matrix, this one included.
    var count: Int

    /// `count` processes running `executablePath` (which must accept the arguments of the
    /// running command, and the workers' own: a bench executable).
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

/// One process's share of the matrix: shard `index` of ``BenchCommand/shards(_:of:)`` (whole
/// scenario-and-profile groups, so a worker can reuse equivalent runs), written as
/// ``ShardResults`` (plan order): to standard output, or, given a ``groupsFile``, one per
/// group into ``outputFile(of:)``.
struct MatrixShard {
    /// The hidden first argument that makes a bench process a worker.
    static let flag = "__matrix-shard"

    var index: Int
    var count: Int
    /// A JSON file of the shard's groups (``BenchCommand/WorkerGroups``: its files, each once, its
    /// groups as a file's index and a profile each, in plan order, and the combinations): the worker
    /// then reads and parses only those files (``BenchCommand/runShard(_:groupsFile:options:runner:)``).
    var groupsFile: String?

    /// The optional argument naming ``groupsFile``.
    static let groupsPrefix = "groups="

    /// Where a worker given `groupsFile` writes its results: one ``ShardResults`` wire form
    /// per group, in order.
    static func outputFile(of groupsFile: String) -> String { groupsFile + ".out" }

    /// Where a worker given `groupsFile` sends only sums writes them, when its runs are done
    /// (``ReportStream/Sums``, JSON): the parent reads them before the text it rendered.
    static func sumsFile(of groupsFile: String) -> String { groupsFile + ".sums" }

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
#endif
