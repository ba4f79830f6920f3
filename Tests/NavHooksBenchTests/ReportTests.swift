import Foundation
import NavigationConformance
import NavigationScenarioRunner
import NavigationScenarios
import NavigationStrategies
import Testing

@testable import NavigationBench

struct ReportTests {
    static func result(
        _ file: String,
        _ profile: String,
        _ plugins: [String],
        _ metrics: RunMetrics
    ) -> RunResult {
        RunResult(
            scenario: "S \(file)", file: "Examples/Scenarios/\(file)", profile: profile, plugins: plugins,
            metrics: metrics)
    }

    static let results = [
        result("a.nav", "ios26", ["PopGestureGuard"], RunMetrics(unguardedPops: 3, dispatches: 10, nsPerDispatch: 5)),
        result("a.nav", "ios16", ["PopGestureGuard"], RunMetrics(dispatches: 10, nsPerDispatch: 5)),
        result("a.nav", "ios26", ["BackMenuGuard", "PopGestureGuard"], RunMetrics(dispatches: 20, nsPerDispatch: 9)),
        result("a.nav", "ios16", ["PopGestureGuard", "BackMenuGuard"], RunMetrics(dispatches: 20, nsPerDispatch: 9)),
        result("a.nav", "ios26", [], RunMetrics(unguardedPops: 1, barGlitches: 2, frozen: 1)),
        result("b.nav", "ios16", [], RunMetrics(expectFailures: 1)),
        result("a.nav", "ios26", ["TransitionEvents"], RunMetrics(dispatches: 2, nsPerDispatch: 3)),
    ]

    @Test func defectsAddUpEveryMetricButCost() {
        let metrics = RunMetrics(
            unguardedPops: 1, blockedPops: 2, barGlitches: 3, wrongBarAtRest: 4, frozen: 5, lostDelegateCalls: 6,
            expectFailures: 7, dispatches: 100, nsPerDispatch: 50
        )
        #expect(metrics.defects == 28)
        let sum = RunMetrics(dispatches: 1, nsPerDispatch: 10) + RunMetrics(dispatches: 3, nsPerDispatch: 30)
        #expect(sum.dispatches == 4 && sum.nsPerDispatch == 25)
    }

