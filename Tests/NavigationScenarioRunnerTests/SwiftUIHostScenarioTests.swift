@_spi(Runner) import NavigationScenarioRunner
import NavigationScenarios
import NavigationSimulator
import NavigationStrategies
import ScenarioTestSupport
import Testing

/// `host swiftui` and `expect path`: a SwiftUI stack as far as sources say (R60–R66, R77).
@MainActor
struct SwiftUIHostScenarioTests {
    static let recommended = StrategyComposition.recommended.names

    private func run(
        _ text: String, profile: String = "ios17", plugins: [String] = recommended
    ) throws -> RunResult {
        let scenario = try ScenarioParser.parse(text: text, file: "swiftui.nav").get()
        return SimulatorScenarioRunner().run(scenario, profile: profile, plugins: plugins)
    }

    // MARK: Parsing

    @Test func theHostLineAndExpectPathParse() throws {
        let plain = try ScenarioParser.parse(text: "screen A\nroot A\n", file: "a.nav").get()
        #expect(plain.host == HostDeclaration())
        let text = "host swiftui preferences=once\nscreen A\nscreen B\nroot A\npush B\nexpect path B\nexpect path\n"
        let scenario = try ScenarioParser.parse(text: text, file: "a.nav").get()
        #expect(scenario.host == HostDeclaration(kind: .swiftui, preferences: .once))
        #expect(scenario.steps.suffix(2).map(\.action) == [.expectPath(["B"]), .expectPath([])])
        #expect(scenario.expectations.count == 2)
    }

    @Test func badHostLinesAreErrorsWithTheirPosition() {
        let cases: [(String, String)] = [
            ("host\nscreen A\nroot A", "t.nav:1:1: error: 'host' needs uikit or swiftui"),
            ("host react\nscreen A\nroot A", "t.nav:1:6: error: unknown host 'react'; expected uikit or swiftui"),
            ("host swiftui\nhost uikit\nscreen A\nroot A", "t.nav:2:1: error: duplicate 'host' (first at line 1)"),
            (
                "host swiftui preferences=sometimes\nscreen A\nroot A",
                "t.nav:1:26: error: invalid value 'sometimes' for 'preferences'; expected modifiers or once or probe"
            ),
            (
                "screen A\nroot A\nswiftui-update",
                "t.nav:3:1: error: 'swiftui-update' needs 'host swiftui' (a UIKit stack has no SwiftUI state)"
            ),
            (
                "screen A\nroot A\nexpect path",
                "t.nav:3:8: error: 'expect path' needs 'host swiftui' (a UIKit stack has no path binding)"
            ),
            (
                "host swiftui\ndelegate\nscreen A\nroot A",
                "t.nav:2:1: error: 'delegate' with 'host swiftui': SwiftUI's stack owns its navigation delegate"
            ),
        ]
        for (text, expected) in cases {
            let found = Corpus.diagnostics(text).map(\.description)
            #expect(found.contains(expected), "\(text): \(found)")
        }
    }

    // MARK: Rules

    /// R60, R64: SwiftUI's delegate is set when the stack is created, before any plugin; every
    /// plugin wraps and forwards it, so no call it expects is lost and the path keeps following.
    @Test func r60_swiftUIsOwnDelegateKeepsEveryCallUnderEveryPlugin() throws {
        let text = """
            host swiftui
            screen A
            screen B
            root A
            push B
            swipe-back progress=0.3 cancel
            swipe-back progress=0.8 finish
            expect path
            """
        for plugin in StrategyCatalog.names {
            let result = try run(text, plugins: [plugin])
            #expect(result.metrics.lostDelegateCalls == 0, "\(plugin)")
            #expect(result.expectFailures.isEmpty, "\(plugin): \(result.expectFailures)")
        }
    }

    /// R61: every destination is its own hosting controller with its own preferences: a hidden
    /// bar on one destination does not leak to the one pushed over it, nor back.
    @Test func r61_eachDestinationKeepsItsOwnPreferences() throws {
        let result = try run(
            """
            host swiftui
            screen Feed bar=hidden
            screen Post
            root Feed
            push Post
            expect bar visible
            pop
            expect bar hidden
            """)
        #expect(result.metrics.defects == 0, "\(result.expectFailures)")
    }

