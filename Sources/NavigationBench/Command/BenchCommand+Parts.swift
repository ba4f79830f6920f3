#if os(macOS) || os(Linux)
import Foundation
import NavigationConformance
import NavigationHooks
import NavigationScenarioRunner
import NavigationScenarios
import NavigationSimulator
import NavigationStrategies

/// `--shard K/N` and `merge`: the matrix spread over machines (a CI system's job matrix).
///
/// ```
/// job K of N:  navhooks-bench FILES… [--plugins …] [--profiles …] [--check] --shard K/N > part-K
///              (parses every file, plans the whole matrix, plays part K: whole
///               scenario-and-profile groups, the split every machine computes alike)
/// last job:    navhooks-bench merge part-1 … part-N [--format F] [--top N | --all]
///              (the report one run of everything writes, and --check's exit status)
/// ```
///
/// A partial result: one line of JSON (``PartialHeader``: which part, its groups, and the plan:
/// each file's outline, the profiles, the combinations, whether `--plugins` and `--check` were
/// given), then each of its groups as one ``ShardResults`` wire form, as the workers write them.
extension BenchCommand {
    /// The first line of a partial result.
    struct PartialHeader: Codable, Equatable {
        /// What the file is, then its version.
        static let kindName = "navhooks-bench partial result "
        static let kindValue = kindName + "2"
        /// The header's first key alone, readable in a part of any version.
        struct Kind: Decodable { var kind: String }

        var kind = kindValue
        /// K of `--shard K/N` (from 1).
        var part: Int
        /// N.
        var parts: Int
        /// The plan's group indices this part played, in plan order.
        var groups: [Int]
        var plan: PlanOutline
        /// Part 1 only: what one run prints after its report, computed from the files, which
        /// the merge does not read: the appearance slot's table (printed after a table report)
        /// and `--check`'s notes on the readings recordings agree with.
        var appendix: String?
        var notes: [String]?
    }

    /// What the merge needs of the plan: the same in every part of one matrix.
    struct PlanOutline: Codable, Equatable {
        struct File: Codable, Equatable {
            var file: String
            var title: String
            var profiles: [String]?
            var recordedPlugins: [String]?
            /// Its steps (the groups' work, which the split weighs).
            var steps: Int
        }
        var files: [File]
        var profiles: [String]
        var combinations: [[String]]
        /// `--plugins` was given: `--check` checks those combinations.
        var pluginsGiven: Bool
        var check: Bool
        /// The recommended composition (the report's highlighted row; what `--check` checks
        /// without `--plugins`).
        var recommended: [String]
        /// `--variants documented` was given (the answer then gives the documented model alone);
        /// `nil` in a part of an earlier version.
        var documentedOnly: Bool?
    }

