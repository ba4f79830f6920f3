import Foundation
import NavigationScenarios
import ScenarioTestSupport
import Testing

@testable import NavigationBench

/// An app's own bench (`bench-my-handlers`, Examples/BenchYourHandler) speaks under its own name:
/// one tool, one name, in its errors, its help and its report; `navhooks-bench` keeps its own.
@MainActor
struct ToolNameTests {
    static let appName = "bench-my-handlers"

    /// Runs a command named `toolName` (the default when `nil`) over `files` and returns its
    /// exit status, standard output and standard error.
    static func run(
        _ arguments: [String], toolName: String?, files: [String: String] = [:]
    ) throws -> (status: Int32, out: String, err: String) {
        let directory = try TestScratch.folder("tool-name")
        defer { TestScratch.remove(directory) }
        for (name, text) in files {
            try TestScratch.write(text, toFile: directory + "/" + name)
        }
        var out = ""
        var err = ""
        let output: (String) -> Void = { out += $0 }
        let errorOutput: (String) -> Void = { err += $0 }
        let command =
            if let toolName {
                BenchCommand(
                    runner: FakeScenarioRunner(), recommendedPlugins: ["BackMenuGuard"], currentDirectory: directory,
                    output: output, errorOutput: errorOutput, toolName: toolName)
            } else {
                BenchCommand(
                    runner: FakeScenarioRunner(), recommendedPlugins: ["BackMenuGuard"], currentDirectory: directory,
                    output: output, errorOutput: errorOutput)
            }
        let status = command.run(arguments)
        return (status, out, err)
    }

    static let flow = "scenario A\nscreen Home\nscreen Detail\nroot Home\npush Detail\ntap-back\nexpect top Home\n"

    @Test func anErrorNamesTheAppsBenchAndItsHelp() throws {
        let result = try Self.run(["--top", "zero"], toolName: Self.appName)
        #expect(result.status == 2)
        #expect(result.err.hasPrefix("bench-my-handlers: error: "))
        #expect(result.err.hasSuffix("Run 'bench-my-handlers --help' for usage.\n"))
        #expect(!result.err.contains("navhooks-bench"))
    }

    @Test func theHelpNamesTheAppsBenchAndKeepsItsColumns() throws {
        let result = try Self.run(["--help"], toolName: Self.appName)
        #expect(result.status == 0)
        #expect(result.out.hasPrefix("USAGE: bench-my-handlers [FILE|DIR…] [options]\n"))
        #expect(!result.out.contains("navhooks-bench"))
        let lines = result.out.split(separator: "\n").map(String.init)
        // A usage line's continuation starts under the arguments of the line above it.
        let perf = try #require(lines.first { $0.contains("bench-my-handlers perf ") })
        let only = try #require(lines.first { $0.contains("[--only ") })
        #expect(
            only.firstIndex(of: "[")?.utf16Offset(in: only)
                == perf.range(of: "[--format")?.lowerBound.utf16Offset(in: perf))
        #expect(lines.allSatisfy { $0.count <= 100 })
    }

    @Test func theReportAndTheNotesNameTheAppsBench() throws {
        for format in ["table", "markdown", "junit"] {
            let result = try Self.run(
                ["a.nav", "--plugins", "none", "--format", format, "--profiles", "ios18"], toolName: Self.appName,
                files: ["a.nav": Self.flow])
            #expect(result.status == 0)
            #expect(result.out.contains("bench-my-handlers"), "\(format)")
            #expect(!(result.out + result.err).contains("navhooks-bench"), "\(format)")
        }
        let table = try Self.run(
            ["a.nav", "--plugins", "none", "--profiles", "ios18", "--check"], toolName: Self.appName,
            files: ["a.nav": Self.flow])
        #expect(table.out.contains("\nbench-my-handlers: 1 run: "))
        #expect(table.err.hasPrefix("bench-my-handlers: check passed: 1 run"))
    }

    /// A command built without a name is `navhooks-bench`, its help as it always was: the
    /// continuation lines at the column of the first argument after `navhooks-bench perf `.
    @Test func withoutANameTheBenchIsNavhooksBench() throws {
        let help = try Self.run(["--help"], toolName: nil).out
        #expect(help.hasPrefix("USAGE: navhooks-bench [FILE|DIR…] [options]\n"))
        #expect(
            help.contains(
                "\n" + String(repeating: " ", count: 27) + "[--only dispatch,simulator,matrix,memory,debug]\n"))
        #expect(help.contains("\n" + String(repeating: " ", count: 22) + "--shard K/N > PART\n"))
        let error = try Self.run(["--top", "zero"], toolName: nil).err
        #expect(error.hasPrefix("navhooks-bench: error: "))
        #expect(!error.contains("bench-my-handlers"))
    }
}
