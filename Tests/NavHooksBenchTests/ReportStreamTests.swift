import Foundation
import NavigationScenarioRunner
import NavigationScenarios
import ScenarioTestSupport
import Testing

@testable import NavigationBench

/// The report made as runs arrive, keeping none of them, is the report made from all the runs
/// at once: the ranking summed per combination, and every format byte for byte.
struct ReportStreamTests {
    @Test func theRankingAddedUpAsRunsArriveIsTheRankingOfAllRuns() async throws {
        let (_, results) = try await MatrixMachineryTests.plannedResults()
        var accumulator = RankingAccumulator()
        for result in results { accumulator.add(result) }
        let streamed = accumulator.ranking()
        let whole = CombinationRanking(results: results)
        #expect(streamed.entries == whole.entries)
        #expect(streamed.triesGuardedExit == whole.triesGuardedExit)
        // Unasked points, shortfalls and risks all take part in this matrix.
        #expect(whole.entries.contains { !$0.risk.unaskedPoints.isEmpty })
        #expect(whole.entries.contains { !$0.shortfalls.isEmpty })
    }

    /// What a worker sends for a table: the sums of its groups, through JSON; added up in
    /// another accumulator, they rank as the runs themselves do.
    @Test func sumsSentThroughJSONRankAsTheRunsDo() async throws {
        let (matrix, results) = try await MatrixMachineryTests.plannedResults()
        var whole = RankingAccumulator(countsUnaskedPoints: true)
        for result in results { whole.add(result) }
        var merged = RankingAccumulator(countsUnaskedPoints: true)
        for groups in await BenchCommand.shardGroups(3, of: matrix) {
            var part = RankingAccumulator(countsUnaskedPoints: true)
            for group in groups {
                for index in matrix.groups[group].runs { part.add(results[index]) }
            }
            let data = try JSONEncoder().encode(part.sums())
            merged.add(try JSONDecoder().decode(RankingAccumulator.Sums.self, from: data))
        }
        let expected = whole.ranking()
        let ranking = merged.ranking()
        #expect(ranking.entries.map(\.combination) == expected.entries.map(\.combination))
        #expect(ranking.entries.map(\.shortfalls) == expected.entries.map(\.shortfalls))
        #expect(ranking.entries.map(\.risk.unaskedSummary) == expected.entries.map(\.risk.unaskedSummary))
        #expect(ranking.entries.map(\.totals.defects) == expected.entries.map(\.totals.defects))
        #expect(expected.entries.contains { !$0.shortfalls.isEmpty && $0.shortfalls.contains { !$0.files.isEmpty } })
    }

    @Test(arguments: ReportFormat.allCases)
    func everyFormatStreamedIsTheReportOfAllRuns(format: ReportFormat) async throws {
        let (_, results) = try await MatrixMachineryTests.plannedResults()
        // Half the combinations checked, so JUnit lists a part of the runs.
        let checked = Set(results.map(\.plugins).filter { $0.count % 2 == 0 })
        var streamedText = ""
        let stream = try ReportStream(
            format: format, isChecked: { checked.contains($0.plugins) }, keepsFailures: true,
            write: { streamedText += $0 })
        for result in results { try stream.add(result) }
        var report = stream.report(rankingLimit: 5)
        report.plannedMatrix = (4, 2, MatrixMachineryTests.plannedCombinations.count)
        try stream.finish(report)

        var whole = await Self.wholeReport(of: results)
        whole.junitRuns = results.filter { checked.contains($0.plugins) }
        #expect(streamedText == (try whole.render(format)))
        #expect(stream.runCount == results.count)
        let failed = whole.junitRuns?.filter(BenchReport.junitFailed) ?? []
        #expect(stream.failedCheckedRuns == failed)
        #expect(!failed.isEmpty)
    }

    /// The report of all the planned runs at once, the oracle of every format: made once (its
    /// ranking, worked out from the runs, is the same for each); each case sets what JUnit lists.
    @MainActor static func wholeReport(of results: [RunResult]) -> BenchReport {
        if let made = madeWholeReport { return made }
        var whole = BenchReport(results: results, rankingLimit: 5)
        whole.plannedMatrix = (4, 2, MatrixMachineryTests.plannedCombinations.count)
        madeWholeReport = whole
        return whole
    }

    @MainActor static var madeWholeReport: BenchReport?

