#if os(macOS) || os(Linux)
import Foundation
import NavigationConformance
import NavigationHooks
public import NavigationScenarioRunner
import NavigationScenarios
import NavigationSimulator
public import NavigationStrategies

/// The `navhooks-bench` command: parse every scenario, run the matrix, report, check.
///
/// ```
/// arguments ─► BenchOptions ─► files ─► parse ALL ──(any error)──► diagnostics on stderr, exit 2
///                                          │
///                                          ▼
///            scenarios × profiles (each file's `profile` filter) × combinations
///                                          │  ScenarioRunning, one run at a time
///                                          ▼
///            timelines (--timeline) ─► BenchReport in --format on stdout ─► --check
/// ```
///
/// `export-traces DIR` parses the same way, then writes one ``ConformanceTrace`` per scenario and
/// profile it runs on into DIR (`<scenario>.<profile>.json`, no plugins): the device
/// conformance suite's expectations. It needs no ``runner``: it plays the simulator itself.
///
/// Exit status:
/// - `0`: done (and, with `--check`, every checked `expect` held);
/// - `1`: `--check` and an `expect` line failed in a checked run;
/// - `2`: usage error, unknown plugin or profile, unreadable input, or a scenario with errors
///   (then nothing runs, and `export-traces` writes nothing), or a file that cannot be written;
/// - `3`: the runner (or `perf`) is not wired in.
///
/// Which runs `--check` checks: the combinations given with `--plugins` (every one of them);
/// without `--plugins`, the recommended composition, and then only its runs are made. The
/// default matrix includes `none` and every partial composition, whose failed expects are
/// findings of the benchmark, not failures of the check.
@MainActor
public struct BenchCommand {
    /// Runs scenarios; `nil` until the simulator runner is wired in (then runs exit 3).
    var runner: (any ScenarioRunning)?
    /// Measures for `perf`; `nil` until wired in (then `perf` exits 3).
    var perfRunner: (any PerfRunning)?
    /// Processes to spread the matrix over (``MatrixWorkers/everyCore()``); `nil` runs it
    /// here, one run after another. Timelines are always made here.
    var workers: MatrixWorkers?
    /// The plugin names `--plugins` accepts; the default matrix is every subset of them.
    var availablePlugins: [String]
    /// The composition `--check` checks when no `--plugins` is given.
    var recommendedPlugins: [String]
    /// Resolves relative paths and finds the built-in corpus.
    var currentDirectory: String
    /// `true` when the error stream is a terminal: enables the progress bar.
    var errorIsTerminal: Bool
    /// Receives the report (stdout).
    var output: (String) -> Void
    /// Receives diagnostics, progress and notes (stderr).
    var errorOutput: (String) -> Void
    /// The name the bench speaks under in its messages, usage and report (`navhooks-bench`, or
    /// an app's own bench: the name it was run as).
    var toolName: String

    /// Creates the command; every dependency is injected so tests can drive it.
    ///
    /// `currentDirectory` defaults to the process's; `toolName` is the name the messages, the
    /// help and the report give the bench.
    public init(
        runner: (any ScenarioRunning)?,
        perfRunner: (any PerfRunning)? = nil,
        workers: MatrixWorkers? = nil,
        availablePlugins: [String] = StrategyCatalog.names,
        recommendedPlugins: [String],
        currentDirectory: String? = nil,
        errorIsTerminal: Bool = false,
        output: @escaping (String) -> Void,
        errorOutput: @escaping (String) -> Void,
        toolName: String = BenchCommand.defaultToolName
    ) {
        self.runner = runner
        self.perfRunner = perfRunner
        self.workers = workers
        self.availablePlugins = availablePlugins
        self.recommendedPlugins = recommendedPlugins
        self.currentDirectory = currentDirectory ?? FileManager.default.currentDirectoryPath
        self.errorIsTerminal = errorIsTerminal
        self.output = output
        self.errorOutput = errorOutput
        self.toolName = toolName
    }

    /// The bench's name when none is given: the package's own executable.
    public nonisolated static let defaultToolName = "navhooks-bench"

    /// Spaces as wide as ``toolName``: the usage lines' continuations line up under the first
    /// argument, whatever the name.
    private var usageIndent: String { String(repeating: " ", count: toolName.count) }

