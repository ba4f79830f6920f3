extension ScenarioProfile {
    /// What to say after "unknown profile 'WORD'": for an iOS version without a profile of its
    /// own (`ios15`, `ios19`, `15`), the profile that plays it (``init(modelling:)``, the one a
    /// device run on that version is compared with); otherwise (`iOS17`, `iso17`) the nearest
    /// spelling, if any.
    ///
    /// For `ios15`: `"; iOS 15 is played by 'ios14' (the profile for iOS 14–15)"`.
    public static func hint(forUnknown word: String) -> String {
        let lower = word.lowercased()
        if allCases.contains(where: { $0.rawValue == lower }) {  // `iOS17`: the spelling is the mistake
            return Spelling.hint(for: word, in: allCases.map(\.rawValue))
        }
        let digits = lower.hasPrefix("ios") ? lower.dropFirst(3) : Substring(lower)
        guard let major = digits.split(separator: ".").first.flatMap({ Int($0) }), (1...99).contains(major) else {
            return Spelling.hint(for: word, in: allCases.map(\.rawValue))
        }
        let profile = ScenarioProfile(modelling: major)
        let covered = (1...99).filter { ScenarioProfile(modelling: $0) == profile }
        let low = covered.first ?? major
        let high = covered.last ?? major
        let range =
            high == 99 ? "\(low) and later" : low == 1 ? "\(high) and older" : low == high ? "\(low)" : "\(low)–\(high)"
        return "; iOS \(major) is played by '\(profile.rawValue)' (the profile for iOS \(range))"
    }
}
