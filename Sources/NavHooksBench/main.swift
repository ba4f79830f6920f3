import Foundation
import NavigationConformance
import NavigationHooks
import NavigationScenarioRunner
import NavigationScenarios
import NavigationSimulator
import NavigationStrategies

let arguments = Array(CommandLine.arguments.dropFirst())
// Timelines are built only when they will be written: a large matrix does not need them.
let recordsTimelines = arguments.contains { $0 == "--timeline" || $0.hasPrefix("--timeline=") }

let command = BenchCommand(
    runner: SimulatorScenarioRunner(recordsTimelines: recordsTimelines),
    perfRunner: PerfRunner(),
    workers: MatrixWorkers.everyCore(),
    availablePlugins: StrategyCatalog.names,
    recommendedPlugins: StrategyComposition.recommended.names,
    errorIsTerminal: isatty(2) != 0,
    output: { text in FileHandle.standardOutput.write(Data(text.utf8)) },
    errorOutput: { text in FileHandle.standardError.write(Data(text.utf8)) }
)
exit(command.run(arguments))
