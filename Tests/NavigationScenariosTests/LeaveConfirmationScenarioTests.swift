import NavigationScenarios
import NavigationStrategies
import Testing

/// `guard=confirm`, the exit steps and `unansweredAttempts`, parsed and run on the simulator.
@MainActor
struct LeaveConfirmationScenarioTests {
    static let editor = """
        screen Home
        screen Editor guard=confirm
        root Home
        push Editor

        """

    private func run(_ text: String, profile: String = "ios17", plugins: [String]) throws -> RunResult {
        guard case .success(let scenario) = ScenarioParser.parse(text: text, file: "t.nav") else {
            throw ParseFailed()
        }
        return SimulatorScenarioRunner().run(scenario, profile: profile, plugins: plugins)
    }

    private struct ParseFailed: Error {}

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
        #expect(ScenarioParserTests.diagnostics(text).isEmpty)
    }

    @Test func badExitStepsAreErrorsWithTheirPosition() {
        let cases: [(String, Int, Int, String)] = [
            (Self.editor + "confirm maybe", 5, 9, "unexpected argument 'maybe'; expected discard or keep"),
            (Self.editor + "confirm", 5, 1, "'confirm' needs discard or keep"),
            (Self.editor + "voiceover-escape now", 5, 18, "unexpected"),
            (Self.editor + "trackpad-swipe progress=2 finish", 5, 25, "out of range"),
        ]
        for (text, line, column, message) in cases {
            let diagnostics = ScenarioParserTests.diagnostics(text)
            #expect(diagnostics.count == 1, "\(text)")
            #expect(diagnostics.first?.location.line == line && diagnostics.first?.location.column == column)
            #expect(diagnostics.first?.message.contains(message) == true, "\(diagnostics)")
        }
    }

    /// Without plugins the escape leaves the draft without asking; `BackActionOverride` with a
    /// `guard=confirm` screen asks on the tap; the recommended composition asks on both.
    @Test func theMetricsCountPathsThatMissTheConfirmation() throws {
        let text =
            Self.editor + """
                voiceover-escape
                confirm keep
                tap-back
                confirm keep
                """
        let none = try run(text, plugins: [])
        #expect(none.metrics.unguardedPops == 1)
        let tapOnly = try run(text, plugins: ["BackActionOverride"])
        #expect(tapOnly.metrics.unguardedPops == 1, "the escape slipped past (R50)")
        let recommended = try run(text, plugins: StrategyComposition.recommended.names)
        #expect(recommended.metrics.unguardedPops == 0 && recommended.metrics.unansweredAttempts == 0)
        #expect(recommended.skippedSteps.isEmpty, "\(recommended.skippedSteps)")
    }

    @Test func theBackKeyCommandNeedsBackKeyCommandGuardAndConfirmNeedsAnAttempt() throws {
        let text = Self.editor + "key-back\n"
        let result = try run(text, plugins: ["BackKeyCommandGuard"])
        #expect(result.metrics.unansweredAttempts == 0 && result.metrics.unguardedPops == 0)
        #expect(result.risks.usesPrivateAPI, "the key command's action is private API (R51)")
        let exitGuardOnly = try run(text, plugins: ["ExitGuard", "BackActionOverride", "PopGestureGuard"])
        #expect(exitGuardOnly.metrics.unguardedPops == 1, "⌘[ pops without asking (R51)")
        #expect(!exitGuardOnly.risks.usesPrivateAPI, "on ios17 every seam here is public")
        let confirmWithNothingShowing = try run(Self.editor + "confirm discard\n", plugins: [])
        #expect(confirmWithNothingShowing.skippedSteps.map(\.reason) == ["no confirmation is showing"])
    }
}
