import Foundation
import NavigationConformance
import NavigationScenarioRunner
import NavigationScenarios
import ScenarioTestSupport
import Testing

@testable import NavigationBench

@MainActor
struct BenchCommandTests {
    /// A command over a temporary directory, with captured output.
    @MainActor
    final class Harness {
        let directory: String
        var out = ""
        var err = ""
        let runner: FakeScenarioRunner

        init(files: [String: String], runner: FakeScenarioRunner = FakeScenarioRunner()) throws {
            directory = try TestScratch.folder("bench")
            try FileManager.default.createDirectory(atPath: directory + "/scenarios", withIntermediateDirectories: true)
            for (name, text) in files {
                try TestScratch.write(text, toFile: directory + "/scenarios/" + name)
            }
            self.runner = runner
        }

        func run(_ arguments: [String], recommended: [String] = ["BackMenuGuard", "PopGestureGuard"]) -> Int32 {
            let command = BenchCommand(
                runner: runner,
                availablePlugins: ["BackMenuGuard", "PopGestureGuard", "TransitionEvents"],
                recommendedPlugins: recommended,
                currentDirectory: directory,
                output: { self.out += $0 },
                errorOutput: { self.err += $0 }
            )
            return command.run(arguments)
        }

        deinit { TestScratch.remove(directory) }
    }

    static let good = """
        scenario Good flow
        profile ios16 ios26
        screen Home
        screen Editor guard=deny
        root Home
        push Editor
        tap-back
        expect top Editor
        """

    static let bad = """
        screen Home
        root Home
        push Ghost
        swipe-back progress=3 finish
        """

    /// Fails the `expect` line of `good.nav` unless PopGestureGuard is installed.
    static func failingWithoutPopGestureGuard() -> FakeScenarioRunner {
        FakeScenarioRunner { scenario, _, plugins in
            guard !plugins.contains("PopGestureGuard") else {
                return (RunMetrics(dispatches: 3, nsPerDispatch: 20), [])
            }
            let expect = scenario.expectations[0]
            return (
                RunMetrics(unguardedPops: 1, expectFailures: 1),
                [.init(location: expect.location, expectation: expect.text, actual: "top Home")]
            )
        }
    }

