import CProcessLifeline
import Foundation
import NavigationBench
import NavigationConformance
import NavigationHooks
import NavigationScenarioRunner
import NavigationScenarios
import NavigationSimulator
import NavigationStrategies

let arguments = Array(CommandLine.arguments.dropFirst())
// Timelines are built only when they will be written: a large matrix does not need them.
let recordsTimelines = arguments.contains { $0 == "--timeline" || $0.hasPrefix("--timeline=") }

if arguments.first == "__matrix-shard" {
    // A worker: it ends with the bench that started it (SIGKILL from the kernel on Linux, and
    // everywhere when its standard input, a pipe from the bench, closes).
    BenchInterruption.bindWorkerToParent { _ = navhooks_die_with_parent() }
} else {
    // Ctrl-C or SIGTERM: end the workers, delete half-written files, say so, exit 130.
    BenchInterruption.install { text in FileHandle.standardError.write(Data(text.utf8)) }
}

let command = BenchCommand(
    runner: SimulatorScenarioRunner(
        recordsTimelines: recordsTimelines, playsVariants: BenchOptions.playsVariants(arguments)),
    perfRunner: PerfRunner(),
    workers: MatrixWorkers.everyCore(),
    availablePlugins: StrategyCatalog.names,
    recommendedPlugins: StrategyComposition.recommended.names,
    errorIsTerminal: isatty(2) != 0,
    output: { text in FileHandle.standardOutput.write(Data(text.utf8)) },
    errorOutput: { text in FileHandle.standardError.write(Data(text.utf8)) }
)
let status = command.run(arguments)
// `perf` measures the peak memory of the whole process tree: each process writes its own (not
// what `wait4` reports: on Linux a spawned child's `ru_maxrss` starts at its parent's size), a
// worker into the file named after its process id.
if let path = ProcessInfo.processInfo.environment[MemoryBenchmark.peakFileVariable] {
    let file = arguments.first == "__matrix-shard" ? MemoryBenchmark.workerPeakFile(path, pid: getpid()) : path
    try? MemoryBenchmark.ownPeakKilobytes().map { String($0) }?.write(toFile: file, atomically: false, encoding: .utf8)
}
exit(status)
