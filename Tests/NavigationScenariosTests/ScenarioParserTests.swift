import NavigationScenarios
import NavigationSimulator
import ScenarioTestSupport
import Testing

struct ScenarioParserTests {
    static let header = "screen Home\nscreen List\nroot Home\n"

    /// One bad line per case: the text, the line and column of the error, a part of the message.
    static let errorCases: [(String, Int, Int, String)] = [
        (header + "puhs List", 4, 1, "unknown keyword 'puhs'; did you mean 'push'?"),
        (header + "Push List", 4, 1, "unknown keyword 'Push'"),
        ("screen Home colour=red\nroot Home", 1, 13, "unknown key 'colour'"),
        ("screen Home bar=hiden\nroot Home", 1, 17, "invalid value 'hiden' for 'bar'"),
        ("screen Home guard=maybe\nroot Home", 1, 19, "invalid value 'maybe' for 'guard'"),
        ("screen Home gesture=off\nroot Home", 1, 21, "invalid value 'off' for 'gesture'"),
        ("screen Home back=fancy\nroot Home", 1, 18, "invalid value 'fancy' for 'back'"),
        ("screen Home scroll=vertical\nroot Home", 1, 20, "invalid value 'vertical' for 'scroll'"),
        ("screen Home bar=hidden bar=visible\nroot Home", 1, 24, "duplicate key 'bar'"),
        ("screen Home\nscreen  Home\nroot Home", 2, 9, "duplicate screen 'Home' (first declared at line 1)"),
        ("screen 9lives\nscreen Home\nroot Home", 1, 8, "invalid screen name '9lives'"),
        ("screen\nscreen Home\nroot Home", 1, 1, "'screen' needs a NAME"),
        (header + "push Ghost", 4, 6, "unknown screen 'Ghost'"),
        (header + "present Ghost", 4, 9, "unknown screen 'Ghost'"),
        (header + "expect top Ghost", 4, 12, "unknown screen 'Ghost'"),
        ("profile ios15\n" + header, 1, 9, "unknown profile 'ios15'"),
        ("profile\n" + header, 1, 1, "'profile' needs at least one"),
        ("screen Home\npush Home", 2, 1, "step 'push' before 'root'"),
        ("screen Home\nscreen List\nroot Home\nroot List", 4, 1, "repeated 'root' (first at line 3)"),
        (header + "screen Late", 4, 1, "declaration 'screen' after a step (line 3)"),
        (header + "delegate", 4, 1, "declaration 'delegate' after a step"),
        (header + "pop-to List", 4, 8, "pop-to 'List', which is not in the stack here (stack: Home)"),
        (header + "push List\npop\npop-to List", 6, 8, "not in the stack here (stack: Home)"),
        (header + "push List\npush List", 5, 6, "push of 'List', which is already in the stack"),
        (header + "set-stack Home Home", 4, 16, "'Home' appears twice in 'set-stack'"),
        (header + "push List animated=yes", 4, 20, "invalid value 'yes' for 'animated'; expected true or false"),
        (header + "push List speed=2", 4, 11, "unknown key 'speed' for 'push'; expected animated"),
        (header + "push", 4, 1, "'push' needs a screen NAME"),
        (header + "pop-to", 4, 1, "'pop-to' needs a screen NAME"),
        (header + "set-stack", 4, 1, "'set-stack' needs at least one screen NAME"),
        (header + "back-menu", 4, 1, "'back-menu' needs a screen NAME"),
        (header + "swipe-back progress=1.5 finish", 4, 21, "progress 1.5 is out of range; expected 0…1"),
        (header + "content-swipe progress=-0.1 cancel", 4, 24, "progress -0.1 is out of range"),
        (header + "swipe-back progress=lots finish", 4, 21, "invalid number 'lots' for 'progress'"),
        (header + "swipe-back", 4, 1, "'swipe-back' needs 'finish' or 'cancel'"),
        (header + "swipe-back finish cancel", 4, 19, "takes one of finish or cancel, not both"),
        (header + "swipe-back sideways", 4, 12, "unexpected argument 'sideways'"),
        (header + "present List style=popover", 4, 20, "invalid value 'popover' for 'style'"),
        (header + "wait", 4, 1, "'wait' needs SECONDS"),
        (header + "wait -1", 4, 6, "wait -1 is out of range"),
        (header + "wait soon", 4, 6, "invalid number 'soon'"),
        (header + "dismiss List", 4, 9, "unexpected argument 'List'"),
        (header + "tap-back now", 4, 10, "unexpected argument 'now'"),
        (header + "expect", 4, 1, "'expect' needs"),
        (header + "expect size 3", 4, 8, "unknown expect form 'size'"),
        (header + "expect top", 4, 8, "'expect top' needs a screen NAME"),
        (header + "expect top Home List", 4, 17, "unexpected argument 'List'"),
        (header + "expect stack", 4, 8, "'expect stack' needs at least one screen NAME"),
        (header + "expect bar maybe", 4, 12, "invalid value 'maybe' for 'expect bar'"),
        (header + "expect bar", 4, 8, "'expect bar' needs hidden or visible"),
        ("scenario\n" + header, 1, 1, "'scenario' needs a title"),
        ("scenario A\nscenario B\n" + header, 2, 1, "duplicate 'scenario' title"),
        ("screen Home\n# nothing else\n", 1, 1, "the scenario has no steps"),
        ("\tscreen Home bar=\nroot Home", 1, 18, "missing value for 'bar'"),
        ("bar-edge left\n" + header, 1, 10, "unknown bar edge 'left'; expected none, leading or trailing"),
        ("bar-edge\n" + header, 1, 1, "'bar-edge' needs none, leading or trailing"),
        ("bar-edge leading trailing\n" + header, 1, 18, "unexpected argument 'trailing'"),
        ("bar-edge leading\nbar-edge none\n" + header, 2, 1, "duplicate 'bar-edge' (first at line 1)"),
        (header + "tap-back strip now", 4, 16, "unexpected argument 'now'"),
        (header + "tap-back left", 4, 10, "unexpected argument 'left'"),
    ]

