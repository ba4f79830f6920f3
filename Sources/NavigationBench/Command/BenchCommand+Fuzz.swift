#if os(macOS) || os(Linux)
import Foundation
import NavigationHooks
import NavigationScenarioRunner
import NavigationScenarios
import NavigationSimulator
import NavigationStrategies

extension BenchCommand {
    /// `fuzz [--mutants N] [--seed S] [--verbose]`: ``ScenarioFuzzer`` over the built-in corpus. Exit 0
    /// when nothing crashed, hung or gave an unlocated error; 1 with the findings otherwise;
    /// 2 for bad usage.
    func runFuzz(_ arguments: [String]) -> Int32 {
        var mutants = 500
        var seed: UInt64 = 22
        var remaining = arguments[...]
        var verbose = false
        while let name = remaining.popFirst() {
            if name == "--verbose" {
                verbose = true
                continue
            }
            guard name == "--mutants" || name == "--seed", let value = remaining.popFirst() else {
                errorOutput(
                    "\(toolName): error: fuzz takes --mutants N, --seed S and --verbose (found '\(name)')\n")
                return 2
            }
            if name == "--mutants", let count = Int(value), count >= 0 {
                mutants = count
            } else if name == "--seed", let number = UInt64(value) {
                seed = number
            } else {
                errorOutput("\(toolName): error: invalid value '\(value)' for \(name)\n")
                return 2
            }
        }
        guard let directory = ScenarioCorpus.defaultDirectory(currentDirectory: currentDirectory) else {
            errorOutput(
                "\(toolName): error: the built-in corpus (\(ScenarioCorpus.relativeDirectory)) was not found\n")
            return 2
        }
        var fuzzer = ScenarioFuzzer(
            corpus: ScenarioFuzzer.corpus(in: ScenarioCorpus.resolve(directory, in: currentDirectory)), seed: seed)
        fuzzer.toolName = toolName
        let progress = ProgressReporter(total: mutants, enabled: errorIsTerminal, write: errorOutput)
        // --verbose names each mutant before it runs: after a crash, the last line names it.
        let summary = fuzzer.run(
            mutants: mutants, willCheck: { if verbose { errorOutput("\(toolName) fuzz: \($0)\n") } },
            progress: { progress.update(done: $0) })
        progress.finish()
        for finding in summary.findings { errorOutput("\(toolName) fuzz: error: \(finding)\n") }
        output(
            "\(toolName) fuzz: \(summary.mutants) mutants of \(fuzzer.corpus.count) files (seed \(seed)): "
                + "\(summary.rejected) rejected with located errors, \(summary.runs) runs, slowest mutant "
                + String(format: "%.2f", summary.slowestSeconds) + " s; \(summary.findings.count) problems\n")
        return summary.findings.isEmpty ? 0 : 1
    }
}
#endif
