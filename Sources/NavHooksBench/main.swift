import Foundation
import NavigationScenarios

// The runner that drives the simulator, and `perf`, are wired in here once they exist:
// `BenchCommand(runner: SimulatorScenarioRunner(), perfRunner: …, …)`.
// Until then the bench parses and validates scenario files and exits 3 when asked to run.

/// Provisional copy of `StrategyComposition.recommended.names` (NavigationStrategies); replace
/// it with that, and the available list with `StrategyCatalog.names`, when wiring in.
let recommendedPlugins = [
    "BackActionOverride", "BackMenuGuard", "BaseClassGuard", "DelegateBarHiding", "PopGestureGuard",
]

let command = BenchCommand(
    runner: nil,
    recommendedPlugins: recommendedPlugins,
    errorIsTerminal: isatty(2) != 0,
    output: { text in FileHandle.standardOutput.write(Data(text.utf8)) },
    errorOutput: { text in FileHandle.standardError.write(Data(text.utf8)) }
)
exit(command.run(Array(CommandLine.arguments.dropFirst())))
