#if os(macOS) || os(Linux)
import Foundation
import NavigationConformance
import NavigationHooks
import NavigationScenarioRunner
import NavigationScenarios
import NavigationSimulator
import NavigationStrategies

/// The parsed command line of `navhooks-bench`.
///
/// ```
/// navhooks-bench [FILE|DIR…] [--plugins A,B]… [--profiles P,…] [--format F]
///                [--timeline DIR] [--check] [--top N | --all] [--detail] [--help]
/// navhooks-bench perf [--format F] [--only dispatch,simulator,matrix,memory,debug]
/// navhooks-bench export-traces DIR [FILE|DIR…] [--profiles P,…]
/// navhooks-bench [FILE|DIR…] [--plugins A,B]… [--profiles P,…] [--check] --shard K/N
/// navhooks-bench merge PART… [--format F] [--top N | --all] [--detail]
/// ```
/// Options also accept `--name=value`; `--` ends the options.
public struct BenchOptions: Hashable, Sendable {
    /// An error in the command line; the bench prints it with the usage hint and exits 2.
    struct UsageError: Error, Hashable, Sendable, CustomStringConvertible {
        /// What is wrong.
        var message: String
        /// Creates an error.
        init(_ message: String) { self.message = message }
        var description: String { message }
    }

    /// `true` for the `perf` subcommand.
    var perf = false
    /// `perf --only S,…`: the sections measured; `nil`: every one.
    var perfSections: Set<PerfSection>?
    /// `--shard K/N`: play only part K of N of the matrix and write it as a partial result.
    var part: MatrixPart?
    /// `true` for the `merge` subcommand (its ``inputs`` are partial results).
    var merge = false
    /// The `export-traces DIR` subcommand's directory; `nil` for the other commands.
    var exportTracesDirectory: String?
    /// Scenario files and directories; empty: the built-in corpus.
    var inputs: [String] = []
    /// The combinations given with `--plugins`; `nil`: every combination.
    var combinations: [PluginCombination]?
    /// The profiles given with `--profiles`; `nil`: every profile.
    var profiles: [ScenarioProfile]?
    /// `--format`.
    var format: ReportFormat = .table
    /// `--timeline DIR`.
    var timelineDirectory: String?
    /// `--check`.
    var check = false
    /// `--variants worst|documented`: rank on the worst outcome over the alternative readings of
    /// the inferred rules a run consulted (the default), or on the documented model only.
    var variants: VariantMode = .worst

    /// What `--variants` takes.
    enum VariantMode: String, CaseIterable, Hashable, Sendable {
        /// Worst case over the documented model and each consulted rule's alternative.
        case worst
        /// The documented model only (the single-outcome ranking).
        case documented
    }

    /// Whether the runner plays rule alternatives for `arguments` (read before the command
    /// runs, as the runner is made first, in the bench and in each worker): not with
    /// `--variants documented`, and not with `--check`, whose verdict is the documented model's
    /// (a recording's agreement with a reading is reported beside it).
    public static func playsVariants(_ arguments: [String]) -> Bool {
        if arguments.contains("--check") || arguments.contains("--variants=documented") { return false }
        return !zip(arguments, arguments.dropFirst()).contains { $0 == "--variants" && $1 == "documented" }
    }
    /// `--top N`: show the best N combinations in table and Markdown output.
    var top: Int?
    /// `--all`: show every combination in table and Markdown output.
    var all = false
    /// `--detail`: table and Markdown output add each shown combination's defects per profile
    /// (and the appearance slot's per profile).
    var detail = false
    /// Whether the table keeps to one screen (``BenchReport/screenLines``): the default run,
    /// without `--top`, `--all` or `--detail`.
    var fitsOneScreen: Bool { top == nil && !all && !detail }
    /// How many combinations table and Markdown output show when neither `--top` nor `--all`
    /// is given.
    public static let defaultTop = 10
    /// The ranking limit the options ask for: `nil` for every combination.
    var rankingLimit: Int? { all ? nil : (top ?? Self.defaultTop) }
    /// `--help`.
    var help = false

    /// Creates the default options.
    init() {}

