import Foundation
import NavigationScenarioRunner
import NavigationScenarios
import NavigationStrategies
import ScenarioTestSupport
import Testing

@testable import NavigationBench

/// `--shard K/N` parts merged with `merge` give exactly what one run of the whole matrix gives:
/// the report in every format and `--check`'s exit status and diagnostics. The oracle is the
/// one run itself (the simulator's timing, the one figure two runs never share, is zeroed).
///
/// The three longest tests (dozens of bench commands each, on the main actor) each run in a
/// child process of the test binary (``ChildTestProcess``): there they use the other core
/// beside this process's main-actor tests, which Swift Testing runs one after another.
@MainActor
struct MergedShardsTests {
    /// Three files of the corpus; `draft-editor-tap-back.nav` fails its expects without plugins.
    static let files = [
        "Examples/Scenarios/draft-editor-tap-back.nav", "Examples/Scenarios/back-menu-before-ios14.nav",
        "Examples/Scenarios/custom-transition-delegate.nav",
    ]

    static func bench(_ arguments: [String]) -> (status: Int32, out: String, err: String) {
        var out = ""
        var err = ""
        let command = BenchCommand(
            runner: KeptRunsRunner(untimed: true), recommendedPlugins: StrategyComposition.recommended.names,
            currentDirectory: Corpus.packageRoot, output: { out += $0 }, errorOutput: { err += $0 })
        let status = command.run(arguments)
        return (status, out, err)
    }

    /// Writes the `count` parts of the matrix `arguments` plans into a new folder; their paths.
    static func parts(_ arguments: [String], count: Int) throws -> [String] {
        let folder = try TestScratch.folder("parts")
        return try (1...count).map { part in
            let run = bench(arguments + ["--shard", "\(part)/\(count)"])
            #expect(run.status == 0, "\(run.err)")
            let path = folder + "/part-\(part)"
            try run.out.write(toFile: path, atomically: true, encoding: .utf8)
            return path
        }
    }

    @Test(arguments: [
        // --check of given combinations, one of which fails: exit 1 and its diagnostics.
        ["--plugins", "none", "--plugins", "recommended", "--plugins", "PopGestureGuard", "--check"],
        // --check alone: only the recommended composition is planned.
        ["--check"],
        // Every combination of two plugins on two profiles, no check.
        [
            "--plugins", "none", "--plugins", "BackMenuGuard", "--plugins", "BackMenuGuard,PopGestureGuard",
            "--profiles", "ios13,ios26", "--top", "2",
        ],
    ])
    nonisolated func mergedPartsAreTheOneRunInEveryFormat(options: [String]) async throws {
        try await ChildTestProcess.expectPasses(
            "MergedShardsTests/mergedPartsAreTheOneRunInEveryFormat", part: options.joined(separator: " ")
        ) {
            try await Self.expectMergedPartsAreTheOneRun(options: options)
        }
    }

