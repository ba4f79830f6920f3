import Foundation
import NavigationConformance
import NavigationScenarioRunner
import NavigationScenarios
import NavigationStrategies
import ScenarioTestSupport
import Testing

@testable import NavigationBench

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// The scorecard a person reads (Scorecard.md): the answer first, real defects ranked before
/// hypothetical ones, one screen by default, and the appearance strategy that played named.
@MainActor
struct ScorecardTests {
    /// A run of `file` on `profile` with `plugins`: `documented` defects on the documented model
    /// and, with `variant`, `worst` under that reading (unguarded pops and failed expects).
    static func run(
        _ file: String, _ profile: String, _ plugins: [String], documented: Int, worst: Int? = nil,
        variant: String? = nil, patched: [String] = []
    ) -> RunResult {
        let defects = worst ?? documented
        var result = RunResult(
            scenario: "S \(file)", file: "flows/\(file)", profile: profile, plugins: plugins,
            metrics: RunMetrics(unguardedPops: defects, dispatches: 4, nsPerDispatch: 10))
        result.risks.replacedMethods = patched
        if let variant, defects > documented {
            result.variant = variant
            result.documentedDefects = documented
        }
        return result
    }

    /// The issue's user: a combination without the ⌘[ guard fails 25 times on the documented
    /// model; the recommended composition fails as often, but only under `R79 alt`, and patches
    /// more methods. Ranked on defects alone, the first would win the tie on patched methods and
    /// a team following the ranking would drop the guard.
    static let userFlows: [RunResult] = ["ios16", "ios17", "ios18", "ios26", "ios27"].flatMap { profile in
        [
            run("key-back.nav", profile, ["ShouldPopItemGuard"], documented: 5),
            run(
                "key-back.nav", profile, ["BackKeyCommandGuard", "ShouldPopItemGuard"], documented: 0, worst: 5,
                variant: "R79 alt", patched: ["shouldPopItem", "keyCommands"]),
        ]
    }

    @Test func aRealDefectNeverRanksBelowOneOnlyASecondReadingShows() throws {
        let ranking = CombinationRanking(results: Self.userFlows)
        #expect(ranking.entries.map(\.totals.defects) == [25, 25])
        #expect(ranking.entries.map(\.documentedDefects) == [0, 25])
        #expect(ranking.entries.first?.combination.label == "BackKeyCommandGuard+ShouldPopItemGuard")
        // The accumulator (the parent's serial path, and the workers' sums through JSON) agrees.
        var accumulator = RankingAccumulator(countsUnaskedPoints: true)
        for result in Self.userFlows { accumulator.add(result) }
        var merged = RankingAccumulator(countsUnaskedPoints: true)
        merged.add(
            try JSONDecoder().decode(RankingAccumulator.Sums.self, from: JSONEncoder().encode(accumulator.sums())))
        for streamed in [accumulator.ranking(), merged.ranking()] {
            #expect(streamed.entries.map(\.combination) == ranking.entries.map(\.combination))
            #expect(streamed.entries.map(\.documentedDefects) == [0, 25])
        }
    }

    /// Any mix of real and hypothetical defects: the ranking is ordered by documented defects,
    /// and among equal ones by the worst case (the rule, checked pair by pair on random runs).
    @Test func theOrderIsDocumentedDefectsThenTheWorstCase() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<20 {
            let results = (0..<40).map { index -> RunResult in
                let documented = Int.random(in: 0...2, using: &generator)
                let extra = Int.random(in: 0...3, using: &generator)
                return Self.run(
                    "f\(index % 4).nav", ["ios16", "ios26"][index % 2], ["P\(index % 7)"], documented: documented,
                    worst: documented + extra, variant: "R\(50 + index % 3) alt")
            }
            let entries = CombinationRanking(results: results).entries
            for (a, b) in zip(entries, entries.dropFirst()) {
                #expect(a.documentedDefects <= b.documentedDefects)
                if a.documentedDefects == b.documentedDefects { #expect(a.totals.defects <= b.totals.defects) }
            }
            for entry in entries {
                let runs = results.filter { PluginCombination($0.plugins) == entry.combination }
                #expect(entry.documentedDefects == runs.map(\.documentedModelDefects).reduce(0, +))
                #expect(entry.totals.defects == runs.map(\.metrics.defects).reduce(0, +))
            }
        }
    }