    /// Parses `arguments` (without the program name).
    ///
    /// - Parameters:
    ///   - availablePlugins: the names `--plugins` accepts, besides `none`, `all` and
    ///     `recommended`.
    ///   - recommendedPlugins: what `--plugins recommended` stands for.
    static func parse(
        _ arguments: [String],
        availablePlugins: [String],
        recommendedPlugins: [String]
    ) throws(UsageError) -> BenchOptions {
        var options = BenchOptions()
        var remaining = arguments[...]
        if remaining.first == "perf" {
            options.perf = true
            remaining = remaining.dropFirst()
        }
        let exportsTraces = !options.perf && remaining.first == "export-traces"
        if exportsTraces { remaining = remaining.dropFirst() }
        if !options.perf && !exportsTraces && remaining.first == "merge" {
            options.merge = true
            remaining = remaining.dropFirst()
        }
        var optionsEnded = false
        while let argument = remaining.popFirst() {
            if optionsEnded || !argument.hasPrefix("-") || argument == "-" {
                guard !options.perf else { throw UsageError("'perf' takes no files (found '\(argument)')") }
                if exportsTraces && options.exportTracesDirectory == nil {
                    options.exportTracesDirectory = argument
                } else {
                    options.inputs.append(argument)
                }
                continue
            }
            if argument == "--" {
                optionsEnded = true
                continue
            }
            var name = argument
            var inlineValue: String?
            if let equals = argument.firstIndex(of: "="), argument.hasPrefix("--") {
                name = String(argument[..<equals])
                inlineValue = String(argument[argument.index(after: equals)...])
            }
            func value() throws(UsageError) -> String {
                if let inlineValue { return inlineValue }
                guard let next = remaining.popFirst(), !next.hasPrefix("--") else {
                    throw UsageError("\(name) needs a value")
                }
                return next
            }
            func noValue() throws(UsageError) {
                if inlineValue != nil { throw UsageError("\(name) takes no value") }
            }
            let perfOptions: Set<String> = ["--format", "--only", "--help", "-h"]
            if options.perf && !perfOptions.contains(name) {
                throw UsageError(
                    "unknown option '\(name)' for 'perf'; it takes --format and --only"
                        + Spelling.hint(for: name, in: perfOptions))
            }
            if !options.perf && name == "--only" { throw UsageError("--only is an option of 'perf'") }
            let mergeOptions: Set<String> = ["--format", "--top", "--all", "--detail", "--help", "-h"]
            if options.merge && !mergeOptions.contains(name) {
                throw UsageError(
                    "unknown option '\(name)' for 'merge'; it takes --format, --top, --all and --detail "
                        + "(the matrix's options, --check included, go to the --shard runs)"
                        + Spelling.hint(for: name, in: Array(mergeOptions)))
            }
            let exportOptions: Set<String> = ["--profiles", "--help", "-h"]
            if exportsTraces && !exportOptions.contains(name) {
                throw UsageError(
                    "unknown option '\(name)' for 'export-traces'; it takes --profiles"
                        + Spelling.hint(for: name, in: exportOptions))
            }
            switch name {
            case "--plugins":
                let combination = try parseCombination(
                    try value(), available: availablePlugins, recommended: recommendedPlugins
                )
                if options.combinations?.contains(combination) == true {
                    throw UsageError("--plugins \(combination.label) is given twice (it would count its runs twice)")
                }
                options.combinations = (options.combinations ?? []) + [combination]
            case "--profiles":
                var list = options.profiles ?? []
                for item in try value().split(separator: ",", omittingEmptySubsequences: false) {
                    let trimmed = item.trimmingCharacters(in: .whitespaces)
                    guard let profile = ScenarioProfile(rawValue: trimmed) else {
                        let profiles = ScenarioProfile.allCases.map(\.rawValue)
                        throw UsageError(
                            "unknown profile '\(trimmed)'; expected " + profiles.joined(separator: ", ")
                                + ScenarioProfile.hint(forUnknown: trimmed))
                    }
                    if !list.contains(profile) { list.append(profile) }
                }
                options.profiles = list.sorted()
            case "--format":
                let text = try value()
                guard let format = ReportFormat(rawValue: text) else {
                    let formats = ReportFormat.allCases.map(\.rawValue)
                    throw UsageError(
                        "unknown format '\(text)'; expected " + formats.joined(separator: ", ")
                            + Spelling.hint(for: text, in: formats))
                }
                options.format = format
            case "--only":
                var sections = Set<PerfSection>()
                for item in try value().split(separator: ",", omittingEmptySubsequences: false) {
                    guard let section = PerfSection(rawValue: String(item)) else {
                        throw UsageError(
                            "unknown perf section '\(item)'; expected "
                                + PerfSection.allCases.map(\.rawValue).joined(separator: ", "))
                    }
                    sections.insert(section)
                }
                options.perfSections = sections
            case "--timeline":
                options.timelineDirectory = try value()
            case "--shard":
                let text = try value()
                let numbers = text.split(separator: "/", omittingEmptySubsequences: false).map { Int($0) }
                guard numbers.count == 2, let part = numbers[0], let count = numbers[1], count > 0,
                    (1...count).contains(part)
                else { throw UsageError("--shard needs K/N with 1 ≤ K ≤ N, found '\(text)'") }
                options.part = MatrixPart(index: part - 1, count: count)
            case "--check":
                try noValue()
                options.check = true
            case "--variants":
                let text = try value()
                guard let mode = VariantMode(rawValue: text) else {
                    throw UsageError("unknown --variants '\(text)'; expected worst or documented")
                }
                options.variants = mode
            case "--top":
                let text = try value()
                guard let count = Int(text), count > 0 else {
                    throw UsageError("--top needs a positive number, found '\(text)'")
                }
                options.top = count
            case "--all":
                try noValue()
                options.all = true
            case "--detail":
                try noValue()
                options.detail = true
            case "--help", "-h":
                try noValue()
                options.help = true
            default:
                throw UsageError("unknown option '\(name)'" + Spelling.hint(for: name, in: Self.optionNames))
            }
        }
        if options.all && options.top != nil { throw UsageError("--all and --top exclude each other") }
        if options.part != nil {
            if exportsTraces || options.perf { throw UsageError("--shard is an option of the matrix run") }
            if options.timelineDirectory != nil { throw UsageError("--shard writes no timelines") }
        }
        if options.merge && options.inputs.isEmpty && !options.help {
            throw UsageError("'merge' needs the partial results of every --shard K/N run")
        }
        if exportsTraces && options.exportTracesDirectory == nil && !options.help {
            throw UsageError("'export-traces' needs a directory to write into")
        }
        return options
    }

