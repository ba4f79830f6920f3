import NavigationScenarios
import Testing

@testable import NavigationBench

/// "Did you mean": every keyword, option, option value, plugin name (in any letter case) and
/// screen name a newcomer mistypes gets the nearest spelling, in the file and on the command
/// line (the issue's own list of misses).
@MainActor
struct SuggestionTests {
    static func errors(_ text: String, _ arguments: [String] = []) throws -> String {
        let path = try RecordingReplayTests.write(text, name: "typo.nav")
        let (status, _, err) = RecordingReplayTests.bench([path] + arguments)
        #expect(status == 2, "\(err)")
        return err
    }

    @Test func aMistypedFileNamesTheNearestSpellingAtEachError() throws {
        let err = try Self.errors(
            """
            screen Card
            screen Form guard=confrim gestrue=disabled
            root Card
            push Form
            swipe-bak finish
            swipe-back 0.5 finish
            expect top Fom
            expect bra hidden
            confirm kep
            """)
        for expected in [
            ":2:19: error: invalid value 'confrim' for 'guard'; expected none or deny or confirm; did you mean 'confirm'?",
            ":2:27: error: unknown key 'gestrue' for 'screen'; expected bar, guard, gesture, back, scroll, hidden-back, look, alpha, shadow, tint, title, title-size, style; did you mean 'gesture'?",
            ":5:1: error: unknown keyword 'swipe-bak'; did you mean 'swipe-back'?",
            ":6:12: error: unexpected argument '0.5'; expected finish or cancel; to release at 0.5, write progress=0.5",
            ":7:12: error: unknown screen 'Fom'; did you mean 'Form'? (or declare it with 'screen Fom')",
            ":8:8: error: unknown expect form 'bra'; expected stack, top, bar, path, sheet or look; did you mean 'bar'?",
            ":9:9: error: unexpected argument 'kep'; expected discard or keep; did you mean 'keep'?",
        ] {
            #expect(err.contains(expected), "\(expected)\n\(err)")
        }
    }

    @Test func aMistypedCommandLineNamesTheNearestSpelling() throws {
        let file = "screen Card\nroot Card\n"
        #expect(
            try Self.errors(file, ["--profile", "ios17"]).contains(
                "unknown option '--profile'; did you mean '--profiles'?"))
        #expect(try Self.errors(file, ["--plugins", "Recommended"]).contains("did you mean 'recommended'?"))
        #expect(try Self.errors(file, ["--plugins", "ShouldPopItem"]).contains("did you mean 'ShouldPopItemGuard'?"))
        #expect(try Self.errors(file, ["--plugins", "popgestureguard"]).contains("did you mean 'PopGestureGuard'?"))
        #expect(try Self.errors(file, ["--profiles", "ios15"]).contains("did you mean 'ios14'?") == false)
        #expect(try Self.errors(file, ["--profiles", "iOS17"]).contains("did you mean 'ios17'?"))
        #expect(try Self.errors(file, ["--format", "jsn"]).contains("did you mean 'json'?"))
        let (status, _, err) = RecordingReplayTests.bench(["pref"])
        #expect(status == 2)
        #expect(err.contains("no such file or directory: 'pref'; did you mean 'perf'?"), "\(err)")
    }

    /// Far from every candidate, nothing is suggested (no guess that misleads).
    @Test func aWordFarFromEveryCandidateGetsNoSuggestion() {
        #expect(Spelling.nearest(to: "zzzz", in: ["confirm", "deny", "none"]) == nil)
        #expect(Spelling.nearest(to: "Detail", in: ["Card", "Form"]) == nil)
        #expect(Spelling.nearest(to: "FORM", in: ["Card", "Form"]) == "Form")
    }
}