    @Test func rankingOrdersByDefectsThenCost() {
        let ranking = CombinationRanking(results: Self.results)
        #expect(
            ranking.entries.map(\.combination.label) == [
                "TransitionEvents", "BackMenuGuard+PopGestureGuard", "PopGestureGuard", "none",
            ]
        )
        #expect(ranking.entries.map(\.rank) == [1, 2, 3, 4])
        #expect(ranking.entries.map(\.totals.defects) == [0, 0, 3, 5])
        #expect(ranking.entries[2].shortfallLines == ["ios26: 3 unguarded (a.nav)"])
        #expect(
            ranking.entries[3].shortfallLines == [
                "ios16: 1 failed expects (b.nav)",
                "ios26: 1 unguarded (a.nav), 2 bar glitches (a.nav), 1 frozen (a.nav)",
            ]
        )
    }

    @Test func jsonHasExactlyTheContractsKeys() throws {
        let text = try BenchReport(results: Self.results).render(.json)
        let document = try #require(
            try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]
        )
        #expect(document.keys.contains("runs"))
        let runs = try #require(document["runs"] as? [[String: Any]])
        #expect(runs.count == Self.results.count)
        for run in runs {
            #expect(
                Set(run.keys) == [
                    "scenario", "file", "profile", "plugins", "metrics", "inferredRules", "skippedSteps",
                ]
            )
            let metrics = try #require(run["metrics"] as? [String: Any])
            #expect(
                Set(metrics.keys) == Set(RunMetrics.countFields.map(\.key) + ["nsPerDispatch"])
            )
        }
        #expect(runs[3]["plugins"] as? [String] == ["BackMenuGuard", "PopGestureGuard"])
        #expect(runs[4]["plugins"] as? [String] == [])
        #expect((runs[0]["metrics"] as? [String: Any])?["unguardedPops"] as? Int == 3)
        let ranking = try #require(document["ranking"] as? [[String: Any]])
        #expect(ranking.first?["plugins"] as? [String] == ["TransitionEvents"])
    }

    /// The report's JSON runs come from ``JSONRunWriter``, not `JSONEncoder`: the oracle is the
    /// encoder's own output, byte for byte, on runs of the corpus (a run's rule variant
    /// included) and on hostile values, one after another through one writer (which keeps the
    /// text of a group's runs that differ only in their plugins).
    @Test func theJSONWriterWritesWhatTheEncoderWrites() async throws {
        var corpusRuns = try await MatrixMachineryTests.plannedResults().results
        for index in corpusRuns.indices where index % 7 == 3 { corpusRuns[index].variant = "R50 alt" }
        var hostile = Self.results
        let strings = [
            "quote \" backslash \\ slash / tab \t nl \n cr \r bs \u{08} ff \u{0C} nul \u{00} us \u{1F} del \u{7F}",
            "é ⌘[ 日本 👍🏽 \u{2028} \u{FEFF}", "", "a,b", "</script>",
        ]
        for (index, string) in strings.enumerated() {
            hostile[index].scenario = string
            hostile[index].file = string + ".nav"
            hostile[index].plugins = [string, "X"]
            hostile[index].inferredRules = [string]
            hostile[index].skippedSteps = [
                .init(location: SourceLocation(file: string, line: 1, column: 2), step: string, reason: string)
            ]
        }
        let numbers: [Double] = [
            0, -0.0, 1, 0.1 + 0.2, 12.5, 1e16, 1.5e300, .leastNonzeroMagnitude, 1e-7, 123_456_789.123, .infinity, .nan,
            2380.814388888889,
        ]
        for (index, number) in numbers.enumerated() {
            var run = Self.results[index % Self.results.count]
            run.metrics.nsPerDispatch = number
            run.metrics.dispatches = index == 0 ? Int.max : -index
            hostile.append(run)
        }
        // Runs alike but for what a text kept by value could confuse: `0` and `-0`, and a file's
        // name in canonically equivalent spellings (`==` for Swift) that are other bytes.
        var zero = Self.results[2]
        zero.metrics.nsPerDispatch = 0
        var negativeZero = zero
        negativeZero.metrics.nsPerDispatch = -0.0
        var composed = zero
        composed.file = "Examples/Scenarios/caf\u{E9}.nav"
        var decomposed = composed
        decomposed.file = "Examples/Scenarios/cafe\u{301}.nav"
        #expect(composed.file == decomposed.file)
        hostile += [zero, negativeZero, zero, composed, decomposed, composed]
        let encoder = BenchReport.jsonEncoder()
        var writer = JSONRunWriter()
        var differing = 0
        for (index, run) in (hostile + corpusRuns).enumerated() {
            var written = ""
            writer.append(run, first: index == 0, to: &written)
            let encoded = try BenchReport.jsonRunText(run, first: index == 0, encoder: encoder)
            // Bytes, not `==`, which takes canonically equivalent strings as equal.
            if !JSONRunWriter.sameBytes(written, encoded) {
                differing += 1
                if differing < 3 { Issue.record("writer:\n\(written)\nencoder:\n\(encoded)") }
            }
        }
        #expect(differing == 0)
        // The whole document, in pieces through the writer, is the encoder's document.
        let report = BenchReport(results: hostile + Array(corpusRuns.prefix(200)))
        var pieces = ""
        try report.render(.json) { pieces += $0 }
        #expect(JSONRunWriter.sameBytes(pieces, try report.jsonText()))
    }

    @Test func csvHasAHeaderAndOneRowPerRun() throws {
        let lines = try BenchReport(results: Self.results).render(.csv).split(separator: "\n")
        let header: String =
            "scenario,file,profile,plugins,unguardedPops,blockedPops,barGlitches,wrongBarAtRest,frozen,"
            + "lostDelegateCalls,hostBarOverrides,unansweredAttempts,lookGlitches,wrongLookAtRest,wrongLookAfterCancel,"
            + "expectFailures,dispatches,nsPerDispatch,defects,inferredRules,skippedSteps,variant,appearance"
        #expect(lines.first.map(String.init) == header)
        #expect(lines.count == Self.results.count + 1)
        #expect(
            lines[1].hasPrefix(
                "S a.nav,Examples/Scenarios/a.nav,ios26,PopGestureGuard,3,0,0,0,0,0,0,0,0,0,0,0,10,5.0,3,")
        )
        #expect(lines[5].contains(",ios26,none,"))
    }

    @Test func tableFitsA100ColumnTerminalAndShowsShortfalls() throws {
        let many = (0..<8).map { "LongPluginName\($0)Strategy" }
        let results = Self.results + [Self.result("c.nav", "ios13", many, RunMetrics(blockedPops: 1))]
        let text = try BenchReport(results: results).render(.table)
        #expect(text.split(separator: "\n").allSatisfy { $0.count <= 100 })
        // Each cause once, cited by letter in rank order: the long combination's first.
        #expect(text.contains("\n  a  documented, ios13: blocked in c.nav\n"), "\(text)")
        #expect(text.contains("\n  b  documented, ios26: unguarded in a.nav\n"), "\(text)")
        #expect(text.contains("\n  d  documented, ios26: unguarded, bar glitches, frozen in a.nav\n"), "\(text)")
        #expect(
            text.split(separator: "\n").contains {
                $0.hasPrefix("   5") && $0.contains("  none  ") && $0.hasSuffix(" c d")
            })
        let markdown = try BenchReport(results: results, rankingLimit: 2).render(.markdown)
        // The table's columns (inferred is 0 on every row, so neither shows it), then the cost.
        #expect(
            markdown.contains(
                "| Rank | Documented | Worst | Unasked | Private | Patched | Plugins | Causes | Dispatches |"))
        #expect(markdown.contains("| 1 | 0 | 0 | 0 | 0 | 0 | TransitionEvents | — | 2 | 3.0 | — |"))
        #expect(text.contains("rank  documented  worst  unasked  private  patched  plugins"))
        #expect(markdown.contains("Every combination has 0 runs resting on an inferred rule."))
        #expect(markdown.contains("3 more combinations"))
        // --detail gives each combination's defects per profile, with counts.
        var detailed = BenchReport(results: results)
        detailed.showsDetail = true
        let detail = try detailed.render(.table)
        #expect(detail.contains("ios26: 3 unguarded (a.nav)"))
        #expect(detail.contains("ios13: 1 blocked (c.nav)"))
        #expect(try detailed.render(.markdown).contains("| ios26: 3 unguarded (a.nav) |"))
    }

    @Test func theInferredColumnShowsOnlyWhenCombinationsDiffer() throws {
        var inferred = Self.results
        inferred[6].inferredRules = ["R19"]
        let report = BenchReport(results: inferred)
        #expect(report.ranking.sameInferredRuns == nil)
        let text = try report.render(.table)
        #expect(text.contains("rank  documented  worst  unasked  private  patched  inferred  plugins"))
        // The inferred run now ranks TransitionEvents below the others with no defect.
        #expect(text.contains("   2           0      0        0        0        0         1  TransitionEvents"))
        #expect(try report.render(.markdown).contains("| Unasked | Private | Patched | Inferred | Plugins |"))
        #expect(BenchReport(results: Self.results).ranking.sameInferredRuns == 0)
    }

    @Test func theSummarySaysWhatTheSkippedStepsWere() throws {
        var skipping = Self.results
        let location = SourceLocation(file: "a.nav", line: 4, column: 1)
        skipping[1].skippedSteps = [.init(location: location, step: "key-back", reason: "no ⌘[ key command")]
        // The Markdown says what they were; the table, which keeps to one screen, how many.
        let markdown = try BenchReport(results: skipping).render(.markdown)
        #expect(markdown.contains("1 skipped step (steps that cannot happen there, e.g. no ⌘[ key command)"))
        #expect(try BenchReport(results: skipping).render(.table).contains("; 1 skipped step\n"))
    }

    @Test func everyCombinationOfTheCatalogIsTwoToTheNumberOfPlugins() {
        let all = PluginCombination.all(of: StrategyCatalog.names)
        #expect(all.count == 1 << StrategyCatalog.names.count)
        #expect(Set(all).count == all.count)
        #expect(all.first?.label == "none")
        #expect(all.last?.plugins == StrategyCatalog.names)
    }
}