    /// `--shard K/N`: plays part K of `matrix` (over this machine's workers when it has several)
    /// and writes the partial result to ``output``, a group at a time.
    func runPart(
        _ part: MatrixPart, arguments: [String], options: BenchOptions, scenarios: [Scenario], stepCounts: [Int],
        matrix: MatrixPlan, outlined: Bool, lookScenarios: [Scenario], runner: any ScenarioRunning
    ) -> Int32 {
        let groups = Self.shardGroups(part.count, of: matrix)[part.index]
        let files = zip(scenarios, stepCounts).map { scenario, steps in
            PlanOutline.File(
                file: scenario.file, title: scenario.title, profiles: scenario.profiles?.map(\.rawValue),
                recordedPlugins: scenario.recordedPlugins, steps: steps)
        }
        var header = PartialHeader(
            part: part.index + 1, parts: part.count, groups: groups,
            plan: PlanOutline(
                files: files, profiles: (options.profiles ?? ScenarioProfile.allCases).map(\.rawValue),
                combinations: matrix.combinations.map(\.plugins), pluginsGiven: options.combinations != nil,
                check: options.check, recommended: PluginCombination(recommendedPlugins).plugins,
                documentedOnly: options.variants == .documented))
        if part.index == 0 {
            let profiles = options.profiles ?? ScenarioProfile.allCases
            header.appendix = appearanceAppendix(lookScenarios, profiles: profiles, options)
            header.notes = readingAgreementNotes(scenarios, profiles: profiles, options: options)
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let partPlan = MatrixPlan(matrix, groups: groups)
        let progress = ProgressReporter(total: partPlan.runs.count, enabled: errorIsTerminal, write: errorOutput)
        var builder = ShardResults.Builder()
        var group = 0
        var inGroup = 0
        var done = 0
        // Each group's results are written when the group ends: nothing grows with the part.
        let take: (RunResult) throws -> Void = { result in
            builder.append(result)
            inGroup += 1
            done += 1
            progress.update(done: done)
            guard inGroup == partPlan.groups[group].runs.count else { return }
            output(String(decoding: builder.results.encoded(escapingSlashes: false), as: UTF8.self))
            builder = ShardResults.Builder()
            group += 1
            inGroup = 0
        }
        do {
            output(String(decoding: try encoder.encode(header), as: UTF8.self) + "\n")
            var sharded = false
            if let workers, workers.count > 1, partPlan.runs.count >= Self.minimumShardedRuns {
                sharded = try runSharded(
                    arguments, matrix: partPlan, workers: workers, runner: runner, progress: progress, deliver: take)
            }
            var loaded: Scenario?
            for group in partPlan.groups.indices where !sharded && !partPlan.groups[group].runs.isEmpty {
                let outline = partPlan.runs[partPlan.groups[group].runs.lowerBound].scenario
                if loaded?.file != outline.file {
                    loaded = outline
                    if outlined {
                        switch ScenarioCorpus.load(outline.file, currentDirectory: currentDirectory) {
                        case .success(let scenario): loaded = scenario
                        case .failure(let diagnostics): throw diagnostics
                        }
                    }
                }
                try partPlan.playGroup(group, scenario: loaded, with: runner) { _, result in try take(result) }
            }
        } catch let diagnostics as ScenarioDiagnostics {
            progress.finish()
            errorOutput(diagnostics.description + "\n")
            return 2
        } catch {
            progress.finish()
            errorOutput("\(toolName): error: cannot write part \(part.index + 1) of \(part.count): \(error)\n")
            return 2
        }
        progress.finish()
        errorOutput(
            "\(toolName): part \(part.index + 1) of \(part.count): \(BenchReport.count(done, "run")) of "
                + "\(BenchReport.count(matrix.runs.count, "run")) in \(BenchReport.count(groups.count, "group")); "
                + "merge the \(part.count) parts with '\(toolName) merge'\n")
        return 0
    }

    /// `merge PART…`: the report of the whole matrix from its parts, and `--check`'s exit
    /// status, as one run of everything gives them.
    func runMerge(_ options: BenchOptions) -> Int32 {
        var parts: [(header: PartialHeader, reader: ShardResults.Reader, input: String)] = []
        for input in options.inputs {
            let path = ScenarioCorpus.resolve(input, in: currentDirectory)
            guard let handle = FileHandle(forReadingAtPath: path) else {
                errorOutput("\(toolName): error: cannot read '\(input)'\n")
                return 2
            }
            var reader = ShardResults.Reader(handle: handle)
            let line = reader.nextLine()
            let kind = line.flatMap { try? JSONDecoder().decode(PartialHeader.Kind.self, from: $0) }?.kind
            guard let kind, kind.hasPrefix(PartialHeader.kindName) else {
                errorOutput(
                    "\(toolName): error: '\(input)' is not a partial result of '\(toolName) --shard K/N'\n")
                return 2
            }
            guard kind == PartialHeader.kindValue, let line,
                let header = try? JSONDecoder().decode(PartialHeader.self, from: line)
            else {
                errorOutput(
                    "\(toolName): error: '\(input)' was written by another version of \(toolName) ('\(kind)'; "
                        + "this one merges '\(PartialHeader.kindValue)'): write every part with this version\n")
                return 2
            }
            parts.append((header, reader, input))
        }
        let first = parts[0].header
        if let other = parts.first(where: { $0.header.plan != first.plan || $0.header.parts != first.parts }) {
            errorOutput(
                "\(toolName): error: '\(other.input)' is a part of another matrix than '\(parts[0].input)' "
                    + "(other files, profiles, plugins, --check or number of parts)\n")
            return 2
        }
        let numbers = parts.map(\.header.part)
        let missing = (1...first.parts).filter { !numbers.contains($0) }
        let twice = Set(numbers.filter { number in numbers.filter { $0 == number }.count > 1 })
        guard missing.isEmpty, twice.isEmpty else {
            var problems: [String] = []
            if !missing.isEmpty { problems.append("missing part \(missing.map(String.init).joined(separator: ", "))") }
            if !twice.isEmpty {
                problems.append("part \(twice.sorted().map(String.init).joined(separator: ", ")) given twice")
            }
            errorOutput("\(toolName): error: \(problems.joined(separator: "; ")) of \(first.parts)\n")
            return 2
        }
        parts.sort { $0.header.part < $1.header.part }

        // The plan again, from the outlines: the same groups, the same split.
        let plan = first.plan
        let scenarios = plan.files.map { file -> Scenario in
            var scenario = Scenario(
                title: file.title, file: file.file,
                profiles: file.profiles?.compactMap(ScenarioProfile.init(rawValue:)),
                screens: [], steps: [])
            scenario.recordedPlugins = file.recordedPlugins
            return scenario
        }
        let combinations = plan.combinations.map(PluginCombination.init)
        let profiles = plan.profiles.compactMap(ScenarioProfile.init(rawValue:))
        let matrix = MatrixPlan(
            scenarios: scenarios, profiles: profiles, combinations: combinations, stepCounts: plan.files.map(\.steps))
        let groupsOfShards = Self.shardGroups(first.parts, of: matrix)
        if let wrong = parts.first(where: { $0.header.groups != groupsOfShards[$0.header.part - 1] }) {
            errorOutput(
                "\(toolName): error: '\(wrong.input)' does not hold the groups of part \(wrong.header.part)\n")
            return 2
        }

        var command = self
        command.recommendedPlugins = plan.recommended
        var matrixOptions = options
        matrixOptions.combinations = plan.pluginsGiven ? combinations : nil
        matrixOptions.check = plan.check
        if plan.documentedOnly == true { matrixOptions.variants = .documented }
        let stream: ReportStream
        do {
            stream = try ReportStream(
                format: options.format, isChecked: command.checkedFilter(matrixOptions, scenarios),
                keepsFailures: plan.check, write: output)
        } catch {
            errorOutput("\(toolName): error: cannot render the report: \(error)\n")
            return 2
        }
        var readers = parts.map(\.reader)
        do {
            try Self.deliverInPlanOrder(matrix, groupsOfShards: groupsOfShards, from: &readers, to: stream.add)
        } catch let error as ShardMergeError {
            errorOutput(
                "\(toolName): error: '\(parts[error.shard].input)' is cut short or damaged (its runs do not "
                    + "match part \(error.shard + 1) of the matrix)\n")
            return 2
        } catch {
            errorOutput("\(toolName): error: cannot render the report: \(error)\n")
            return 2
        }
        let firstPart = parts[0].header
        return command.finishReport(
            stream, matrixOptions, plannedMatrix: (scenarios.count, profiles.count, combinations.count),
            appendix: { options.format == .table ? firstPart.appendix : nil },
            afterCheck: { for note in firstPart.notes ?? [] { errorOutput(note) } })
    }
}
#endif
