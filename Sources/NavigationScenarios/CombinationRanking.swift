/// Plugin combinations ranked by what a user chooses on: defects, then the risks the
/// simulator can name, then size and cost.
///
/// Order (each key breaks the ties of the one before; nothing measured in time takes part,
/// so the order is the same on every run):
/// 1. fewer defects (summed over all runs);
/// 2. fewer **unasked** points: (profile, user input, point) where another combination of the
///    matrix dispatches the point while the user input is handled and this one does not, so an
///    app's handlers on that point are silently never called (a `backButtonAction` handler
///    under `ShouldPopItemHook` alone);
/// 3. fewer profiles using **private** API (R27);
/// 4. fewer methods **patched** process-wide on UIKit (``RunRisks/replacedMethods``);
/// 5. fewer runs whose outcome rests on an **inferred** rule;
/// 6. fewer plugins (a plugin that changes nothing does not rank higher);
/// 7. fewer dispatches (the same on every run); then by name.
///
/// Each entry lists, per profile, where the combination falls short, e.g.
/// `ios26: 3 unguarded (content-swipe.nav)`.
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
        /// Its risks (the ranking's keys 2–5).
        public var risk = Risk()

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

        /// ``shortfallLines`` with profiles that fall short alike on one line:
        /// `ios13, ios14: 1 unguarded (x.nav)`.
        public var groupedShortfallLines: [String] {
            var order: [String] = []
            var profiles: [String: [String]] = [:]
            for line in shortfallLines {
                guard let colon = line.firstIndex(of: ":") else { continue }
                let rest = String(line[line.index(after: colon)...])
                if profiles[rest] == nil { order.append(rest) }
                profiles[rest, default: []].append(String(line[..<colon]))
            }
            return order.map { (profiles[$0] ?? []).joined(separator: ", ") + ":" + $0 }
        }
    }

    /// What a combination risks beyond its defects, summed over its runs.
    public struct Risk: Hashable, Sendable {
        /// Unasked points: `ios17 draft-editor-tap-back.nav tap-back: backButtonAction`, sorted.
        public var unaskedPoints: [String] = []
        /// Profiles on which it uses private API.
        public var privateAPIProfiles: [String] = []
        /// Mechanisms it replaces process-wide on UIKit.
        public var patchedMethods: [String] = []
        /// Runs whose outcome rests on an inferred rule.
        public var inferredRuns = 0

        /// The unasked points without profile and file, most frequent first:
        /// `tap-back: backButtonAction (12)`.
        public var unaskedSummary: [String] {
            var counts: [String: Int] = [:]
            for point in unaskedPoints {
                let parts = point.split(separator: " ")
                counts[parts.dropFirst(2).joined(separator: " "), default: 0] += 1
            }
            return counts.sorted { ($1.value, $0.key) < ($0.value, $1.key) }.map { "\($0.key) (\($0.value))" }
        }

        /// The sort key, in ranking order.
        var key: [Int] { [unaskedPoints.count, privateAPIProfiles.count, patchedMethods.count, inferredRuns] }
    }

    /// The combinations, best first.
    public let entries: [Entry]

    /// Ranks the combinations found in `results`.
    public init(results: [RunResult]) {
        var groups: [PluginCombination: [RunResult]] = [:]
        for result in results { groups[PluginCombination(result.plugins), default: []].append(result) }
        // Per profile and user input, every point some combination dispatched.
        var reachable: [String: Set<String>] = [:]
        for result in results {
            for (input, points) in result.risks.pointsByInput {
                reachable[Self.inputKey(result, input), default: []].formUnion(points)
            }
        }
        let unranked = groups.map { combination, runs in
            Entry(
                rank: 0,
                combination: combination,
                totals: runs.map(\.metrics).reduce(RunMetrics(), +),
                runs: runs.count,
                shortfalls: Self.shortfalls(of: runs),
                risk: Self.risk(of: runs, reachable: reachable)
            )
        }
        let sorted = unranked.sorted { a, b in
            if a.totals.defects != b.totals.defects { return a.totals.defects < b.totals.defects }
            if a.risk.key != b.risk.key { return a.risk.key.lexicographicallyPrecedes(b.risk.key) }
            if a.combination.plugins.count != b.combination.plugins.count {
                return a.combination.plugins.count < b.combination.plugins.count
            }
            if a.totals.dispatches != b.totals.dispatches {
                return a.totals.dispatches < b.totals.dispatches
            }
            return a.combination < b.combination
        }
        entries = sorted.enumerated().map { index, entry in
            var entry = entry
            entry.rank = index + 1
            return entry
        }
    }

    /// `ios17 draft-editor-tap-back.nav tap-back`: one user input kind in one file on one profile.
    static func inputKey(_ run: RunResult, _ input: String) -> String {
        "\(run.profile) \(run.file.split(separator: "/").last.map(String.init) ?? run.file) \(input)"
    }

    static func risk(of runs: [RunResult], reachable: [String: Set<String>]) -> Risk {
        var risk = Risk()
        var asked: [String: Set<String>] = [:]
        var privateProfiles: Set<String> = []
        var patched: Set<String> = []
        for run in runs {
            for (input, points) in run.risks.pointsByInput {
                asked[Self.inputKey(run, input), default: []].formUnion(points)
            }
            if run.risks.usesPrivateAPI { privateProfiles.insert(run.profile) }
            patched.formUnion(run.risks.replacedMethods)
            if !run.inferredRules.isEmpty { risk.inferredRuns += 1 }
        }
        for (key, points) in asked {
            for point in (reachable[key] ?? []).subtracting(points) {
                risk.unaskedPoints.append("\(key): \(point)")
            }
        }
        let profileOrder = ScenarioProfile.allCases.map(\.rawValue)
        risk.unaskedPoints.sort()
        risk.privateAPIProfiles = privateProfiles.sorted {
            (profileOrder.firstIndex(of: $0) ?? 99, $0) < (profileOrder.firstIndex(of: $1) ?? 99, $1)
        }
        risk.patchedMethods = patched.sorted()
        return risk
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
