/// Runs one scenario under one profile with one plugin combination: the seam between the bench
/// and the simulator.
///
/// The real runner builds a simulated navigation controller for `profile`, installs the app's
/// own delegate when ``Scenario/installsOwnDelegate`` is set, installs `plugins` (sorted names;
/// empty for `none`), plays the steps, and computes ``RunMetrics`` from the timeline. It reports
/// steps that could not happen in ``RunResult/skippedSteps`` and failed `expect` lines in
/// ``RunResult/expectFailures`` (and counts them in ``RunMetrics/expectFailures``).
///
/// Runs are independent and called one after another on the main actor; 256 combinations ×
/// 6 profiles × the corpus is the default matrix, so a run should take microseconds.
@MainActor
public protocol ScenarioRunning {
    /// Runs `scenario` under `profile` (`ios13` …) with `plugins` installed.
    func run(_ scenario: Scenario, profile: String, plugins: [String]) -> RunResult
}

/// Measures the dispatcher and the simulator for `navhooks-bench perf` and renders the result.
///
/// The bench parses `perf`'s options and hands over the format; the implementation (wired in
/// later) measures and returns the text to print (Examples/Scenarios/README.md, "The report").
@MainActor
public protocol PerfRunning {
    /// Measures and returns the report in `format`.
    func runPerf(format: ReportFormat) throws -> String
}
