import Foundation
import NavigationScenarios
import Testing

@testable import NavigationBench

/// What a user meets at the edges: line endings, encodings, stray bytes, the timeline
/// directory, repeated options, the default length of the report.
@MainActor
struct BenchInputTests {
    typealias Harness = BenchCommandTests.Harness

    @Test func crlfAndCrLineEndingsParseLikeLf() throws {
        let lf = BenchCommandTests.good
        for ending in ["\r\n", "\r"] {
            let text = lf.replacingOccurrences(of: "\n", with: ending)
            let scenario = try ScenarioParser.parse(text: text, file: "crlf.nav").get()
            let reference = try ScenarioParser.parse(text: lf, file: "crlf.nav").get()
            #expect(scenario == reference)
        }
    }

    @Test func aNulByteIsNamedAndLocated() {
        let text = "screen Home\nroot Ho\u{0}me\n"
        guard case .failure(let diagnostics) = ScenarioParser.parse(text: text, file: "nul.nav") else {
            Issue.record("a NUL byte parsed")
            return
        }
        #expect(diagnostics.description.contains("nul.nav:2:8: error: NUL byte (U+0000)"))
    }

    @Test func aFileThatIsNotUTF8SaysWhereAndWhy() throws {
        let harness = try Harness(files: [:])
        let bytes = Array("screen Home\nroot H".utf8) + [0xE9] + Array("\n".utf8)
        _ = FileManager.default.createFile(atPath: harness.directory + "/scenarios/latin1.nav", contents: Data(bytes))
        #expect(harness.run(["scenarios"]) == 2)
        #expect(
            harness.err.contains(
                "scenarios/latin1.nav:2:7: error: byte 0xE9 is not UTF-8"))
        #expect(harness.runner.calls.isEmpty)
    }

    @Test func theSamePluginsTwiceIsAUsageError() throws {
        let harness = try Harness(files: ["good.nav": BenchCommandTests.good])
        #expect(harness.run(["scenarios", "--plugins", "BackMenuGuard", "--plugins", "BackMenuGuard"]) == 2)
        #expect(harness.err.contains("--plugins BackMenuGuard is given twice"))
        #expect(harness.runner.calls.isEmpty)
    }

    @Test func timelineIntoAFileIsRefusedBeforeAnythingRuns() throws {
        let harness = try Harness(files: ["good.nav": BenchCommandTests.good])
        _ = FileManager.default.createFile(atPath: harness.directory + "/out.svg", contents: Data())
        #expect(harness.run(["scenarios", "--plugins", "none", "--timeline", "out.svg"]) == 2)
        #expect(harness.err.contains("--timeline needs a directory, but 'out.svg' is a file"))
        #expect(harness.runner.calls.isEmpty)
    }

    @Test func timelinePastTheLimitAsksForANarrowerRun() throws {
        let files = Dictionary(
            uniqueKeysWithValues: (0..<40).map { ("f\($0).nav", BenchCommandTests.good) })
        let harness = try Harness(files: files)
        // 40 files × 2 profiles × 8 combinations = 640 runs > 500.
        #expect(harness.run(["scenarios", "--timeline", "svg"]) == 2)
        #expect(harness.err.contains("--timeline would write 640 SVG files"))
        #expect(harness.runner.calls.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: harness.directory + "/svg"))
    }

    @Test func timelineSaysWhatItWroteWhere() throws {
        let harness = try Harness(files: ["good.nav": BenchCommandTests.good])
        #expect(harness.run(["scenarios", "--plugins", "none", "--timeline", "svg"]) == 0)
        #expect(harness.err.contains("navhooks-bench: wrote 2 timelines (SVG, one per run) into svg"))
    }

    @Test func theDefaultTableShowsTheTopAndTheRecommendedRow() throws {
        let harness = try Harness(files: ["good.nav": BenchCommandTests.good])
        #expect(harness.run(["scenarios", "--top", "1"]) == 0)
        #expect(harness.out.contains("(recommended)"))
        #expect(harness.out.contains("more combinations: --all, or --top N"))
        let all = try Harness(files: ["good.nav": BenchCommandTests.good])
        #expect(all.run(["scenarios", "--all"]) == 0)
        #expect(!all.out.contains("more combinations"))
        #expect(all.run(["scenarios", "--all", "--top", "3"]) == 2)
    }
}
