#if os(macOS) || os(Linux)
import Foundation
import NavigationScenarioRunner
import NavigationScenarios

/// Builds a ``CombinationRanking`` from runs handed over one at a time, in plan order,
/// keeping per combination only its totals, shortfalls and risks: never the runs. Its memory
/// grows with the combinations and the distinct file names, not with the runs.
///
/// The unasked points compare the combinations' runs of one file on one profile, so each
/// scenario-and-profile group (consecutive runs of one file and profile) keeps what they need
/// (each run's slot and the points it dispatched per user input) until the next begins. Gives
/// the ranking ``CombinationRanking/init(results:)`` gives for the same runs when each file and
/// profile's runs come together (as a plan makes them).
///
/// A run costs integer work only (it runs half a million times in a debug build's default
/// command): what is the same for a whole group (its profile, its file's label, the texts of
/// its unasked points) is added to the tallies once per group and combination, when it ends.
struct RankingAccumulator {
    /// What one combination has added up so far.
    fileprivate struct Tally: Codable {
        var totals = RunMetrics()
        /// The documented model's defects (``RunResult/documentedModelDefects``).
        var documented = 0
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

        /// Adds a run's metrics and risks but those the group adds when it ends: its defects by
        /// metric, its private API and its unasked points (``GroupSums``).
        mutating func add(_ result: RunResult, defects: Int) {
            totals = totals + result.metrics
            documented += result.documentedDefects ?? defects
            runs += 1
            if result.risks.replacedMethods != lastPatched {
                patched.formUnion(result.risks.replacedMethods)
                lastPatched = result.risks.replacedMethods
            }
            if !result.inferredRules.isEmpty { inferredRuns += 1 }
        }
    }

    /// What the current group adds to each slot it touched when it ends, indexed by slot.
    private struct GroupSums {
        /// Each slot's defect sums, `slot * metricCount + metric`.
        var counts: [Int] = []
        /// Per slot: the metrics with defects in a run of the documented model (labelled with
        /// the file's base name), as bits.
        var plainMetrics: [UInt32] = []
        /// Per slot: it has defects, or uses private API, in this group.
        var touched: [Bool] = []
        var usesPrivateAPI: [Bool] = []
        /// The slots touched, in the order first touched.
        var touchedSlots: [Int] = []
        /// Runs whose outcome is a rule's alternative: their slot, metrics (bits) and file label.
        var variantFiles: [(slot: Int, metrics: UInt32, label: String)] = []
        /// Runs that dispatched points for a user input: their slot, those points by input, and
        /// whether the run had no defect (its points are then reachable).
        var asked: [(slot: Int, pointsByInput: [String: [String]], defectFree: Bool)] = []

        /// Makes room for slots up to `count`.
        mutating func grow(to count: Int, metrics: Int) {
            while touched.count < count {
                touched.append(false)
                usesPrivateAPI.append(false)
                plainMetrics.append(0)
                counts.append(contentsOf: repeatElement(0, count: metrics))
            }
        }

        mutating func touch(_ slot: Int) {
            if !touched[slot] {
                touched[slot] = true
                touchedSlots.append(slot)
            }
        }
    }

    /// Each combination's tally, by slot.
    private var tallies: [Tally] = []
    private var slotCombinations: [PluginCombination] = []
    private var slots: [PluginCombination: Int] = [:]
    /// The slot of each plugin list seen (a combination is made once per list).
    private var listSlots: [[String]: Int] = [:]
    /// The previous group's plugin lists and slots, by position: groups list the combinations
    /// in the same order, so a run's slot is mostly found without hashing its list (the same
    /// list is mostly the same array, which compares at once).
    private var lastLists: [[String]] = []
    private var lastSlots: [Int] = []
    private var lists: [[String]] = []
    private var groupSlots: [Int] = []
    private var triesGuardedExit = false
    /// The current group's file and profile, and its sums.
    private var group: (file: String, profile: String)?
    private var groupSums = GroupSums()
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
        if let group, group.file != result.file || group.profile != result.profile { flush() }
        if group == nil { group = (result.file, result.profile) }
        let position = lists.count
        let slot: Int
        if position < lastLists.count, lastLists[position] == result.plugins {
            slot = lastSlots[position]
        } else {
            slot = self.slot(of: result.plugins)
        }
        lists.append(result.plugins)
        groupSlots.append(slot)
        groupSums.grow(to: tallies.count, metrics: metrics.count)
        triesGuardedExit = triesGuardedExit || result.risks.triesGuardedExit

