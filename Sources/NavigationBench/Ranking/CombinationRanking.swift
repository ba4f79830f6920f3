#if os(macOS) || os(Linux)
import Foundation
import NavigationConformance
import NavigationHooks
import NavigationScenarioRunner
import NavigationScenarios
import NavigationSimulator
import NavigationStrategies

/// Plugin combinations ranked by what a user chooses on: defects the documented model shows,
/// then the worst case over the inferred rules' second readings, then the risks the simulator
/// can name, then size and cost.
///
/// Order (each key breaks the ties of the one before; nothing measured in time takes part,
/// so the order is the same on every run):
/// 1. fewer defects on the **documented** model (``RunResult/documentedModelDefects``, summed
///    over all runs): a real defect never ranks below one only a second reading shows;
/// 2. fewer defects in the **worst** case (each run's worse reading, summed);
/// 3. fewer **unasked** points: (profile, scenario file, user input, point) where another
///    combination, in a run without defects, dispatches the point while the user input is
///    handled and this one does not, so an app's handlers on that point are silently never
///    called (a `backButtonAction` handler under `ShouldPopItemGuard` alone);
/// 4. fewer profiles using **private** API (R27);
/// 5. fewer methods **patched** process-wide on UIKit (``RunRisks/replacedMethods``);
/// 6. fewer runs whose outcome rests on an **inferred** rule;
/// 7. fewer plugins (a plugin that changes nothing does not rank higher);
/// 8. fewer dispatches (the same on every run); then by name.
///
/// Each entry lists, per profile, where the combination falls short, e.g.
/// `ios26: 3 unguarded (content-swipe.nav)`.
struct CombinationRanking: Sendable {
    /// One metric a combination got wrong under one profile.
    struct Shortfall: Hashable, Sendable, CustomStringConvertible {
        /// The profile's name.
        var profile: String
        /// The metric's JSON key, e.g. `unguardedPops`.
        var metric: String
        /// The metric's short label, e.g. `unguarded`.
        var label: String
        /// How many, summed over the profile's runs.
        var count: Int
        /// The scenario files (base names) that contributed, sorted.
        var files: [String]

        /// `3 unguarded (a.nav, b.nav)`, listing at most three files.
        var description: String {
            let shown = files.prefix(3).joined(separator: ", ")
            let more = files.count > 3 ? ", +\(files.count - 3)" : ""
            return "\(count) \(label) (\(shown)\(more))"
        }
    }

    /// One ranked combination.
    struct Entry: Hashable, Sendable {
        /// 1-based; equal defects and cost share nothing: ranks are positions.
        var rank: Int
        /// The plugins.
        var combination: PluginCombination
        /// The metrics of all its runs added up: each run's worse reading (the worst case).
        var totals: RunMetrics
        /// The defects of all its runs on the documented model (``RunResult/documentedModelDefects``).
        var documentedDefects: Int
        /// How many runs it had.
        var runs: Int
        /// Where it falls short, by profile (profile order), then metric (the report's column order).
        var shortfalls: [Shortfall]
        /// Its risks (the ranking's keys 3–6).
        var risk = Risk()

