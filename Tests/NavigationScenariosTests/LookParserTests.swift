import NavigationHooks
import NavigationScenarios
import ScenarioTestSupport
import Testing

/// The `.nav` look keys and `expect look` (Examples/Scenarios/README.md, "Bar appearance").
struct LookParserTests {
    @Test func aScreenStatesItsLookAndExpectLookNamesAScreen() throws {
        let text = """
            screen Photo look=transparent tint=FFFFFF style=dark
            screen Feed look=FF2D5580 alpha=0.5 shadow=hidden title=000000
            screen Plain
            root Photo
            expect look Photo
            """
        let scenario = try ScenarioParser.parse(text: text, file: "t.nav").get()
        #expect(
            scenario.screen(named: "Photo")?.look
                == NavigationBarLook(background: .transparent, tint: .white, style: .dark))
        let feed = try #require(scenario.screen(named: "Feed")?.look)
        #expect(feed.background == .color(BarColor(red: 1, green: 0x2D / 255, blue: 0x55 / 255, alpha: 0x80 / 255)))
        #expect(feed.alpha == 0.5)
        #expect(feed.shadowHidden && feed.titleColor == .black)
        #expect(feed.backgroundOpacity < 0.26 && feed.backgroundOpacity > 0.24)  // 0.5 of a half-opaque colour
        #expect(scenario.screen(named: "Plain")?.look == nil)  // the app's appearance left alone
        #expect(scenario.statesLook)
        #expect(scenario.steps.last?.action == .expectLook("Photo"))
    }

    @Test(arguments: [
        ("screen A look=#FFFFFF\nroot A", 1, 15, "missing value for 'look'"),  // `#` starts a comment
        (
            "screen A look=red\nroot A", 1, 15,
            "invalid value 'red' for 'look'; expected none, system, transparent or RRGGBB"
        ),
        ("screen A alpha=2\nroot A", 1, 16, "alpha 2 is out of range"),
        ("screen A shadow=off\nroot A", 1, 17, "invalid value 'off' for 'shadow'"),
        ("screen A style=blue\nroot A", 1, 16, "invalid value 'blue' for 'style'; expected light or dark"),
        ("screen A\nroot A\nexpect look", 3, 8, "'expect look' needs a screen NAME"),
        ("screen A\nroot A\nexpect look B", 3, 13, "unknown screen 'B'"),
    ])
    func reportsLookErrorsAtTheirToken(text: String, line: Int, column: Int, message: String) {
        let found = Corpus.diagnostics(text)
        #expect(found.count == 1, "\(found)")
        #expect(found.first?.location.line == line)
        #expect(found.first?.location.column == column)
        #expect(found.first?.message.contains(message) == true, "\(found.first?.message ?? "none")")
    }

    /// A look's description is its `screen` keys, and the parser reads every look back as it was
    /// (what a recording relies on).
    @Test func aLooksDescriptionIsItsScreenKeysAndParsesBack() throws {
        let look = NavigationBarLook(background: .color(BarColor(hex: "1C1C1E")!), shadowHidden: true, tint: .white)
        #expect(look.description == "look=1C1C1E shadow=hidden tint=FFFFFF")
        #expect(NavigationBarLook().description == "look=system")
        #expect(BarColor(hex: "12345") == nil)
        let looks = [
            look, .system, NavigationBarLook(background: .transparent),
            NavigationBarLook(
                background: .color(BarColor(hex: "FF2D5580")!), alpha: 0.25, titleColor: .black, titleFontSize: 17,
                style: .light),
        ]
        for look in looks {
            let parsed = try ScenarioParser.parse(text: "screen A \(look)\nroot A", file: "t.nav").get()
            #expect(parsed.screen(named: "A")?.look == look, "\(look)")
        }
    }
}
