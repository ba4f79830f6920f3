import NavigationScenarioRunner
import NavigationScenarios
import Testing

struct ScenarioStepRunnerTests {
    static let scenario = try! ScenarioParser.parse(
        text: """
            screen Home bar=hidden
            screen Editor
            root Home
            push Editor
            back-menu Home
            content-swipe finish
            expect stack Home Editor
            expect top Editor
            expect bar visible
            """,
        file: "e.nav"
    ).get()

    @Test func expectationsAreJudgedAgainstTheIdleState() {
        let steps = Self.scenario.steps
        #expect(steps[4].expectationFailure(stack: ["Home", "Editor"], barHidden: false) == nil)
        #expect(steps[5].expectationFailure(stack: ["Home", "Editor"], barHidden: false) == nil)
        #expect(steps[6].expectationFailure(stack: ["Home", "Editor"], barHidden: false) == nil)
        let failure = steps[5].expectationFailure(stack: ["Home"], barHidden: true)
        #expect(failure?.description == "e.nav:8:1: expect top Editor, found top Home")
        #expect(steps[4].expectationFailure(stack: ["Home"], barHidden: true)?.actual == "stack Home")
        #expect(steps[6].expectationFailure(stack: ["Home"], barHidden: true)?.actual == "bar hidden")
        #expect(steps[1].expectationFailure(stack: [], barHidden: true) == nil)
        #expect(steps[5].expectationFailure(stack: [], barHidden: false)?.actual == "an empty stack")
        #expect(steps[4].expectationFailure(stack: [], barHidden: false)?.actual == "an empty stack")
        #expect(steps[5].expectationFailure(stack: ["Editor", "Home"], barHidden: false)?.actual == "top Home")
    }

    @Test func profilesWithoutAMechanismSkipItsSteps() {
        let steps = Self.scenario.steps
        #expect(steps[2].unavailableReason(on: .ios13) == "no back menu before ios14")
        #expect(steps[2].unavailableReason(on: .ios14) == nil)
        #expect(steps[3].unavailableReason(on: .ios18) != nil)
        #expect(steps[3].unavailableReason(on: .ios26) == nil)
        #expect(steps[1].unavailableReason(on: .ios13) == nil)
    }
}