    /// Every option the bench takes (for "did you mean").
    static let optionNames = [
        "--plugins", "--profiles", "--format", "--timeline", "--check", "--variants", "--top", "--all", "--detail",
        "--help",
    ]

    /// `A,B` → a combination; `none`, `all` and `recommended` are names for sets.
    static func parseCombination(
        _ text: String,
        available: [String],
        recommended: [String]
    ) throws(UsageError) -> PluginCombination {
        var names: [String] = []
        for item in text.split(separator: ",", omittingEmptySubsequences: false) {
            let name = item.trimmingCharacters(in: .whitespaces)
            switch name {
            case "none": continue
            case "all": names += available
            case "recommended": names += recommended
            default:
                let (base, mode) = StrategyCatalog.split(name)
                // An appearance strategy (one choice, not in the matrix) may be named too.
                guard available.contains(base) || StrategyCatalog.appearanceNames.contains(base) else {
                    throw UsageError(
                        "unknown plugin '\(base)'; expected none, all, recommended or one of "
                            + available.sorted().joined(separator: ", ") + "; appearance: "
                            + StrategyCatalog.appearanceNames.joined(separator: ", ")
                            + Spelling.hint(
                                for: base,
                                in: available + StrategyCatalog.appearanceNames + ["none", "all", "recommended"]))
                }
                if let mode, !(StrategyCatalog.modes[base]?.contains(mode) ?? false) {
                    let known = StrategyCatalog.modes[base] ?? []
                    throw UsageError(
                        "unknown mode '\(mode)' for \(base); "
                            + (known.isEmpty ? "it has none" : "expected " + known.joined(separator: ", "))
                            + Spelling.hint(for: mode, in: known))
                }
                names.append(name)
            }
        }
        return PluginCombination(names)
    }
}

/// Part `index` (from 0) of `count` of a matrix (`--shard K/N`, K = index + 1): whole
/// scenario-and-profile groups, the same split on every machine (``BenchCommand/shardGroups(_:of:)``).
struct MatrixPart: Hashable, Sendable {
    var index: Int
    var count: Int
}
#endif