    /// The help text.
    var usage: String {
        """
        USAGE: \(toolName) [FILE|DIR…] [options]
               \(toolName) perf [--format table|markdown|json|csv]
               \(usageIndent)      [--only dispatch,simulator,matrix,memory,debug]
               \(toolName) export-traces DIR [FILE|DIR…] [--profiles P,…]
               \(toolName) fuzz [--mutants N] [--seed S] [--verbose]
               \(toolName) [FILE|DIR…] [--plugins …] [--profiles …] [--check]
               \(usageIndent) --shard K/N > PART
               \(toolName) merge PART… [--format F] [--top N | --all] [--detail]

        Runs scenario files (.nav) against plugin combinations on the headless simulator and
        ranks the combinations by defects, then by cost. Default input: the built-in corpus
        (\(ScenarioCorpus.relativeDirectory)).

        The table (the default output) fits one screen, \(BenchReport.screenLines) lines at \(BenchReport.tableWidth) columns:
          1. the answer: what to install (the recommended composition), whether it holds on the
             documented model and in the worst case over the inferred rules' second readings,
             what remains and what settles it (a device recording, checked with --check);
          2. the best combinations, one line each, ranked on the documented model's defects
             first and the worst case second, so a real defect never ranks below one only a
             second reading shows; `-Y +X` names the recommended composition with Y left
             out and X added; the letters cite the causes;
          3. the causes (reading, profiles: metrics in files), each listed once;
          4. the appearance slot, the legend and the matrix's size.
        Each combination's defects per profile: --top N --detail, or --plugins A,B --detail.

        fuzz plays seeded mutations of the built-in corpus (default 500): it fails on a hang
        (over 10 s) or an error without FILE:LINE:COLUMN; a crash ends it (--verbose names each
        mutant first, so the last one named is the one that crashed).

        --shard K/N plays part K of N of the matrix (whole scenario-and-profile groups, the
        same split on every machine) and writes a partial result on standard output; merge
        reads the N parts and writes the report one run of everything writes (every format),
        exiting as --check would (give --check, --plugins and --profiles to the parts).

        export-traces writes the simulator's callback trace of each scenario on each of its
        profiles, with no plugins, into DIR as <scenario>.<profile>.json: the expectations of
        the device conformance suite (Examples/iOSApp/ConformanceTests/Expected).

        OPTIONS:
          --plugins A,B         one combination; repeatable. `none` = no plugins, `all`,
                                `recommended`. Default: every combination of the plugins.
          --profiles P,…        \(ScenarioProfile.allCases.map(\.rawValue).joined(separator: ", ")). Default: every profile.
                                A profile plays a range of versions: ios14 is iOS 14–15, ios18 18–25
          --format F            table (default), markdown, json, csv, junit (the checked runs,
                                one test case per file × profile × combination; its failures
                                set the exit status only with --check)
          --timeline DIR        write one SVG per run (at most \(BenchCommand.timelineLimit) runs): bar visibility
                                over time, the user's inputs and the glitches found
          --check               exit 1 if an expect line failed in a checked run (expect lines
                                only: other defects are counted, not failed): the --plugins
                                combinations, or without --plugins the recommended one
                                (`recommended`, listed below), which is then all that runs;
                                a recording (`plugin NAME` lines) is checked with its own,
                                and where it matches one reading of an inferred rule and not
                                the other, a note says which (`device agrees with R62 alt at
                                FILE:LINE`)
          --variants V          worst (default): a run that consulted an inferred rule with a
                                second reading is also played with it, and ranks on the worse
                                outcome, its defects labelled `(R62 alt)`; documented: the
                                documented model only (--check always checks that one)
          --top N               show the best N combinations (table, markdown; default \(BenchOptions.defaultTop))
          --all                 show every combination (table, markdown)
          --detail              add each shown combination's defects per profile (counts,
                                files) and the points it never asks (table, markdown)
          -h, --help            show this help

        PLUGINS:
        \(BenchReport.wrap(availablePlugins.sorted(), separator: " ", width: 76).map { "  " + $0 }.joined(separator: "\n"))
          A plugin may carry a mode (an anchor's approach, or one left out of the default), Name:mode:
        \(BenchReport.wrap(StrategyCatalog.modeSpellings, separator: " ", width: 76).map { "  " + $0 }.joined(separator: "\n"))

        RECOMMENDED:
        \(BenchReport.wrap(recommendedPlugins.sorted(), separator: " ", width: 76).map { "  " + $0 }.joined(separator: "\n"))
          and the appearance strategy \(StrategyCatalog.defaultAppearance)

        APPEARANCE (the bar's look per screen: one choice per navigation controller, not an
        on/off plugin, so not in the matrix's combinations):
        \(BenchReport.wrap(StrategyCatalog.appearanceNames, separator: " ", width: 76).map { "  " + $0 }.joined(separator: "\n"))
          On a file that states a look (a screen with look=, tint=, title=…), every combination
          that names none plays \(StrategyCatalog.defaultAppearance) beside it (`--plugins none` too;
          a note says so). Name another with the plugins: --plugins recommended,ItemBarAppearance.
          JSON and CSV name the one each run played (`appearance`); the table compares them.

        EXIT STATUS: 0 ok; 1 --check failed; 2 bad usage or scenario errors; 3 not wired in.

        """
    }

