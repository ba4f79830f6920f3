import NavigationScenarios
import ScenarioTestSupport
import Testing

/// `set NAME key=value…`: every key a `screen` line takes, parsed into a ``ScreenChange``;
/// errors located at the word that is wrong.
struct SetStepParserTests {
    static let form = "screen Card\nscreen Form\nroot Card\npush Form\n"

    @Test func everyScreenKeyParsesIntoAChange() throws {
        let text = Self.form + "set Form guard=confirm bar=hidden gesture=disabled back=custom scroll=horizontal\n"
        let scenario = try ScenarioParser.parse(text: text, file: "t.nav").get()
        let change = ScreenChange(
            bar: .hidden, popGuard: .confirm, gesture: .disabled, back: .custom, scroll: .horizontal)
        #expect(scenario.steps.last?.action == .setScreen("Form", change))
        let declared = try #require(scenario.screens.last)
        let changed = ScreenChange(popGuard: .deny).applied(to: declared)
        #expect(changed.popGuard == .deny && changed.bar == declared.bar && changed.name == "Form")
    }

    @Test func badSetStepsAreErrorsWithTheirPosition() {
        let cases: [(String, Int, Int, String)] = [
            ("set Form", 5, 1, "'set' needs at least one of bar= guard= gesture= back= scroll="),
            (
                "set Form guard=maybe", 5, 16,
                "invalid value 'maybe' for 'guard'; expected none or deny or confirm or app"
            ),
            ("set Form colour=red", 5, 10, "unknown key 'colour' for 'set'"),
            ("set Nope bar=hidden", 5, 5, "unknown screen 'Nope'"),
            ("set guard=none", 5, 1, "'set' needs a screen NAME"),
            ("set Form Card bar=hidden", 5, 10, "unexpected argument 'Card'"),
        ]
        for (step, line, column, message) in cases {
            let diagnostics = Corpus.diagnostics(Self.form + step)
            #expect(diagnostics.count == 1, "\(step): \(diagnostics)")
            #expect(diagnostics.first?.location.line == line && diagnostics.first?.location.column == column, "\(step)")
            #expect(diagnostics.first?.message.contains(message) == true, "\(diagnostics)")
        }
    }
}
