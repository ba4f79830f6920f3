/// Plugin combinations ranked by total defects over all their runs, then by cost.
///
/// Order: fewer defects first; then the cost: fewer dispatches (the same on every run); then
/// fewer plugins (a plugin that changes nothing does not rank higher); then less measured
/// dispatcher time (Σ dispatches × nsPerDispatch, which varies from run to run); then by name. Each entry lists, per profile,
/// where the combination falls short, e.g. `ios26: 3 unguarded (content-swipe.nav)`.
public struct CombinationRanking: Sendable {
    /// One metric a combination got wrong under one profile.
    public struct Shortfall: Hashable, Sendable, CustomStringConvertible {
        /// The profile's name.
        public var profile: String
        /// The metric's JSON key, e.g. `unguardedPops`.
        public var metric: String
        /// The metric's short label, e.g. `unguarded`.
        public var label: String
        /// How many, summed over the profile's runs.
        public var count: Int
        /// The scenario files (base names) that contributed, sorted.
        public var files: [String]

        /// `3 unguarded (a.nav, b.nav)`, listing at most three files.
        public var description: String {
            let shown = files.prefix(3).joined(separator: ", ")
            let more = files.count > 3 ? ", +\(files.count - 3)" : ""
            return "\(count) \(label) (\(shown)\(more))"
        }
    }

    /// One ranked combination.
    public struct Entry: Hashable, Sendable {
        /// 1-based; equal defects and cost share nothing: ranks are positions.
        public var rank: Int
        /// The plugins.
        public var combination: PluginCombination
        /// The metrics of all its runs added up.
        public var totals: RunMetrics
        /// How many runs it had.
        public var runs: Int
        /// Where it falls short, by profile (profile order), then metric (contract order).
        public var shortfalls: [Shortfall]

        /// Shortfalls grouped per profile: `ios26: 3 unguarded (x.nav), 1 frozen (y.nav)`.
        public var shortfallLines: [String] {
            var lines: [String] = []
            var profiles: [String] = []
            for shortfall in shortfalls where !profiles.contains(shortfall.profile) {
                profiles.append(shortfall.profile)
            }
            for profile in profiles {
                let parts = shortfalls.filter { $0.profile == profile }.map(\.description)
                lines.append("\(profile): " + parts.joined(separator: ", "))
            }
            return lines
        }
    }

    /// The combinations, best first.
    public let entries: [Entry]

    /// Ranks the combinations found in `results`.
    public init(results: [RunResult]) {
        var groups: [PluginCombination: [RunResult]] = [:]
        for result in results { groups[PluginCombination(result.plugins), default: []].append(result) }
        let unranked = groups.map { combination, runs in
            Entry(
                rank: 0,
                combination: combination,
                totals: runs.map(\.metrics).reduce(RunMetrics(), +),
                runs: runs.count,
                shortfalls: Self.shortfalls(of: runs)
            )
        }
        let sorted = unranked.sorted { a, b in
            if a.totals.defects != b.totals.defects { return a.totals.defects < b.totals.defects }
            if a.totals.dispatches != b.totals.dispatches {
                return a.totals.dispatches < b.totals.dispatches
            }
            if a.combination.plugins.count != b.combination.plugins.count {
                return a.combination.plugins.count < b.combination.plugins.count
            }
            if a.totals.dispatchNanoseconds != b.totals.dispatchNanoseconds {
                return a.totals.dispatchNanoseconds < b.totals.dispatchNanoseconds
            }
            return a.combination < b.combination
        }
        entries = sorted.enumerated().map { index, entry in
            var entry = entry
            entry.rank = index + 1
            return entry
        }
    }

    static func shortfalls(of runs: [RunResult]) -> [Shortfall] {
        let profiles = Set(runs.map(\.profile)).sorted { a, b in
            let known = ScenarioProfile.allCases.map(\.rawValue)
            return (known.firstIndex(of: a) ?? known.count, a) < (
                known.firstIndex(of: b) ?? known.count, b
            )
        }
        var shortfalls: [Shortfall] = []
        for profile in profiles {
            let profileRuns = runs.filter { $0.profile == profile }
            for (index, metric) in RunMetrics().defectCounts.enumerated() {
                var count = 0
                var files: Set<String> = []
                for run in profileRuns {
                    let value = run.metrics.defectCounts[index].count
                    guard value > 0 else { continue }
                    count += value
                    files.insert(run.file.split(separator: "/").last.map(String.init) ?? run.file)
                }
                if count > 0 {
                    shortfalls.append(
                        Shortfall(
                            profile: profile, metric: metric.key, label: metric.label, count: count,
                            files: files.sorted()
                        )
                    )
                }
            }
        }
        return shortfalls
    }
}