    /// The JSON's ranking lists each unasked point as often as it was found (the files copied
    /// into another folder name their points again). The points are counted where runs are
    /// added up and listed only when written: the list is the one the runs give point by point
    /// (``UnaskedPointsIndex``), and the document the encoder's, whether one stream takes the
    /// runs or 1, 2 or 3 workers add their groups up and send their sums, then their text.
    @Test func theJSONRankingListsEveryUnaskedPointAsTheRunsGiveIt() async throws {
        // No time per dispatch: means summed in another order may round their last digit apart.
        let planned = try await MatrixMachineryTests.plannedResults().results.map { run in
            var run = run
            run.metrics.nsPerDispatch = 0
            return run
        }
        let results =
            planned
            + planned.map { run in
                var copy = run
                copy.file = "copy/" + run.file
                return copy
            }
        // The scenario-and-profile groups, in plan order.
        var groups: [Range<Int>] = []
        for index in results.indices {
            if index > 0, results[index].file == results[index - 1].file,
                results[index].profile == results[index - 1].profile
            {
                groups[groups.count - 1] = groups[groups.count - 1].lowerBound..<(index + 1)
            } else {
                groups.append(index..<(index + 1))
            }
        }
        let whole = Data(try BenchReport(results: results).jsonText().utf8)
        let index = try #require(UnaskedPointsIndex(results: results))
        // A combination made once per plugin list, not once per run.
        let byList = Dictionary(grouping: results.indices) { results[$0].plugins }
        var members: [PluginCombination: [Int]] = [:]
        for list in byList.keys { members[PluginCombination(list), default: []] += byList[list] ?? [] }
        for (combination, runs) in members { members[combination] = runs.sorted() }

        // Each ranking entry of the JSON document `data` lists its runs' points, some repeated.
        func expectListsEveryPoint(_ data: Data, _ label: String) throws {
            let document = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
            let ranking = try #require(document["ranking"] as? [[String: Any]])
            var repeated = 0
            for entry in ranking {
                let runs = members[PluginCombination(entry["plugins"] as? [String] ?? [])] ?? []
                let listed = entry["unaskedPoints"] as? [String] ?? []
                #expect(listed == index.unaskedPoints(ofRunsAt: runs), "\(label)")
                repeated += zip(listed, listed.dropFirst()).filter { $0 == $1 }.count
            }
            #expect(repeated > 0, "\(label)")
        }
        for workers in 0...3 {
            var text = ""
            let stream = try ReportStream(
                format: .json, isChecked: { _ in false }, keepsFailures: false, write: { text += $0 })
            if workers == 0 {
                for result in results { try stream.add(result) }
            } else {
                // As `BenchCommand.runSharded` has it: every worker's sums, then each group's text in plan order.
                var rendered = [Data](repeating: Data(), count: groups.count)
                for worker in 0..<workers {
                    let part = try ReportStream(
                        format: .json, isChecked: { _ in false }, keepsFailures: false, inWorker: true, write: { _ in })
                    for (number, group) in groups.enumerated() where number % workers == worker {
                        for index in group { try part.add(results[index]) }
                        rendered[number] = part.takeRendered()
                    }
                    stream.add(
                        try JSONDecoder().decode(ReportStream.Sums.self, from: JSONEncoder().encode(part.sums())))
                }
                for group in rendered { try stream.addRendered(group) }
            }
            try stream.finish(stream.report(rankingLimit: nil))
            let streamed = Data(text.utf8)
            #expect(streamed == whole, "\(workers)")
            // The same bytes list the same points: a document read once (below) for them all.
            if streamed != whole { try expectListsEveryPoint(streamed, "\(workers)") }
        }
        try expectListsEveryPoint(whole, "one report")

    }

    @Test func aJSONReportWithoutRunsIsTheWholeDocument() throws {
        var text = ""
        let stream = try ReportStream(
            format: .json, isChecked: { _ in true }, keepsFailures: false, write: { text += $0 })
        try stream.finish(stream.report(rankingLimit: nil))
        #expect(text == (try BenchReport(results: []).render(.json)))
    }

    @Test func aWorkersFileOfGroupsIsReadBackARunAtATime() async throws {
        let (matrix, results) = try await MatrixMachineryTests.plannedResults()
        let path = try TestScratch.folder("reader") + "/shards"
        defer { try? FileManager.default.removeItem(atPath: path) }
        var data = Data()
        for group in matrix.groups { data += ShardResults(Array(results[group.runs])).encoded() }
        try data.write(to: URL(fileURLWithPath: path))
        let handle = try #require(FileHandle(forReadingAtPath: path))
        var reader = ShardResults.Reader(handle: handle)
        var read: [RunResult] = []
        for group in matrix.groups {
            let hasTables = reader.readTables()
            #expect(hasTables)
            for index in group.runs {
                let next = reader.next()
                let (row, metrics) = try #require(next)
                read.append(
                    ShardResults.result(of: matrix.runs[index], row: row, metrics: metrics, tables: reader.tables))
            }
        }
        #expect(read == results)
        let atEnd = reader.isAtEnd
        let more = reader.readTables()
        #expect(atEnd)
        #expect(!more)
    }
}