    /// Runs the command with `arguments` (without the program name) and returns the exit status.
    public func run(_ arguments: [String]) -> Int32 {
        if arguments.first == "fuzz" { return runFuzz(Array(arguments.dropFirst())) }
        let (shard, arguments) = MatrixShard.take(from: arguments)
        let options: BenchOptions
        do {
            options = try BenchOptions.parse(
                arguments, availablePlugins: availablePlugins, recommendedPlugins: recommendedPlugins
            )
        } catch {
            errorOutput("\(toolName): error: \(error.message)\nRun '\(toolName) --help' for usage.\n")
            return 2
        }
        if options.help {
            output(usage)
            return 0
        }
        if options.perf { return runPerf(options) }
        if options.merge { return runMerge(options) }
        if let directory = options.exportTracesDirectory { return exportTraces(options, into: directory) }

        // A worker told its groups parses only their files.
        if let shard, let groupsFile = shard.groupsFile {
            guard let runner else { return 3 }
            return runShard(shard, groupsFile: groupsFile, options: options, runner: runner)
        }

        // Inputs: every file is read and parsed before anything runs. When the matrix may go
        // to workers, only each file's outline is kept (``outline(_:)``): the files are parsed
        // again where they run, one at a time.
        let outlined = shard == nil && options.timelineDirectory == nil && (workers?.count ?? 0) > 1
        let scenarios: [Scenario]
        var stepCounts: [Int] = []
        var lookScenarios: [Scenario] = []  // kept whole for the appearance section (AppearanceChoices)
        let outline: (Scenario) -> Void = {
            stepCounts.append($0.steps.count)
            if $0.statesLook { lookScenarios.append($0) }
        }
        switch loadScenarios(options, outlines: outlined ? outline : nil) {
        case .success(let loaded): scenarios = loaded
        case .failure(let status): return status.code
        }
        if !outlined { lookScenarios = scenarios.filter(\.statesLook) }

        // `--check` alone checks the recommended composition, so it runs only that.
        // A recording's `plugin NAME` lines add its own combination, the one checked for it.
        let recorded = Self.uniqued(scenarios.compactMap { $0.recordedPlugins.map(PluginCombination.init) })
        let combinations =
            options.combinations
            ?? (options.check
                ? Self.uniqued([PluginCombination(recommendedPlugins)] + recorded)
                : PluginCombination.all(of: availablePlugins))
        let profiles = options.profiles ?? ScenarioProfile.allCases
        let matrix = MatrixPlan(
            scenarios: scenarios, profiles: profiles, combinations: combinations,
            stepCounts: outlined ? stepCounts : nil)
        let plan = matrix.runs
        guard let runner else {
            errorOutput(
                "\(toolName): \(scenarios.count) scenario files parsed without errors; "
                    + "\(plan.count) runs planned, but the scenario runner is not wired in yet.\n"
            )
            return 3
        }
        if plan.isEmpty { errorOutput("\(toolName): note: no runs (the profile filters exclude them all)\n") }
        if let shard { return runShard(shard, of: matrix, runner: runner) }
        if let part = options.part {
            return runPart(
                part, arguments: arguments, options: options, scenarios: scenarios,
                stepCounts: outlined ? stepCounts : scenarios.map(\.steps.count), matrix: matrix, outlined: outlined,
                lookScenarios: lookScenarios, runner: runner)
        }
        var timelineTarget: String?
        if let directory = options.timelineDirectory {
            switch prepareTimelineDirectory(directory, runs: plan.count) {
            case .success(let target): timelineTarget = target
            case .failure(let status): return status.code
            }
        }

        // Runs go to the report as they are made, in plan order; none is kept.
        let stream: ReportStream
        do {
            stream = try ReportStream(
                format: options.format, isChecked: checkedFilter(options, scenarios), keepsFailures: options.check,
                write: output)
        } catch {
            errorOutput("\(toolName): error: cannot render the report: \(error)\n")
            return 2
        }
        let progress = ProgressReporter(total: plan.count, enabled: errorIsTerminal, write: errorOutput)
        let writer = SVGTimelineWriter()
        let timelineRoot = SVGTimelineWriter.commonFolder(of: scenarios.map(\.file))
        var timelinesWritten = 0
        do {
            var sharded = false
            // An outline's file is parsed again (it parsed without errors a moment ago).
            let load: (Scenario) throws -> Scenario = { outline in
                guard outlined else { return outline }
                switch ScenarioCorpus.load(outline.file, currentDirectory: currentDirectory) {
                case .success(let scenario): return scenario
                case .failure(let diagnostics): throw diagnostics
                }
            }
            if timelineTarget == nil, let workers, workers.count > 1, plan.count >= Self.minimumShardedRuns {
                sharded = try runSharded(
                    arguments, matrix: matrix, workers: workers, runner: runner, progress: progress,
                    deliver: stream.add, sums: stream.needsOnlySums || stream.workersRender ? stream.add : nil,
                    renders: stream.format, rendered: stream.workersRender ? stream.addRendered : nil)
            }
            // One process: the runs are played here, a group at a time (with workers they were
            // played there).
            if !sharded {
                var loaded: Scenario?
                for group in matrix.groups.indices where !matrix.groups[group].runs.isEmpty {
                    let outline = plan[matrix.groups[group].runs.lowerBound].scenario
                    if loaded?.file != outline.file { loaded = try load(outline) }
                    let scenario = loaded ?? outline
                    try matrix.playGroup(
                        group, scenario: scenario, with: runner, keepingTimeline: timelineTarget != nil
                    ) { index, result in
                        if let timelineTarget, let timeline = result.timeline {
                            let (_, profile, combination) = plan[index]
                            let name = SVGTimelineWriter.fileName(
                                file: scenario.file, profile: profile.rawValue, plugins: combination.plugins,
                                relativeTo: timelineRoot)
                            do {
                                try writer.write(timeline, to: timelineTarget, fileName: name)
                                timelinesWritten += 1
                            } catch {
                                throw TimelineWriteError(name: name, error: error)
                            }
                        }
                        try stream.add(result)
                        progress.update(done: index + 1)
                    }
                }
            }
        } catch let failure as TimelineWriteError {
            progress.finish()
            errorOutput(
                "\(toolName): error: cannot write timeline '\(failure.name)' into '\(options.timelineDirectory ?? "")': "
                    + "\(failure.error.localizedDescription)\n")
            return 2
        } catch let diagnostics as ScenarioDiagnostics {
            // A file changed after it was checked.
            progress.finish()
            errorOutput(diagnostics.description + "\n")
            return 2
        } catch {
            progress.finish()
            errorOutput("\(toolName): error: cannot render the report: \(error)\n")
            return 2
        }
        progress.finish()
        if let directory = options.timelineDirectory {
            errorOutput(
                "\(toolName): wrote \(BenchReport.count(timelinesWritten, "timeline")) (SVG, one per run) into \(directory)\n"
            )
        }

        if let note = addedAppearanceNote(lookScenarios, profiles: profiles, options) { errorOutput(note) }
        return finishReport(
            stream, options, plannedMatrix: (scenarios.count, profiles.count, combinations.count),
            appendix: {
                options.format == .table ? appearanceAppendix(lookScenarios, profiles: profiles, options) : nil
            },
            afterCheck: {
                for note in readingAgreementNotes(scenarios, profiles: profiles, options: options) { errorOutput(note) }
            })
    }

