import Foundation
import NavigationConformance
import NavigationScenarioRunner
import NavigationScenarios
import NavigationSimulator
import NavigationStrategies
import ScenarioTestSupport
import Testing

@testable import NavigationBench

/// The machinery that makes the default matrix cheap gives what the plain way gives: the
/// shards a worker sends, the split of the plan, the ranking's index of unasked points and
/// the CSV writer, each checked against the straightforward computation on corpus results.
struct MatrixMachineryTests {
    /// The combinations of ``plannedResults()``: every sixteenth of every combination (65 of
    /// 1,024, `none` and all ten among them), or every one with `NAVHOOKS_FULL_TESTS=1` (`.ci/run`).
    /// What the tests on these results prove (the shards, sums, streams and indexes carry the
    /// runs intact) needs runs that differ, not many of them: the sample's 520 runs still rank
    /// with unasked points, shortfalls, risks, repeated points and failed checks, and the tests
    /// that use it say so (`whole.entries.contains …`, `nonEmpty > 0`, `repeated > 0`).
    static let plannedCombinations: [PluginCombination] = {
        let all = PluginCombination.all(of: StrategyCatalog.names)
        guard !FullTests.enabled else { return all }
        return all.indices.filter { $0 % 16 == 0 || $0 == all.count - 1 }.map { all[$0] }
    }()

    /// ``plannedCombinations`` on four scenarios of the corpus (one with app-code patterns, one
    /// with every user input), on two profiles, as the bench plans them.
    @MainActor static func plannedResults() throws -> (matrix: MatrixPlan, results: [RunResult]) {
        if let made { return made }
        let names = [
            "draft-editor-tap-back.nav", "custom-transition-delegate.nav", "voiceover-escape-guarded.nav",
            "every-trigger-tour.nav",
        ]
        let scenarios = try Corpus.scenarios().filter { names.contains($0.file) }
        #expect(scenarios.count == names.count)
        let matrix = MatrixPlan(
            scenarios: scenarios, profiles: [.ios14, .ios26],
            combinations: plannedCombinations)
        let plan = matrix.runs
        let runner = SimulatorScenarioRunner()
        let results = plan.map {
            runner.run($0.scenario, profile: $0.profile.rawValue, plugins: $0.combination.plugins)
        }
        made = (matrix, results)
        return (matrix, results)
    }

    @MainActor static var made: (matrix: MatrixPlan, results: [RunResult])?

    @Test func shardResultsComeBackAsTheRunsThatWereMade() async throws {
        let (matrix, results) = try await Self.plannedResults()
        let sent = ShardResults(results)
        let data = sent.encoded()
        let received = try #require(ShardResults(encoded: data))
        #expect(received == sent)
        #expect(received.results(for: matrix.runs) == results)
        // Fewer distinct values than runs: what runs share is sent once.
        #expect(sent.tables.risks.count < results.count / 2)
    }

    @Test func shardResultsCarryEveryMetricExactly() throws {
        #expect(Mirror(reflecting: RunMetrics()).children.count == ShardResults.metricFieldCount)
        let metrics = RunMetrics(
            unguardedPops: 1, blockedPops: 2, barGlitches: 3, wrongBarAtRest: 4, frozen: 5, lostDelegateCalls: 6,
            unansweredAttempts: 7, expectFailures: 8, dispatches: Int.max, nsPerDispatch: 0.1 + 0.2)
        let fields = ShardResults.metricFields(metrics)
        #expect(fields.count == ShardResults.metricFieldCount)
        #expect(ShardResults.metrics(from: fields[...]) == metrics)
    }

    /// The wire form's numbers are written digit by digit: each as `String(_:)` writes it, from 0
    /// to the largest (every power of ten, and one below it).
    @Test func shardNumbersAreWrittenInDecimal() {
        var numbers: [UInt64] = [0, UInt64.max, UInt64.max - 1]
        var power: UInt64 = 1
        for _ in 0..<19 {
            numbers += [power - 1, power, power + 1]
            power *= 10
        }
        numbers += [power - 1, power]  // 10^19 - 1 and 10^19, under 2^64
        for number in numbers {
            var bytes: [UInt8] = []
            ShardResults.appendDecimal(number, to: &bytes)
            #expect(String(decoding: bytes, as: UTF8.self) == String(number))
        }
    }

