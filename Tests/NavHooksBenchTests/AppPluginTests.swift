import Foundation
import NavigationHooks
import NavigationScenarioRunner
import NavigationScenarios
import NavigationSimulator
import NavigationStrategies
import ScenarioTestSupport
import Testing

@testable import NavigationBench

/// An app's own handler in the bench: the catalog value, `guard=app`, the command line, and the
/// report as a value (issue 39).
@MainActor
struct AppPluginTests {
    /// A handler as an app writes one: a user's "back" is refused where the app says so.
    struct DraftGuard: NavigationHandler {
        let refuses: @MainActor (any NavigationScreen) -> Bool
        func shouldPop(_ context: PopContext) -> PopDecision {
            context.trigger.isUserInitiated && refuses(context.leaving) ? .deny(reason: "draft") : .pass
        }
    }

    /// A whole plugin, registered under its `pluginName`.
    struct LogNothing: NavigationPlugin {
        func install(on hooks: HookRegistry, recording installation: PluginInstallation) throws {}
    }

    static func catalog() throws -> PluginCatalog {
        var catalog = PluginCatalog.builtIn
        try catalog.register(handler: { DraftGuard(refuses: BenchFlow.appRefusesUserExit) }, on: [.shouldPop])
        return catalog
    }

    @Test func theCatalogHoldsTheAppsPluginsBesideTheStrategies() throws {
        var catalog = try Self.catalog()
        try catalog.register { LogNothing() }
        #expect(catalog.names == StrategyCatalog.names + ["DraftGuard", "LogNothing"])
        #expect(PluginCatalog.builtIn.names == StrategyCatalog.names)
        #expect(catalog.isKnown("DraftGuard") && catalog.isKnown("BackActionOverride:publicOnly"))
        #expect(!catalog.isKnown("DraftGuard:mode"))

        // The handler joins only the points it was registered on, under its type's name.
        let nav = SimNavigationController(profile: .ios26)
        try catalog.composition(["DraftGuard", "PopGestureGuard", "LogNothing"]).install(on: nav.hooks)
        #expect(nav.hooks.dispatcher.shouldPopHandlers.names.contains("DraftGuard"))
        #expect(!nav.hooks.dispatcher.backButtonActionHandlers.names.contains("DraftGuard"))
        #expect(nav.hooks.installation(named: "LogNothing") != nil)
        #expect(throws: UnknownPluginError.self) { try catalog.composition(["Nope"]) }
    }

