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
    fileprivate struct Tally: Codable {
        var totals = RunMetrics()
        var runs = 0
        /// Per profile: each defect metric's sum and the base names of the files that contributed.
        var counts: [String: [Int]] = [:]
        var files: [String: [Set<String>]] = [:]
        var privateProfiles: Set<String> = []
        var patched: Set<String> = []
        var lastPatched: [String] = []
        var inferredRuns = 0
        /// How many times each unasked point was found, by its text (``countsUnaskedPoints``:
        /// by its summary key): copies of a file in other folders add to one count.
        var unasked: [String: Int] = [:]

        /// Adds a run's metrics and risks (not its unasked points).
        mutating func add(
            _ result: RunResult, profile: String, baseName: String, metrics: [(key: String, label: String, count: Int)]
        ) {
            totals = totals + result.metrics
            runs += 1
            for index in metrics.indices {
                let value = CombinationRanking.defect(index, of: result.metrics)
                guard value > 0 else { continue }
                counts[profile, default: Array(repeating: 0, count: metrics.count)][index] += value
                files[profile, default: Array(repeating: [], count: metrics.count)][index].insert(
                    CombinationRanking.fileLabel(baseName, variant: result.variant))
            }
            if result.risks.usesPrivateAPI { privateProfiles.insert(profile) }
            if result.risks.replacedMethods != lastPatched {
                patched.formUnion(result.risks.replacedMethods)
                lastPatched = result.risks.replacedMethods
            }
            if !result.inferredRules.isEmpty { inferredRuns += 1 }
        }
    }

    /// Each combination's tally, by slot.
    private var tallies: [Tally] = []
    private var slotCombinations: [PluginCombination] = []
    private var slots: [PluginCombination: Int] = [:]
    /// The slot of each plugin list seen (a combination is made once per list).
    private var listSlots: [[String]: Int] = [:]
    /// The previous group's plugin lists and slots, by position: groups list the combinations
    /// in the same order, so a run's slot is mostly found without hashing its list.
    private var lastLists: [[String]] = []
    private var lastSlots: [Int] = []
    private var triesGuardedExit = false
    /// The runs of the current file and profile.
    private var group: [RunResult] = []
    private let metrics = RunMetrics().defectCounts
    /// Every unasked point's text (or summary key) once.
    private var pointTexts: Set<String> = []
    /// Count unasked points by ``CombinationRanking/Risk/summaryKey(of:)`` instead of by text:
    /// all a table or Markdown report shows, and flat however many distinct files there are.
    var countsUnaskedPoints = false

    /// An accumulator; `countsUnaskedPoints`: see ``countsUnaskedPoints``.
    init(countsUnaskedPoints: Bool = false) { self.countsUnaskedPoints = countsUnaskedPoints }

    /// Adds the next run.
    mutating func add(_ result: RunResult) {
        if let last = group.last, last.file != result.file || last.profile != result.profile { flush() }
        group.append(result)
    }

    /// The ranking of every run added.
    mutating func ranking() -> CombinationRanking {
        flush()
        let entries = zip(slotCombinations, tallies).map { combination, tally in
            var risk = CombinationRanking.Risk()
            if countsUnaskedPoints {
                risk.unaskedCounts = tally.unasked
            } else {
                risk.unaskedPointCounts = tally.unasked
            }
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
        var members: [Int: [RunResult]] = [:]
        var order: [Int] = []
        var lists: [[String]] = []
        var groupSlots: [Int] = []
        for (position, result) in group.enumerated() {
            let slot: Int
            if position < lastLists.count, lastLists[position] == result.plugins {
                slot = lastSlots[position]
            } else {
                slot = self.slot(of: result.plugins)
            }
            lists.append(result.plugins)
            groupSlots.append(slot)
            if members[slot] == nil { order.append(slot) }
            members[slot, default: []].append(result)
            triesGuardedExit = triesGuardedExit || result.risks.triesGuardedExit
            tallies[slot].add(result, profile: result.profile, baseName: baseName, metrics: metrics)
        }
        lastLists = lists
        lastSlots = groupSlots
        for slot in order {
            // Combinations, and copies of a file in other folders, name the same points: each
            // text is stored once.
            for point in CombinationRanking.unaskedPoints(of: members[slot] ?? [], reachable: reachable) {
                let key = pointTexts.insert(countsUnaskedPoints ? CombinationRanking.Risk.summaryKey(of: point) : point)
                tallies[slot].unasked[key.memberAfterInsert, default: 0] += 1
            }
        }
        group.removeAll(keepingCapacity: true)
    }

    /// The slot of the combination `plugins` names, made when new.
    private mutating func slot(of plugins: [String]) -> Int {
        if let known = listSlots[plugins] { return known }
        let combination = PluginCombination(plugins)
        let slot: Int
        if let known = slots[combination] {
            slot = known
        } else {
            slot = tallies.count
            tallies.append(Tally())
            slotCombinations.append(combination)
            slots[combination] = slot
        }
        listSlots[plugins] = slot
        return slot
    }

    /// What a worker sends instead of its runs when the report needs only the ranking: each
    /// combination's tally and whether a run tried to leave a guarded screen.
    struct Sums: Codable {
        fileprivate var combinations: [[String]]
        fileprivate var tallies: [Tally]
        fileprivate var triesGuardedExit: Bool

        fileprivate init(combinations: [[String]], tallies: [Tally], triesGuardedExit: Bool) {
            self.combinations = combinations
            self.tallies = tallies
            self.triesGuardedExit = triesGuardedExit
        }

        private enum CodingKeys: String, CodingKey {
            case combinations, tallies, triesGuardedExit, names, files, unasked
        }

        // The files behind each shortfall are most of the message: each tally's are written as
        // numbers, only where there are some: (profile, metric, count, file…) into `names`.
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            var names: [String] = []
            var places: [String: Int] = [:]
            func place(_ name: String) -> Int {
                if let known = places[name] { return known }
                places[name] = names.count
                names.append(name)
                return names.count - 1
            }
            var files: [[Int]] = []
            // Each tally's unasked points as (text, times) pairs, the texts into `names` too.
            var unasked: [[Int]] = []
            var bare = tallies
            for index in bare.indices {
                unasked.append(bare[index].unasked.sorted { $0.key < $1.key }.flatMap { [place($0.key), $0.value] })
                bare[index].unasked = [:]
                var numbers: [Int] = []
                for (profile, sets) in bare[index].files.sorted(by: { $0.key < $1.key }) {
                    for (metric, set) in sets.enumerated() where !set.isEmpty {
                        numbers += [place(profile), metric, set.count] + set.sorted().map(place)
                    }
                }
                files.append(numbers)
                bare[index].files = [:]
            }
            try container.encode(combinations, forKey: .combinations)
            try container.encode(bare, forKey: .tallies)
            try container.encode(triesGuardedExit, forKey: .triesGuardedExit)
            try container.encode(names, forKey: .names)
            try container.encode(files, forKey: .files)
            try container.encode(unasked, forKey: .unasked)
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            combinations = try container.decode([[String]].self, forKey: .combinations)
            tallies = try container.decode([Tally].self, forKey: .tallies)
            triesGuardedExit = try container.decode(Bool.self, forKey: .triesGuardedExit)
            let names = try container.decode([String].self, forKey: .names)
            let files = try container.decode([[Int]].self, forKey: .files)
            let unasked = try container.decode([[Int]].self, forKey: .unasked)
            let damaged = DecodingError.dataCorruptedError(
                forKey: .files, in: container, debugDescription: "files do not match the tallies")
            guard files.count == tallies.count, unasked.count == tallies.count,
                unasked.allSatisfy({ $0.count % 2 == 0 })
            else { throw damaged }
            for (index, pairs) in unasked.enumerated() {
                for pair in stride(from: 0, to: pairs.count, by: 2) {
                    guard names.indices.contains(pairs[pair]), pairs[pair + 1] > 0 else { throw damaged }
                    tallies[index].unasked[names[pairs[pair]], default: 0] += pairs[pair + 1]
                }
            }
            let metrics = RunMetrics().defectCounts.count
            for (index, numbers) in files.enumerated() {
                var position = 0
                while position + 3 <= numbers.count {
                    let (profile, metric, count) = (numbers[position], numbers[position + 1], numbers[position + 2])
                    let end = position + 3 + count
                    guard names.indices.contains(profile), (0..<metrics).contains(metric), count >= 0,
                        end <= numbers.count, numbers[(position + 3)..<end].allSatisfy(names.indices.contains)
                    else { throw damaged }
                    var sets = tallies[index].files[names[profile]] ?? Array(repeating: [], count: metrics)
                    sets[metric].formUnion(numbers[(position + 3)..<end].map { names[$0] })
                    tallies[index].files[names[profile]] = sets
                    position = end
                }
                guard position == numbers.count else { throw damaged }
            }
        }
    }

    /// The sums of every run added (the held group included).
    mutating func sums() -> Sums {
        flush()
        return Sums(
            combinations: slotCombinations.map(\.plugins), tallies: tallies, triesGuardedExit: triesGuardedExit)
    }

    /// Adds another accumulator's sums: runs of other groups (a group's runs are never split
    /// between accumulators, so each unasked point is computed whole where its group was).
    mutating func add(_ sums: Sums) {
        flush()
        triesGuardedExit = triesGuardedExit || sums.triesGuardedExit
        for (plugins, other) in zip(sums.combinations, sums.tallies) {
            let slot = self.slot(of: plugins)
            var tally = tallies[slot]
            tally.totals = tally.totals + other.totals
            tally.runs += other.runs
            for (profile, counts) in other.counts {
                var mine = tally.counts[profile] ?? Array(repeating: 0, count: counts.count)
                for index in counts.indices { mine[index] += counts[index] }
                tally.counts[profile] = mine
            }
            for (profile, files) in other.files {
                var mine = tally.files[profile] ?? Array(repeating: [], count: files.count)
                for index in files.indices { mine[index].formUnion(files[index]) }
                tally.files[profile] = mine
            }
            tally.privateProfiles.formUnion(other.privateProfiles)
            tally.patched.formUnion(other.patched)
            tally.inferredRuns += other.inferredRuns
            tally.unasked.merge(other.unasked, uniquingKeysWith: +)
            tallies[slot] = tally
        }
    }

    /// Profile names in ``ScenarioProfile`` order, unknown ones after by name.
    private static func ordered(_ profiles: Set<String>) -> [String] {
        let known = ScenarioProfile.allCases.map(\.rawValue)
        return profiles.sorted { a, b in
            (known.firstIndex(of: a) ?? known.count, a) < (known.firstIndex(of: b) ?? known.count, b)
        }
    }
}