    @Test func damagedShardResultsAreRefused() async throws {
        let (_, results) = try await Self.plannedResults()
        let data = ShardResults(Array(results.prefix(20))).encoded()
        #expect(ShardResults(encoded: data.dropLast(3)) == nil)  // a run cut short
        #expect(ShardResults(encoded: Data("[]\n1 2 3".utf8)) == nil)
        var damaged = data
        damaged[damaged.count - 2] = UInt8(ascii: "x")
        #expect(ShardResults(encoded: damaged) == nil)
        #expect(ShardResults(encoded: Data(String(repeating: "9", count: 30).utf8)) == nil)
    }

    @Test func shardsSplitThePlanIntoWholeGroupsOnce() async throws {
        let (matrix, _) = try await Self.plannedResults()
        let plan = matrix.runs
        #expect(matrix.groups.count == 8)
        #expect(matrix.groups.map(\.runs.count).allSatisfy { $0 == Self.plannedCombinations.count })
        for count in 1...4 {
            let shards = await BenchCommand.shards(count, of: matrix)
            #expect(shards.count == count)
            #expect(shards.flatMap { $0 }.sorted() == Array(plan.indices))
            for shard in shards {
                #expect(shard == shard.sorted())
                let groups = Set(shard.map { "\(plan[$0].scenario.file) \(plan[$0].profile)" })
                let whole = plan.indices.filter { groups.contains("\(plan[$0].scenario.file) \(plan[$0].profile)") }
                #expect(whole == shard)
            }
        }
        let empty = MatrixPlan(scenarios: [], profiles: ScenarioProfile.allCases, combinations: [])
        #expect(await BenchCommand.shards(2, of: empty) == [[], []])
    }

    /// The split of groups by their work is the straightforward one (the standard library's
    /// sorts, largest first with ties in plan order, each group to the least loaded shard), on
    /// seeded work lists with many ties.
    @MainActor @Test func groupSplitIsTheStraightforwardOne() {
        func straightforward(_ count: Int, work: [Int]) -> [[Int]] {
            let largestFirst = work.indices.sorted { work[$0] != work[$1] ? work[$0] > work[$1] : $0 < $1 }
            var load = [Int](repeating: 0, count: max(count, 1))
            var assigned = [[Int]](repeating: [], count: max(count, 1))
            for group in largestFirst {
                let shard = load.indices.min { (load[$0], $0) < (load[$1], $1) } ?? 0
                load[shard] += work[group]
                assigned[shard].append(group)
            }
            return assigned.map { $0.sorted() }
        }
        var generator = SeededGenerator(seed: 41)
        for size in [0, 1, 2, 3, 7, 64, 129, 500] {
            let work = (0..<size).map { _ in Int.random(in: 0...9, using: &generator) * 10 }
            for count in 0...5 {
                #expect(BenchCommand.shardGroups(count, work: work) == straightforward(count, work: work))
            }
        }
    }

    @Test func theUnaskedPointsIndexAgreesWithTheDirectComputation() async throws {
        let (_, results) = try await Self.plannedResults()
        let index = try #require(UnaskedPointsIndex(results: results))
        var reachable: [CombinationRanking.InputKey: Set<String>] = [:]
        for result in results where result.metrics.defects == 0 {
            for (input, points) in result.risks.pointsByInput {
                reachable[.init(profile: result.profile, file: result.file, input: input), default: []]
                    .formUnion(points)
            }
        }
        var nonEmpty = 0
        for (_, members) in CombinationRanking.groups(of: results) {
            let direct = CombinationRanking.unaskedPoints(of: members.map { results[$0] }, reachable: reachable)
            #expect(index.unaskedPoints(ofRunsAt: members) == direct)
            if !direct.isEmpty { nonEmpty += 1 }
        }
        #expect(nonEmpty > 0)
    }

