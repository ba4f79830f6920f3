import Foundation
import NavigationConformance
import NavigationScenarioRunner
import NavigationScenarios
import NavigationStrategies
import ScenarioTestSupport
import Testing

@testable import NavigationBench

/// The app-side declarations (`delegate …`, `gesture-delegate`, `gesture-switch`), plugin modes
/// (`plugin NAME:MODE`, `--plugins Name:mode`) and the runner's set-up of them (UIKitRules.md, "App code patterns and newer iOS").
@MainActor
struct AppCodeScenarioTests {
    static func scenario(_ text: String) throws -> Scenario {
        try ScenarioParser.parse(text: text, file: "app.nav").get()
    }

    static func run(_ text: String, profile: String = "ios17", plugins: [String] = []) throws -> RunResult {
        SimulatorScenarioRunner().run(try scenario(text), profile: profile, plugins: plugins)
    }

    // MARK: Parsing

    @Test func oldFilesParseToTheDefaults() throws {
        let plain = try Self.scenario("screen Home\nroot Home\n")
        #expect(plain.appCode == AppCodePatterns())
        #expect(plain.pluginModes.isEmpty)
        let bare = try Self.scenario("delegate\nscreen Home\nroot Home\n")
        #expect(bare.installsOwnDelegate)
        #expect(bare.appCode.delegateOrder == .beforePlugins)
    }

