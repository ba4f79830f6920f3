import Foundation
import NavigationBench
import ScenarioTestSupport
import Testing

/// The article "Benchmark your own handler" (NavigationBench.docc/BenchYourHandler.md) shows
/// the files of Examples/BenchYourHandler verbatim; here they compile and run: the handler is
/// this target's own source (a link to the example's file), the executable's registration
/// compiles below, and the app's test runs with the example's folder as its current directory.
@MainActor
struct BenchYourHandlerArticleTests {
    static let example = Corpus.packageRoot + "/Examples/BenchYourHandler"
    static let shown = [
        "Sources/DraftHandlers/UnsavedDraftGuard.swift", "Sources/bench-my-handlers/main.swift",
        "Tests/DraftHandlersTests/DraftGuardBenchTests.swift", "Flows/composer-every-exit.nav",
    ]

    @Test func theArticleShowsTheExamplesFilesVerbatim() throws {
        let article = try String(
            contentsOfFile: Corpus.packageRoot + "/Sources/NavigationBench/NavigationBench.docc/BenchYourHandler.md",
            encoding: .utf8)
        for file in Self.shown {
            let text = try String(contentsOfFile: Self.example + "/" + file, encoding: .utf8)
            #expect(article.contains("\n" + text + "```\n"), "\(file) is not in the article as it is")
        }
        let main = try String(contentsOfFile: Self.example + "/" + Self.shown[1], encoding: .utf8)
        #expect(main.split(separator: "\n", omittingEmptySubsequences: false).count <= 15)
    }

    /// main.swift's registration, compiled here (``Bench/main(arguments:plugins:)`` never
    /// returns, so it is not called).
    let benchMain: () -> Never = {
        Bench.main(arguments: Array(CommandLine.arguments.dropFirst())) { catalog in
            try catalog.register(
                handler: { UnsavedDraftGuard(draftHasText: BenchFlow.appRefusesUserExit) }, on: [.shouldPop])
        }
    }

    /// DraftGuardBenchTests' body, run on the example's Flows.
    @Test func theAppsTestPassesOnTheExamplesFlows() throws {
        var catalog = PluginCatalog.builtIn
        try catalog.register(
            handler: { UnsavedDraftGuard(draftHasText: BenchFlow.appRefusesUserExit) }, on: [.shouldPop])
        let result = try Bench.report(
            of: ["Flows"], plugins: [["recommended", "UnsavedDraftGuard"]], catalog: catalog,
            currentDirectory: Self.example)

        #expect(result.failedExpects.isEmpty, "\(result.failedExpects)")
        let ranked = try #require(result.ranking.first)
        #expect(ranked.plugins.contains("UnsavedDraftGuard"))
        #expect(ranked.defectsByProfile.values.allSatisfy { $0 == 0 }, "\(ranked.shortfalls)")

        // Without the handler, the flows' refusals are nobody's: the exits go through.
        let alone = try Bench.report(
            of: ["Flows"], plugins: [["recommended"]], catalog: catalog, currentDirectory: Self.example)
        #expect(!alone.failedExpects.isEmpty)
        #expect(alone.ranking.first?.defects ?? 0 > 0)
    }
}