    @Test func aNameTheCommandLineCannotSpellOrAlreadyTakenIsATypedError() throws {
        var catalog = try Self.catalog()
        #expect(throws: PluginCatalogError.duplicateName("DraftGuard")) {
            try catalog.register(handler: { DraftGuard(refuses: { _ in true }) })
        }
        struct PopGestureGuard: NavigationHandler {}
        #expect(throws: PluginCatalogError.duplicateName("PopGestureGuard")) {
            try catalog.register(handler: { PopGestureGuard() })
        }
        #expect(catalog.appNames == ["DraftGuard"])
    }

    /// The oracle is the bench's own refusing handler: a screen whose exits the app's handler
    /// refuses (`guard=app`) must play as a `guard=deny` screen does, and with no app handler
    /// every exit that went through is unguarded, not blocked.
    @Test(arguments: ScenarioProfile.allCases)
    func aRefusalByTheAppsHandlerIsAnAskedExitAndAnUnansweredExitIsUnguarded(_ profile: ScenarioProfile) throws {
        let flow = """
            scenario Draft
            screen List
            screen Draft guard=GUARD
            root List
            push Draft
            tap-back
            swipe-back progress=0.8 finish
            voiceover-escape
            expect top Draft
            set Draft guard=none
            tap-back
            expect top List
            """
        let app = try Corpus.parse(flow.replacingOccurrences(of: "GUARD", with: "app"))
        let deny = try Corpus.parse(flow.replacingOccurrences(of: "GUARD", with: "deny"))
        let runner = SimulatorScenarioRunner(catalog: try Self.catalog())
        let recommended = StrategyComposition.recommended.names
        let byApp = runner.run(app, profile: profile.rawValue, plugins: recommended + ["DraftGuard"])
        let byBench = runner.run(deny, profile: profile.rawValue, plugins: recommended)
        #expect(byApp.expectFailures.isEmpty)
        #expect(byApp.metrics.blockedPops == 0 && byApp.metrics.unguardedPops == 0)
        #expect(byApp.metrics.defects == byBench.metrics.defects)

        let unanswered = runner.run(app, profile: profile.rawValue, plugins: recommended)
        #expect(unanswered.metrics.unguardedPops == 1)  // the first exit left; nothing was left to refuse
        #expect(unanswered.metrics.blockedPops == 0)
    }

    @Test func theCommandTakesTheAppsPluginsAndListsThem() throws {
        let directory = try TestScratch.folder("app-plugins")
        defer { TestScratch.remove(directory) }
        try TestScratch.write(
            "scenario A\nscreen S guard=app\nscreen T\nroot T\npush S\ntap-back\nexpect top S\n",
            toFile: directory + "/a.nav")
        var out = ""
        var err = ""
        let catalog = try Self.catalog()
        let command = BenchCommand(
            runner: SimulatorScenarioRunner(catalog: catalog), availablePlugins: catalog.names,
            recommendedPlugins: StrategyComposition.recommended.names, currentDirectory: directory,
            output: { out += $0 }, errorOutput: { err += $0 })
        #expect(command.run(["a.nav", "--plugins", "recommended,DraftGuard", "--check", "--profiles", "ios18"]) == 0)
        #expect(out.contains("DraftGuard"))
        #expect(command.run(["a.nav", "--plugins", "recommended", "--check", "--profiles", "ios18"]) == 1)
        #expect(err.contains("a.nav:7:1: error: expect top S failed"))
        out = ""
        #expect(command.run(["--help"]) == 0)
        #expect(out.contains("DraftGuard"))
    }

    @Test func theReportIsAValueWithTheRankingDefectsPerProfileAndFailedExpects() throws {
        let directory = try TestScratch.folder("app-report")
        defer { TestScratch.remove(directory) }
        try TestScratch.write(
            "scenario A\nscreen S guard=app\nscreen T\nroot T\npush S\ntap-back\nexpect top S\n",
            toFile: directory + "/a.nav")
        let result = try Bench.report(
            of: ["a.nav"], plugins: [["recommended", "DraftGuard"], ["recommended"]], profiles: [.ios17, .ios26],
            catalog: try Self.catalog(), currentDirectory: directory)

        #expect(result.ranking.map(\.rank) == [1, 2])
        let guarded = try #require(result.combination(StrategyComposition.recommended.names + ["DraftGuard"]))
        #expect(guarded.rank == 1 && guarded.defectsByProfile == ["ios17": 0, "ios26": 0])
        let unguarded = try #require(result.combination(StrategyComposition.recommended.names))
        #expect(unguarded.defectsByProfile == ["ios17": 2, "ios26": 2])  // an unguarded pop and a failed expect
        #expect(result.failedExpects.map(\.location.line) == [7, 7])
        #expect(result.failedExpects.map(\.profile) == ["ios17", "ios26"])
        #expect(result.failedExpects.first?.description.hasPrefix("a.nav:7:1: expect top S, found top T") == true)

        // Every format of the command, from the value.
        let table = try result.render(.table)
        let firstRow = table.split(separator: "\n").first { $0.split(separator: " ").first == "1" }
        #expect(firstRow?.split(separator: " ").prefix(3) == ["1", "0", "0"])  // rank, documented, worst
        #expect(table.contains("DraftGuard"))
        let json = try JSONSerialization.jsonObject(with: Data(try result.render(.json).utf8)) as? [String: Any]
        #expect((json?["runs"] as? [Any])?.count == 4)
        #expect(try result.render(.csv).split(separator: "\n").count == 5)  // a header and a row a run
        #expect(try result.render(.junit).contains("<testsuites"))

        #expect(throws: BenchError.unknownPlugins(["Nope"])) { try Bench.report(of: ["a.nav"], plugins: [["Nope"]]) }
        #expect(throws: BenchError.self) { try Bench.report(of: ["missing.nav"], currentDirectory: directory) }
    }
}