    /// The appearance slot's choices, printed before a table report's legend for the full
    /// matrix (``AppearanceChoices``); `nil` when no file states a look, or for a part of the
    /// matrix (`--plugins`) or a `--check`.
    func appearanceAppendix(_ lookScenarios: [Scenario], profiles: [ScenarioProfile], _ options: BenchOptions)
        -> String?
    {
        guard options.combinations == nil, !options.check else { return nil }
        return AppearanceChoices(scenarios: lookScenarios, profiles: profiles, plugins: recommendedPlugins)?
            .render(detail: options.detail)
    }

    /// With `--plugins`, a note when a named combination that names no appearance strategy (the
    /// recommended composition aside, whose strategy it is) played the default one beside it on
    /// files that state a look (`--plugins none` included):
    /// the appearance slot is one choice (``StrategyCatalog/defaultAppearance``), not an on/off
    /// plugin. `nil` otherwise.
    func addedAppearanceNote(_ lookScenarios: [Scenario], profiles: [ScenarioProfile], _ options: BenchOptions)
        -> String?
    {
        guard let combinations = options.combinations else { return nil }
        let files = lookScenarios.filter { scenario in profiles.contains { scenario.runs(on: $0) } }.count
        // The recommended composition's own appearance strategy is no addition.
        let recommended = PluginCombination(recommendedPlugins)
        let plain = combinations.filter {
            $0 != recommended && !$0.plugins.contains(where: StrategyCatalog.isAppearance)
        }
        guard files > 0, !plain.isEmpty else { return nil }
        let beside =
            plain.count == 1 ? plain[0].label : "the \(plain.count) combinations that name no appearance strategy"
        let states = files == 1 ? "states" : "state"
        return "\(toolName): note: \(StrategyCatalog.defaultAppearance) (the recommended appearance strategy) "
            + "played beside \(beside) on the \(BenchReport.count(files, "file")) that \(states) a look: the "
            + "appearance slot is one choice, not an on/off plugin; name another with --plugins "
            + "\(plain[0].plugins.isEmpty ? "none" : plain[0].label.replacingOccurrences(of: "+", with: ","))"
            + ",ItemBarAppearance (--help, APPEARANCE)\n"
    }