    @Test(arguments: errorCases)
    func reportsTheErrorAtItsToken(text: String, line: Int, column: Int, message: String) {
        let found = Corpus.diagnostics(text)
        #expect(found.count == 1, "\(found)")
        let first = found.first
        #expect(first?.location.line == line)
        #expect(first?.location.column == column)
        #expect(first?.message.contains(message) == true, "\(first?.message ?? "none")")
        #expect(first?.description.hasPrefix("t.nav:\(line):\(column): error: ") == true)
    }

    @Test func reportsEveryErrorOfAFileInOrder() {
        let text = """
            profile ios15
            screen Home bar=hiden
            screen Home
            root Home
            puhs Home
            push Ghost
            swipe-back progress=2 finish
            pop-to Home
            """
        let found = Corpus.diagnostics(text, file: "many.nav")
        #expect(found.map(\.location.line) == [1, 2, 3, 5, 6, 7])
        #expect(found.map(\.location.column) == [9, 17, 8, 1, 6, 21])
        #expect(found.allSatisfy { $0.location.file == "many.nav" })
    }

    /// R57: `voiceover-escape bar` is the escape with the focus in the navigation bar; any
    /// other word after `voiceover-escape` is an error.
    @Test func voiceOverEscapeTakesBarOnly() throws {
        let scenario = try ScenarioParser.parse(text: Self.header + "push List\nvoiceover-escape bar", file: "t.nav")
            .get()
        guard case .voiceOverEscapeInBar = scenario.steps.last?.action else {
            Issue.record("expected voiceOverEscapeInBar, got \(String(describing: scenario.steps.last?.action))")
            return
        }
        #expect(Corpus.diagnostics(Self.header + "push List\nvoiceover-escape").isEmpty)
        #expect(Corpus.diagnostics(Self.header + "push List\nvoiceover-escape sideways").count == 1)
        #expect(Corpus.diagnostics(Self.header + "push List\nvoiceover-escape bar now").count == 1)
        #expect(Corpus.diagnostics(Self.header + "push List\nkey-back sideways").count == 1)
        #expect(Corpus.diagnostics(Self.header + "push List\nkey-back bar now").count == 1)
    }

    /// `key-back` takes where the first responder is (R78): nothing, `text` or `bar`.
    @Test func keyBackTakesTheFocus() throws {
        let scenario = try ScenarioParser.parse(
            text: Self.header + "push List\nkey-back\nkey-back text\nkey-back bar", file: "t.nav"
        ).get()
        let focuses = scenario.steps.compactMap { step -> KeyboardFocus? in
            if case .keyBack(let focus) = step.action { return focus }
            return nil
        }
        #expect(focuses == [.none, .textFieldInScreen, .textFieldInNavigationBar])
    }

