import Foundation
import NavigationConformance
import NavigationScenarios
import ScenarioTestSupport
import Testing

@testable import NavigationBench

/// `navhooks-bench export-traces`: one file per scenario and profile, and its errors.
@MainActor
struct ExportTracesCommandTests {
    // MARK: The subcommand

    /// A command over a temporary directory of scenario files, with captured output.
    @MainActor
    final class Harness {
        let directory: String
        var out = ""
        var err = ""

        init(files: [String: String]) throws {
            directory = try TestScratch.folder("traces")
            try FileManager.default.createDirectory(atPath: directory + "/scenarios", withIntermediateDirectories: true)
            for (name, text) in files {
                try TestScratch.write(text, toFile: directory + "/scenarios/" + name)
            }
        }

        /// Runs the command; it needs no scenario runner for `export-traces`.
        func run(_ arguments: [String]) -> Int32 {
            BenchCommand(
                runner: nil, recommendedPlugins: [], currentDirectory: directory,
                output: { self.out += $0 }, errorOutput: { self.err += $0 }
            ).run(arguments)
        }

        func written(_ folder: String) -> [String] {
            ((try? FileManager.default.contentsOfDirectory(atPath: directory + "/" + folder)) ?? []).sorted()
        }

        deinit { TestScratch.remove(directory) }
    }

    static let good = """
        scenario Good flow
        profile ios16 ios26
        screen Home
        screen List
        root Home
        push List
        """

    static let bad = """
        screen Home
        root Home
        push Ghost
        """

    @Test func exportWritesOneFilePerProfileTheScenarioRunsOn() throws {
        let harness = try Harness(files: ["good.nav": Self.good])
        #expect(harness.run(["export-traces", "out", "scenarios"]) == 0)
        #expect(harness.written("out") == ["good.ios16.json", "good.ios26.json"])
        let written = try String(contentsOfFile: harness.directory + "/out/good.ios26.json", encoding: .utf8)
        #expect(written == (try ConformanceTrace(Corpus.parse(Self.good, file: "good.nav"), profile: .ios26).json()))
        #expect(harness.err.contains("wrote 2 traces of 1 scenarios into out"))
        #expect(harness.out.isEmpty)
    }

    @Test func exportHonoursProfiles() throws {
        let harness = try Harness(files: ["good.nav": Self.good])
        #expect(harness.run(["export-traces", "--profiles", "ios13,ios26", "out", "scenarios/good.nav"]) == 0)
        #expect(harness.written("out") == ["good.ios26.json"])
    }

    @Test func exportOfAMalformedFileExits2AndWritesNothing() throws {
        let harness = try Harness(files: ["a-good.nav": Self.good, "b-bad.nav": Self.bad])
        #expect(harness.run(["export-traces", "out", "scenarios"]) == 2)
        #expect(harness.err.contains("scenarios/b-bad.nav:3:6: error: unknown screen 'Ghost'"))
        #expect(!FileManager.default.fileExists(atPath: harness.directory + "/out"))
    }

    @Test(arguments: [
        ["export-traces"], ["export-traces", "out", "scenarios", "--plugins", "none"],
        ["export-traces", "out", "--format", "json"], ["export-traces", "out", "--profiles", "ios15"],
    ])
    func exportUsageErrorsExit2(arguments: [String]) throws {
        let harness = try Harness(files: ["good.nav": Self.good])
        #expect(harness.run(arguments) == 2)
        #expect(harness.err.contains("navhooks-bench: error: "))
        #expect(harness.written("out").isEmpty)
    }
}