    @Test func theAnswerSaysWhatRemainsAndWhatSettlesIt() throws {
        var report = BenchReport(results: Self.userFlows)
        report.highlighted = PluginCombination(["BackKeyCommandGuard", "ShouldPopItemGuard"])
        let text = try report.render(.table)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        // The answer's paragraphs, unwrapped.
        let answer = text.components(separatedBy: "\n\n")[0].replacingOccurrences(of: "\n  ", with: " ")
            .split(separator: "\n").map(String.init)
        #expect(
            answer[0]
                == "install: BackKeyCommandGuard, ShouldPopItemGuard + TransitionBarBackground (the recommended "
                + "composition)")
        #expect(
            answer[1]
                == "holds on the built-in corpus (1 file) on the documented model (0 defects), not under every "
                + "reading: 25 defects in the worst case; rank 1 of 2, no private API")
        #expect(answer[2] == "what remains: R79 alt (ios16–ios27: key-back.nav)", "\(text)")
        #expect(
            answer[3]
                == "what settles a reading: record that flow on a device of that iOS, then run navhooks-bench "
                + "--check on the recording")
        // Both columns, the recommended row named so, its cause cited and listed once.
        #expect(text.contains("rank  documented  worst  unasked  private  patched  plugins"))
        #expect(
            lines.contains {
                $0.hasPrefix("   1           0     25") && $0.contains("recommended") && $0.hasSuffix("a")
            })
        #expect(lines.contains { $0.hasPrefix("   2          25     25") && $0.hasSuffix("b") })
        #expect(lines.contains("  a  R79 alt, ios16–ios27: unguarded in key-back.nav"))
        #expect(lines.contains("  b  documented, ios16–ios27: unguarded in key-back.nav"))
        #expect(lines.allSatisfy { $0.count <= BenchReport.tableWidth })
    }

    @Test func aCompositionThatHoldsSaysSo() throws {
        let clean = ["ios13", "ios26"].map { Self.run("a.nav", $0, ["ShouldPopItemGuard"], documented: 0) }
        let broken = ["ios13", "ios26"].map { Self.run("a.nav", $0, [], documented: 1) }
        var report = BenchReport(results: clean + broken)
        report.highlighted = PluginCombination(["ShouldPopItemGuard"])
        let text = try report.render(.table).replacingOccurrences(of: "\n  ", with: " ")
        #expect(
            text.contains(
                "holds on the built-in corpus (1 file): 0 defects on the documented model and under every second "
                    + "reading played; rank 1 of 2, no private API"), "\(text)")
        #expect(!text.contains("what remains"))
        // Without the readings played, the answer gives the documented model alone.
        report.variantsPlayed = false
        #expect(
            try report.render(.table).replacingOccurrences(of: "\n  ", with: " ").contains(
                "0 defects on the documented model (second readings not played"))
    }

    /// With `--variants documented` or `--check` no second reading is played: the answer gives
    /// the documented model alone and says why, in every format.
    @Test func withoutTheSecondReadingsTheAnswerSaysSo() throws {
        for arguments in [["--variants", "documented"], ["--check"], ["--check", "--format", "junit"]] {
            let harness = try BenchCommandTests.Harness(files: ["good.nav": BenchCommandTests.good])
            #expect(harness.run(["scenarios"] + arguments) == 0, "\(harness.err)")
            let text = harness.out.replacingOccurrences(of: "\n  ", with: " ")
            #expect(text.contains("0 defects on the documented model (second readings not played"), "\(text)")
        }
        let played = try BenchCommandTests.Harness(files: ["good.nav": BenchCommandTests.good])
        #expect(played.run(["scenarios"]) == 0)
        #expect(!played.out.contains("not played"))
    }

    /// Many combinations, each failing on its own files, profiles and readings: the default
    /// table still fits one screen (fewer rows, the causes' list cut with a way to see it all),
    /// and every line fits 100 columns.
    @Test func theDefaultTableFitsOneScreenWhateverTheRunsAre() throws {
        let plugins = (0..<10).map { "LongStrategyPluginName\($0)" }
        let combinations = PluginCombination.all(of: plugins)
        let profiles = ScenarioProfile.allCases.map(\.rawValue)
        var results: [RunResult] = []
        for (index, combination) in combinations.enumerated() {
            for file in 0..<3 {
                let profile = profiles[(index + file) % profiles.count]
                results.append(
                    Self.run(
                        "flow-\((index + file) % 40)-with-a-long-name.nav", profile, combination.plugins,
                        documented: index % 3, worst: index % 3 + file, variant: "R\(50 + file * 29) alt"))
            }
        }
        var report = BenchReport(results: results, rankingLimit: BenchOptions.defaultTop)
        report.highlighted = combinations[700]
        report.lineBudget = BenchReport.screenLines
        report.appendix = "appearance slot (…): defects: TransitionBarBackground 0 (recommended), none 12"
        let lines = try report.render(.table).split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        #expect(lines.count <= BenchReport.screenLines, "\(lines.joined(separator: "\n"))")
        #expect(lines.allSatisfy { $0.count <= BenchReport.tableWidth })
        #expect(lines.contains { $0.contains("more cause") && $0.contains("--detail") })
        // With --detail there is no limit, and every cause is listed.
        report.lineBudget = nil
        report.showsDetail = true
        let detail = try report.render(.table)
        #expect(!detail.contains("more cause"))
        #expect(detail.contains("detail:"))
    }

    /// The default run through the command: 1,024 combinations of ten plugins on three files
    /// whose defects differ by combination, reading and profile: one screen, answer first.
    @Test func theDefaultRunFitsFortyLinesAtOneHundredColumns() throws {
        let plugins = StrategyCatalog.names
        let recommended = StrategyComposition.recommended.names
        let harness = try BenchCommandTests.Harness(
            files: [
                "a.nav": BenchCommandTests.good, "b.nav": BenchCommandTests.good,
                "c.nav": BenchCommandTests.good.replacingOccurrences(of: "profile ios16 ios26", with: "profile ios27"),
            ],
            runner: FakeScenarioRunner { scenario, profile, installed in
                let missing = recommended.filter { !installed.contains($0) }.count
                let file = scenario.file.hasSuffix("a.nav") ? 1 : 2
                return (RunMetrics(unguardedPops: missing * file % 5, frozen: profile == "ios26" ? missing % 2 : 0), [])
            })
        var out = ""
        let command = BenchCommand(
            runner: harness.runner, availablePlugins: plugins, recommendedPlugins: recommended,
            currentDirectory: harness.directory, output: { out += $0 }, errorOutput: { _ in })
        #expect(command.run(["scenarios"]) == 0)
        let lines = out.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        #expect(harness.runner.calls.count == 5 * 1_024)
        #expect(lines.count <= BenchReport.screenLines, "\(out)")
        #expect(lines.allSatisfy { $0.count <= BenchReport.tableWidth }, "\(out)")
        let unwrapped = out.replacingOccurrences(of: "\n  ", with: " ")
        #expect(unwrapped.hasPrefix("install: \(recommended.joined(separator: ", ")) + TransitionBarBackground"))
        #expect(out.contains("holds on your 3 files: 0 defects on the documented model"), "\(out)")
        #expect(lines.contains { $0.hasPrefix("   1           0      0") && $0.contains("recommended") }, "\(out)")
    }

    @Test func helpListsTheAppearanceStrategiesAndTheDetailOption() throws {
        let harness = try BenchCommandTests.Harness(files: [:])
        #expect(harness.run(["--help"]) == 0)
        for name in StrategyCatalog.appearanceNames { #expect(harness.out.contains(name)) }
        #expect(harness.out.contains("APPEARANCE"))
        #expect(harness.out.contains("--detail"))
        #expect(harness.out.contains("--top N --detail"))
    }

    static let look = """
        scenario A coloured feed
        screen Feed look=FF2D55 tint=FFFFFF
        screen Article look=FFFFFF
        root Feed
        push Article
        swipe-back finish
        expect top Feed
        """

    /// `--plugins none` on a file that states a look plays the recommended appearance strategy
    /// beside it (the slot is one choice): a note says so, and JSON and CSV name it per run;
    /// a combination naming another plays that one; a file without a look names none.
    @Test func theAppearanceStrategyThatPlayedIsNamed() throws {
        let lookPath = try RecordingReplayTests.write(Self.look, name: "coloured.nav")
        let plain = BenchCommandTests.good.replacingOccurrences(of: "profile ios16 ios26\n", with: "")
        let plainPath = try RecordingReplayTests.write(plain, name: "plain.nav")
        let json = RecordingReplayTests.bench(
            [
                lookPath, plainPath, "--plugins", "none", "--plugins", "ItemBarAppearance", "--profiles", "ios17",
                "--format", "json",
            ])
        #expect(json.status == 0, "\(json.err)")
        #expect(
            json.err.contains(
                "note: TransitionBarBackground (the recommended appearance strategy) played beside none on the "
                    + "1 file that states a look"), "\(json.err)")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [String: Any])
        let runs = try #require(document["runs"] as? [[String: Any]])
        let played = runs.map { run in
            "\((run["file"] as? String).map { URL(fileURLWithPath: $0).lastPathComponent } ?? "?") "
                + "\((run["plugins"] as? [String])?.joined(separator: "+") ?? "?") "
                + "\(run["appearance"] as? String ?? "-")"
        }
        #expect(
            Set(played) == [
                "coloured.nav  TransitionBarBackground", "coloured.nav ItemBarAppearance ItemBarAppearance",
                "plain.nav  -", "plain.nav ItemBarAppearance ItemBarAppearance",
            ], "\(played)")
        let csv = RecordingReplayTests.bench(
            [lookPath, "--plugins", "none", "--profiles", "ios17", "--format", "csv"])
        let rows = csv.out.split(separator: "\n")
        #expect(rows.first?.hasSuffix(",variant,appearance") == true)
        #expect(rows.count == 2 && rows[1].hasSuffix(",,TransitionBarBackground"), "\(csv.out)")
        // A combination that names an appearance strategy gets no note, nor the recommended
        // composition, whose strategy it is.
        let recommended = RecordingReplayTests.bench([lookPath, "--plugins", "recommended", "--profiles", "ios17"])
        #expect(recommended.status == 0 && !recommended.err.contains("note:"), "\(recommended.err)")
        let named = RecordingReplayTests.bench([lookPath, "--plugins", "ItemBarAppearance", "--profiles", "ios17"])
        #expect(!named.err.contains("note:"), "\(named.err)")
    }

    /// What workers and parts send keeps the appearance strategy and the documented defects.
    @Test func theWireCarriesTheAppearanceAndTheDocumentedDefects() throws {
        let scenario = try ScenarioParser.parse(text: Self.look, file: "coloured.nav").get()
        let matrix = MatrixPlan(
            scenarios: [scenario], profiles: [.ios17],
            combinations: [PluginCombination([]), PluginCombination(["ItemBarAppearance"])])
        var results = matrix.runs.map {
            SimulatorScenarioRunner().run($0.scenario, profile: $0.profile.rawValue, plugins: $0.combination.plugins)
        }
        #expect(results.map(\.appearance) == ["TransitionBarBackground", "ItemBarAppearance"])
        results[1].variant = "R62 alt"
        results[1].documentedDefects = 0
        results[1].metrics.frozen += 1
        let wire = ShardResults(results).encoded()
        let back = try #require(ShardResults(encoded: wire)?.results(for: matrix.runs))
        #expect(back == results)
    }

    /// Markdown and JUnit say the answer first: the list before the ranking, the comment
    /// before the suites (a valid XML comment even where the answer names an option).
    @Test func markdownAndJUnitGiveTheAnswerFirst() throws {
        var report = BenchReport(results: Self.userFlows)
        report.highlighted = PluginCombination(["BackKeyCommandGuard", "ShouldPopItemGuard"])
        let markdown = try report.render(.markdown)
        let answer = try #require(markdown.range(of: "- install: BackKeyCommandGuard, ShouldPopItemGuard"))
        let table = try #require(markdown.range(of: "| Rank | Documented | Worst |"))
        let causes = try #require(markdown.range(of: "- **a** R79 alt, ios16–ios27: unguarded in key-back.nav"))
        #expect(answer.lowerBound < table.lowerBound && table.lowerBound < causes.lowerBound)
        let junit = try report.render(.junit)
        let comment = try #require(junit.range(of: "<!--\ninstall: BackKeyCommandGuard, ShouldPopItemGuard"))
        let suites = try #require(junit.range(of: "<testsuites "))
        #expect(comment.lowerBound < suites.lowerBound)
        #expect(junit.contains("navhooks-bench - -check on the recording"))
        let document = try XMLDocument(data: Data(junit.utf8))
        #expect(document.rootElement()?.name == "testsuites")
    }
}
