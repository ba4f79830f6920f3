import NavigationScenarios
import Testing

/// The parser's messages for a new user's first mistakes name the way out.
struct FirstHourMessageTests {
    static func errors(_ text: String) -> [String] {
        guard case .failure(let diagnostics) = ScenarioParser.parse(text: text, file: "f.nav") else { return [] }
        return diagnostics.diagnostics.map(\.description)
    }

    /// `#` starts a comment, so `look=#000000` loses its value: the error says why and how.
    @Test func aColourWrittenWithAHashSaysThatHashStartsAComment() {
        #expect(
            Self.errors("screen Home look=#000000\nroot Home") == [
                "f.nav:1:18: error: missing value for 'look'; '#' starts a comment: write a colour without it "
                    + "(look=000000)"
            ])
        // A value left out before a comment that stands apart is only missing.
        #expect(Self.errors("screen Home look= # black\nroot Home") == ["f.nav:1:18: error: missing value for 'look'"])
    }

    /// An iOS version without a profile of its own names the profile that plays it.
    @Test func anUnknownProfileForAnIOSVersionNamesTheProfileThatPlaysIt() {
        let errors = Self.errors("profile ios15\nscreen Home\nroot Home")
        #expect(errors.count == 1)
        #expect(errors.first?.hasSuffix("; iOS 15 is played by 'ios14' (the profile for iOS 14–15)") == true)
    }

    @Test(arguments: [
        ("ios15", "; iOS 15 is played by 'ios14' (the profile for iOS 14–15)"),
        ("ios19", "; iOS 19 is played by 'ios18' (the profile for iOS 18–25)"),
        ("iOS12", "; iOS 12 is played by 'ios13' (the profile for iOS 13 and older)"),
        ("ios30", "; iOS 30 is played by 'ios27' (the profile for iOS 27 and later)"),
        ("16", "; iOS 16 is played by 'ios16' (the profile for iOS 16)"),
        ("ios26.1", "; iOS 26 is played by 'ios26' (the profile for iOS 26)"),
        ("iso17", "; did you mean 'ios17'?"),
        ("iOS17", "; did you mean 'ios17'?"),
        ("android", ""),
    ])
    func theProfileHint(word: String, hint: String) {
        #expect(ScenarioProfile.hint(forUnknown: word) == hint)
    }
}
