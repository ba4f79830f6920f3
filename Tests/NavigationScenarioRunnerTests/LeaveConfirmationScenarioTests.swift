import NavigationScenarioRunner
import NavigationScenarios
import NavigationStrategies
import Testing

/// `guard=confirm` and the exit steps run on the simulator: `unansweredAttempts`.
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
        #expect(!result.risks.usesPrivateAPI, "the screen's own key command is public API (R78)")
        let privateAction = try run(text, plugins: ["BackKeyCommandGuard:privateAction"])
        #expect(privateAction.metrics.unansweredAttempts == 0 && privateAction.metrics.unguardedPops == 0)
        #expect(privateAction.risks.usesPrivateAPI, "the key command's action is private API (R51)")
        let exitGuardOnly = try run(text, plugins: ["ExitGuard", "BackActionOverride", "PopGestureGuard"])
        #expect(exitGuardOnly.metrics.unguardedPops == 1, "⌘[ pops without asking (R51)")
        #expect(!exitGuardOnly.risks.usesPrivateAPI, "on ios17 every seam here is public")
        let confirmWithNothingShowing = try run(Self.editor + "confirm discard\n", plugins: [])
        #expect(confirmWithNothingShowing.skippedSteps.map(\.reason) == ["no confirmation is showing"])
    }
}
