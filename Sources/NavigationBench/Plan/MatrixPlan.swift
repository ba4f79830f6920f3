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
///
/// A group is played in ``playOrder`` and handed on in plan order
/// (``playGroup(_:scenario:with:keepingTimeline:deliver:)``): the runner reuses runs equal to
/// ones made before them in the group, from a run with one plugin less (``EquivalentRuns``'
/// argument, smallest first) or one more (the converse, the larger run first), and the order
/// decides how many it can reuse; each reused result equals the run played, so the order
/// changes no output.
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
    /// The order every group plays its combinations in: their positions in ``combinations``
    /// (``playOrder(of:)``).
    private(set) var playOrder: [Int] = []

    /// `stepCounts`: each scenario's number of steps, when `scenarios` are outlines
    /// (``BenchCommand/outline(_:)``, no steps); `nil`: their own.
    init(
        scenarios: [Scenario], profiles: [ScenarioProfile], combinations: [PluginCombination], stepCounts: [Int]? = nil
    ) {
        runs.combinations = combinations
        runs.scenarios = scenarios
        playOrder = Self.playOrder(of: combinations)
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
        playOrder = matrix.playOrder
        for group in selected {
            let start = groups.count * combinations.count
            runs.groups.append(matrix.runs.groups[group])
            groups.append((start..<(start + combinations.count), matrix.groups[group].work))
        }
    }

    /// The combinations each group plays.
    var combinations: [PluginCombination] { runs.combinations }

    /// The order a group plays `combinations` in, as their positions:
    /// ``PluginCombination/converseOrder(_:)`` (smallest first, but a combination whose
    /// one-smaller neighbours can only be reused from it first). Every process that plays a
    /// group (this one, a worker, a part) computes it from the same combinations alike.
    static func playOrder(of combinations: [PluginCombination]) -> [Int] {
        PluginCombination.converseOrderPositions(combinations)
    }

    /// Plays group `group` with `runner` in ``playOrder`` and hands each run to `deliver` in
    /// plan order, with its index: the one way every path of the bench (one process, the
    /// workers, a part of `--shard`, `perf`'s in-process matrix) plays a group. `scenario`: the
    /// group's file parsed again, when the plan holds only its outline. The timeline is dropped
    /// unless `keepingTimeline` (only `--timeline` needs it, and it is most of a result's memory).
    @MainActor
    func playGroup(
        _ group: Int, scenario: Scenario? = nil, with runner: any ScenarioRunning, keepingTimeline: Bool = false,
        deliver: (_ index: Int, _ result: RunResult) throws -> Void
    ) rethrows {
        let start = groups[group].runs.lowerBound
        let (outline, profile, _) = runs[start]
        try Self.playGroup(
            scenario ?? outline, profile, combinations, order: playOrder, with: runner,
            keepingTimeline: keepingTimeline
        ) { try deliver(start + $0, $1) }
    }

    /// Every run of `selected` groups (all of them by default), played group by group, in plan
    /// order.
    @MainActor
    func results(ofGroups selected: [Int]? = nil, with runner: any ScenarioRunning) -> [RunResult] {
        var results: [RunResult] = []
        for group in selected ?? Array(groups.indices) {
            playGroup(group, with: runner) { _, result in results.append(result) }
        }
        return results
    }

    /// Plays `scenario` on `profile` with each of `combinations` in `order` (their positions,
    /// ``playOrder(of:)``) and hands each result to `deliver` in the combinations' own order,
    /// with its position, as soon as the ones before it are made (only a run played ahead of
    /// its place waits).
    @MainActor
    static func playGroup(
        _ scenario: Scenario, _ profile: ScenarioProfile, _ combinations: [PluginCombination], order: [Int],
        with runner: any ScenarioRunning, keepingTimeline: Bool = false,
        deliver: (_ position: Int, _ result: RunResult) throws -> Void
    ) rethrows {
        var waiting: [Int: RunResult] = [:]
        var next = 0
        for position in order {
            let result = play(scenario, profile, combinations[position], with: runner, keepingTimeline: keepingTimeline)
            guard position == next else {
                waiting[position] = result
                continue
            }
            try deliver(next, result)
            next += 1
            while let result = waiting.removeValue(forKey: next) {
                try deliver(next, result)
                next += 1
            }
        }
    }

    /// Plays `scenario` on `profile` with `combination`: one run, as a group plays each.
    @MainActor
    private static func play(
        _ scenario: Scenario, _ profile: ScenarioProfile, _ combination: PluginCombination,
        with runner: any ScenarioRunning, keepingTimeline: Bool = false
    ) -> RunResult {
        var result = runner.run(scenario, profile: profile.rawValue, plugins: combination.plugins)
        if !keepingTimeline { result.timeline = nil }
        return result
    }
}
#endif
