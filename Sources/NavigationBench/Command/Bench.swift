#if os(macOS) || os(Linux)
import CProcessLifeline
import Foundation
import NavigationScenarioRunner
// An app's bench and tests use the catalog (PluginCatalog) and the profiles and locations of a
// report (ScenarioProfile, SourceLocation) with this module alone.
@_exported public import NavigationScenarios
@_exported public import NavigationStrategies

/// The bench in one call: ``main(arguments:catalog:)`` is a bench executable's whole
/// `main.swift` (`navhooks-bench`'s, and an app's own bench with its plugins in the catalog);
/// ``report(of:plugins:profiles:catalog:currentDirectory:)`` is the report as a value, for a
/// test.
///
/// ```swift
/// import NavigationBench
///
/// var catalog = PluginCatalog.builtIn
/// try catalog.register(handler: { UnsavedDraftGuard() }, on: [.shouldPop])
/// Bench.main(arguments: Array(CommandLine.arguments.dropFirst()), catalog: catalog)
/// ```
///
/// The process wiring is the same in both: the matrix is spread over copies of the running
/// executable (so the workers know the app's plugins), Ctrl-C ends them and removes
/// half-written files, a worker ends with its parent, and `perf`'s peak memory file is written.
/// The bench speaks under the name it was run as (`bench-my-handlers: error: …`, its usage and
/// report): the process's name.
@MainActor
public enum Bench {
    /// Runs the bench with `arguments` (without the program name) and exits with its status.
    ///
    /// - Parameter catalog: the plugins `--plugins` accepts and the default matrix combines:
    ///   the strategies, and the plugins the app registered.
    public static func main(arguments: [String], catalog: PluginCatalog = .builtIn) -> Never {
        let isWorker = arguments.first == MatrixShard.flag
        let toolName = self.toolName
        if isWorker {
            // A worker: it ends with the bench that started it (SIGKILL from the kernel on Linux, and
            // everywhere when its standard input, a pipe from the bench, closes).
            BenchInterruption.bindWorkerToParent { _ = navhooks_die_with_parent() }
        } else {
            // Ctrl-C or SIGTERM: end the workers, delete half-written files, say so, exit 130.
            BenchInterruption.install(toolName: toolName) { text in FileHandle.standardError.write(Data(text.utf8)) }
            // Started by a program that names itself in `NAVHOOKS_BENCH_PARENT` and holds this
            // process's standard input open (a test running the bench as a user does): it ends
            // with that program, as a worker does with the bench. No parent-death signal: on
            // Linux it follows the thread that started this process, not the process.
            BenchInterruption.bindWorkerToParent(dieWithParent: {}, whenGone: { _ = kill(getpid(), SIGTERM) })
        }
        let status = command(arguments: arguments, catalog: catalog, toolName: toolName).run(arguments)
        // `perf` measures the peak memory of the whole process tree: each process writes its own (not
        // what `wait4` reports: on Linux a spawned child's `ru_maxrss` starts at its parent's size), a
        // worker into the file named after its process id.
        if let path = ProcessInfo.processInfo.environment[MemoryBenchmark.peakFileVariable] {
            let file = isWorker ? MemoryBenchmark.workerPeakFile(path, pid: getpid()) : path
            try? MemoryBenchmark.ownPeakKilobytes().map { String($0) }?.write(
                toFile: file, atomically: false, encoding: .utf8)
        }
        exit(status)
    }

    /// Registers the app's plugins with `register`, then runs the bench with `arguments`
    /// (``main(arguments:catalog:)``); a registration that throws is a usage error (exit 2).
    ///
    /// ```swift
    /// Bench.main(arguments: Array(CommandLine.arguments.dropFirst())) { catalog in
    ///     try catalog.register(handler: { UnsavedDraftGuard(draftHasText: BenchFlow.appRefusesUserExit) })
    /// }
    /// ```
    public static func main(arguments: [String], plugins register: (inout PluginCatalog) throws -> Void) -> Never {
        var catalog = PluginCatalog.builtIn
        do {
            try register(&catalog)
        } catch {
            FileHandle.standardError.write(
                Data("\(toolName): error: cannot register the app's plugins: \(error)\n".utf8))
            exit(2)
        }
        main(arguments: arguments, catalog: catalog)
    }

    /// The name the bench was run as (the executable's file name: `navhooks-bench`, or an app's
    /// `bench-my-handlers`), ``BenchCommand/defaultToolName`` when the process has none.
    static var toolName: String {
        let name = ProcessInfo.processInfo.processName
        return name.isEmpty ? BenchCommand.defaultToolName : name
    }

    /// The command ``main(arguments:catalog:)`` runs: the simulator's runner with `catalog`'s
    /// plugins, the workers on every core, standard output and error, speaking as `toolName`.
    static func command(
        arguments: [String], catalog: PluginCatalog, toolName: String = BenchCommand.defaultToolName
    ) -> BenchCommand {
        // Timelines are built only when they will be written: a large matrix does not need them.
        let recordsTimelines = arguments.contains { $0 == "--timeline" || $0.hasPrefix("--timeline=") }
        var perfRunner = PerfRunner()
        perfRunner.toolName = toolName
        return BenchCommand(
            runner: SimulatorScenarioRunner(
                recordsTimelines: recordsTimelines, playsVariants: BenchOptions.playsVariants(arguments),
                catalog: catalog),
            perfRunner: perfRunner,
            workers: MatrixWorkers.everyCore(),
            availablePlugins: catalog.names,
            recommendedPlugins: StrategyComposition.recommended.names,
            errorIsTerminal: isatty(2) != 0,
            output: { text in FileHandle.standardOutput.write(Data(text.utf8)) },
            errorOutput: { text in FileHandle.standardError.write(Data(text.utf8)) },
            toolName: toolName
        )
    }
}
#endif
