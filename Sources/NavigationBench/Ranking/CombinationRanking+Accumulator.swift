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
/// command): what is the same for a whole group (its file's label, the texts of its unasked
/// points) is added to the tallies once per group and combination, when it ends. The tallies
/// name profiles, file labels and unasked points by number (``Names``), so neither a run nor a
/// group hashes a string or copies a set; names come back only in ``ranking()``. The paths a
/// run takes loop over indices: a debug build's generic sequence calls (`zip`, `enumerated`,
/// `contains`, `map`) cost metadata look-ups per element, which were most of their time.
struct RankingAccumulator {
    /// Names numbered in the order first met, each once.
    fileprivate struct Names {
        private(set) var names: [String] = []
        private var numbers: [String: Int] = [:]

        /// The number of `name`, given when new.
        mutating func number(_ name: String) -> Int {
            if let known = numbers[name] { return known }
            numbers[name] = names.count
            names.append(name)
            return names.count - 1
        }

        /// Each number's place among the names sorted, by number: numbers sort as their names do.
        func ranks() -> [Int] {
            var ranks = [Int](repeating: 0, count: names.count)
            for (rank, number) in names.indices.sorted(by: { names[$0] < names[$1] }).enumerated() {
                ranks[number] = rank
            }
            return ranks
        }
    }

    /// What one combination has added up so far. Profiles, file labels and unasked points are
    /// numbers into the accumulator's ``Names``.
    fileprivate struct Tally {
        var totals = RunMetrics()
        /// The documented model's defects (``RunResult/documentedModelDefects``).
        var documented = 0
        var runs = 0
        var inferredRuns = 0
        /// By profile: each defect metric's sum; empty for a profile without defects.
        var counts: [[Int]] = []
        /// By profile, then by metric: the labels of the files that contributed, in the order
        /// added (a label may come more than once); empty for a profile without defects.
        var files: [[[Int]]] = []
        /// The label last added to each list of ``files``, at `profile * metricCount + metric`
        /// (-1 before any): read without copying the lists.
        var lastFiles: [Int] = []
        /// The profiles on which a run used private API.
        var privateProfiles: Set<Int> = []
        var patched: Set<String> = []
        /// A few of the method lists already added to ``patched`` (most runs repeat one).
        var patchedLists: [[String]] = []
        /// How many times each unasked point was found, by its text (``countsUnaskedPoints``:
        /// by its summary key): copies of a file in other folders add to one count.
        var unasked: [Int: Int] = [:]

        /// Adds a run's metrics and risks but those the group adds when it ends: its defects by
        /// metric, its private API and its unasked points (``GroupSums``).
        mutating func add(_ result: RunResult, defects: Int, replacedMethods: [String]) {
            totals = totals + result.metrics
            documented += result.documentedDefects ?? defects
            runs += 1
            // Most runs patch nothing. Not `contains` (see the type's description).
            if replacedMethods.count > 0 {
                var index = 0
                while index < patchedLists.count, patchedLists[index] != replacedMethods { index += 1 }
                if index == patchedLists.count {
                    patched.formUnion(replacedMethods)
                    if patchedLists.count < 4 { patchedLists.append(replacedMethods) }
                }
            }
            if !result.inferredRules.isEmpty { inferredRuns += 1 }
        }

        /// Makes room for `profile`'s counts and files.
        mutating func grow(to profile: Int) {
            while counts.count <= profile {
                counts.append([])
                files.append([])
            }
        }

        /// Adds a run's (or a tally's) defect counts on `profile`.
        mutating func add(counts added: [Int], profile: Int) {
            grow(to: profile)
            if counts[profile].isEmpty {
                counts[profile] = added
                return
            }
            var index = 0
            while index < added.count {
                counts[profile][index] += added[index]
                index += 1
            }
        }

        /// Adds the file `label` to the metrics `metrics` (bits) on `profile`.
        mutating func add(file label: Int, metrics: UInt32, profile: Int, metricCount: Int) {
            if counts.count <= profile { grow(to: profile) }
            if files[profile].isEmpty { files[profile] = Array(repeating: [], count: metricCount) }
            var left = metrics
            while left != 0 {
                let metric = left.trailingZeroBitCount
                left &= left - 1
                guard metric < metricCount else { break }
                let last = profile * metricCount + metric
                while lastFiles.count <= last { lastFiles.append(-1) }
                if lastFiles[last] != label {
                    files[profile][metric].append(label)
                    lastFiles[last] = label
                }
            }
        }

        /// Adds another accumulator's tally, its numbers mapped to this one's names.
        mutating func add(_ other: Tally, profiles: [Int], labels: [Int], points: [Int]) {
            totals = totals + other.totals
            documented += other.documented
            runs += other.runs
            inferredRuns += other.inferredRuns
            var profile = 0
            while profile < other.counts.count {
                let mine = profiles[profile]
                if !other.counts[profile].isEmpty { add(counts: other.counts[profile], profile: mine) }
                let files = other.files[profile]
                if !files.isEmpty {
                    grow(to: mine)
                    if self.files[mine].isEmpty { self.files[mine] = Array(repeating: [], count: files.count) }
                    var metric = 0
                    while metric < files.count {
                        var index = 0
                        while index < files[metric].count {
                            self.files[mine][metric].append(labels[files[metric][index]])
                            index += 1
                        }
                        metric += 1
                    }
                }
                profile += 1
            }
            for profile in other.privateProfiles { privateProfiles.insert(profiles[profile]) }
            patched.formUnion(other.patched)
            for (point, times) in other.unasked { unasked[points[point], default: 0] += times }
        }

        /// ``files`` with each list sorted by number and each label once.
        mutating func removeRepeatedFiles() {
            var profile = 0
            while profile < files.count {
                var metric = 0
                while metric < files[profile].count {
                    // Labels are numbered in plan order: a list is mostly increasing already.
                    let list = files[profile][metric]
                    var index = 1
                    while index < list.count, list[index - 1] < list[index] { index += 1 }
                    if index < list.count { files[profile][metric] = Array(Set(list)).sorted() }
                    metric += 1
                }
                profile += 1
            }
        }
    }

