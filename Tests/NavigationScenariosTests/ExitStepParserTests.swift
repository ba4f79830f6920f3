import NavigationScenarios
import ScenarioTestSupport
import Testing

/// The exit steps (`voiceover-escape`, `key-back`, `swipe-down-sheet`, `trackpad-swipe`) and
/// `confirm` answers, parsed: what is accepted and where an error points.
struct ExitStepParserTests {
    static let editor = """
        screen Home
        screen Editor guard=confirm
        root Home
        push Editor

        """

    @Test func theExitStepsAndConfirmAnswersParse() {
        let text =
            Self.editor + """
                voiceover-escape
                confirm keep
                key-back
                confirm keep
                trackpad-swipe progress=0.7 finish
                confirm keep
                swipe-down-sheet
                confirm discard
                """
        #expect(Corpus.diagnostics(text).isEmpty)
    }

    @Test func badExitStepsAreErrorsWithTheirPosition() {
        let cases: [(String, Int, Int, String)] = [
            (Self.editor + "confirm maybe", 5, 9, "unexpected argument 'maybe'; expected discard or keep"),
            (Self.editor + "confirm", 5, 1, "'confirm' needs discard or keep"),
            (Self.editor + "voiceover-escape now", 5, 18, "unexpected"),
            (Self.editor + "trackpad-swipe progress=2 finish", 5, 25, "out of range"),
        ]
        for (text, line, column, message) in cases {
            let diagnostics = Corpus.diagnostics(text)
            #expect(diagnostics.count == 1, "\(text)")
            #expect(diagnostics.first?.location.line == line && diagnostics.first?.location.column == column)
            #expect(diagnostics.first?.message.contains(message) == true, "\(diagnostics)")
        }
    }

    /// Without plugins the escape leaves the draft without asking; `BackActionOverride` with a
    /// `guard=confirm` screen asks on the tap; the recommended composition asks on both.
}
