import NavigationHooks
import NavigationScenarios
import ScenarioTestSupport
import Testing

/// What a step and a scenario keep about their actions and screens (`ScenarioStep`'s traits,
/// `Scenario`'s step traits and `statesLook`) against the written-out definitions, on every
/// example and after the steps, the actions and the screens change.
struct StepTraitsTests {
    /// `isExpectation`, written out.
    static func isExpect(_ action: ScenarioStep.Action) -> Bool {
        switch action {
        case .expectStack, .expectTop, .expectBar, .expectPath, .expectSheet, .expectLook: true
        default: false
        }
    }

    /// `userInputKeyword`, written out.
    static func keyword(_ action: ScenarioStep.Action) -> String? {
        switch action {
        case .tapBack: "tap-back"
        case .tapBackInVerticalBar: "tap-back strip"
        case .backMenu: "back-menu"
        case .swipeBack: "swipe-back"
        case .contentSwipe: "content-swipe"
        default: nil
        }
    }

    /// Checks every kept fact of `scenario` against its definition.
    static func check(_ scenario: Scenario) {
        for step in scenario.steps {
            #expect(step.isExpectation == isExpect(step.action), "\(step.text)")
            #expect(step.userInputKeyword == keyword(step.action), "\(step.text)")
        }
        for index in 0...scenario.steps.count {
            var start = index
            while start < scenario.steps.count, !isExpect(scenario.steps[start].action) { start += 1 }
            var end = start
            while end < scenario.steps.count, isExpect(scenario.steps[end].action) { end += 1 }
            #expect(scenario.expectationGroup(from: index) == start..<end)
        }
        #expect(scenario.statesLook == scenario.screens.contains { $0.look != nil })
        let setSteps = scenario.steps.compactMap { step -> ScreenChange? in
            if case .setScreen(_, let change) = step.action { change } else { nil }
        }
        #expect(
            scenario.mayDenyUserPops
                == (scenario.screens.contains { $0.popGuard == .deny } || setSteps.contains { $0.popGuard == .deny }))
        #expect(
            scenario.mayShowCustomBackButton
                == (scenario.screens.contains { $0.back == .custom } || setSteps.contains { $0.back == .custom }))
    }

    @Test func everyExampleKeepsWhatItsStepsAndScreensSay() throws {
        let scenarios = try Corpus.scenarios()
        #expect(!scenarios.isEmpty)
        for scenario in scenarios { Self.check(scenario) }
    }

    @Test func theFactsFollowChangesToStepsActionsAndScreens() throws {
        let text = """
            screen Home
            screen Detail
            root Home
            push Detail
            expect top Detail
            tap-back
            expect top Home
            """
        var scenario = try ScenarioParser.parse(text: text, file: "t.nav").get()
        Self.check(scenario)
        scenario.steps[1].action = .expectStack(["Home"])  // an app step becomes an expectation
        scenario.steps[3].action = .swipeBack(progress: 0.5, release: .finish)
        Self.check(scenario)
        #expect(scenario.steps[3].userInputKeyword == "swipe-back")
        scenario.steps.append(
            ScenarioStep(
                action: .setScreen("Detail", ScreenChange(popGuard: .deny, back: .custom)),
                location: SourceLocation(file: "t.nav", line: 8, column: 1), text: "set Detail guard=deny back=custom"))
        Self.check(scenario)
        #expect(scenario.mayDenyUserPops && scenario.mayShowCustomBackButton)
        scenario.steps.removeAll()
        Self.check(scenario)
        scenario.screens[0].look = NavigationBarLook.transparent
        Self.check(scenario)
        #expect(scenario.statesLook)
    }
}
