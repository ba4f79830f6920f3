import NavigationScenarioRunner
import NavigationScenarios

extension MatrixPlan {
    /// Plays run `index` of the plan with `runner`: the one way every path of the bench (one
    /// process, the workers' shards, shard 0 of a sharded run, `perf`'s in-process matrix)
    /// makes a run. The timeline is dropped unless `keepingTimeline` (only `--timeline` needs it,
    /// and it is most of a result's memory).
    @MainActor
    func play(_ index: Int, with runner: any ScenarioRunning, keepingTimeline: Bool = false) -> RunResult {
        let (scenario, profile, combination) = runs[index]
        return Self.play(scenario, profile, combination, with: runner, keepingTimeline: keepingTimeline)
    }

    /// Plays `scenario` on `profile` with `combination`: the same as ``play(_:with:keepingTimeline:)``
    /// for a scenario the caller loaded itself (the plan keeps only outlines of files it does
    /// not play in this process).
    @MainActor
    static func play(
        _ scenario: Scenario, _ profile: ScenarioProfile, _ combination: PluginCombination,
        with runner: any ScenarioRunning, keepingTimeline: Bool = false
    ) -> RunResult {
        var result = runner.run(scenario, profile: profile.rawValue, plugins: combination.plugins)
        if !keepingTimeline { result.timeline = nil }
        return result
    }
}