    @Test func shortfallsAndRisksAgreeWithTheDirectComputation() async throws {
        let (_, results) = try await Self.plannedResults()
        let places = CombinationRanking.RunPlaces(results)
        let profileOrder = ScenarioProfile.allCases.map(\.rawValue)
        for (_, members) in CombinationRanking.groups(of: results) {
            let runs = members.map { results[$0] }
            // As the ranking computed them before it worked on run numbers.
            var expected: [CombinationRanking.Shortfall] = []
            for profile in Set(runs.map(\.profile)).sorted(by: {
                profileOrder.firstIndex(of: $0)! < profileOrder.firstIndex(of: $1)!
            }) {
                let profileRuns = runs.filter { $0.profile == profile }
                for (index, metric) in RunMetrics().defectCounts.enumerated() {
                    let contributing = profileRuns.filter { $0.metrics.defectCounts[index].count > 0 }
                    let count = contributing.reduce(0) { $0 + $1.metrics.defectCounts[index].count }
                    guard count > 0 else { continue }
                    let files = Set(contributing.map { $0.file.split(separator: "/").last.map(String.init) ?? $0.file })
                    expected.append(
                        .init(
                            profile: profile, metric: metric.key, label: metric.label, count: count,
                            files: files.sorted()))
                }
            }
            #expect(CombinationRanking.shortfalls(ofRunsAt: members, in: results, places: places) == expected)
            let risk = CombinationRanking.installationRisk(ofRunsAt: members, in: results, places: places)
            #expect(risk.patchedMethods == Set(runs.flatMap(\.risks.replacedMethods)).sorted())
            #expect(risk.inferredRuns == runs.filter { !$0.inferredRules.isEmpty }.count)
            let privateProfiles = Set(runs.filter(\.risks.usesPrivateAPI).map(\.profile))
            #expect(risk.privateAPIProfiles == profileOrder.filter(privateProfiles.contains))
        }
    }

    @Test func defectsAreReadInTheOrderOfDefectCounts() {
        let metrics = RunMetrics(
            unguardedPops: 1, blockedPops: 2, barGlitches: 3, wrongBarAtRest: 4, frozen: 5, lostDelegateCalls: 6,
            hostBarOverrides: 7, unansweredAttempts: 8, lookGlitches: 9, wrongLookAtRest: 10,
            wrongLookAfterCancel: 11, expectFailures: 12)
        let inOrder = Array(1...12)
        #expect(metrics.defectCounts.indices.map { CombinationRanking.defect($0, of: metrics) } == inOrder)
        #expect(metrics.defectCounts.map(\.count) == inOrder)
    }

    @Test func groupsKeepTheOrderOfTheResults() {
        let metrics = RunMetrics()
        let results = [
            RunResult(scenario: "a", file: "a.nav", profile: "ios14", plugins: ["B", "A"], metrics: metrics),
            RunResult(scenario: "a", file: "a.nav", profile: "ios14", plugins: [], metrics: metrics),
            RunResult(scenario: "b", file: "b.nav", profile: "ios14", plugins: ["A", "B"], metrics: metrics),
        ]
        var unsorted = results[2]
        unsorted.plugins = ["B", "A", "A"]
        let groups = CombinationRanking.groups(of: results + [unsorted])
        #expect(groups[PluginCombination(["A", "B"])] == [0, 2, 3])
        #expect(groups[PluginCombination([])] == [1])
    }

    @Test func csvQuotesWhatNeedsQuotingAndNothingElse() {
        for text in ["plain", "", "é,", "a\"b", "line\nbreak", "cr\rx", "crlf\r\nx", "ünïcode", "a;b c"] {
            let special = text.contains { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }
            let expected = special ? "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\"" : text
            #expect(BenchReport.csvField(text) == expected, "\(text)")
        }
    }
}
