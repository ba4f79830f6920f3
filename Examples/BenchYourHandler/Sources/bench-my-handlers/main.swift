import DraftHandlers
import NavigationBench

// The app's bench: its handler beside the strategies, then navhooks-bench's command line
// (`bench-my-handlers Flows --plugins recommended,UnsavedDraftGuard --check`; `--help` lists it).
Bench.main(arguments: Array(CommandLine.arguments.dropFirst())) { catalog in
    try catalog.register(handler: { UnsavedDraftGuard(draftHasText: BenchFlow.appRefusesUserExit) }, on: [.shouldPop])
}
