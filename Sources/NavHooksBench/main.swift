import NavigationBench

// The bench's logic is the NavigationBench library; this is its shell: the arguments in, the
// process out (Bench.main wires the workers, Ctrl-C, the peak memory file and the exit status).
Bench.main(arguments: Array(CommandLine.arguments.dropFirst()))
