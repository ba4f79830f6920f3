import Foundation
import NavigationScenarioRunner
import NavigationScenarios

/// Builds a ``CombinationRanking`` from runs handed over one at a time, in plan order,
/// keeping per combination only its totals, shortfalls and risks: never the runs. Its memory
/// grows with the combinations and the distinct file names, not with the runs.
///
/// The unasked points compare the combinations' runs of one file on one profile, so each
/// scenario-and-profile group (consecutive runs of one file and profile) is held until the
/// next begins. Gives the ranking ``CombinationRanking/init(results:)`` gives for the same
/// runs when each file and profile's runs come together (as a plan makes them).
struct RankingAccumulator {
    /// What one combination has added up so far.
    private struct Tally {
        var totals = RunMetrics()
        var runs = 0
        /// Per profile: each defect metric's sum and the base names of the files that contributed.
        var counts: [String: [Int]] = [:]
        var files: [String: [Set<String>]] = [:]
        var privateProfiles: Set<String> = []
        var patched: Set<String> = []
        var lastPatched: [String] = []
        var inferredRuns = 0
        var unasked: [String] = []
    }

    private var tallies: [PluginCombination: Tally] = [:]
    /// The same combination under each plugin list seen (made once per list).
    private var combinations: [[String]: PluginCombination] = [:]
    private var triesGuardedExit = false
    /// The runs of the current file and profile.
    private var group: [RunResult] = []
    private let metrics = RunMetrics().defectCounts
    private var pointTexts: [String: String] = [:]

    /// Adds the next run.
    mutating func add(_ result: RunResult) {
        if let last = group.last, last.file != result.file || last.profile != result.profile { flush() }
        group.append(result)
    }

    /// The ranking of every run added.
    mutating func ranking() -> CombinationRanking {
        flush()
        let entries = tallies.map { combination, tally in
            var risk = CombinationRanking.Risk()
            risk.unaskedPoints = tally.unasked.sorted()
            risk.privateAPIProfiles = Self.ordered(tally.privateProfiles)
            risk.patchedMethods = tally.patched.sorted()
            risk.inferredRuns = tally.inferredRuns
            var shortfalls: [CombinationRanking.Shortfall] = []
            for profile in Self.ordered(Set(tally.counts.keys)) {
                guard let counts = tally.counts[profile], let files = tally.files[profile] else { continue }
                for (index, metric) in metrics.enumerated() where counts[index] > 0 {
                    shortfalls.append(
                        CombinationRanking.Shortfall(
                            profile: profile, metric: metric.key, label: metric.label, count: counts[index],
                            files: files[index].sorted()))
                }
            }
            return CombinationRanking.Entry(
                rank: 0, combination: combination, totals: tally.totals, runs: tally.runs, shortfalls: shortfalls,
                risk: risk)
        }
        return CombinationRanking(ranking: entries, triesGuardedExit: triesGuardedExit)
    }

    /// Adds the held group's runs to their combinations' tallies.
    private mutating func flush() {
        guard let first = group.first else { return }
        var reachable: [CombinationRanking.InputKey: Set<String>] = [:]
        for result in group where result.metrics.defects == 0 {
            for (input, points) in result.risks.pointsByInput {
                reachable[.init(profile: result.profile, file: result.file, input: input), default: []]
                    .formUnion(points)
            }
        }
        let baseName = first.file.split(separator: "/").last.map(String.init) ?? first.file
        var members: [PluginCombination: [RunResult]] = [:]
        var order: [PluginCombination] = []
        for result in group {
            let combination: PluginCombination
            if let known = combinations[result.plugins] {
                combination = known
            } else {
                combination = PluginCombination(result.plugins)
                combinations[result.plugins] = combination
            }
            if members[combination] == nil { order.append(combination) }
            members[combination, default: []].append(result)
            triesGuardedExit = triesGuardedExit || result.risks.triesGuardedExit
            var tally = tallies.removeValue(forKey: combination) ?? Tally()
            tally.totals = tally.totals + result.metrics
            tally.runs += 1
            for index in metrics.indices {
                let value = CombinationRanking.defect(index, of: result.metrics)
                guard value > 0 else { continue }
                tally.counts[result.profile, default: Array(repeating: 0, count: metrics.count)][index] += value
                tally.files[result.profile, default: Array(repeating: [], count: metrics.count)][index]
                    .insert(baseName)
            }
            if result.risks.usesPrivateAPI { tally.privateProfiles.insert(result.profile) }
            if result.risks.replacedMethods != tally.lastPatched {
                tally.patched.formUnion(result.risks.replacedMethods)
                tally.lastPatched = result.risks.replacedMethods
            }
            if !result.inferredRules.isEmpty { tally.inferredRuns += 1 }
            tallies[combination] = tally
        }
        for combination in order {
            // Copies of a file in other folders name the same points: each text is stored once.
            let points = CombinationRanking.unaskedPoints(of: members[combination] ?? [], reachable: reachable)
            tallies[combination]?.unasked += points.map { point in
                if let known = pointTexts[point] { return known }
                pointTexts[point] = point
                return point
            }
        }
        group.removeAll(keepingCapacity: true)
    }

    /// Profile names in ``ScenarioProfile`` order, unknown ones after by name.
    private static func ordered(_ profiles: Set<String>) -> [String] {
        let known = ScenarioProfile.allCases.map(\.rawValue)
        return profiles.sorted { a, b in
            (known.firstIndex(of: a) ?? known.count, a) < (known.firstIndex(of: b) ?? known.count, b)
        }
    }
}
