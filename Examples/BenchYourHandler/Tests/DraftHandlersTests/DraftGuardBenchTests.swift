import DraftHandlers
import NavigationBench
import Testing

/// The app's CI: its flows, its handler beside the strategies, asserted as values.
@MainActor
struct DraftGuardBenchTests {
    @Test func everyWayBackReachesTheDraftGuard() throws {
        var catalog = PluginCatalog.builtIn
        try catalog.register(
            handler: { UnsavedDraftGuard(draftHasText: BenchFlow.appRefusesUserExit) }, on: [.shouldPop])
        let result = try Bench.report(of: ["Flows"], plugins: [["recommended", "UnsavedDraftGuard"]], catalog: catalog)

        #expect(result.failedExpects.isEmpty, "\(result.failedExpects)")
        let ranked = try #require(result.ranking.first)
        #expect(ranked.plugins.contains("UnsavedDraftGuard"))
        #expect(ranked.defectsByProfile.values.allSatisfy { $0 == 0 }, "\(ranked.shortfalls)")
    }
}