        /// Shortfalls grouped per profile: `ios26: 3 unguarded (x.nav), 1 frozen (y.nav)`.
        var shortfallLines: [String] {
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
        var groupedShortfallLines: [String] {
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
    struct Risk: Hashable, Sendable {
        /// Unasked points, `ios17 draft-editor-tap-back.nav tap-back: backButtonAction`, each with
        /// how many times it was found: copies of a file in other folders name the same points,
        /// so each text is held once however many copies there are.
        var unaskedPointCounts: [String: Int] = [:]
        /// Profiles on which it uses private API.
        var privateAPIProfiles: [String] = []
        /// Mechanisms it replaces process-wide on UIKit.
        var patchedMethods: [String] = []
        /// Runs whose outcome rests on an inferred rule.
        var inferredRuns = 0
        /// The unasked points counted by ``summaryKey(of:)`` instead, when only the table or
        /// Markdown is made (distinct files name distinct points; these counts do not grow
        /// with them): ``unaskedPointCounts`` is then empty.
        var unaskedCounts: [String: Int]?

        /// The unasked points sorted, each as many times as it was found (the JSON's list).
        var unaskedPoints: [String] {
            unaskedPointCounts.sorted { $0.key < $1.key }.flatMap { Array(repeating: $0.key, count: $0.value) }
        }

        /// How many unasked points.
        var unaskedCount: Int { (unaskedCounts ?? unaskedPointCounts).values.reduce(0, +) }

        /// The unasked points without profile and file, most frequent first:
        /// `tap-back: backButtonAction (12)`.
        var unaskedSummary: [String] {
            var counts = unaskedCounts ?? [:]
            if unaskedCounts == nil {
                for (point, times) in unaskedPointCounts { counts[Self.summaryKey(of: point), default: 0] += times }
            }
            return counts.sorted { ($1.value, $0.key) < ($0.value, $1.key) }.map { "\($0.key) (\($0.value))" }
        }

        /// An unasked point without its profile and file: `tap-back: backButtonAction`. Read
        /// from the right: a file's name may hold spaces, an input keyword and a point do not.
        static func summaryKey(of point: String) -> String {
            guard let colon = point.range(of: ": ", options: .backwards) else { return point }
            let input = point[..<colon.lowerBound].split(separator: " ").last ?? ""
            return String(input + point[colon.lowerBound...])
        }

        /// The sort key, in ranking order.
        var key: [Int] { [unaskedCount, privateAPIProfiles.count, patchedMethods.count, inferredRuns] }
    }

    /// The combinations, best first.
    let entries: [Entry]
    /// Some run tried to leave a guarded screen (``RunRisks/triesGuardedExit``). When none
    /// did, no guard can change a result: a combination that drops protection ranks as well
    /// as one that keeps it, and reports say so.
    let triesGuardedExit: Bool

    /// The best-ranked combination that uses no private API on any profile, or `nil`.
    var bestWithoutPrivateAPI: Entry? { entries.first { $0.risk.privateAPIProfiles.isEmpty } }

    /// The runs resting on an inferred rule, when every combination has the same number
    /// (the column then tells nothing apart), or `nil` when they differ.
    var sameInferredRuns: Int? {
        guard let first = entries.first?.risk.inferredRuns else { return nil }
        return entries.allSatisfy { $0.risk.inferredRuns == first } ? first : nil
    }

    /// `true` when a shortfall names a file whose defects only a rule's alternative reading
    /// shows (`a.nav (R50 alt)`): the table's legend then says what the label means.
    var dependsOnVariants: Bool {
        entries.contains { $0.shortfalls.contains { $0.files.contains { $0.hasSuffix(" alt)") } } }
    }

    /// Ranks the combinations found in `results`.
    init(results: [RunResult]) {
        let triesGuardedExit = results.contains { $0.risks.triesGuardedExit }
        let groups = Self.groups(of: results)
        // Per profile, file and user input, every point some combination dispatched in a run
        // without defects: a run that went wrong may meet the input in another state (a screen
        // it should not have popped), and asks what a correct run never would.
        let index = UnaskedPointsIndex(results: results)
        var reachable: [InputKey: Set<String>] = [:]
        if index == nil {
            for result in results where result.metrics.defects == 0 {
                for (input, points) in result.risks.pointsByInput {
                    reachable[InputKey(profile: result.profile, file: result.file, input: input), default: []]
                        .formUnion(points)
                }
            }
        }
        let places = RunPlaces(results)
        let unranked = groups.map { combination, members in
            var risk = Self.installationRisk(ofRunsAt: members, in: results, places: places)
            let unasked =
                index?.unaskedPoints(ofRunsAt: members)
                ?? Self.unaskedPoints(of: members.map { results[$0] }, reachable: reachable)
            risk.unaskedPointCounts = unasked.reduce(into: [:]) { $0[$1, default: 0] += 1 }
            return Entry(
                rank: 0,
                combination: combination,
                totals: members.reduce(RunMetrics()) { $0 + results[$1].metrics },
                documentedDefects: members.reduce(0) { $0 + results[$1].documentedModelDefects },
                runs: members.count,
                shortfalls: Self.shortfalls(ofRunsAt: members, in: results, places: places),
                risk: risk
            )
        }
        self.init(ranking: unranked, triesGuardedExit: triesGuardedExit)
    }

    /// Ranks `unranked` (their ``Entry/rank`` is set here) in the order the type describes.
    init(ranking unranked: [Entry], triesGuardedExit: Bool) {
        self.triesGuardedExit = triesGuardedExit
        // Each entry's keys are read once, then the positions sorted: comparing entries read
        // `risk.key` (an array, and a sum over a dictionary) twice at each of the n log n
        // comparisons, and copied both entries (a debug build spent 4% of a merge here).
        let keys = unranked.map(SortKey.init)
        let order = keys.indices.sorted { a, b in
            if let decided = keys[a].precedes(keys[b]) { return decided }
            return unranked[a].combination < unranked[b].combination
        }
        entries = order.enumerated().map { rank, index in
            var entry = unranked[index]
            entry.rank = rank + 1
            return entry
        }
    }

    /// An entry's ranking keys but the last (its combination), in ranking order.
    private struct SortKey {
        var documentedDefects: Int
        var defects: Int
        var risk: [Int]
        var plugins: Int
        var dispatches: Int

        init(_ entry: Entry) {
            (documentedDefects, defects, risk) = (entry.documentedDefects, entry.totals.defects, entry.risk.key)
            (plugins, dispatches) = (entry.combination.plugins.count, entry.totals.dispatches)
        }

        /// Whether this key ranks before `other`; `nil` when they tie on every key.
        func precedes(_ other: SortKey) -> Bool? {
            if documentedDefects != other.documentedDefects { return documentedDefects < other.documentedDefects }
            if defects != other.defects { return defects < other.defects }
            if risk != other.risk { return risk.lexicographicallyPrecedes(other.risk) }
            if plugins != other.plugins { return plugins < other.plugins }
            if dispatches != other.dispatches { return dispatches < other.dispatches }
            return nil
        }
    }

    /// One user input kind in one file on one profile.
    struct InputKey: Hashable {
        var profile: String
        var file: String
        var input: String

        /// `ios17 draft-editor-tap-back.nav tap-back`.
        var description: String {
            "\(profile) \(file.split(separator: "/").last.map(String.init) ?? file) \(input)"
        }
    }

    /// The points of `reachable` that `runs` never dispatched for an input they met, sorted.
    static func unaskedPoints(of runs: [RunResult], reachable: [InputKey: Set<String>]) -> [String] {
        var asked: [InputKey: Set<String>] = [:]
        for run in runs {
            for (input, points) in run.risks.pointsByInput {
                asked[InputKey(profile: run.profile, file: run.file, input: input), default: []].formUnion(points)
            }
        }
        var unasked: [String] = []
        for (key, points) in asked {
            for point in (reachable[key] ?? []).subtracting(points) {
                unasked.append("\(key.description): \(point)")
            }
        }
        return unasked.sorted()
    }

    /// The risks of the runs at `members` but the unasked points: private API, patched
    /// methods, inferred runs.
    static func installationRisk(ofRunsAt members: [Int], in results: [RunResult], places: RunPlaces) -> Risk {
        var risk = Risk()
        var privateProfiles: Set<Int> = []
        var patched: Set<String> = []
        var lastPatched: [String] = []
        for index in members {
            let risks = results[index].risks
            if risks.usesPrivateAPI { privateProfiles.insert(places.profile[index]) }
            // Runs of a combination mostly list the same methods (the same array): added once.
            if risks.replacedMethods != lastPatched {
                patched.formUnion(risks.replacedMethods)
                lastPatched = risks.replacedMethods
            }
            if !results[index].inferredRules.isEmpty { risk.inferredRuns += 1 }
        }
        risk.privateAPIProfiles = places.ordered(profiles: privateProfiles)
        risk.patchedMethods = patched.sorted()
        return risk
    }

    /// The indices of each combination's runs in `results`, in order. A combination's name list is
    /// made once per distinct plugin list, not once per run.
    static func groups(of results: [RunResult]) -> [PluginCombination: [Int]] {
        var indicesByList: [[String]: [Int]] = [:]
        for (index, result) in results.enumerated() { indicesByList[result.plugins, default: []].append(index) }
        var indices: [PluginCombination: [Int]] = [:]
        for (list, members) in indicesByList {
            indices[PluginCombination(list), default: []].append(contentsOf: members)
        }
        // Lists that name the same combination differently (unsorted, repeated) are merged
        // back into the order of `results`.
        return indices.mapValues { members in
            members.count > 1 && zip(members, members.dropFirst()).contains { $0 > $1 } ? members.sorted() : members
        }
    }

    /// The defect metric at `index` of ``RunMetrics/defectFields``, without building a list.
    static func defect(_ index: Int, of metrics: RunMetrics) -> Int {
        metrics[keyPath: RunMetrics.defectFields[index].keyPath]
    }

    /// Where the runs at `members` fall short, by profile (profile order), then metric.
    /// A file as a shortfall line names it: `a.nav`, or `a.nav (R62 alt)` when the run's
    /// outcome is a rule's alternative reading (worse than the documented model there).
    static func fileLabel(_ baseName: String, variant: String?) -> String {
        variant.map { "\(baseName) (\($0))" } ?? baseName
    }

    static func shortfalls(ofRunsAt members: [Int], in results: [RunResult], places: RunPlaces) -> [Shortfall] {
        let metrics = RunMetrics().defectCounts
        // Per profile, in one pass: each metric's sum and the files (by number) that contributed.
        var counts = [[Int]](repeating: [Int](repeating: 0, count: metrics.count), count: places.profileNames.count)
        var files = [[Set<Int>]](
            repeating: Array(repeating: [], count: metrics.count), count: places.profileNames.count)
        var profiles: Set<Int> = []
        // Files whose defects only a rule's alternative reading shows, labelled with it.
        var variantFiles: [Int: [Int: Set<String>]] = [:]
        for index in members {
            let profile = places.profile[index]
            profiles.insert(profile)
            let runMetrics = results[index].metrics
            for metric in metrics.indices {
                let value = defect(metric, of: runMetrics)
                guard value > 0 else { continue }
                counts[profile][metric] += value
                if let variant = results[index].variant {
                    variantFiles[profile, default: [:]][metric, default: []].insert(
                        fileLabel(places.fileNames[places.file[index]], variant: variant))
                } else {
                    files[profile][metric].insert(places.file[index])
                }
            }
        }
        var shortfalls: [Shortfall] = []
        for name in places.ordered(profiles: profiles) {
            guard let profile = places.profileNames.firstIndex(of: name) else { continue }
            for (index, metric) in metrics.enumerated() where counts[profile][index] > 0 {
                shortfalls.append(
                    Shortfall(
                        profile: name, metric: metric.key, label: metric.label, count: counts[profile][index],
                        files: Set(files[profile][index].map { places.fileNames[$0] })
                            .union(variantFiles[profile]?[index] ?? []).sorted()
                    )
                )
            }
        }
        return shortfalls
    }

    /// Each run's profile and file as numbers, named once: the ranking reads them 512 times.
    struct RunPlaces {
        /// Per run: its profile's number in `profileNames`.
        var profile: [Int] = []
        /// Per run: its file's number in `fileNames`.
        var file: [Int] = []
        var profileNames: [String] = []
        /// Base names (`x.nav`).
        var fileNames: [String] = []

        init(_ results: [RunResult]) {
            var profiles: [String: Int] = [:]
            var files: [String: Int] = [:]
            var lastFile: String?
            profile.reserveCapacity(results.count)
            file.reserveCapacity(results.count)
            for result in results {
                // Runs of one scenario and profile come together: mostly the last ones again.
                if let last = profile.last, profileNames[last] == result.profile {
                    profile.append(last)
                } else {
                    let number = profiles[result.profile] ?? profileNames.count
                    if number == profileNames.count { profileNames.append(result.profile) }
                    profiles[result.profile] = number
                    profile.append(number)
                }
                if let last = file.last, lastFile == result.file {
                    file.append(last)
                } else {
                    let number = files[result.file] ?? fileNames.count
                    if number == fileNames.count {
                        fileNames.append(result.file.split(separator: "/").last.map(String.init) ?? result.file)
                    }
                    files[result.file] = number
                    file.append(number)
                    lastFile = result.file
                }
            }
        }

        /// `profiles` (numbers) as names, in ``ScenarioProfile`` order, unknown ones after by name.
        func ordered(profiles: Set<Int>) -> [String] {
            let known = ScenarioProfile.allCases.map(\.rawValue)
            return profiles.map { profileNames[$0] }.sorted { a, b in
                (known.firstIndex(of: a) ?? known.count, a) < (known.firstIndex(of: b) ?? known.count, b)
            }
        }
    }
}
#endif