    @Test func runsEveryCombinationOnTheFilesProfiles() throws {
        let harness = try Harness(files: ["good.nav": Self.good])
        #expect(harness.run(["scenarios"]) == 0)
        #expect(harness.runner.calls.count == 2 * 8)
        #expect(Set(harness.runner.calls.map(\.profile)) == ["ios16", "ios26"])
        #expect(harness.runner.calls.contains { $0.plugins.isEmpty })
        #expect(
            harness.runner.calls.allSatisfy { $0.file == "scenarios/good.nav" && $0.plugins == $0.plugins.sorted() })
        // The header says why 16 runs are fewer than 1 × 7 × 8: the file runs on 2 profiles.
        #expect(harness.out.contains("16 runs: 1 scenario × 7 profiles × 8 combinations, less 40 that files'"))
    }

    @Test func pluginsAndProfilesSelectTheRuns() throws {
        let harness = try Harness(files: ["good.nav": Self.good])
        let status = harness.run([
            "scenarios", "--plugins", "PopGestureGuard,BackMenuGuard", "--plugins=none", "--profiles", "ios26,ios13",
        ])
        #expect(status == 0)
        // Played smallest first (MatrixPlan.playOrder); reported in the order given.
        #expect(
            harness.runner.calls == [
                .init(file: "scenarios/good.nav", profile: "ios26", plugins: []),
                .init(file: "scenarios/good.nav", profile: "ios26", plugins: ["BackMenuGuard", "PopGestureGuard"]),
            ]
        )
    }

    @Test func checkFailsWhenAnExpectFailsInTheRequestedCombination() throws {
        let harness = try Harness(files: ["good.nav": Self.good], runner: Self.failingWithoutPopGestureGuard())
        #expect(harness.run(["scenarios", "--plugins", "BackMenuGuard", "--check"]) == 1)
        #expect(
            harness.err.contains(
                "scenarios/good.nav:8:1: error: expect top Editor failed on ios16, ios26 with BackMenuGuard"))
        #expect(harness.err.contains("check failed"))
    }

    @Test func checkPassesWhenEveryExpectHolds() throws {
        let harness = try Harness(files: ["good.nav": Self.good], runner: Self.failingWithoutPopGestureGuard())
        #expect(harness.run(["scenarios", "--plugins", "PopGestureGuard", "--check"]) == 0)
        #expect(harness.err.contains("check passed"))
    }

    @Test func checkWithoutPluginsChecksOnlyTheRecommendedComposition() throws {
        // `none` and BackMenuGuard alone fail, but the default check runs and checks the recommended
        // composition only (2 runs: the file's two profiles).
        let harness = try Harness(files: ["good.nav": Self.good], runner: Self.failingWithoutPopGestureGuard())
        #expect(harness.run(["scenarios", "--check"]) == 0)
        #expect(harness.runner.calls.count == 2)
        #expect(harness.runner.calls.allSatisfy { $0.plugins == ["BackMenuGuard", "PopGestureGuard"] })
        let failing = try Harness(files: ["good.nav": Self.good], runner: Self.failingWithoutPopGestureGuard())
        #expect(failing.run(["scenarios", "--check"], recommended: ["BackMenuGuard"]) == 1)
    }

    @Test func aFileWithErrorsExits2AndRunsNothing() throws {
        let harness = try Harness(files: ["a-good.nav": Self.good, "b-bad.nav": Self.bad])
        #expect(harness.run(["scenarios", "--check"]) == 2)
        #expect(harness.runner.calls.isEmpty)
        #expect(harness.out.isEmpty)
        #expect(harness.err.contains("scenarios/b-bad.nav:3:6: error: unknown screen 'Ghost'"))
        #expect(harness.err.contains("scenarios/b-bad.nav:4:21: error: progress 3 is out of range"))
    }

    @Test(arguments: [
        ["--bogus"], ["scenarios", "--format", "xml"], ["scenarios", "--plugins", "Nope"],
        ["scenarios", "--profiles", "ios15"], ["scenarios", "--plugins"], ["missing-dir"], ["perf", "--check"],
        ["scenarios", "--top", "0"],
    ])
    func usageErrorsExit2(arguments: [String]) throws {
        let harness = try Harness(files: ["good.nav": Self.good])
        #expect(harness.run(arguments) == 2)
        #expect(harness.runner.calls.isEmpty)
        #expect(harness.err.contains("navhooks-bench: error: "))
    }

    @Test func helpPrintsUsageAndExits0() throws {
        let harness = try Harness(files: [:])
        #expect(harness.run(["--help"]) == 0)
        #expect(harness.out.contains("USAGE: navhooks-bench"))
        #expect(harness.out.split(separator: "\n").allSatisfy { $0.count <= 100 })
    }

    /// A group plays a combination whose one-smaller neighbours can only be reused from it
    /// first (``PluginCombination/converseOrder(_:)``), and the report lists the runs in the
    /// order the combinations were given.
    @Test func aGroupPlaysInTheConverseOrderAndReportsInPlanOrder() throws {
        let harness = try Harness(files: ["good.nav": Self.good])
        let status = harness.run([
            "scenarios", "--plugins", "PopGestureGuard", "--plugins", "BackMenuGuard,PopGestureGuard", "--plugins",
            "BackMenuGuard", "--profiles", "ios26", "--format", "csv",
        ])
        #expect(status == 0)
        #expect(
            harness.runner.calls.map(\.plugins) == [
                ["BackMenuGuard", "PopGestureGuard"], ["BackMenuGuard"], ["PopGestureGuard"],
            ])
        let rows = harness.out.split(separator: "\n").dropFirst().map { $0.split(separator: ",")[3] }
        #expect(rows == ["PopGestureGuard", "BackMenuGuard+PopGestureGuard", "BackMenuGuard"])
    }

    @Test func formatsAreSelectable() throws {
        let harness = try Harness(files: ["good.nav": Self.good])
        #expect(harness.run(["scenarios", "--plugins", "none", "--format", "csv"]) == 0)
        #expect(harness.out.hasPrefix("scenario,file,profile,plugins,"))
        harness.out = ""
        #expect(harness.run(["scenarios", "--plugins", "none", "--format=json"]) == 0)
        #expect(harness.out.hasPrefix("{"))
    }

    @Test func timelinesAreWrittenOnePerRun() throws {
        let harness = try Harness(files: ["good.nav": Self.good])
        #expect(harness.run(["scenarios", "--plugins", "all", "--timeline", "svg"]) == 0)
        let files = try FileManager.default.contentsOfDirectory(atPath: harness.directory + "/svg").sorted()
        #expect(
            files == [
                "good--ios16--BackMenuGuard+PopGestureGuard+TransitionEvents.svg",
                "good--ios26--BackMenuGuard+PopGestureGuard+TransitionEvents.svg",
            ]
        )
    }

    @Test func withoutARunnerItValidatesAndExits3() throws {
        let harness = try Harness(files: ["good.nav": Self.good])
        var err = ""
        let command = BenchCommand(
            runner: nil, recommendedPlugins: [], currentDirectory: harness.directory, output: { _ in },
            errorOutput: { err += $0 }
        )
        #expect(command.run(["scenarios"]) == 3)
        #expect(err.contains("1 scenario files parsed without errors"))
        #expect(command.run(["perf"]) == 3)
    }

    @Test func perfIsHandedToThePerfRunner() throws {
        struct FakePerf: PerfRunning {
            func runPerf(format: ReportFormat) throws -> String { "perf in \(format.rawValue)\n" }
        }
        var out = ""
        let command = BenchCommand(
            runner: nil, perfRunner: FakePerf(), recommendedPlugins: [], output: { out += $0 }, errorOutput: { _ in }
        )
        #expect(command.run(["perf", "--format", "json"]) == 0)
        #expect(out == "perf in json\n")
    }

    @Test func perfOnlyMeasuresTheSectionsNamed() throws {
        struct FakePerf: PerfRunning {
            func runPerf(format: ReportFormat) throws -> String { "all\n" }
            func runPerf(format: ReportFormat, only sections: Set<PerfSection>) throws -> String {
                sections.map(\.rawValue).sorted().joined(separator: ",") + "\n"
            }
        }
        var out = ""
        var err = ""
        let command = BenchCommand(
            runner: nil, perfRunner: FakePerf(), recommendedPlugins: [], output: { out += $0 },
            errorOutput: { err += $0 })
        #expect(command.run(["perf", "--only", "simulator,dispatch"]) == 0)
        #expect(out == "dispatch,simulator\n")
        #expect(command.run(["perf", "--only", "speed"]) == 2)
        #expect(err.contains("unknown perf section 'speed'"))
        #expect(command.run(["--only", "dispatch"]) == 2)
    }

    @Test func theDefaultInputIsTheBuiltInCorpus() throws {
        let elsewhere = try Harness(files: [:])
        let corpus = ScenarioCorpus.defaultDirectory(currentDirectory: elsewhere.directory)
        #expect(corpus?.hasSuffix("Examples/Scenarios") == true)
        #expect(corpus?.hasPrefix("/") == true)
        let runner = FakeScenarioRunner()
        let command = BenchCommand(
            runner: runner, availablePlugins: ["PopGestureGuard"], recommendedPlugins: [],
            currentDirectory: elsewhere.directory, output: { _ in }, errorOutput: { _ in }
        )
        #expect(command.run(["--plugins", "none", "--profiles", "ios17"]) == 0)
        #expect(runner.calls.count >= 20)
    }
}
