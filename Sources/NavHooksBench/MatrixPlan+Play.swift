import NavigationScenarioRunner

extension MatrixPlan {
    /// Plays run `index` of the plan with `runner`: the one way every path of the bench (one
    /// process, the workers' shards, shard 0 of a sharded run, `perf`'s in-process matrix)
    /// makes a run. The timeline is dropped unless `keepingTimeline` (only `--timeline` needs it,
    /// and it is most of a result's memory).
    @MainActor
    func play(_ index: Int, with runner: any ScenarioRunning, keepingTimeline: Bool = false) -> RunResult {
        let (scenario, profile, combination) = runs[index]
        var result = runner.run(scenario, profile: profile.rawValue, plugins: combination.plugins)
        if !keepingTimeline { result.timeline = nil }
        return result
    }
}
