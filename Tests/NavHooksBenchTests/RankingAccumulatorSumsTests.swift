import Foundation
import NavigationScenarioRunner
import Testing

@testable import NavigationBench

/// A worker's sums (``RankingAccumulator/Sums``) name profiles, file labels and unasked points
/// by number, and carry their tallies as a block of numbers: they must come back whole, be
/// merged under the receiver's own numbers, and refuse numbers that do not fit.
struct RankingAccumulatorSumsTests {
    /// The sums of the first `parts` of the plan's groups, each part in its own accumulator.
    private func partSums(
        _ parts: Int, countsUnaskedPoints: Bool
    ) async throws -> (sums: [RankingAccumulator.Sums], results: [RunResult]) {
        let (matrix, results) = try await MatrixMachineryTests.plannedResults()
        var sums: [RankingAccumulator.Sums] = []
        for groups in await BenchCommand.shardGroups(parts, of: matrix) {
            var part = RankingAccumulator(countsUnaskedPoints: countsUnaskedPoints)
            for group in groups {
                for index in matrix.groups[group].runs { part.add(results[index]) }
            }
            sums.append(part.sums())
        }
        return (sums, results)
    }

    private func encoded(_ sums: RankingAccumulator.Sums) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return try encoder.encode(sums)
    }

    /// Encoded, decoded and encoded again: the same bytes, for the texts of unasked points and
    /// for their summary keys.
    @Test(arguments: [false, true])
    func sumsComeBackWhole(countsUnaskedPoints: Bool) async throws {
        let (parts, _) = try await partSums(2, countsUnaskedPoints: countsUnaskedPoints)
        for sums in parts {
            let data = try encoded(sums)
            let decoded = try JSONDecoder().decode(RankingAccumulator.Sums.self, from: data)
            #expect(try encoded(decoded) == data)
        }
    }

    /// Parts merged in either order (so the receiver numbers the names in another order than
    /// each sender did) rank exactly as one accumulator of every run: files, unasked points'
    /// texts, private API profiles and all.
    @Test func mergedInEitherOrderTheSumsRankAsAllTheRuns() async throws {
        let (parts, results) = try await partSums(3, countsUnaskedPoints: false)
        var whole = RankingAccumulator()
        for result in results { whole.add(result) }
        let expected = whole.ranking()
        #expect(expected.entries.contains { $0.shortfalls.contains { $0.files.count > 1 } })
        #expect(expected.entries.contains { !$0.risk.unaskedPoints.isEmpty })
        for order in [parts, parts.reversed()] {
            var merged = RankingAccumulator()
            for sums in order {
                merged.add(try JSONDecoder().decode(RankingAccumulator.Sums.self, from: encoded(sums)))
            }
            let ranking = merged.ranking()
            #expect(ranking.entries.map(\.combination) == expected.entries.map(\.combination))
            #expect(ranking.entries.map(\.shortfalls) == expected.entries.map(\.shortfalls))
            #expect(ranking.entries.map(\.risk) == expected.entries.map(\.risk))
            #expect(ranking.entries.map(\.totals.defects) == expected.entries.map(\.totals.defects))
            #expect(ranking.entries.map(\.documentedDefects) == expected.entries.map(\.documentedDefects))
        }
    }

    /// Numbers cut short, one too many, or a file label past the table: a decoding error, not
    /// a wrong ranking.
    @Test func numbersThatDoNotFitAreRefused() async throws {
        let (parts, _) = try await partSums(1, countsUnaskedPoints: true)
        let data = try encoded(parts[0])
        var object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let text = try #require(object["numbers"] as? String)
        let bytes = try #require(Data(base64Encoded: text))
        var numbers = [Int](repeating: 0, count: bytes.count / MemoryLayout<Int>.size)
        _ = numbers.withUnsafeMutableBytes { bytes.copyBytes(to: $0) }
        #expect(!numbers.isEmpty)

        func decodes(_ numbers: [Int], labels: [String]? = nil) throws -> Bool {
            object["numbers"] = numbers.withUnsafeBytes { Data($0) }.base64EncodedString()
            if let labels { object["labels"] = labels }
            let changed = try JSONSerialization.data(withJSONObject: object)
            return (try? JSONDecoder().decode(RankingAccumulator.Sums.self, from: changed)) != nil
        }
        #expect(try decodes(numbers))
        #expect(try !decodes(Array(numbers.dropLast())))
        #expect(try !decodes(numbers + [0]))
        // No labels to name the files by.
        #expect(try !decodes(numbers, labels: []))
    }
}
