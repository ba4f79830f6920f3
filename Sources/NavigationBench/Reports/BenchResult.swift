#if os(macOS) || os(Linux)
public import Foundation
public import NavigationScenarioRunner
public import NavigationScenarios
public import NavigationStrategies

/// A bench run as a value, for an app's tests: the ranking, each combination's defects per
/// profile, and the `expect` lines that failed, with their locations.
///
/// ```swift
/// let result = try Bench.report(of: ["Flows"], catalog: catalog)
/// #expect(result.failedExpects.isEmpty)
/// #expect(result.combination(["UnsavedDraftGuard"])?.defects == 0)
/// ```
public struct BenchResult: Sendable {
    /// One ranked combination (the order of the reports' ranking).
    public struct RankedCombination: Hashable, Sendable {
        /// 1-based position in the ranking.
        public var rank: Int
        /// The plugins, sorted.
        public var plugins: [String]
        /// Its defects over every run.
        public var defects: Int
        /// Its defects per profile (`ios26` …), summed over the profile's runs; a profile
        /// without defects has `0`.
        public var defectsByProfile: [String: Int]
        /// Where it falls short, as the table says it: `ios26: 3 unguarded (a.nav)`.
        public var shortfalls: [String]
        /// How many runs it had.
        public var runs: Int
    }

    /// An `expect` line that did not hold in one run.
    public struct FailedExpect: Hashable, Sendable, CustomStringConvertible {
        /// Where the `expect` line is (`FILE:LINE:COLUMN`).
        public var location: SourceLocation
        /// The expectation as written, e.g. `expect top Editor`.
        public var expectation: String
        /// What was found instead, e.g. `top List`.
        public var actual: String
        /// The run's profile.
        public var profile: String
        /// The run's plugins, sorted.
        public var plugins: [String]

        /// `FILE:LINE:COLUMN: expect top Editor, found top List (ios26, A+B)`.
        public var description: String {
            "\(location): \(expectation), found \(actual) (\(profile), \(PluginCombination(plugins).label))"
        }
    }

    /// The combinations, best first.
    public var ranking: [RankedCombination]
    /// Every failed `expect` of every run, in run order.
    public var failedExpects: [FailedExpect]
    /// Every run, in plan order (scenario, profile, combination).
    public var runs: [RunResult]

    /// The ranked combination of exactly `plugins` (any order), or `nil` when it did not run.
    public func combination(_ plugins: [String]) -> RankedCombination? {
        let wanted = PluginCombination(plugins).plugins
        return ranking.first { $0.plugins == wanted }
    }

    /// The report `navhooks-bench --format FORMAT` writes for these runs (table and Markdown:
    /// the best `rankingLimit` combinations, every one for `nil`), ending with a newline.
    ///
    /// - Throws: an encoding error of the JSON report.
    public func render(_ format: ReportFormat, rankingLimit: Int? = BenchOptions.defaultTop) throws -> String {
        try BenchReport(results: runs, rankingLimit: rankingLimit).render(format)
    }

    /// Ranks `runs` as the reports do.
    init(runs: [RunResult]) {
        self.runs = runs
        let ranked = CombinationRanking(results: runs)
        let profiles = Array(Set(runs.map(\.profile)))
        var byProfile: [PluginCombination: [String: Int]] = [:]
        let noDefects = Dictionary(uniqueKeysWithValues: profiles.map { ($0, 0) })
        for run in runs {
            byProfile[PluginCombination(run.plugins), default: noDefects][run.profile, default: 0] +=
                run.metrics.defects
        }
        ranking = ranked.entries.map { entry in
            RankedCombination(
                rank: entry.rank, plugins: entry.combination.plugins, defects: entry.totals.defects,
                defectsByProfile: byProfile[entry.combination] ?? [:], shortfalls: entry.shortfallLines,
                runs: entry.runs)
        }
        failedExpects = runs.flatMap { run in
            run.expectFailures.map {
                FailedExpect(
                    location: $0.location, expectation: $0.expectation, actual: $0.actual, profile: run.profile,
                    plugins: run.plugins)
            }
        }
    }
}

/// Why ``Bench/report(of:plugins:profiles:catalog:currentDirectory:)`` ran nothing.
public enum BenchError: Error, Equatable, CustomStringConvertible {
    /// A path that does not exist, or a folder without `.nav` files.
    case input(String)
    /// Scenario files with errors: one `FILE:LINE:COLUMN: error: …` line each.
    case scenarios([String])
    /// A plugin name the catalog does not hold.
    case unknownPlugins([String])

    public var description: String {
        switch self {
        case .input(let message): message
        case .scenarios(let lines): lines.joined(separator: "\n")
        case .unknownPlugins(let names): "unknown plugin \(names.joined(separator: ", "))"
        }
    }
}

extension Bench {
    /// Plays `inputs` (`.nav` files and folders) on the simulator in this process, and returns
    /// the report as a value: what `navhooks-bench` ranks and checks, without the text.
    ///
    /// - Parameters:
    ///   - plugins: the combinations (plugin names, `recommended` for the recommended
    ///     composition); `nil` plays every combination of `catalog`'s plugins.
    ///   - profiles: `nil` plays every profile (each file's `profile` line still applies).
    ///   - catalog: the strategies and the app's plugins.
    ///   - currentDirectory: what relative `inputs` are resolved against; the process's by default.
    /// - Throws: ``BenchError``; nothing runs then.
    @MainActor
    public static func report(
        of inputs: [String], plugins: [[String]]? = nil, profiles: [ScenarioProfile]? = nil,
        catalog: PluginCatalog = .builtIn, currentDirectory: String = FileManager.default.currentDirectoryPath
    ) throws(BenchError) -> BenchResult {
        let recommended = StrategyComposition.recommended.names
        let combinations = try (plugins ?? []).map { names throws(BenchError) in
            let expanded = names.flatMap { $0 == "recommended" ? recommended : [$0] }
            let unknown = expanded.filter { !catalog.isKnown($0) }
            if !unknown.isEmpty { throw .unknownPlugins(unknown) }
            return PluginCombination(expanded)
        }
        let files: [String]
        do {
            files = try ScenarioCorpus.files(in: inputs, currentDirectory: currentDirectory)
        } catch {
            throw .input(error.message)
        }
        var scenarios: [Scenario] = []
        var errors: [String] = []
        for file in files {
            switch ScenarioCorpus.load(file, currentDirectory: currentDirectory) {
            case .success(let scenario): scenarios.append(scenario)
            case .failure(let diagnostics): errors += diagnostics.diagnostics.map(\.description)
            }
        }
        if !errors.isEmpty { throw .scenarios(errors) }
        let plan = MatrixPlan(
            scenarios: scenarios, profiles: profiles ?? ScenarioProfile.allCases,
            combinations: plugins == nil ? PluginCombination.all(of: catalog.names) : combinations)
        let runner = SimulatorScenarioRunner(catalog: catalog)
        return BenchResult(runs: plan.results(with: runner))
    }
}
#endif
