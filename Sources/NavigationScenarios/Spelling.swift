/// The nearest spelling of a mistyped word among the words a place accepts: what every
/// "did you mean" of the `.nav` parser and the bench's command line suggests (keywords,
/// options, option values, plugin names, profiles, screen names).
public enum Spelling {
    /// The candidate `word` was most likely meant to be, or `nil` when none is close: the
    /// same word in other letter case; a candidate that starts with the word or that the word
    /// starts with (`ShouldPopItem` for `ShouldPopItemGuard`, `--profile` for `--profiles`);
    /// otherwise the candidate fewest edits away (case-insensitive), if that is at most a third
    /// of the word's length (at least 2). Ties go to the candidate first in alphabetical order.
    public static func nearest(to word: String, in candidates: some Sequence<String>) -> String? {
        let lower = word.lowercased()
        let all = Array(candidates).sorted()
        guard !lower.isEmpty, !all.isEmpty else { return nil }
        if let same = all.first(where: { $0.lowercased() == lower }) { return same }
        if lower.count >= 3 {
            let prefixed = all.filter { $0.lowercased().hasPrefix(lower) || lower.hasPrefix($0.lowercased()) }
            if let nearest = prefixed.min(by: { abs($0.count - word.count) < abs($1.count - word.count) }) {
                return nearest
            }
        }
        let best = all.map { ($0, editDistance(lower, $0.lowercased())) }.min { $0.1 < $1.1 }
        guard let best, word.count >= 2, best.1 <= max(2, word.count / 3), best.1 < word.count else { return nil }
        return best.0
    }

    /// `"; did you mean 'X'?"` for the nearest candidate, or an empty string.
    public static func hint(for word: String, in candidates: some Sequence<String>) -> String {
        nearest(to: word, in: candidates).map { "; did you mean '\($0)'?" } ?? ""
    }

    /// The Levenshtein distance between `a` and `b`.
    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a)
        let b = Array(b)
        guard !a.isEmpty else { return b.count }
        var previous = Array(0...b.count)
        for i in 1...a.count {
            var current = [i] + Array(repeating: 0, count: b.count)
            for j in stride(from: 1, through: b.count, by: 1) {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
            }
            previous = current
        }
        return previous[b.count]
    }
}
