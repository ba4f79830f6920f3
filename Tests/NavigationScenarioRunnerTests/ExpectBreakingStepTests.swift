import NavigationScenarioRunner
import NavigationScenarios
import Testing

/// A failed `expect` names the step that broke it, not merely the step right before the line,
/// so a file needs no `expect` after every step to be told where a flow went wrong.
@MainActor
struct ExpectBreakingStepTests {
    static func failure(_ text: String, plugins: [String] = []) throws -> RunResult.ExpectFailure? {
        let scenario = try ScenarioParser.parse(text: text, file: "form.nav").get()
        return SimulatorScenarioRunner().run(scenario, profile: "ios17", plugins: plugins).expectFailures.first
    }

    /// Without a plugin the back tap pops the refusing form (line 5); the wait after it
    /// changes nothing. The failure names the tap.
    @Test func theStepAfterWhichTheExpectationStoppedHoldingIsNamed() throws {
        let failure = try #require(
            try Self.failure(
                """
                screen Home
                screen Form guard=deny
                root Home
                push Form
                tap-back
                wait 1
                expect top Form
                """))
        #expect(failure.step?.line == 5)
        #expect(failure.stepText == "tap-back")
        #expect(failure.divergence.hasPrefix("after 'tap-back' (form.nav:5): expected 'top Form'; "))
    }

    /// An expectation that held after no step of its window: the step right before the line.
    @Test func anExpectationThatNeverHeldNamesTheStepBeforeIt() throws {
        let failure = try #require(
            try Self.failure(
                """
                screen Home
                screen Form
                screen Ghost
                root Home
                push Form
                wait 1
                expect top Ghost
                """))
        #expect(failure.step?.line == 6)
        #expect(failure.stepText == "wait 1")
    }

    /// With the guard installed nothing fails: probing changes no outcome.
    @Test func aHoldingExpectationStillHolds() throws {
        let text = """
            screen Home
            screen Form guard=deny
            root Home
            push Form
            tap-back
            wait 1
            expect top Form
            """
        #expect(try Self.failure(text, plugins: ["ShouldPopItemGuard"]) == nil)
    }

    /// Every kind of line the probe judges without building its failure (`expect stack`,
    /// `expect top`, `expect bar`) names the step after which it stopped holding: the pop that
    /// took Form away and showed Home's bar again (line 5, with a plugin that hides the bar for
    /// Form), not the wait before the line.
    @Test(arguments: ["expect stack Home Form", "expect top Form", "expect bar hidden"])
    func eachKindOfLineNamesTheStepThatBrokeIt(_ line: String) throws {
        let failure = try #require(
            try Self.failure(
                """
                screen Home
                screen Form bar=hidden
                root Home
                push Form
                pop
                wait 1
                \(line)
                """, plugins: ["DelegateBarHiding"]))
        #expect(failure.step?.line == 5)
        #expect(failure.stepText == "pop")
    }
}
