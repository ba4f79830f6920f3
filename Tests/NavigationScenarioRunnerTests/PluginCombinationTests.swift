import NavigationScenarioRunner
import Testing

/// A combination keeps its names sorted, each once, whether they come sorted (kept as they are)
/// or not: the same names as sorting a set of them, for every order and repetition.
struct PluginCombinationTests {
    @Test func namesAreSortedAndUniqueWhateverTheirOrder() {
        let lists: [[String]] = [
            [], ["A"], ["A", "B", "C"], ["C", "B", "A"], ["A", "A"], ["B", "A", "B"], ["A", "B", "B", "C"],
            ["ExitGuard", "BackKeyCommandGuard", "PopGestureGuard"], ["a", "B", "_", "é"],
            // Canonically equivalent spellings are one name for `Set` and `==`.
            ["caf\u{E9}", "cafe\u{301}"], ["cafe\u{301}", "caf\u{E9}", "d"],
        ]
        for list in lists {
            let expected = Array(Set(list)).sorted()
            #expect(PluginCombination(list).plugins == expected, "\(list)")
            #expect(PluginCombination(list.reversed()).plugins == expected, "\(list)")
        }
    }
}