        let values = result.metrics.defectValues
        var defects = 0
        var defective: UInt32 = 0
        for index in values.indices where values[index] > 0 {
            defects += values[index]
            defective |= 1 << UInt32(index)
            groupSums.counts[slot * metrics.count + index] += values[index]
        }
        tallies[slot].add(result, defects: defects)
        if defective != 0 {
            groupSums.touch(slot)
            if let variant = result.variant {
                groupSums.variantFiles.append(
                    (slot, defective, CombinationRanking.fileLabel(Self.baseName(result.file), variant: variant)))
            } else {
                groupSums.plainMetrics[slot] |= defective
            }
        }
        if result.risks.usesPrivateAPI {
            groupSums.touch(slot)
            groupSums.usesPrivateAPI[slot] = true
        }
        if !result.risks.pointsByInput.isEmpty {
            groupSums.asked.append((slot, result.risks.pointsByInput, defects == 0))
        }
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
                rank: 0, combination: combination, totals: tally.totals, documentedDefects: tally.documented,
                runs: tally.runs, shortfalls: shortfalls, risk: risk)
        }
        return CombinationRanking(ranking: entries, triesGuardedExit: triesGuardedExit)
    }

    /// `all-hidden-onboarding.nav` of `Examples/Scenarios/all-hidden-onboarding.nav`: the name without its folder.
    private static func baseName(_ file: String) -> String {
        file.split(separator: "/").last.map(String.init) ?? file
    }

    /// Adds the current group's sums to the tallies of the slots it touched, and its unasked
    /// points.
    private mutating func flush() {
        guard let (file, profile) = group else { return }
        group = nil
        lastLists = lists
        lastSlots = groupSlots
        lists.removeAll(keepingCapacity: true)
        groupSlots.removeAll(keepingCapacity: true)
        let baseName = Self.baseName(file)
        let zeros = [Int](repeating: 0, count: metrics.count)
        let noFiles = [Set<String>](repeating: [], count: metrics.count)
        for slot in groupSums.touchedSlots {
            let first = slot * metrics.count
            let plain = groupSums.plainMetrics[slot]
            if plain != 0 || groupSums.counts[first..<(first + metrics.count)].contains(where: { $0 > 0 }) {
                var counts = tallies[slot].counts[profile] ?? zeros
                for index in counts.indices {
                    counts[index] += groupSums.counts[first + index]
                    groupSums.counts[first + index] = 0
                }
                tallies[slot].counts[profile] = counts
                if plain != 0 {
                    var files = tallies[slot].files[profile] ?? noFiles
                    for index in files.indices where plain & (1 << UInt32(index)) != 0 { files[index].insert(baseName) }
                    tallies[slot].files[profile] = files
                }
            }
            if groupSums.usesPrivateAPI[slot] { tallies[slot].privateProfiles.insert(profile) }
            groupSums.touched[slot] = false
            groupSums.usesPrivateAPI[slot] = false
            groupSums.plainMetrics[slot] = 0
        }
        groupSums.touchedSlots.removeAll(keepingCapacity: true)
        for (slot, defective, label) in groupSums.variantFiles {
            var files = tallies[slot].files[profile] ?? noFiles
            for index in files.indices where defective & (1 << UInt32(index)) != 0 { files[index].insert(label) }
            tallies[slot].files[profile] = files
        }
        groupSums.variantFiles.removeAll(keepingCapacity: true)
        addUnaskedPoints(file: file, profile: profile)
        groupSums.asked.removeAll(keepingCapacity: true)
    }

    /// Adds the current group's unasked points: per slot, for each user input its runs met, the
    /// points some run without defects dispatched for it and none of the slot's runs did
    /// (``CombinationRanking/unaskedPoints(of:reachable:)``). Inputs and points are numbered
    /// per group, a point's number its bit; a group that names more than 64 of either is
    /// added from their names instead.
    private mutating func addUnaskedPoints(file: String, profile: String) {
        let asked = groupSums.asked
        guard !asked.isEmpty else { return }
        var inputs: [String] = []
        var points: [String] = []
        func number(_ name: String, in names: inout [String]) -> Int? {
            if let index = names.firstIndex(of: name) { return index }
            guard names.count < 64 else { return nil }
            names.append(name)
            return names.count - 1
        }
        // Per run: (input number, points as bits).
        var numbered: [[(input: Int, points: UInt64)]] = []
        numbered.reserveCapacity(asked.count)
        var reachable: [UInt64] = []
        for run in asked {
            var pairs: [(input: Int, points: UInt64)] = []
            for (input, names) in run.pointsByInput {
                guard let inputNumber = number(input, in: &inputs) else {
                    return addUnaskedPointsByName(file: file, profile: profile)
                }
                var mask: UInt64 = 0
                for name in names {
                    guard let bit = number(name, in: &points) else {
                        return addUnaskedPointsByName(file: file, profile: profile)
                    }
                    mask |= 1 << UInt64(bit)
                }
                while reachable.count < inputs.count { reachable.append(0) }
                if run.defectFree { reachable[inputNumber] |= mask }
                pairs.append((inputNumber, mask))
            }
            numbered.append(pairs)
        }
        // Per slot (in the order first met): the inputs it met and the points it asked.
        var order: [Int] = []
        var met: [Int: (inputs: UInt64, asked: [UInt64])] = [:]
        for (run, pairs) in zip(asked, numbered) {
            var entry = met[run.slot] ?? (0, [UInt64](repeating: 0, count: inputs.count))
            if met[run.slot] == nil { order.append(run.slot) }
            for pair in pairs {
                entry.inputs |= 1 << UInt64(pair.input)
                entry.asked[pair.input] |= pair.points
            }
            met[run.slot] = entry
        }
        // Each (input, point) text once per group.
        var texts: [Int: String] = [:]
        for slot in order {
            guard let entry = met[slot] else { continue }
            var inputsLeft = entry.inputs
            while inputsLeft != 0 {
                let input = inputsLeft.trailingZeroBitCount
                inputsLeft &= inputsLeft - 1
                var missing = reachable[input] & ~entry.asked[input]
                while missing != 0 {
                    let point = missing.trailingZeroBitCount
                    missing &= missing - 1
                    let place = input * 64 + point
                    let key: String
                    if let known = texts[place] {
                        key = known
                    } else {
                        let text =
                            CombinationRanking.InputKey(profile: profile, file: file, input: inputs[input]).description
                            + ": " + points[point]
                        key =
                            pointTexts.insert(countsUnaskedPoints ? CombinationRanking.Risk.summaryKey(of: text) : text)
                            .memberAfterInsert
                        texts[place] = key
                    }
                    tallies[slot].unasked[key, default: 0] += 1
                }
            }
        }
    }

    /// ``addUnaskedPoints(file:profile:)`` by the points' and inputs' names.
    private mutating func addUnaskedPointsByName(file: String, profile: String) {
        var reachable: [CombinationRanking.InputKey: Set<String>] = [:]
        var order: [Int] = []
        var members: [Int: [RunResult]] = [:]
        for run in groupSums.asked {
            var result = RunResult(
                scenario: "", file: file, profile: profile, plugins: [], metrics: RunMetrics(), inferredRules: [],
                skippedSteps: [], expectFailures: [])
            result.risks.pointsByInput = run.pointsByInput
            if members[run.slot] == nil { order.append(run.slot) }
            members[run.slot, default: []].append(result)
            guard run.defectFree else { continue }
            for (input, points) in run.pointsByInput {
                reachable[.init(profile: profile, file: file, input: input), default: []].formUnion(points)
            }
        }
        for slot in order {
            for point in CombinationRanking.unaskedPoints(of: members[slot] ?? [], reachable: reachable) {
                let key = pointTexts.insert(countsUnaskedPoints ? CombinationRanking.Risk.summaryKey(of: point) : point)
                tallies[slot].unasked[key.memberAfterInsert, default: 0] += 1
            }
        }
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
            tally.documented += other.documented
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
#endif