    @Test func everyDeclarationParses() throws {
        let scenario = try Self.scenario(
            """
            delegate-library cached-forwarder
            gesture-library fullscreen-pan
            delegate after-plugins custom-transitions
            gesture-delegate always-yes
            gesture-switch every-appear
            plugin ShouldPopItemGuard:extensionOverride BackActionOverride:privateHookOnly
            screen Home
            root Home
            """)
        #expect(scenario.installsOwnDelegate)
        #expect(
            scenario.appCode
                == AppCodePatterns(
                    delegateOrder: .afterPlugins, delegateHasTransitionMethods: true, gestureDelegate: .alwaysYes,
                    gestureSwitch: .everyAppear, delegateLibrary: .cachedForwarder, gestureLibrary: .fullscreenPan))
        #expect(
            scenario.pluginModes == [
                "ShouldPopItemGuard": "extensionOverride", "BackActionOverride": "privateHookOnly",
            ])
    }

    nonisolated static let errorCases: [(String, Int, Int, String)] = [
        ("delegate sideways\nscreen A\nroot A", 1, 10, "unexpected argument 'sideways'"),
        ("delegate after-plugins before-plugins\nscreen A\nroot A", 1, 24, "'delegate' takes one order"),
        ("gesture-delegate\nscreen A\nroot A", 1, 1, "'gesture-delegate' needs system or always-yes"),
        ("gesture-delegate maybe\nscreen A\nroot A", 1, 18, "invalid value 'maybe' for 'gesture-delegate'"),
        ("gesture-switch sticky sticky\nscreen A\nroot A", 1, 23, "unexpected argument 'sticky'"),
        ("gesture-switch sticky\ngesture-switch none\nscreen A\nroot A", 2, 1, "duplicate 'gesture-switch'"),
        ("plugin\nscreen A\nroot A", 1, 1, "'plugin' needs NAME:MODE"),
        ("plugin Nope\nscreen A\nroot A", 1, 8, "unknown plugin mode 'Nope'"),
        ("plugin ShouldPopItemGuard:fast\nscreen A\nroot A", 1, 8, "unknown plugin mode"),
        (
            "plugin ShouldPopItemGuard:extensionOverride ShouldPopItemGuard:extensionOverride\nscreen A\nroot A", 1, 45,
            "a second mode for ShouldPopItemGuard"
        ),
        ("screen A\nroot A\ngesture-switch sticky", 3, 1, "declaration 'gesture-switch' after a step"),
        ("delegate-library rx\nscreen A\nroot A", 1, 18, "invalid value 'rx' for 'delegate-library'"),
        ("delegate-library bar-handler\ndelegate-library none\nscreen A\nroot A", 2, 1, "duplicate 'delegate-library'"),
        ("gesture-library lazy\nscreen A\nroot A", 1, 17, "invalid value 'lazy' for 'gesture-library'"),
        ("gesture-library\nscreen A\nroot A", 1, 1, "'gesture-library' needs none or fullscreen-pan"),
    ]

    @Test(arguments: errorCases)
    func badDeclarationsAreLocatedErrors(_ text: String, line: Int, column: Int, message: String) {
        guard case .failure(let failure) = ScenarioParser.parse(text: text, file: "app.nav") else {
            Issue.record("parsed: \(text)")
            return
        }
        let first = failure.diagnostics.first
        #expect(first?.location.line == line)
        #expect(first?.location.column == column)
        #expect(first?.message.contains(message) == true, "\(first?.message ?? "none")")
    }

    // MARK: Plugin modes

    @Test func modesAreSpelledNameColonMode() throws {
        #expect(StrategyCatalog.isKnown("ShouldPopItemGuard:extensionOverride"))
        #expect(StrategyCatalog.isKnown("BackActionOverride:privateHookOnly"))
        #expect(!StrategyCatalog.isKnown("BackActionOverride:extensionOverride"))
        let composition = try StrategyCatalog.composition(["ShouldPopItemGuard:extensionOverride", "BackMenuGuard"])
        #expect(composition.names == ["BackMenuGuard", "ShouldPopItemGuard"])
        #expect((composition.plugins.last as? ShouldPopItemGuardPlugin)?.installation == .extensionOverride)
        #expect(throws: UnknownPluginError.self) { try StrategyCatalog.composition(["ShouldPopItemGuard:fast"]) }
    }

    @Test func theCommandLineTakesModes() throws {
        let options = try BenchOptions.parse(
            ["--plugins", "BackActionOverride:privateHookOnly,BackMenuGuard"],
            availablePlugins: StrategyCatalog.names, recommendedPlugins: [])
        #expect(options.combinations == [PluginCombination(["BackActionOverride:privateHookOnly", "BackMenuGuard"])])
        #expect(throws: BenchOptions.UsageError.self) {
            try BenchOptions.parse(
                ["--plugins", "BackActionOverride:fast"], availablePlugins: StrategyCatalog.names,
                recommendedPlugins: [])
        }
    }

    static let guardedForm =
        "screen Account\nscreen Edit guard=deny\nroot Account\npush Edit\ntap-back\nexpect top Edit\n"

    @Test func privateHookOnlyIsBlindOnIOS26() throws {
        let automatic = try Self.run(Self.guardedForm, profile: "ios26", plugins: ["BackActionOverride"])
        let privateOnly = try Self.run(
            Self.guardedForm, profile: "ios26", plugins: ["BackActionOverride:privateHookOnly"])
        #expect(automatic.metrics.unguardedPops == 0)
        #expect(privateOnly.metrics.unguardedPops == 1)
        #expect(privateOnly.plugins == ["BackActionOverride:privateHookOnly"])
        let ios18 = try Self.run(Self.guardedForm, profile: "ios18", plugins: ["BackActionOverride:privateHookOnly"])
        #expect(ios18.metrics.unguardedPops == 0)
    }

    @Test func aFilesPluginLineSetsTheMode() throws {
        let classLevel = try Self.run(Self.guardedForm, profile: "ios13", plugins: ["ShouldPopItemGuard"])
        let inFile = try Self.run(
            "plugin ShouldPopItemGuard:extensionOverride\n" + Self.guardedForm, profile: "ios13",
            plugins: ["ShouldPopItemGuard"])
        #expect(classLevel.metrics.unguardedPops == 0)
        #expect(inFile.metrics.unguardedPops == 1)
        #expect(inFile.expectFailures.count == 1)
        #expect(inFile.plugins == ["ShouldPopItemGuard"])
    }

    static let cancelledTowardsHiddenHome = """
        screen Home bar=hidden
        screen Detail
        root Home
        push Detail
        swipe-back progress=0.4 cancel
        expect bar visible
        """

    /// QMUI #151 and FDFullscreenPopGesture #55: the bar asked for the screen underneath stays.
    @Test(arguments: ["DelegateBarHiding:noCancelHandler", "LifecycleBarHiding"])
    func r41_hidingThatDoesNotRestoreAtTheReleaseLosesTheBar(_ plugin: String) throws {
        let failing = try Self.run(Self.cancelledTowardsHiddenHome, plugins: [plugin])
        #expect(failing.metrics.wrongBarAtRest == 1)
        #expect(failing.expectFailures.count == 1)
        #expect(failing.inferredRules.contains("R41"))
        let recommended = try Self.run(
            Self.cancelledTowardsHiddenHome, plugins: StrategyComposition.recommended.names)
        #expect(recommended.metrics.wrongBarAtRest == 0)
        #expect(recommended.expectFailures.isEmpty)
    }

    // MARK: The runner's set-up

    static let rootSwipe = "screen Feed\nscreen Story\nroot Feed\nswipe-back finish\npush Story\nexpect top Story\n"

    @Test func anAlwaysYesGestureDelegateFreezesTheRootWithoutAPlugin() throws {
        let app = try Self.run("gesture-delegate always-yes\n" + Self.rootSwipe)
        #expect(app.metrics.frozen == 1)
        #expect(app.expectFailures.count == 1)
        let guarded = try Self.run("gesture-delegate always-yes\n" + Self.rootSwipe, plugins: ["PopGestureGuard"])
        #expect(guarded.metrics.frozen == 0)
        #expect(guarded.expectFailures.isEmpty)
        let plain = try Self.run(Self.rootSwipe)
        #expect(plain.metrics.frozen == 0)
    }

    @Test func theSeedsRootSwitchPreventsTheFreeze() throws {
        let fixed = try Self.run("gesture-delegate always-yes\ngesture-switch every-appear\n" + Self.rootSwipe)
        #expect(fixed.metrics.frozen == 0)
        #expect(fixed.expectFailures.isEmpty)
    }

    static let stickyFlow = """
        screen Library
        screen Player gesture=disabled
        screen Comments
        root Library
        push Player
        pop
        push Comments
        swipe-back finish
        """

    @Test func aStickySwitchBlocksTheSwipeOnLaterScreens() throws {
        let sticky = try Self.run("gesture-switch sticky\n" + Self.stickyFlow, plugins: ["PopGestureGuard"])
        #expect(sticky.metrics.blockedPops == 1)
        let preference = try Self.run(Self.stickyFlow, plugins: ["PopGestureGuard"])
        #expect(preference.metrics.blockedPops == 0)
        let everyAppear = try Self.run("gesture-switch every-appear\n" + Self.stickyFlow)
        #expect(everyAppear.metrics.blockedPops == 0)
    }

    static let delegateFlow = """
        screen Home bar=hidden
        screen Catalog
        root Home
        push Catalog
        swipe-back finish
        expect bar hidden
        """

    @Test(arguments: ["delegate", "delegate after-plugins"])
    func theAppsDelegateGetsEveryCallWhateverTheOrder(_ declaration: String) throws {
        let result = try Self.run(declaration + "\n" + Self.delegateFlow, plugins: ["DelegateBarHiding"])
        #expect(result.metrics.lostDelegateCalls == 0)
        #expect(result.metrics.wrongBarAtRest == 0)
        #expect(result.expectFailures.isEmpty)
    }

    @Test func customTransitionMethodsBlockTheSwipeUnlessAPluginAnswers() throws {
        let text =
            "delegate custom-transitions\n"
            + Self.delegateFlow.replacingOccurrences(of: "bar=hidden", with: "")
            .replacingOccurrences(of: "expect bar hidden", with: "expect top Home")
        let none = try Self.run(text)
        #expect(none.metrics.blockedPops == 1)
        #expect(none.expectFailures.count == 1)
        let guarded = try Self.run(text, plugins: ["PopGestureGuard", "DelegateBarHiding"])
        #expect(guarded.metrics.blockedPops == 0)
        #expect(guarded.expectFailures.isEmpty)
    }

    // MARK: The files

    @Test func theCorpusUsesEveryAppSideDeclaration() throws {
        let scenarios = try Corpus.scenarios()
        #expect(scenarios.contains { $0.installsOwnDelegate && $0.appCode.delegateOrder == .afterPlugins })
        #expect(scenarios.contains { $0.appCode.delegateHasTransitionMethods })
        #expect(scenarios.contains { $0.appCode.gestureDelegate == .alwaysYes && $0.appCode.gestureSwitch == .none })
        #expect(scenarios.contains { $0.appCode.gestureSwitch == .everyAppear })
        #expect(scenarios.contains { $0.appCode.delegateLibrary == .cachedForwarder })
        #expect(scenarios.contains { $0.appCode.delegateLibrary == .barHandler })
        #expect(scenarios.contains { $0.appCode.gestureLibrary == .fullscreenPan })
    }

    /// R71: FDFullscreenPopGesture's pan asks no guard (its issues #187 and #70: a refusing
    /// `navigationBar(_:shouldPop:)` no longer stops the pop once the library is in), so
    /// without plugins the corpus file's guarded draft is swiped away on every profile; the
    /// pop-gesture seam reaching the pan (PopGestureGuard, and the recommended composition)
    /// keeps it, and the unguarded screens still swipe back.
    @Test func r71_aLibrarysFullscreenPanBypassesGuardsUnlessTheSeamReachesIt() throws {
        let file = "fullscreen-pan-library.nav"
        let url = Corpus.directory.appendingPathComponent(file)
        let scenario = try ScenarioParser.parse(text: String(contentsOf: url, encoding: .utf8), file: file).get()
        #expect(scenario.appCode.gestureLibrary == .fullscreenPan)
        for profile in ScenarioProfile.allCases.map(\.rawValue) {
            let bare = SimulatorScenarioRunner().run(scenario, profile: profile, plugins: [])
            #expect(bare.metrics.unguardedPops == 1, "\(profile)")
            #expect(bare.metrics.frozen == 0, "\(profile)")
            for plugins in [["PopGestureGuard"], StrategyComposition.recommended.names] {
                let run = SimulatorScenarioRunner().run(scenario, profile: profile, plugins: plugins)
                #expect(run.metrics.defects == 0, "\(profile) \(plugins)")
                #expect(run.metrics.expectFailures == 0, "\(profile) \(plugins)")
            }
        }
    }

    /// The two library-delegate files of the corpus: the loss without plugins, none with the
    /// recommended composition, on every profile (R55, R56).
    @Test(arguments: ["library-delegate-cached-willshow.nav", "library-bar-delegate-taken-over.nav"])
    func r55_r56_libraryDelegateLossesAndTheRecommendedComposition(_ file: String) throws {
        let url = Corpus.directory.appendingPathComponent(file)
        let scenario = try ScenarioParser.parse(text: String(contentsOf: url, encoding: .utf8), file: file).get()
        #expect(scenario.appCode.delegateLibrary != .none)
        for profile in ["ios13", "ios17", "ios26"] {
            let bare = SimulatorScenarioRunner().run(scenario, profile: profile, plugins: [])
            #expect(bare.metrics.defects > 0, "\(file) \(profile)")
            if scenario.appCode.delegateLibrary == .cachedForwarder {
                #expect(bare.metrics.lostDelegateCalls > 0, "\(profile)")
            }
            let recommended = SimulatorScenarioRunner().run(
                scenario, profile: profile, plugins: StrategyComposition.recommended.names)
            #expect(recommended.metrics.defects == 0, "\(file) \(profile)")
            #expect(recommended.metrics.lostDelegateCalls == 0, "\(file) \(profile)")
            #expect(recommended.metrics.expectFailures == 0, "\(file) \(profile)")
        }
    }

    /// `Examples/AppPatterns/shouldpop-extension-override.nav` (R23): the extension override
    /// lets the tap leave the guarded form; `BackActionOverride` beside it guards the tap.
    @Test func theExtensionOverrideFileLeavesTheFormUnlessTheTapIsGuardedElsewhere() throws {
        let url = Corpus.directory.deletingLastPathComponent()
            .appendingPathComponent("AppPatterns/shouldpop-extension-override.nav")
        let scenario = try ScenarioParser.parse(
            text: String(contentsOf: url, encoding: .utf8), file: "shouldpop-extension-override.nav"
        ).get()
        #expect(scenario.pluginModes["ShouldPopItemGuard"] == "extensionOverride")
        let alone = SimulatorScenarioRunner().run(scenario, profile: "ios17", plugins: ["ShouldPopItemGuard"])
        #expect(alone.metrics.unguardedPops == 1)
        let guarded = SimulatorScenarioRunner().run(
            scenario, profile: "ios17", plugins: ["BackActionOverride", "ShouldPopItemGuard"])
        #expect(guarded.metrics.defects == 0)
    }

    /// `Examples/AppPatterns/key-back-focus-in-bar.nav` (R78, R80): with a text field in the
    /// navigation bar first responder, the responder chain never passes the screen (UIKit's
    /// documented chain: bar, the navigation controller's view, the navigation controller), but
    /// it passes the navigation controller, where the recommended composition's key command
    /// stands in place of UIKit's: the public default keeps the guarded document, as the private
    /// mode does, and only the private one uses private API. The corpus file with the text
    /// field inside the screen is guarded by both.
    @Test func theFocusInTheBarIsGuardedByThePublicModeToo() throws {
        let patterns = Corpus.directory.deletingLastPathComponent().appendingPathComponent("AppPatterns")
        let bar = try ScenarioParser.parse(
            text: String(contentsOf: patterns.appendingPathComponent("key-back-focus-in-bar.nav"), encoding: .utf8),
            file: "key-back-focus-in-bar.nav"
        ).get()
        let inScreen = try ScenarioParser.parse(
            text: String(
                contentsOf: Corpus.directory.appendingPathComponent("key-back-text-field.nav"), encoding: .utf8),
            file: "key-back-text-field.nav"
        ).get()
        let recommended = StrategyComposition.recommended.names
        let privateMode = recommended.map { $0 == "BackKeyCommandGuard" ? "BackKeyCommandGuard:privateAction" : $0 }
        for profile in ["ios16", "ios26"] {
            let publicBar = SimulatorScenarioRunner().run(bar, profile: profile, plugins: recommended)
            #expect(publicBar.metrics.defects == 0 && !publicBar.risks.usesPrivateAPI, "\(profile)")
            let privateBar = SimulatorScenarioRunner().run(bar, profile: profile, plugins: privateMode)
            #expect(privateBar.metrics.defects == 0 && privateBar.risks.usesPrivateAPI, "\(profile)")
            for plugins in [recommended, privateMode] {
                let result = SimulatorScenarioRunner().run(inScreen, profile: profile, plugins: plugins)
                #expect(result.metrics.defects == 0 && result.metrics.unansweredAttempts == 0, "\(plugins) \(profile)")
            }
        }
    }

    /// `Examples/AppPatterns/sticky-gesture-switch.nav`: no combination removes its blocked pop.
    @Test func theStickySwitchFileBlocksTheSwipeInEveryCombination() throws {
        let url = Corpus.directory.deletingLastPathComponent()
            .appendingPathComponent("AppPatterns/sticky-gesture-switch.nav")
        let scenario = try ScenarioParser.parse(text: String(contentsOf: url, encoding: .utf8), file: "sticky.nav")
            .get()
        #expect(scenario.appCode.gestureSwitch == .sticky)
        for plugins in [[], StrategyComposition.recommended.names, StrategyCatalog.names] {
            let result = SimulatorScenarioRunner().run(scenario, profile: "ios18", plugins: plugins)
            #expect(result.metrics.blockedPops == 1, "\(plugins)")
        }
    }
}
