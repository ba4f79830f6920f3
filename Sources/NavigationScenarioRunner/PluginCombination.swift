import NavigationScenarios

/// A set of strategy plugins installed together, kept sorted by name.
///
/// `none` (no plugins) is the empty combination.
public struct PluginCombination: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The plugin names, sorted, without duplicates.
    public let plugins: [String]

    /// Creates a combination from names in any order.
    public init(_ plugins: [String]) {
        self.plugins = Array(Set(plugins)).sorted()
    }

    /// Names joined by `+`, or `none`.
    public var label: String { plugins.isEmpty ? "none" : plugins.joined(separator: "+") }

    public var description: String { label }

    public static func < (lhs: PluginCombination, rhs: PluginCombination) -> Bool {
        (lhs.plugins.count, lhs.label) < (rhs.plugins.count, rhs.label)
    }

    /// Every subset of `available`, from `none` to all of them: 2ⁿ combinations, smallest first.
    public static func all(of available: [String]) -> [PluginCombination] {
        let names = Array(Set(available)).sorted()
        precondition(names.count < 20, "2^\(names.count) combinations is too many to run")
        return (0..<(1 << names.count)).map { mask in
            PluginCombination(names.indices.filter { mask & (1 << $0) != 0 }.map { names[$0] })
        }
        .sorted()
    }
}