    /// R62: a hosting controller rewrites its item and bar state on appearance: preferences
    /// written once are gone after the first appearance; the modifiers write them every time.
    @Test func r62_preferencesWrittenOnceAreLostOnReappearance() throws {
        let flow = """
            screen Feed bar=hidden
            screen Detail
            root Feed
            push Detail
            pop
            expect bar hidden
            """
        let once = try run("host swiftui preferences=once\n" + flow)
        #expect(once.expectFailures.map(\.actual) == ["bar visible"])
        let modifiers = try run("host swiftui\n" + flow)
        #expect(modifiers.metrics.defects == 0)
        #expect(modifiers.inferredRules.contains("R62"))
        let uikit = try run(flow)
        #expect(!uikit.inferredRules.contains("R62"))
    }

    /// R63: the probe has a parent only from `didMove(toParent:)`/`viewWillAppear`, so the
    /// preferences are written there, after `willShow`; the bar and the swipe still hold on
    /// every profile with the recommended composition.
    @Test func r63_preferencesWrittenAtViewWillAppearHold() throws {
        let text = """
            host swiftui
            screen List
            screen Card bar=hidden gesture=disabled
            screen Next
            root List
            push Card
            expect bar hidden
            swipe-back progress=0.8 finish
            expect top Card
            push Next
            expect bar visible
            pop
            expect bar hidden
            """
        for profile in ScenarioProfile.allCases {
            let result = try run(text, profile: profile.rawValue)
            #expect(result.metrics.defects == 0, "\(profile): \(result.expectFailures)")
        }
    }

    /// R64: the composition wraps SwiftUI's delegate and forwards to it through a sheet's
    /// refused swipe-down and a confirmed pop: nothing is lost and
    /// the path keeps following the stack.
    @Test func r64_theCompositionForwardsToSwiftUIsDelegate() throws {
        let result = try run(
            """
            host swiftui
            screen Recipients
            screen Compose guard=confirm
            root Recipients
            push Compose
            swipe-down-sheet
            confirm keep
            expect path Compose
            swipe-back progress=0.8 finish
            confirm discard
            expect path
            push Compose
            expect path Compose
            """)
        #expect(result.metrics.lostDelegateCalls == 0)
        #expect(result.metrics.defects == 0, "\(result.expectFailures)")
    }

    /// R65: the app hears of a user's pop when SwiftUI sets the path after UIKit popped; a
    /// cancelled swipe leaves path and stack in sync; the app's own path changes are free.
    @Test func r65_thePathIsSetAfterTheUsersPopAndStaysInSync() throws {
        let text = """
            host swiftui
            screen Notes
            screen Editor guard=confirm
            root Notes
            push Editor
            expect path Editor
            swipe-back progress=0.3 cancel
            expect path Editor
            tap-back
            expect path Editor
            confirm discard
            expect path
            push Editor
            pop
            expect path
            """
        for profile in ScenarioProfile.allCases {
            let result = try run(text, profile: profile.rawValue)
            #expect(result.metrics.defects == 0, "\(profile): \(result.expectFailures)")
        }
        // Without plugins the tap pops at once: the path is already empty when the app looks.
        let bare = try run(text, plugins: [])
        #expect(bare.metrics.unguardedPops == 1)
        #expect(bare.expectFailures.first?.actual == "an empty path")
    }

    /// R66: `navigationBarBackButtonHidden(true)` (a replaced back button) and a hidden bar
    /// kill the edge swipe; the recommended composition keeps it. (The bar is hidden here by
    /// SwiftUI's own call for the modifier's `.toolbar(.hidden)`, R77, and by
    /// `DelegateBarHiding` reading `.prefersNavigationBarHidden(true)`.)
    @Test func r66_hiddenBackButtonOrBarKillsTheSwipeUnlessRestored() throws {
        let cases = [("screen Chat back=custom", [String]()), ("screen Chat bar=hidden", ["DelegateBarHiding"])]
        for (screen, plugins) in cases {
            let text = "host swiftui\nscreen Inbox\n\(screen)\nroot Inbox\npush Chat\nswipe-back progress=0.8 finish\n"
            let bare = try run(text + "expect top Chat\nexpect path Chat\n", plugins: plugins)
            #expect(bare.metrics.blockedPops == 1, "\(screen)")
            #expect(bare.expectFailures.isEmpty, "\(screen): \(bare.expectFailures)")
            let composed = try run(text + "expect top Inbox\nexpect path\n")
            #expect(composed.metrics.defects == 0, "\(screen): \(composed.expectFailures)")
        }
    }

