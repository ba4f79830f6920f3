#if os(macOS) || os(Linux)
import Foundation
import NavigationConformance
import NavigationHooks
import NavigationScenarioRunner
import NavigationScenarios
import NavigationSimulator
import NavigationStrategies

/// The runs of a matrix in plan order (scenario, then profile, then combination), and its
/// scenario-and-profile groups: the runs a worker keeps together.
struct MatrixPlan {
    /// The runs, made when read: each group's scenario and profile with each combination.
    struct Runs: RandomAccessCollection {
        /// Each scenario once: a group names its scenario by index, so a plan of many files
        /// holds one copy of each (a `Scenario` is a few hundred bytes inline).
        fileprivate var scenarios: [Scenario] = []
        fileprivate var groups: [(scenario: Int, profile: ScenarioProfile)] = []
        fileprivate var combinations: [PluginCombination] = []

        var startIndex: Int { 0 }
        var endIndex: Int { groups.count * combinations.count }
        subscript(index: Int) -> BenchCommand.PlannedRun {
            let group = groups[index / combinations.count]
            return (scenarios[group.scenario], group.profile, combinations[index % combinations.count])
        }
    }

    /// The runs.
    var runs = Runs()
    /// Each group's runs, and an estimate of its work: its runs times its scenario's steps.
    var groups: [(runs: Range<Int>, work: Int)] = []

    /// `stepCounts`: each scenario's number of steps, when `scenarios` are outlines
    /// (``BenchCommand/outline(_:)``, no steps); `nil`: their own.
    init(
        scenarios: [Scenario], profiles: [ScenarioProfile], combinations: [PluginCombination], stepCounts: [Int]? = nil
    ) {
        runs.combinations = combinations
        runs.scenarios = scenarios
        for (number, scenario) in scenarios.enumerated() {
            let steps = stepCounts?[number] ?? scenario.steps.count
            for profile in profiles where scenario.runs(on: profile) {
                let start = groups.count * combinations.count
                runs.groups.append((number, profile))
                groups.append((start..<(start + combinations.count), combinations.count * (steps + 1)))
            }
        }
    }
}

extension MatrixPlan {
    /// The plan of `selected` groups of `matrix` only (in the order given): a part of it.
    init(_ matrix: MatrixPlan, groups selected: [Int]) {
        let combinations = matrix.runs.combinations
        runs.combinations = combinations
        runs.scenarios = matrix.runs.scenarios
        for group in selected {
            let start = groups.count * combinations.count
            runs.groups.append(matrix.runs.groups[group])
            groups.append((start..<(start + combinations.count), matrix.groups[group].work))
        }
    }

    /// The combinations each group plays.
    var combinations: [PluginCombination] { runs.combinations }

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
#endif
