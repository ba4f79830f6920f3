import NavigationHooks
import NavigationScenarios
import ScenarioTestSupport
import Testing

/// The `app-bar` line, `large-title=` and the `scroll` step (Examples/Scenarios/README.md, "Bar
/// appearance").
struct AppBarParserTests {
    @Test func theAppBarLargeTitlesAndScrollStepsParse() throws {
        let text = """
            app-bar look=0A84FF tint=FFFFFF scroll-edge=standard
            screen Inbox large-title=always
            screen Message
            root Inbox
            scroll Inbox away
            set Inbox large-title=never
            scroll Inbox top
            """
        let scenario = try ScenarioParser.parse(text: text, file: "t.nav").get()
        let appBar = try #require(scenario.appBar)
        #expect(appBar.look == NavigationBarLook(background: .color(BarColor(hex: "0A84FF")!), tint: .white))
        #expect(appBar.scrollEdge == .standard)
        #expect(scenario.screen(named: "Inbox")?.largeTitle == true)
        #expect(scenario.screen(named: "Message")?.largeTitle == false)
        #expect(scenario.steps[1].action == .scroll("Inbox", awayFromTop: true))
        #expect(scenario.steps[3].action == .scroll("Inbox", awayFromTop: false))
        guard case .setScreen(_, let change) = scenario.steps[2].action else {
            Issue.record("not a set step")
            return
        }
        #expect(change.largeTitle == false)
        #expect(!scenario.statesLook)  // the app's own look is not a screen's
    }

    @Test(arguments: [
        ("app-bar\nscreen A\nroot A", 1, 1, "'app-bar' needs a look"),
        ("app-bar look=none\nscreen A\nroot A", 1, 14, "'app-bar' needs a look"),
        ("app-bar look=FFFFFF scroll-edge=always\nscreen A\nroot A", 1, 33, "invalid value 'always' for 'scroll-edge'"),
        ("app-bar look=FFFFFF\napp-bar look=000000\nscreen A\nroot A", 2, 1, "duplicate 'app-bar'"),
        ("screen A large-title=yes\nroot A", 1, 22, "invalid value 'yes' for 'large-title'"),
        ("screen A\nroot A\nscroll A", 3, 1, "'scroll' needs NAME and away or top"),
        ("screen A\nroot A\nscroll A down", 3, 10, "unexpected argument 'down'; expected away or top"),
        ("screen A\nroot A\nscroll B away", 3, 8, "unknown screen 'B'"),
        ("screen A\nroot A\nscroll", 3, 1, "'scroll' needs a screen NAME"),
    ])
    func reportsErrorsAtTheirToken(text: String, line: Int, column: Int, message: String) {
        let found = Corpus.diagnostics(text)
        #expect(found.count == 1, "\(found)")
        #expect(found.first?.location.line == line)
        #expect(found.first?.location.column == column)
        #expect(found.first?.message.contains(message) == true, "\(found.first?.message ?? "none")")
    }
}
