import Foundation
import NavigationScenarioRunner
import NavigationScenarios
import Testing

@testable import NavigationBench

/// A worker's tables (``ShardResults/Tables``) come from a writer of their one shape, not
/// `JSONEncoder`: the oracle is the encoder's own output with sorted keys, byte for byte, with
/// and without escaped slashes (a worker's wire form and a part's file), on the tables of corpus
/// runs and on hostile values.
struct ShardWireTests {
    @Test func theTablesWriterWritesWhatTheEncoderWrites() async throws {
        let corpus = ShardResults(try await MatrixMachineryTests.plannedResults().results).tables
        #expect(!corpus.risks.isEmpty && !corpus.skippedSteps.isEmpty && !corpus.inferredRules.isEmpty)
        var cases = [corpus, ShardResults.Tables(), Self.hostile]
        // Empty inner lists, and each table alone.
        cases.append(.init(inferredRules: [[]], skippedSteps: [[]], expectFailures: [[]], risks: [RunRisks()]))
        cases.append(.init(inferredRules: Self.hostile.inferredRules))
        cases.append(.init(skippedSteps: Self.hostile.skippedSteps))
        cases.append(.init(expectFailures: Self.hostile.expectFailures))
        cases.append(.init(risks: Self.hostile.risks))
        for escapingSlashes in [true, false] {
            let encoder = JSONEncoder()
            encoder.outputFormatting = escapingSlashes ? [.sortedKeys] : [.sortedKeys, .withoutEscapingSlashes]
            for tables in cases {
                let written = tables.json(escapingSlashes: escapingSlashes)
                let encoded = [UInt8](try encoder.encode(tables))
                #expect(
                    written == encoded,
                    "writer:\n\(String(decoding: written, as: UTF8.self))\nencoder:\n\(String(decoding: encoded, as: UTF8.self))"
                )
                #expect(try JSONDecoder().decode(ShardResults.Tables.self, from: Data(written)) == tables)
            }
        }
    }

    static let strings = [
        "quote \" backslash \\ slash / tab \t nl \n cr \r bs \u{08} ff \u{0C} nul \u{00} us \u{1F} del \u{7F}",
        "é ⌘[ 日本 👍🏽 \u{2028} \u{FEFF}", "", "a,b", "</script>", "Examples/Scenarios/x.nav", "//\\\\\"\"",
    ]

    /// Every field with hostile strings, negative and large numbers, and the optional fields of
    /// an expect failure set and not.
    static let hostile: ShardResults.Tables = {
        var tables = ShardResults.Tables()
        tables.inferredRules = [strings, ["R12", "variant=R50 alt"], []]
        for (index, string) in strings.enumerated() {
            let location = SourceLocation(file: string, line: index == 0 ? Int.max : -index, column: index)
            tables.skippedSteps.append([
                .init(location: location, step: string, reason: string),
                .init(location: SourceLocation(file: "f", line: 1, column: Int.min), step: "s", reason: string),
            ])
            var full = RunResult.ExpectFailure(
                location: location, expectation: string, actual: string, step: location, stepText: string,
                rules: [string, "R1"])
            full.isRecording = index % 2 == 0
            var some = RunResult.ExpectFailure(location: location, expectation: "expect top A", actual: string)
            some.rules = index % 2 == 0 ? [] : nil
            some.stepText = index % 3 == 0 ? string : nil
            tables.expectFailures.append([full, some])
            var risks = RunRisks()
            risks.usesPrivateAPI = index % 2 == 0
            risks.triesGuardedExit = index % 3 == 0
            risks.replacedMethods = [string, "appearance"]
            risks.pointsByInput = [
                string: [string], "tap-back": ["shouldPop", "backButtonAction"], "back-menu": [],
                "swipe-back": ["gestureShouldBegin"], "content-swipe": [string], "Tap": ["x"], "_": [], "é": ["é"],
            ]
            tables.risks.append(risks)
        }
        return tables
    }()
}
