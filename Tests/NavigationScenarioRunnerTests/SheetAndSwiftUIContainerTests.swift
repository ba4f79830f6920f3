import NavigationScenarioRunner
import NavigationScenarios
import Testing

/// Issue 29 §3: a dismissed sheet no longer answers `expect` about its stack (R52), and
/// `expect path` exists only where the SwiftUI host is `NavigationStack(path:)` (R60).
///
/// The oracles are UIKit's and SwiftUI's documentation, not the model: a sheet dismissed by a
/// swipe-down takes its navigation controller off screen with every screen (Apple's
/// "Disabling the pull-down gesture for a sheet"; R52), and `NavigationStack(path:)` is
/// `@available(iOS 16.0, *)` in SwiftUI's interface, so an iOS 13 or 14 app has no path binding.
@MainActor
struct SheetAndSwiftUIContainerTests {
    private func run(_ text: String, profile: String = "ios17", plugins: [String] = []) throws -> RunResult {
        let scenario = try ScenarioParser.parse(text: text, file: "s.nav").get()
        return SimulatorScenarioRunner().run(scenario, profile: profile, plugins: plugins)
    }

    /// With no plugin, nothing refuses the swipe-down: the sheet goes. Before the fix the
    /// stack still read `Settings Detail` and the first expect passed, and the `push` ran.
    @Test func anExpectAboutADismissedSheetsStackFailsSayingTheSheetIsGone() throws {
        let result = try run(
            """
            screen Settings
            screen Detail
            screen More
            root Settings
            push Detail
            swipe-down-sheet
            expect stack Settings Detail
            expect sheet dismissed
            push More
            tap-back
            expect sheet presented
            """)
        #expect(result.expectFailures.map(\.location.line) == [7, 11])
        #expect(
            result.expectFailures.first?.actual
                == "no stack on screen: the sheet was dismissed at line 6 ('swipe-down-sheet')")
        #expect(result.expectFailures.last?.actual == "the sheet dismissed at line 6 ('swipe-down-sheet')")
        let skipped = result.skippedSteps.filter { $0.location.line >= 9 }
        #expect(skipped.map(\.location.line) == [9, 10])
        #expect(skipped.allSatisfy { $0.reason == "the sheet was dismissed at line 6 ('swipe-down-sheet')" })
    }

    /// A refused swipe-down leaves the sheet up: `expect sheet presented` and the stack hold.
    @Test func aRefusedSwipeDownKeepsTheSheetAndItsStack() throws {
        let result = try run(
            """
            screen Compose guard=confirm
            root Compose
            swipe-down-sheet
            confirm keep
            expect sheet presented
            expect stack Compose
            swipe-down-sheet
            confirm discard
            expect sheet dismissed
            """, plugins: ["ExitGuard"])
        #expect(result.expectFailures.isEmpty)
        #expect(result.skippedSteps.isEmpty)
    }

    @Test func expectSheetIsParsedOnlyAfterASwipeDownAndWithAState() {
        let cases: [(String, String)] = [
            (
                "screen A\nroot A\nexpect sheet presented",
                "t.nav:3:8: error: 'expect sheet' needs a 'swipe-down-sheet' step before it (the stack is a sheet from that step on)"
            ),
            (
                "screen A\nroot A\nswipe-down-sheet\nexpect sheet",
                "t.nav:4:8: error: 'expect sheet' needs presented or dismissed"
            ),
            (
                "screen A\nroot A\nswipe-down-sheet\nexpect sheet gone",
                "t.nav:4:14: error: invalid value 'gone' for 'expect sheet'; expected presented or dismissed"
            ),
        ]
        for (text, message) in cases {
            guard case .failure(let diagnostics) = ScenarioParser.parse(text: text, file: "t.nav") else {
                Issue.record("parsed: \(text)")
                continue
            }
            #expect(diagnostics.diagnostics.map(\.description) == [message])
        }
    }

    @Test func theSwiftUIHostIsNavigationViewBeforeIOS16() {
        #expect(HostDeclaration.swiftUIContainer(on: .ios13) == .navigationView)
        #expect(HostDeclaration.swiftUIContainer(on: .ios14) == .navigationView)
        for profile in [ScenarioProfile.ios16, .ios17, .ios18, .ios26] {
            #expect(HostDeclaration.swiftUIContainer(on: profile) == .navigationStack)
        }
    }

    /// On ios13/ios14 the path expectation is skipped with its reason, located; from ios16 it
    /// is checked (and a wrong one fails there).
    @Test func expectPathIsSkippedWhereThereIsNoPathBinding() throws {
        let text = "host swiftui\nscreen A\nscreen B\nroot A\npush B\nexpect path A\n"
        for profile in ["ios13", "ios14"] {
            let result = try run(text, profile: profile)
            #expect(result.expectFailures.isEmpty)
            #expect(
                result.skippedSteps.map(\.description) == [
                    "s.nav:6:1: expect path A (no path binding before iOS 16: the SwiftUI host on \(profile) is NavigationView (R60))"
                ])
        }
        #expect(try run(text, profile: "ios16").expectFailures.map(\.location.line) == [6])
    }

    /// A file that runs only where no path binding exists cannot check a path: an error at
    /// the expect, and nothing runs.
    @Test func expectPathOnOnlyNavigationViewProfilesIsAnError() {
        let text = "profile ios13 ios14\nhost swiftui\nscreen A\nroot A\nexpect path\n"
        guard case .failure(let diagnostics) = ScenarioParser.parse(text: text, file: "t.nav") else {
            Issue.record("parsed")
            return
        }
        #expect(
            diagnostics.diagnostics.map(\.description) == [
                "t.nav:5:8: error: 'expect path' cannot hold on ios13, ios14: the SwiftUI host there is NavigationView, which has no path binding (NavigationStack(path:) is iOS 16+)"
            ])
    }
}