    /// The corpus's SwiftUI files pass with the recommended composition and show defects
    /// without any plugin.
    @Test func theSwiftUICorpusFilesPassWithTheRecommendedCompositionOnly() throws {
        let files = Corpus.files.filter { $0.lastPathComponent.hasPrefix("swiftui-") }
        #expect(files.count == 6)
        for file in files {
            let scenario = try ScenarioParser.parse(
                text: String(contentsOf: file, encoding: .utf8), file: file.lastPathComponent
            ).get()
            #expect(scenario.host.isSwiftUI)
            var bareDefects = 0
            for profile in ScenarioProfile.allCases where scenario.runs(on: profile) {
                let composed = SimulatorScenarioRunner().run(
                    scenario, profile: profile.rawValue, plugins: Self.recommended)
                #expect(composed.metrics.defects == 0, "\(file.lastPathComponent) \(profile)")
                bareDefects +=
                    SimulatorScenarioRunner().run(scenario, profile: profile.rawValue, plugins: []).metrics.defects
            }
            #expect(bareDefects > 0, "\(file.lastPathComponent)")
        }
    }

    // MARK: R77

    /// R77, as the reports show it (SwiftUIX #343, Parchment #490, DynamicOverlay #17): a bar
    /// hidden outside SwiftUI's own state is back after a later update that runs no appearance
    /// callback, whatever the plugins; stated in SwiftUI's terms (what `.prefersNavigationBarHidden`
    /// now does) it stays hidden. `hostBarOverrides` counts SwiftUI's calls against the screen.
    @Test func r77_swiftUIShowsABarHiddenOnlyOutsideItsOwnStateOnALaterUpdate() throws {
        let flow =
            "screen Feed bar=hidden\nscreen Detail\nroot Feed\npush Detail\npop\nswiftui-update\nexpect bar hidden\n"
        for plugins in [[], Self.recommended] {
            let probeOnly = try run("host swiftui preferences=probe\n" + flow, plugins: plugins)
            #expect(probeOnly.expectFailures.map(\.actual) == ["bar visible"], "\(plugins)")
            #expect(probeOnly.metrics.hostBarOverrides == 3, "root, return, update: \(plugins)")
            #expect(probeOnly.metrics.wrongBarAtRest == 1, "\(plugins)")
            #expect(probeOnly.inferredRules.contains("R77"))
            let stated = try run("host swiftui\n" + flow, plugins: plugins)
            #expect(stated.expectFailures.isEmpty, "\(plugins): \(stated.expectFailures)")
            #expect(stated.metrics.hostBarOverrides == 0 && stated.metrics.wrongBarAtRest == 0, "\(plugins)")
        }
    }

    /// R77 in a push: SwiftUI sets the arriving screen's bar from its own state in the
    /// appearance, so a bar hidden only through the probe stays visible through the whole pop
    /// back to the hidden-bar feed and vanishes only at the probe's `viewDidAppear`; stated in
    /// SwiftUI's terms it goes with the transition.
    @Test func r77_aBarHiddenOnlyThroughTheProbeStaysThroughThePopAndJumpsAtTheEnd() throws {
        for (preferences, lastTransitionFrame) in [("probe", 1.0), ("modifiers", 0.0)] {
            let text =
                "host swiftui preferences=\(preferences)\nscreen Feed bar=hidden\nscreen Detail\nroot Feed\npush Detail\npop\n"
            let scenario = try ScenarioParser.parse(text: text, file: "pop.nav").get()
            var play = Play.prepared(scenario, profile: .ios17, plugins: Self.recommended.sorted())
            for step in scenario.steps { play.perform(step, on: .ios17) }
            let frames = play.nav.timeline.frames
            let pop = try #require(frames.last { $0.transitionID != nil })
            #expect(pop.topScreen == "Feed" && pop.transitionProgress == 1)
            #expect(pop.barVisibleFraction == lastTransitionFrame, "\(preferences)")
            #expect(play.nav.isNavigationBarHidden, "\(preferences): hidden at rest")
        }
    }
}