    @Test func popToIsReportedOnlyWhenTheStackIsKnown() {
        // After a tap-back the stack is Home List Editor or Home List: pop-to List is fine
        // either way, and pop-to Editor may be fine; pop-to Settings can never be.
        let base = """
            screen Home
            screen List
            screen Editor guard=deny
            screen Settings
            root Home
            push List
            push Editor
            tap-back

            """
        #expect(Corpus.diagnostics(base + "pop-to Editor").isEmpty)
        #expect(Corpus.diagnostics(base + "pop-to List").isEmpty)
        let found = Corpus.diagnostics(base + "pop-to Settings")
        #expect(found.count == 1)
        #expect(found.first?.message.contains("stack is one of: Home List Editor | Home List") == true)
    }

    @Test func parsesEveryKeyAndStep() throws {
        let text = """
            scenario   Draft editor refuses back   # title keeps inner blanks
            profile ios26 ios16
            screen Home   bar=hidden
            screen Editor guard=deny gesture=disabled back=custom scroll=horizontal
            screen Sheet
            delegate
            root Home
            push Editor animated=false
            tap-back
            back-menu Home
            swipe-back progress=0.6 cancel
            content-swipe finish
            present Sheet style=fullscreen
            dismiss
            wait 0.25
            expect stack Home Editor
            expect top Editor
            expect bar visible
            pop
            pop-to Home animated=false
            pop-to-root
            set-stack Home Editor animated=true
            """
        let scenario = try ScenarioParser.parse(text: text, file: "d.nav").get()
        #expect(scenario.title == "Draft editor refuses back")
        #expect(scenario.profiles == [.ios16, .ios26])
        #expect(scenario.installsOwnDelegate)
        let editor = try #require(scenario.screen(named: "Editor"))
        #expect(editor.popGuard == .deny && editor.gesture == .disabled && editor.back == .custom)
        #expect(editor.scroll == .horizontal && editor.bar == .visible)
        #expect(editor.location == SourceLocation(file: "d.nav", line: 4, column: 8))
        #expect(scenario.screen(named: "Home")?.bar == .hidden)
        #expect(
            scenario.steps.map(\.action) == [
                .root("Home"), .push("Editor", animated: false), .tapBack, .backMenu("Home"),
                .swipeBack(progress: 0.6, release: .cancel), .contentSwipe(progress: 0.5, release: .finish),
                .present("Sheet", style: .fullScreen), .dismiss, .wait(seconds: 0.25),
                .expectStack(["Home", "Editor"]), .expectTop("Editor"), .expectBar(.visible),
                .pop(animated: true), .popTo("Home", animated: false), .popToRoot(animated: true),
                .setStack(["Home", "Editor"], animated: true),
            ]
        )
        #expect(scenario.steps[2].location == SourceLocation(file: "d.nav", line: 9, column: 1))
        #expect(scenario.steps[2].text == "tap-back")
        #expect(scenario.expectations.count == 3)
        #expect(scenario.runs(on: .ios26) && !scenario.runs(on: .ios13))
    }

    @Test func defaultsTitleToTheFileNameAndProfilesToAll() throws {
        let scenario = try ScenarioParser.parse(text: "screen A\nroot A\n", file: "dir/flow.nav").get()
        #expect(scenario.title == "flow")
        #expect(scenario.profiles == nil)
        #expect(ScenarioProfile.allCases.allSatisfy(scenario.runs(on:)))
        #expect(scenario.screens.first?.popGuard == ScreenDeclaration.Guard.none)
        #expect(scenario.steps.first?.action == .root("A"))
    }
}

struct VerticalBarParsingTests {
    /// `bar-edge` states the device's vertical bar (R123); without it there is none.
    @Test func barEdgeAndTheStripsBackTap() throws {
        let scenario = try Corpus.parse("bar-edge leading\n" + ScenarioParserTests.header + "push List\ntap-back strip")
        #expect(scenario.barEdge == .leading)
        guard case .tapBackInVerticalBar = scenario.steps.last?.action else {
            Issue.record("expected tapBackInVerticalBar, got \(String(describing: scenario.steps.last?.action))")
            return
        }
        #expect(scenario.steps.last?.isUserInitiated == true)
        #expect(try Corpus.parse(ScenarioParserTests.header).barEdge == VerticalBarEdge.none)
    }
}