    /// Writes the rest of the report of the runs `stream` took, then `--check`'s verdict: the
    /// exit status. The one ending of a matrix run and of `merge`. `appendix`: text the table
    /// prints before its legend (the appearance slot); `afterCheck`: notes after `--check`'s verdict
    /// (where a recording agrees with a rule's other reading). A merge takes both from the
    /// first part, which computed them from the files.
    func finishReport(
        _ stream: ReportStream, _ options: BenchOptions,
        plannedMatrix: (scenarios: Int, profiles: Int, combinations: Int),
        appendix: () -> String? = { nil }, afterCheck: () -> Void = {}
    ) -> Int32 {
        do {
            var report = stream.report(rankingLimit: options.rankingLimit)
            report.highlighted = PluginCombination(recommendedPlugins)
            report.scoresUsersFiles = !options.inputs.isEmpty
            report.plannedMatrix = plannedMatrix
            report.variantsPlayed = options.variants == .worst && !options.check
            report.showsDetail = options.detail
            report.lineBudget = options.fitsOneScreen ? BenchReport.screenLines : nil
            report.appendix = appendix()
            report.toolName = toolName
            try stream.finish(report)
        } catch {
            errorOutput("\(toolName): error: cannot render the report: \(error)\n")
            return 2
        }
        guard options.check else {
            if options.format == .junit, stream.junitFailures > 0 {
                // CI reads the document, and the job's status from the exit status: say which decides.
                errorOutput(
                    "\(toolName): the JUnit report has \(Self.count(stream.junitFailures, "failed test case")); "
                        + "without --check the exit status is 0: add --check to fail the job on them\n")
            }
            return 0
        }
        let status = check(
            failedRuns: stream.failedCheckedRuns, checkedCount: stream.checkedCount,
            checked: stream.checkedCombinations, checkedMetrics: stream.checkedMetrics)
        afterCheck()
        return status
    }