    static func expectMergedPartsAreTheOneRun(options: [String]) throws {
        // The one run in every format, the oracle of every count of parts.
        let ones = ReportFormat.allCases.map { Self.bench(Self.files + options + ["--format", $0.rawValue]) }
        for count in [1, 3, 40] {  // 40: more parts than groups, some parts empty
            let paths = try Self.parts(Self.files + options, count: count)
            let reportOptions = options.contains("--top") ? ["--top", "2"] : []
            for (format, one) in zip(ReportFormat.allCases, ones) {
                let merged = Self.bench(["merge"] + paths.reversed() + ["--format", format.rawValue] + reportOptions)
                #expect(merged.status == one.status, "\(format) \(count): \(merged.err)")
                #expect(merged.out == one.out, "\(format), \(count) parts")
                #expect(merged.err == one.err, "\(format), \(count) parts")
            }
        }
        // The check failed where it should: the oracle run is not trivially passing.
        #expect(
            Self.bench(Self.files + options).status == (options.contains("--check") && options.contains("none") ? 1 : 0)
        )
    }

    /// The default report (a table, no `--check`) over two worker processes, which send the
    /// ranking's sums instead of their runs, is the report of one process.
    @Test nonisolated func workersSendingSumsGiveTheOneProcessTable() async throws {
        try await ChildTestProcess.expectPasses("MergedShardsTests/workersSendingSumsGiveTheOneProcessTable") {
            try await Self.expectWorkersSendingSumsGiveTheOneProcessTable()
        }
    }

    static func expectWorkersSendingSumsGiveTheOneProcessTable() throws {
        let executable = try #require(WorkerLifetimeTests.executable, "navhooks-bench is not built beside the tests")
        let plugins = [
            "none", "BackMenuGuard", "PopGestureGuard", "ShouldPopItemGuard", "BaseClassGuard", "ExitGuard",
            "BackMenuGuard,PopGestureGuard", "BaseClassGuard,ShouldPopItemGuard", "recommended",
            "DelegateBarHiding", "DelegateBarHiding,PopGestureGuard", "all",
        ]
        let files =
            Self.files + [
                "Examples/Scenarios/every-trigger-tour.nav", "Examples/Scenarios/voiceover-escape-guarded.nav",
            ]
        let arguments = files + plugins.flatMap { ["--plugins", $0] } + ["--all"]
        let simulator = SimulatorScenarioRunner(playsVariants: BenchOptions.playsVariants(arguments))
        func table(workers: MatrixWorkers?, format: String = "table") -> (Int32, String, String) {
            var out = ""
            var err = ""
            let command = BenchCommand(
                // As `main.swift` builds it: the workers read the same arguments.
                // One process: each run played once for the three formats (KeptRunsRunner).
                runner: workers == nil
                    ? KeptRunsRunner(simulator, untimed: false) : simulator, workers: workers,
                recommendedPlugins: StrategyComposition.recommended.names, currentDirectory: Corpus.packageRoot,
                output: { out += $0 }, errorOutput: { err += $0 })
            return (command.run(arguments + ["--format", format]), out, err)
        }
        let one = table(workers: nil)
        let spread = table(workers: MatrixWorkers(executablePath: executable, count: 2))
        #expect(one.0 == 0 && spread.0 == 0, "\(spread.2)")
        #expect(!spread.2.contains("running the matrix on one core"), "\(spread.2)")
        // Enough runs to be spread (BenchCommand.minimumShardedRuns).
        let summary = one.1.components(separatedBy: "navhooks-bench: ").last ?? ""
        let runs = summary.split(separator: " ").first.flatMap { Int($0.replacingOccurrences(of: ",", with: "")) } ?? 0
        #expect(runs >= BenchCommand.minimumShardedRuns)
        #expect(spread.1 == one.1)

        // CSV and JSON: the workers render their runs and send the text with their sums; the
        // timing (each process measures its own) aside, the report is the one-process report.
        for format in ["csv", "json"] {
            let one = table(workers: nil, format: format)
            let spread = table(workers: MatrixWorkers(executablePath: executable, count: 2), format: format)
            #expect(one.0 == 0 && spread.0 == 0, "\(spread.2)")
            func untimed(_ text: String) -> [String] {
                format == "csv" ? PerfRunner.withoutTiming(text) : Self.untimedJSONLines(text)
            }
            let oneLines = untimed(one.1)
            #expect(untimed(spread.1) == oneLines, "\(format)")
            #expect(oneLines.count > 200)
        }
    }

    /// The lines of a JSON report (the encoder's pretty-printed text) but those of its timings
    /// (`"nsPerDispatch" : …`, the one figure two processes never share), split on the bytes:
    /// splitting a report of thousands of lines on its Characters cost a debug build more than
    /// the bench command that wrote it.
    static func untimedJSONLines(_ text: String) -> [String] {
        let timing = Array("\"nsPerDispatch\"".utf8)
        return text.utf8.split(separator: UInt8(ascii: "\n")).compactMap { line in
            let key = line.drop { $0 == UInt8(ascii: " ") }
            return key.starts(with: timing) ? nil : String(Substring(line))
        }
    }

    /// What one run prints after its report from the files (the appearance slot's table, and
    /// `--check`'s notes on which reading of a rule a recording agrees with), a merge prints too:
    /// part 1 carries it.
    @Test nonisolated func whatOneRunPrintsAfterItsReportIsInTheMerge() async throws {
        try await ChildTestProcess.expectPasses("MergedShardsTests/whatOneRunPrintsAfterItsReportIsInTheMerge") {
            try await Self.expectWhatOneRunPrintsAfterItsReportIsInTheMerge()
        }
    }

    static func expectWhatOneRunPrintsAfterItsReportIsInTheMerge() throws {
        // A file that states a bar look, the full matrix on one profile: the appearance table.
        let look = ["Examples/Scenarios/look-leaks-to-plain-screen.nav", "--profiles", "ios26"]
        let paths = try Self.parts(look, count: 3)
        for format in ["table", "csv"] {
            let one = Self.bench(look + ["--format", format])
            let merged = Self.bench(["merge"] + paths + ["--format", format])
            #expect(merged.status == 0 && merged.out == one.out && merged.err == one.err, "\(format): \(merged.err)")
            #expect(
                one.out.contains("appearance slot (one choice; on the 1 file that states a look") == (format == "table")
            )
        }

        // A device that reads R24 the other way, recorded and checked: the run's note.
        let scenario = try ScenarioParser.parse(text: RuleVariantTests.flow, file: "flow.nav").get()
        let device = SimulatorScenarioRunner().recording(
            of: scenario, profile: .ios17, plugins: ["ShouldPopItemGuard"]
        ) { nav in nav.ruleVariants = ["R24"] }
        let recording = try RecordingReplayTests.write(device.navFile, name: "device.nav")
        let one = Self.bench([recording, "--check"])
        #expect(one.status == 1 && one.err.contains("note: device agrees with R24 alt at "), "\(one.err)")
        for count in [1, 2] {
            let merged = Self.bench(["merge"] + (try Self.parts([recording, "--check"], count: count)))
            #expect(merged.status == one.status && merged.out == one.out && merged.err == one.err, "\(merged.err)")
        }
    }

    @Test func aMissingDuplicatedForeignOrDamagedPartIsRefused() throws {
        let paths = try Self.parts(Self.files + ["--plugins", "none"], count: 3)
        let missing = Self.bench(["merge", paths[0], paths[2]])
        #expect(missing.status == 2)
        #expect(missing.err.contains("missing part 2 of 3"))
        let twice = Self.bench(["merge", paths[0], paths[1], paths[1], paths[2]])
        #expect(twice.status == 2 && twice.err.contains("part 2 given twice"))
        let foreign = try Self.parts(Self.files + ["--plugins", "recommended"], count: 3)
        let mixed = Self.bench(["merge", paths[0], foreign[1], paths[2]])
        #expect(mixed.status == 2 && mixed.err.contains("is a part of another matrix"))
        let text = try String(contentsOfFile: paths[1], encoding: .utf8)
        try String(text.dropLast(5)).write(toFile: paths[1], atomically: true, encoding: .utf8)
        let cut = Self.bench(["merge"] + paths)
        #expect(cut.status == 2 && cut.err.contains("is cut short or damaged"), "\(cut.err)")
        let notAPart = Self.bench(["merge", Corpus.packageRoot + "/" + Self.files[0]])
        #expect(notAPart.status == 2 && notAPart.err.contains("is not a partial result"))
        let fresh = try String(contentsOfFile: paths[1], encoding: .utf8)
        try fresh.replacingOccurrences(
            of: "\"navhooks-bench partial result 2\"", with: "\"navhooks-bench partial result 1\""
        )
        .write(toFile: paths[1], atomically: true, encoding: .utf8)
        let older = Self.bench(["merge"] + paths)
        #expect(older.status == 2 && older.err.contains("was written by another version"), "\(older.err)")
        #expect(Self.bench(Self.files + ["--shard", "4/3"]).status == 2)
        #expect(Self.bench(Self.files + ["--shard", "1/2", "--timeline", "out"]).status == 2)
        #expect(Self.bench(["merge", paths[0], "--plugins", "none"]).status == 2)
    }
}

/// The workers play the rules' other readings exactly when the parent's runner does.
@MainActor
struct WorkerArgumentsTests {
    @Test func theParentsVariantSettingReplacesAnyGivenOne() {
        let documented = SimulatorScenarioRunner(playsVariants: false)
        let worst = SimulatorScenarioRunner(playsVariants: true)
        #expect(BenchCommand.workerArguments(["a.nav"], runner: worst) == ["a.nav", "--variants", "worst"])
        #expect(
            BenchCommand.workerArguments(["--variants", "worst", "a.nav"], runner: documented)
                == ["a.nav", "--variants", "documented"])
        #expect(
            BenchCommand.workerArguments(["--variants=documented", "--format", "csv"], runner: worst)
                == ["--format", "csv", "--variants", "worst"])
        // What each worker's runner is then built with (main.swift).
        #expect(!BenchOptions.playsVariants(BenchCommand.workerArguments([], runner: documented)))
        #expect(BenchOptions.playsVariants(BenchCommand.workerArguments([], runner: worst)))
    }
}