    /// What the current group adds to each slot it touched when it ends, indexed by slot.
    private struct GroupSums {
        /// Per slot: the metrics with defects in a run of the documented model (labelled with
        /// the file's base name), as bits.
        var plainMetrics: [UInt32] = []
        /// Per slot: it has defects in a run of the documented model, or uses private API, in
        /// this group.
        var touched: [Bool] = []
        var usesPrivateAPI: [Bool] = []
        /// Per slot: its place among the slots whose runs asked points (``asked``), or -1.
        var askedPlace: [Int] = []
        /// The slots touched, in the order first touched.
        var touchedSlots: [Int] = []
        /// Runs whose outcome is a rule's alternative: their slot, metrics (bits) and file label.
        var variantFiles: [(slot: Int, metrics: UInt32, label: Int)] = []
        /// The file labels of the group's variants, by variant.
        var variantLabels: [String: Int] = [:]
        /// Runs that dispatched points for a user input: their slot, those points by input, and
        /// whether the run had no defect (its points are then reachable).
        var asked: [(slot: Int, pointsByInput: [String: [String]], defectFree: Bool)] = []

        /// Makes room for slots up to `count`.
        mutating func grow(to count: Int) {
            while touched.count < count {
                touched.append(false)
                usesPrivateAPI.append(false)
                plainMetrics.append(0)
                askedPlace.append(-1)
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
    /// The current group's file and profile; its profile's number and its file's label.
    private var group: (file: String, profile: String)?
    private var groupProfile = 0
    private var groupLabel = 0
    private var groupSums = GroupSums()
    private let metrics = RunMetrics().defectCounts
    /// The names the tallies number: profiles, file labels, and unasked points' texts (or
    /// summary keys).
    private var profiles = Names()
    private var labels = Names()
    private var points = Names()
    /// Count unasked points by ``CombinationRanking/Risk/summaryKey(of:)`` instead of by text:
    /// all a table or Markdown report shows, and flat however many distinct files there are.
    var countsUnaskedPoints = false

    /// An accumulator; `countsUnaskedPoints`: see ``countsUnaskedPoints``.
    init(countsUnaskedPoints: Bool = false) { self.countsUnaskedPoints = countsUnaskedPoints }

    /// Adds the next run.
    mutating func add(_ result: RunResult) {
        if let group, group.file != result.file || group.profile != result.profile { flush() }
        if group == nil {
            group = (result.file, result.profile)
            groupProfile = profiles.number(result.profile)
            groupLabel = labels.number(Self.baseName(result.file))
        }
        let position = lists.count
        let slot: Int
        if position < lastLists.count, lastLists[position] == result.plugins {
            slot = lastSlots[position]
        } else {
            slot = self.slot(of: result.plugins)
        }
        lists.append(result.plugins)
        groupSlots.append(slot)
        groupSums.grow(to: tallies.count)
        let risks = result.risks
        triesGuardedExit = triesGuardedExit || risks.triesGuardedExit

        let values = result.metrics.defectValues
        var defects = 0
        var defective: UInt32 = 0
        var index = 0
        while index < values.count {
            if values[index] > 0 {
                defects += values[index]
                defective |= 1 << UInt32(index)
            }
            index += 1
        }
        tallies[slot].add(result, defects: defects, replacedMethods: risks.replacedMethods)
        if defective != 0 {
            tallies[slot].add(counts: values, profile: groupProfile)
            if let variant = result.variant {
                groupSums.variantFiles.append((slot, defective, variantLabel(variant, of: result.file)))
            } else {
                groupSums.touch(slot)
                groupSums.plainMetrics[slot] |= defective
            }
        }
        if risks.usesPrivateAPI {
            groupSums.touch(slot)
            groupSums.usesPrivateAPI[slot] = true
        }
        if !risks.pointsByInput.isEmpty {
            groupSums.asked.append((slot, risks.pointsByInput, defects == 0))
        }
    }

    /// The label of the current group's runs of `variant`, numbered once per group.
    private mutating func variantLabel(_ variant: String, of file: String) -> Int {
        if let known = groupSums.variantLabels[variant] { return known }
        let label = labels.number(CombinationRanking.fileLabel(Self.baseName(file), variant: variant))
        groupSums.variantLabels[variant] = label
        return label
    }

    /// The ranking of every run added.
    mutating func ranking() -> CombinationRanking {
        flush()
        // Numbers sorted once: profiles in ``ScenarioProfile`` order, labels by name.
        let profileOrder = Self.ordered(Set(profiles.names)).compactMap { name in
            profiles.names.firstIndex(of: name)
        }
        let labelRanks = labels.ranks()
        var labelsByRank = [Int](repeating: 0, count: labelRanks.count)
        for (label, rank) in labelRanks.enumerated() { labelsByRank[rank] = label }
        let entries = zip(slotCombinations, tallies).map { combination, tally in
            var risk = CombinationRanking.Risk()
            var unasked: [String: Int] = [:]
            for (point, times) in tally.unasked { unasked[points.names[point]] = times }
            if countsUnaskedPoints {
                risk.unaskedCounts = unasked
            } else {
                risk.unaskedPointCounts = unasked
            }
            risk.privateAPIProfiles = profileOrder.filter(tally.privateProfiles.contains).map { profiles.names[$0] }
            risk.patchedMethods = tally.patched.sorted()
            risk.inferredRuns = tally.inferredRuns
            var shortfalls: [CombinationRanking.Shortfall] = []
            for profile in profileOrder where profile < tally.counts.count {
                let (counts, files) = (tally.counts[profile], tally.files[profile])
                guard !counts.isEmpty, !files.isEmpty else { continue }
                for (index, metric) in metrics.enumerated() where counts[index] > 0 {
                    var ranks: [Int] = []
                    for label in files[index] { ranks.append(labelRanks[label]) }
                    ranks.sort()
                    shortfalls.append(
                        CombinationRanking.Shortfall(
                            profile: profiles.names[profile], metric: metric.key, label: metric.label,
                            count: counts[index],
                            files: Self.names(ofSortedRanks: ranks, labels: labels, byRank: labelsByRank)))
                }
            }
            return CombinationRanking.Entry(
                rank: 0, combination: combination, totals: tally.totals, documentedDefects: tally.documented,
                runs: tally.runs, shortfalls: shortfalls, risk: risk)
        }
        return CombinationRanking(ranking: entries, triesGuardedExit: triesGuardedExit)
    }

    /// The labels of `ranks` (sorted), each once.
    private static func names(ofSortedRanks ranks: [Int], labels: Names, byRank: [Int]) -> [String] {
        var names: [String] = []
        var index = 0
        while index < ranks.count {
            if index == 0 || ranks[index - 1] != ranks[index] { names.append(labels.names[byRank[ranks[index]]]) }
            index += 1
        }
        return names
    }

    /// `all-hidden-onboarding.nav` of `Examples/Scenarios/all-hidden-onboarding.nav`: the name without its folder.
    private static func baseName(_ file: String) -> String {
        file.split(separator: "/").last.map(String.init) ?? file
    }

    /// Adds the current group's sums to the tallies of the slots it touched, and its unasked
    /// points.
    private mutating func flush() {
        guard let (file, profileName) = group else { return }
        group = nil
        let (profile, label) = (groupProfile, groupLabel)
        lastLists = lists
        lastSlots = groupSlots
        lists.removeAll(keepingCapacity: true)
        groupSlots.removeAll(keepingCapacity: true)
        let metricCount = metrics.count
        var index = 0
        while index < groupSums.touchedSlots.count {
            let slot = groupSums.touchedSlots[index]
            let plain = groupSums.plainMetrics[slot]
            if plain != 0 { tallies[slot].add(file: label, metrics: plain, profile: profile, metricCount: metricCount) }
            if groupSums.usesPrivateAPI[slot] { tallies[slot].privateProfiles.insert(profile) }
            groupSums.touched[slot] = false
            groupSums.usesPrivateAPI[slot] = false
            groupSums.plainMetrics[slot] = 0
            index += 1
        }
        groupSums.touchedSlots.removeAll(keepingCapacity: true)
        index = 0
        while index < groupSums.variantFiles.count {
            let (slot, defective, label) = groupSums.variantFiles[index]
            tallies[slot].add(file: label, metrics: defective, profile: profile, metricCount: metricCount)
            index += 1
        }
        groupSums.variantFiles.removeAll(keepingCapacity: true)
        groupSums.variantLabels.removeAll(keepingCapacity: true)
        addUnaskedPoints(file: file, profile: profileName)
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
        var inputNumbers: [String: Int] = [:]
        var pointNames: [String] = []
        var pointNumbers: [String: Int] = [:]
        // Per run: its (input number, points as bits) are `pairs[starts[run]..<starts[run + 1]]`.
        var pairs: [(input: Int, points: UInt64)] = []
        var starts = [0]
        starts.reserveCapacity(asked.count + 1)
        var reachable: [UInt64] = []
        var run = 0
        while run < asked.count {
            let (pointsByInput, defectFree) = (asked[run].pointsByInput, asked[run].defectFree)
            // A run mostly dispatched what the run before did (the same dictionary, which
            // compares at once): its numbers are that run's.
            if run > 0, asked[run - 1].pointsByInput == pointsByInput {
                var pair = starts[run - 1]
                while pair < starts[run] {
                    pairs.append(pairs[pair])
                    if defectFree { reachable[pairs[pair].input] |= pairs[pair].points }
                    pair += 1
                }
                starts.append(pairs.count)
                run += 1
                continue
            }
            for (input, names) in pointsByInput {
                let inputNumber: Int
                if let known = inputNumbers[input] {
                    inputNumber = known
                } else {
                    guard inputs.count < 64 else { return addUnaskedPointsByName(file: file, profile: profile) }
                    inputNumber = inputs.count
                    inputNumbers[input] = inputNumber
                    inputs.append(input)
                    reachable.append(0)
                }
                var mask: UInt64 = 0
                var index = 0
                while index < names.count {
                    if let bit = pointNumbers[names[index]] {
                        mask |= 1 << UInt64(bit)
                    } else {
                        guard pointNames.count < 64 else { return addUnaskedPointsByName(file: file, profile: profile) }
                        pointNumbers[names[index]] = pointNames.count
                        mask |= 1 << UInt64(pointNames.count)
                        pointNames.append(names[index])
                    }
                    index += 1
                }
                if defectFree { reachable[inputNumber] |= mask }
                pairs.append((inputNumber, mask))
            }
            starts.append(pairs.count)
            run += 1
        }
        // Per slot (in the order first met, at its place): the inputs it met, and the points it
        // asked at `place * inputs.count + input`.
        var order: [Int] = []
        var met = [UInt64](repeating: 0, count: asked.count)
        var askedPoints = [UInt64](repeating: 0, count: asked.count * inputs.count)
        run = 0
        while run < asked.count {
            let slot = asked[run].slot
            var place = groupSums.askedPlace[slot]
            if place < 0 {
                place = order.count
                groupSums.askedPlace[slot] = place
                order.append(slot)
            }
            var pair = starts[run]
            while pair < starts[run + 1] {
                met[place] |= 1 << UInt64(pairs[pair].input)
                askedPoints[place * inputs.count + pairs[pair].input] |= pairs[pair].points
                pair += 1
            }
            run += 1
        }
        // Each (input, point) text once per group: its number in ``points`` at
        // `input * pointNames.count + point`, -1 before.
        var keys = [Int](repeating: -1, count: inputs.count * pointNames.count)
        var place = 0
        while place < order.count {
            let slot = order[place]
            groupSums.askedPlace[slot] = -1
            var inputsLeft = met[place]
            while inputsLeft != 0 {
                let input = inputsLeft.trailingZeroBitCount
                inputsLeft &= inputsLeft - 1
                var missing = reachable[input] & ~askedPoints[place * inputs.count + input]
                while missing != 0 {
                    let point = missing.trailingZeroBitCount
                    missing &= missing - 1
                    let keyPlace = input * pointNames.count + point
                    if keys[keyPlace] < 0 {
                        let text =
                            CombinationRanking.InputKey(profile: profile, file: file, input: inputs[input]).description
                            + ": " + pointNames[point]
                        keys[keyPlace] = points.number(
                            countsUnaskedPoints ? CombinationRanking.Risk.summaryKey(of: text) : text)
                    }
                    tallies[slot].unasked[keys[keyPlace], default: 0] += 1
                }
            }
            place += 1
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
                let key = points.number(countsUnaskedPoints ? CombinationRanking.Risk.summaryKey(of: point) : point)
                tallies[slot].unasked[key, default: 0] += 1
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
    /// combination's tally, the names its numbers stand for, and whether a run tried to leave a
    /// guarded screen.
    struct Sums: Codable {
        fileprivate var combinations: [[String]]
        fileprivate var tallies: [Tally]
        fileprivate var triesGuardedExit: Bool
        fileprivate var profiles: [String]
        fileprivate var labels: [String]
        fileprivate var points: [String]

        fileprivate init(
            combinations: [[String]], tallies: [Tally], triesGuardedExit: Bool, profiles: [String], labels: [String],
            points: [String]
        ) {
            self.combinations = combinations
            self.tallies = tallies
            self.triesGuardedExit = triesGuardedExit
            self.profiles = profiles
            self.labels = labels
            self.points = points
        }

        private enum CodingKeys: String, CodingKey {
            case combinations, triesGuardedExit, profiles, labels, points, patched, numbers, nsPerDispatch
        }

        /// The numbers of one tally in ``CodingKeys/numbers``: documented defects, runs, inferred
        /// runs, the totals' counts (``RunMetrics/countFields``); the number of profiles listed,
        /// then each one's number, its counts (`0`, or `1` and a count per metric) and its files
        /// (`0`, or `1` and per metric how many labels, then they); the number of profiles
        /// with private API, then they; the number of unasked points, then (point, times) pairs.
        /// The numbers go as one block of bytes (base64 in JSON), `Int`s in this machine's
        /// layout: a worker and its parent run one executable on one machine. They
        /// encode and decode many times faster than an object per tally, or a JSON number each.
        private static func append(_ tally: Tally, to numbers: inout [Int]) {
            numbers += [tally.documented, tally.runs, tally.inferredRuns]
            let fields = ShardResults.metricFields(tally.totals)
            for field in fields.dropLast() { numbers.append(Int(bitPattern: UInt(field))) }
            let listed = tally.counts.indices.filter { !tally.counts[$0].isEmpty || !tally.files[$0].isEmpty }
            numbers.append(listed.count)
            for profile in listed {
                numbers.append(profile)
                let counts = tally.counts[profile]
                numbers.append(counts.isEmpty ? 0 : 1)
                numbers += counts
                let files = tally.files[profile]
                numbers.append(files.isEmpty ? 0 : 1)
                for list in files {
                    numbers.append(list.count)
                    numbers += list
                }
            }
            numbers.append(tally.privateProfiles.count)
            numbers += tally.privateProfiles.sorted()
            numbers.append(tally.unasked.count)
            for (point, times) in tally.unasked.sorted(by: { $0.key < $1.key }) { numbers += [point, times] }
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            var numbers: [Int] = []
            for tally in tallies { Self.append(tally, to: &numbers) }
            try container.encode(combinations, forKey: .combinations)
            try container.encode(triesGuardedExit, forKey: .triesGuardedExit)
            try container.encode(profiles, forKey: .profiles)
            try container.encode(labels, forKey: .labels)
            try container.encode(points, forKey: .points)
            try container.encode(tallies.map { $0.patched.sorted() }, forKey: .patched)
            try container.encode(numbers.withUnsafeBytes { Data($0) }, forKey: .numbers)
            try container.encode(tallies.map(\.totals.nsPerDispatch), forKey: .nsPerDispatch)
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            combinations = try container.decode([[String]].self, forKey: .combinations)
            triesGuardedExit = try container.decode(Bool.self, forKey: .triesGuardedExit)
            profiles = try container.decode([String].self, forKey: .profiles)
            labels = try container.decode([String].self, forKey: .labels)
            points = try container.decode([String].self, forKey: .points)
            let patched = try container.decode([[String]].self, forKey: .patched)
            let bytes = try container.decode(Data.self, forKey: .numbers)
            let nsPerDispatch = try container.decode([Double].self, forKey: .nsPerDispatch)
            let damaged = DecodingError.dataCorruptedError(
                forKey: .numbers, in: container, debugDescription: "numbers do not match the tallies")
            guard patched.count == combinations.count, nsPerDispatch.count == combinations.count,
                bytes.count % MemoryLayout<Int>.size == 0
            else { throw damaged }
            var numbers = [Int](repeating: 0, count: bytes.count / MemoryLayout<Int>.size)
            _ = numbers.withUnsafeMutableBytes { bytes.copyBytes(to: $0) }
            var reader = NumberReader(numbers: numbers)
            let (metricCount, profileCount, labelCount, pointCount) = (
                RunMetrics().defectCounts.count, profiles.count, labels.count, points.count
            )
            var tallies: [Tally] = []
            tallies.reserveCapacity(combinations.count)
            do {
                for index in combinations.indices {
                    var tally = Tally()
                    tally.documented = try reader.next()
                    tally.runs = try reader.next()
                    tally.inferredRuns = try reader.next()
                    var fields: [UInt64] = []
                    for _ in RunMetrics.countFields { fields.append(UInt64(UInt(bitPattern: try reader.next()))) }
                    fields.append(nsPerDispatch[index].bitPattern)
                    tally.totals = ShardResults.metrics(from: fields[...])
                    for _ in 0..<(try reader.count()) {
                        let profile = try reader.next(below: profileCount)
                        tally.grow(to: profile)
                        if try reader.next(below: 2) == 1 {
                            var counts: [Int] = []
                            while counts.count < metricCount { counts.append(try reader.next()) }
                            tally.counts[profile] = counts
                        }
                        if try reader.next(below: 2) == 1 {
                            var files: [[Int]] = []
                            for _ in 0..<metricCount {
                                var list: [Int] = []
                                var left = try reader.count()
                                list.reserveCapacity(left)
                                while left > 0 {
                                    list.append(try reader.next(below: labelCount))
                                    left -= 1
                                }
                                files.append(list)
                            }
                            tally.files[profile] = files
                        }
                    }
                    for _ in 0..<(try reader.count()) {
                        tally.privateProfiles.insert(try reader.next(below: profileCount))
                    }
                    for _ in 0..<(try reader.count()) {
                        let point = try reader.next(below: pointCount)
                        tally.unasked[point, default: 0] += try reader.next()
                    }
                    tally.patched = Set(patched[index])
                    tallies.append(tally)
                }
            } catch {
                throw damaged
            }
            guard reader.isAtEnd else { throw damaged }
            self.tallies = tallies
        }

        /// Reads ``CodingKeys/numbers`` in order; throws when they end early or one is out of range.
        private struct NumberReader {
            struct Damaged: Error {}
            let numbers: [Int]
            var position = 0
            var isAtEnd: Bool { position == numbers.count }

            mutating func next() throws -> Int {
                guard position < numbers.count else { throw Damaged() }
                position += 1
                return numbers[position - 1]
            }

            /// A number in `0..<bound`.
            mutating func next(below bound: Int) throws -> Int {
                let number = try next()
                guard (0..<bound).contains(number) else { throw Damaged() }
                return number
            }

            /// A count of things that follow: no more than the numbers left.
            mutating func count() throws -> Int { try next(below: numbers.count - position + 1) }
        }
    }

    /// The sums of every run added (the held group included).
    mutating func sums() -> Sums {
        flush()
        var sent = tallies
        for index in sent.indices {
            sent[index].removeRepeatedFiles()
            sent[index].patchedLists = []
        }
        return Sums(
            combinations: slotCombinations.map(\.plugins), tallies: sent, triesGuardedExit: triesGuardedExit,
            profiles: profiles.names, labels: labels.names, points: points.names)
    }

    /// Adds another accumulator's sums: runs of other groups (a group's runs are never split
    /// between accumulators, so each unasked point is computed whole where its group was).
    mutating func add(_ sums: Sums) {
        flush()
        triesGuardedExit = triesGuardedExit || sums.triesGuardedExit
        let profileNumbers = sums.profiles.map { profiles.number($0) }
        let labelNumbers = sums.labels.map { labels.number($0) }
        let pointNumbers = sums.points.map { points.number($0) }
        for (plugins, other) in zip(sums.combinations, sums.tallies) {
            let slot = self.slot(of: plugins)
            tallies[slot].add(other, profiles: profileNumbers, labels: labelNumbers, points: pointNumbers)
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