    /// `--check` of a recording (a file with `plugin` lines): where the device session matches
    /// one reading of an inferred rule and not the other, a note says which, so recordings
    /// settle the unknowns (``SimulatorScenarioRunner/readingAgreements(_:profile:plugins:)``).
    /// The check's verdict stays the documented model's. The notes, one line each; none
    /// without `--check`.
    func readingAgreementNotes(_ scenarios: [Scenario], profiles: [ScenarioProfile], options: BenchOptions)
        -> [String]
    {
        guard options.check else { return [] }
        var notes: [String] = []
        let runner = SimulatorScenarioRunner(skipsEquivalentRuns: false)
        for outline in scenarios {
            guard let recorded = outline.recordedPlugins else { continue }
            guard case .success(let scenario) = ScenarioCorpus.load(outline.file, currentDirectory: currentDirectory)
            else { continue }
            for profile in profiles where scenario.runs(on: profile) {
                for combination in options.combinations ?? [PluginCombination(recorded)] {
                    for agreement in runner.readingAgreements(
                        scenario, profile: profile.rawValue, plugins: combination.plugins)
                    {
                        notes.append(
                            "\(agreement.location): note: \(agreement) (\(profile.rawValue) with \(combination.label))\n"
                        )
                    }
                }
            }
        }
        return notes
    }

    private static func uniqued(_ combinations: [PluginCombination]) -> [PluginCombination] {
        var seen = Set<PluginCombination>()
        return combinations.filter { seen.insert($0).inserted }
    }

    /// The runs `--check` checks: the combinations given with `--plugins`; without them, a
    /// recording's own (its `plugin NAME` lines) and the recommended composition for any
    /// other file.
    func checkedRuns(_ results: [RunResult], _ options: BenchOptions, _ scenarios: [Scenario]) -> [RunResult] {
        results.filter(checkedFilter(options, scenarios))
    }

    /// Whether ``checkedRuns(_:_:_:)`` keeps a run.
    func checkedFilter(_ options: BenchOptions, _ scenarios: [Scenario]) -> (RunResult) -> Bool {
        if let given = options.combinations {
            let checked = Set(given)
            return { checked.contains(PluginCombination($0.plugins)) }
        }
        var recorded: [String: PluginCombination] = [:]
        for scenario in scenarios { recorded[scenario.file] = scenario.recordedPlugins.map(PluginCombination.init) }
        let recommended = PluginCombination(recommendedPlugins)
        return { PluginCombination($0.plugins) == (recorded[$0.file] ?? recommended) }
    }

    /// The most timelines one run of the bench writes: each is an SVG file of 5–10 kB, and a
    /// person reads a handful. The whole default matrix would be tens of thousands.
    static let timelineLimit = 500

