import NavigationScenarios

/// A set of strategy plugins installed together, kept sorted by name.
///
/// `none` (no plugins) is the empty combination.
public struct PluginCombination: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The plugin names, sorted, without duplicates.
    public let plugins: [String]

    /// Creates a combination from names in any order.
    public init(_ plugins: [String]) {
        // Names already in strictly increasing order (a run's plugins: ``RunResult`` sorts them)
        // are sorted and each once as they are: a debug build's `Set` and `sorted()` cost
        // ~33,000 instructions a call, and the reports make a combination of each run's plugins
        // twice (9% of the bench's instructions on the docs' eight-combination sample, callgrind).
        var index = 1
        while index < plugins.count, plugins[index - 1] < plugins[index] { index += 1 }
        if index >= plugins.count {
            self.init(sortedUnique: plugins)
        } else {
            self.init(sortedUnique: Array(Set(plugins)).sorted())
        }
    }

    /// A combination of names already sorted, each once.
    private init(sortedUnique plugins: [String]) {
        self.plugins = plugins
    }

    /// Names joined by `+`, or `none`.
    public var label: String { plugins.isEmpty ? "none" : plugins.joined(separator: "+") }

    public var description: String { label }

    /// Fewer plugins first, then by ``label``.
    public static func < (lhs: PluginCombination, rhs: PluginCombination) -> Bool {
        // The labels only when the counts tie: each is a string joined anew.
        if lhs.plugins.count != rhs.plugins.count { return lhs.plugins.count < rhs.plugins.count }
        return lhs.label < rhs.label
    }

    /// Every subset of `available`, from `none` to all of them: 2ⁿ combinations, smallest first.
    public static func all(of available: [String]) -> [PluginCombination] {
        let names = Array(Set(available)).sorted()
        precondition(names.count < 20, "2^\(names.count) combinations is too many to run")
        let combinations = (0..<(1 << names.count)).map { mask in
            PluginCombination(sortedUnique: names.indices.filter { mask & (1 << $0) != 0 }.map { names[$0] })
        }
        // Sorted as `<` orders them, each label joined once (not at each comparison).
        let labels = combinations.map(\.label)
        let order = combinations.indices.sorted { a, b in
            let (countA, countB) = (combinations[a].plugins.count, combinations[b].plugins.count)
            return countA != countB ? countA < countB : labels[a] < labels[b]
        }
        return order.map { combinations[$0] }
    }
}

extension PluginCombination {
    /// `combinations` in an order in which a runner that also reuses readings from larger runs
    /// (``SimulatorScenarioRunner/reusesLargerRuns``) plays fewer, the bench's: smallest first
    /// (each run may be reused from a smaller one, made before it), except that a *hub* comes
    /// first: a combination with two or more neighbours one plugin smaller in the list, none of
    /// which has such a neighbour itself. Those can only be reused from the hub, and only if it
    /// is made before them (``ConverseEquivalentRuns``). The docs sample (the recommended
    /// composition and it less each plugin) plays the recommended composition first; every
    /// subset of a set of names has no hub and keeps its order.
    public static func converseOrder(_ combinations: [PluginCombination]) -> [PluginCombination] {
        converseOrderPositions(combinations).map { combinations[$0] }
    }

    /// ``converseOrder(_:)`` as positions in `combinations` (a combination given twice keeps
    /// its two positions in order). Over bit masks, each label joined once: a debug build
    /// spent 170 M instructions on the default matrix's 1,024 combinations comparing joined
    /// labels and hashing name lists, in every process that plays it.
    public static func converseOrderPositions(_ combinations: [PluginCombination]) -> [Int] {
        let labels = combinations.map(\.label)
        let counts = combinations.map(\.plugins.count)
        let sorted = combinations.indices.sorted { a, b in
            if counts[a] != counts[b] { return counts[a] < counts[b] }
            return labels[a] != labels[b] ? labels[a] < labels[b] : a < b
        }
        var bits: [String: UInt64] = [:]
        var masks: [UInt64] = []
        masks.reserveCapacity(combinations.count)
        for combination in combinations {
            var mask: UInt64 = 0
            for name in combination.plugins {
                if let bit = bits[name] {
                    mask |= bit
                    continue
                }
                guard bits.count < 64 else { return sorted }  // no hub is looked for
                let bit: UInt64 = 1 << UInt64(bits.count)
                bits[name] = bit
                mask |= bit
            }
            masks.append(mask)
        }
        let present = Set(masks)
        // The masks one plugin smaller than `mask` in the list.
        func smallerNeighbours(_ mask: UInt64) -> [UInt64] {
            var found: [UInt64] = []
            var rest = mask
            while rest != 0 {
                let bit = rest & (~rest &+ 1)
                rest &= rest - 1
                if present.contains(mask & ~bit) { found.append(mask & ~bit) }
            }
            return found
        }
        func hasSmallerNeighbour(_ mask: UInt64) -> Bool {
            var rest = mask
            while rest != 0 {
                let bit = rest & (~rest &+ 1)
                rest &= rest - 1
                if present.contains(mask & ~bit) { return true }
            }
            return false
        }
        var hubs: [Int] = []
        var others: [Int] = []
        for position in sorted {
            let smaller = smallerNeighbours(masks[position])
            if smaller.count >= 2, !smaller.contains(where: hasSmallerNeighbour) {
                hubs.append(position)
            } else {
                others.append(position)
            }
        }
        return hubs + others
    }
}