    /// Checks that `directory` can take the timelines of `runs` runs and creates it.
    ///
    /// - Returns: the resolved directory, or the exit status after printing why not.
    func prepareTimelineDirectory(_ directory: String, runs: Int) -> Result<String, ExitStatus> {
        guard runs <= Self.timelineLimit else {
            errorOutput(
                "\(toolName): error: --timeline would write \(runs) SVG files (one per run; the limit is "
                    + "\(Self.timelineLimit)); narrow the run with --plugins, --profiles or scenario files\n")
            return .failure(2)
        }
        let target = ScenarioCorpus.resolve(directory, in: currentDirectory)
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: target, isDirectory: &isDirectory), !isDirectory.boolValue {
            errorOutput("\(toolName): error: --timeline needs a directory, but '\(directory)' is a file\n")
            return .failure(2)
        }
        do {
            try FileManager.default.createDirectory(atPath: target, withIntermediateDirectories: true)
        } catch {
            errorOutput(
                "\(toolName): error: cannot create the timeline directory '\(directory)': "
                    + "\(error.localizedDescription)\n")
            return .failure(2)
        }
        return .success(target)
    }

    /// A scenario without what only running it needs (screens, steps, app code, modes,
    /// host): what the plan and the report read of it (title, file, profiles, recorded plugins).
    static func outline(_ scenario: Scenario) -> Scenario {
        var outline = scenario
        outline.screens = []
        outline.steps = []
        outline.appCode = AppCodePatterns()
        outline.pluginModes = [:]
        outline.host = HostDeclaration()
        return outline
    }

    /// Reads and parses every input; prints every diagnostic of every file on failure. With
    /// `outlines`, each scenario is handed to it and kept as its ``outline(_:)`` only.
    func loadScenarios(_ options: BenchOptions, outlines: ((Scenario) -> Void)? = nil) -> Result<[Scenario], ExitStatus>
    {
        var inputs = options.inputs
        if inputs.isEmpty {
            guard let corpus = ScenarioCorpus.defaultDirectory(currentDirectory: currentDirectory) else {
                errorOutput(
                    "\(toolName): error: no input files, and the built-in corpus "
                        + "(\(ScenarioCorpus.relativeDirectory)) was not found\n"
                )
                return .failure(2)
            }
            inputs = [corpus]
        }
        let files: [String]
        do {
            files = try ScenarioCorpus.files(in: inputs, currentDirectory: currentDirectory)
        } catch {
            // A mistyped subcommand (`pref`) reads as a missing file: name the subcommand.
            let subcommand = options.inputs.first.flatMap { input in
                input.contains("/") || input.contains(".") ? nil : Spelling.nearest(to: input, in: Self.subcommands)
            }
            errorOutput(
                "\(toolName): error: \(error.message)" + (subcommand.map { "; did you mean '\($0)'?" } ?? "") + "\n")
            if options.format == .junit {
                output(
                    BenchReport.junitText(
                        malformed: [(toolName, ["\(toolName): error: \(error.message)"])], toolName: toolName))
            }
            return .failure(2)
        }
        var scenarios: [Scenario] = []
        var malformed: [(file: String, errors: [String])] = []
        var failed = false
        for file in files {
            switch ScenarioCorpus.load(file, currentDirectory: currentDirectory) {
            case .success(let scenario):
                if let outlines {
                    outlines(scenario)
                    scenarios.append(Self.outline(scenario))
                } else {
                    scenarios.append(scenario)
                }
            case .failure(let diagnostics):
                errorOutput(diagnostics.description + "\n")
                malformed.append((file, diagnostics.diagnostics.map(\.description)))
                failed = true
            }
        }
        if failed {
            // CI reads the JUnit file, not the log: it says why nothing ran (exit 2 all the same).
            if options.format == .junit { output(BenchReport.junitText(malformed: malformed, toolName: toolName)) }
            errorOutput("\(toolName): nothing was run: fix the errors above\n")
            return .failure(2)
        }
        return .success(scenarios)
    }

    /// Prints the failed expects of the checked runs as diagnostics; 1 if there are any.
    func check(_ results: [RunResult], _ options: BenchOptions, _ scenarios: [Scenario]) -> Int32 {
        let checkedRuns = checkedRuns(results, options, scenarios)
        return check(
            failedRuns: checkedRuns.filter { $0.metrics.expectFailures > 0 || !$0.expectFailures.isEmpty },
            checkedCount: checkedRuns.count, checked: Set(checkedRuns.map { PluginCombination($0.plugins) }),
            checkedMetrics: checkedRuns.reduce(RunMetrics()) { $0 + $1.metrics })
    }

    /// Prints the failed expects of `failedRuns` (checked runs, in plan order) as diagnostics;
    /// 1 if there are any. `checkedCount` runs of the `checked` combinations were checked;
    /// `checkedMetrics`, their metrics added up: a passed check says how many defects no
    /// `expect` line states, since only `expect` lines fail it.
    func check(
        failedRuns: [RunResult], checkedCount: Int, checked: Set<PluginCombination>,
        checkedMetrics: RunMetrics = RunMetrics()
    ) -> Int32 {
        var failures = 0
        for run in failedRuns { failures += max(run.metrics.expectFailures, run.expectFailures.count) }
        for outcome in Self.distinctOutcomes(failedRuns) {
            let failure = outcome.failure
            errorOutput(
                "\(failure.location): error: \(failure.expectation) failed on "
                    + "\(outcome.profiles.joined(separator: ", ")) with \(outcome.combination): found \(failure.actual)\n"
            )
            // A recording's expect is what a device showed: the model diverges from it.
            errorOutput(
                "\(failure.location): note: \(failure.isRecording == true ? "divergence: " : "")\(failure.divergence)\n"
            )
        }
        let label = checked.map(\.label).sorted().joined(separator: ", ")
        let runs = Self.count(checkedCount, "run")
        if failures > 0 {
            errorOutput(
                "\(toolName): check failed: \(Self.count(failures, "expect failure")) in \(runs) of \(label)\n")
            return 1
        }
        errorOutput("\(toolName): check passed: \(runs) of \(label)\n")
        let others = checkedMetrics.defectCounts.filter { $0.key != "expectFailures" && $0.count > 0 }
        if !others.isEmpty {
            let total = others.reduce(0) { $0 + $1.count }
            errorOutput(
                "\(toolName): note: --check fails on expect lines only; these runs also had "
                    + "\(Self.count(total, "defect")) that no expect line states ("
                    + others.map { "\($0.count) \($0.label)" }.joined(separator: ", ")
                    + "): state what must hold after the step (expect top, expect bar, expect look)\n")
        }
        return 0
    }

    /// `1 run`, `2 runs`: a count and its noun, singular or plural.
    static func count(_ number: Int, _ noun: String) -> String {
        "\(number) \(noun)\(number == 1 ? "" : "s")"
    }

    /// The bench's subcommands (for "did you mean").
    static let subcommands = ["perf", "export-traces", "fuzz"]

    /// One failed expect per distinct outcome (the same line, combination and finding), with
    /// the profiles that share it in run order and the rules named on any of them; in the
    /// order the outcomes first appear.
    static func distinctOutcomes(_ runs: [RunResult]) -> [(
        failure: RunResult.ExpectFailure, combination: String, profiles: [String]
    )] {
        struct Key: Hashable {
            var location: SourceLocation
            var expectation: String
            var actual: String
            var combination: String
        }
        var order: [Key] = []
        var grouped: [Key: (failure: RunResult.ExpectFailure, combination: String, profiles: [String])] = [:]
        for run in runs {
            for failure in run.expectFailures {
                let key = Key(
                    location: failure.location, expectation: failure.expectation, actual: failure.actual,
                    combination: run.combinationLabel)
                guard var outcome = grouped[key] else {
                    order.append(key)
                    grouped[key] = (failure, run.combinationLabel, [run.profile])
                    continue
                }
                if !outcome.profiles.contains(run.profile) { outcome.profiles.append(run.profile) }
                if let rules = failure.rules {
                    outcome.failure.rules = Array(Set((outcome.failure.rules ?? []) + rules)).sorted()
                }
                grouped[key] = outcome
            }
        }
        return order.compactMap { grouped[$0] }
    }

    /// `export-traces`: parses every input, then writes `<scenario>.<profile>.json` into
    /// `directory` for each scenario and each profile it runs on. Nothing is written when a file
    /// has errors or two files share a name.
    func exportTraces(_ options: BenchOptions, into directory: String) -> Int32 {
        let scenarios: [Scenario]
        switch loadScenarios(options) {
        case .success(let loaded): scenarios = loaded
        case .failure(let status): return status.code
        }
        let names = scenarios.map(ConformanceTrace.name(of:))
        if let duplicate = names.first(where: { name in names.filter { $0 == name }.count > 1 }) {
            errorOutput("\(toolName): error: two scenario files are named '\(duplicate)'; nothing was written\n")
            return 2
        }
        let profiles = options.profiles ?? ScenarioProfile.allCases
        let traces = scenarios.flatMap { scenario in
            profiles.filter(scenario.runs(on:)).map { ConformanceTrace(scenario, profile: $0) }
        }
        let target = ScenarioCorpus.resolve(directory, in: currentDirectory)
        do {
            try FileManager.default.createDirectory(atPath: target, withIntermediateDirectories: true)
            for trace in traces {
                let path = (target as NSString).appendingPathComponent(trace.fileName)
                try OutputFile.write(trace.json(), to: path)
            }
        } catch {
            errorOutput("\(toolName): error: cannot write the traces into '\(directory)': \(error)\n")
            return 2
        }
        errorOutput("\(toolName): wrote \(traces.count) traces of \(scenarios.count) scenarios into \(directory)\n")
        return 0
    }

    func runPerf(_ options: BenchOptions) -> Int32 {
        guard let perfRunner else {
            errorOutput("\(toolName): 'perf' is not wired in yet\n")
            return 3
        }
        do {
            output(
                try options.perfSections.map { try perfRunner.runPerf(format: options.format, only: $0) }
                    ?? perfRunner.runPerf(format: options.format))
            return 0
        } catch {
            errorOutput("\(toolName): error: perf failed: \(error)\n")
            return 2
        }
    }

    /// A process exit status carried through `Result`.
    struct ExitStatus: Error, ExpressibleByIntegerLiteral {
        var code: Int32
        init(integerLiteral value: Int32) { code = value }
    }
}

/// A timeline that could not be written (`--timeline`): its file name and why.
private struct TimelineWriteError: Error {
    var name: String
    var error: any Error
}
#endif
