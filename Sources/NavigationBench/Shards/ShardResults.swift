#if os(macOS) || os(Linux)
import Foundation
import NavigationConformance
import NavigationHooks
import NavigationScenarioRunner
import NavigationScenarios
import NavigationSimulator
import NavigationStrategies

/// A worker's results as it sends them: what the parent's plan already says (scenario,
/// file, profile, plugins) is left out, and the rest of a run, apart from its metrics, is
/// stored once however many runs share it (most runs of a scenario and profile do): a run
/// names its inferred rules, skipped steps, failed expects and risks by their place in
/// ``Tables``.
///
/// On the wire: one line of JSON, the tables; then one line per run, in plan order, of
/// unsigned decimal numbers separated by spaces: the run's four table places, then its metrics
/// in ``metricFields(_:)`` order (integers as their 64-bit pattern, `nsPerDispatch` as its bit
/// pattern, so it comes back exactly). Numbers parse much faster than JSON objects do, and
/// the metrics are almost all of a shard.
struct ShardResults: Equatable {
    /// What runs share, each value listed once.
    struct Tables: Codable, Equatable {
        var inferredRules: [[String]] = []
        var skippedSteps: [[RunResult.SkippedStep]] = []
        var expectFailures: [[RunResult.ExpectFailure]] = []
        var risks: [RunRisks] = []
    }

    /// A run's places in the tables.
    struct Row: Equatable {
        var inferredRules: Int
        var skippedSteps: Int
        var expectFailures: Int
        var risks: Int
    }

    var tables = Tables()
    var rows: [Row] = []
    var metrics: [RunMetrics] = []

    init(_ results: [RunResult]) {
        var builder = Builder()
        for result in results { builder.append(result) }
        self = builder.results
    }

    private init(tables: Tables, rows: [Row], metrics: [RunMetrics]) {
        self.tables = tables
        self.rows = rows
        self.metrics = metrics
    }

    /// Builds shard results a run at a time (what runs share stored once as it comes).
    struct Builder {
        private var rules = Interned<[String]>()
        private var skipped = Interned<[RunResult.SkippedStep]>()
        private var failures = Interned<[RunResult.ExpectFailure]>()
        private var risks = Interned<RunRisks>()
        private var rows: [Row] = []
        private var metrics: [RunMetrics] = []

        /// Adds the next run.
        mutating func append(_ result: RunResult) {
            rows.append(
                Row(
                    inferredRules: rules.place(of: ShardResults.rulesOnTheWire(result)),
                    skippedSteps: skipped.place(of: result.skippedSteps),
                    expectFailures: failures.place(of: result.expectFailures), risks: risks.place(of: result.risks)))
            metrics.append(result.metrics)
        }

        /// The runs added so far.
        var results: ShardResults {
            ShardResults(
                tables: Tables(
                    inferredRules: rules.values, skippedSteps: skipped.values, expectFailures: failures.values,
                    risks: risks.values),
                rows: rows, metrics: metrics)
        }
    }

    /// Values listed once, each with its place.
    fileprivate struct Interned<Value: Hashable> {
        var values: [Value] = []
        var places: [Value: Int] = [:]

        mutating func place(of value: Value) -> Int {
            // The value of the run before is the commonest and cheapest to compare (shared storage).
            // `count`, not `indices.last`: a debug build looked up `Array<Value>`'s metadata and
            // ran `indices` and `last` generically (~2,000 instructions a call, four a run).
            let last = values.count - 1
            if last >= 0, values[last] == value { return last }
            // Then the values of the last few runs (a group's runs take turns among a few
            // values): most runs of the docs' sample missed the last value and hashed theirs
            // (a debug build's dictionary lookup ~3,000 instructions, callgrind of a bench worker).
            for slot in 0..<recent.count where recent[slot] != last && values[recent[slot]] == value {
                return recent[slot]
            }
            let place: Int
            if let known = places[value] {
                place = known
            } else {
                place = values.count
                places[value] = place
                values.append(value)
            }
            if recent.count < Self.recentCount {
                recent.append(place)
            } else {
                recent[next] = place
                next = (next + 1) % Self.recentCount
            }
            return place
        }

        /// Places of values recently found by hashing, checked before hashing.
        private var recent: [Int] = []
        /// The slot of ``recent`` to replace next.
        private var next = 0
        private static var recentCount: Int { 4 }
    }

    /// The numbers of a run's metrics, in wire order; ``metrics(from:)`` reads them back.
    static func metricFields(_ metrics: RunMetrics) -> [UInt64] {
        // ``RunMetrics/countValues``, not the fields' key paths, and an index loop: a worker
        // writes a line per run, and in a debug build the key paths and `map` cost ~20,000
        // instructions a line (callgrind of a bench worker).
        let counts = metrics.countValues
        var fields: [UInt64] = []
        fields.reserveCapacity(counts.count + 1)
        for index in 0..<counts.count { fields.append(UInt64(bitPattern: Int64(counts[index]))) }
        fields.append(metrics.nsPerDispatch.bitPattern)
        return fields
    }

    /// How many numbers ``metricFields(_:)`` writes: the counts, then `nsPerDispatch`.
    static let metricFieldCount = RunMetrics.countFields.count + 1

    /// The metrics from the numbers ``metricFields(_:)`` wrote.
    static func metrics(from fields: ArraySlice<UInt64>) -> RunMetrics {
        var metrics = RunMetrics(
            nsPerDispatch: Double(bitPattern: fields[fields.startIndex + RunMetrics.countFields.count]))
        for (offset, field) in RunMetrics.countFields.enumerated() {
            metrics[keyPath: field.keyPath] = Int(Int64(bitPattern: fields[fields.startIndex + offset]))
        }
        return metrics
    }

    /// The wire form (see the type's description), its tables as `JSONEncoder` writes them with
    /// sorted keys (``Tables/json(escapingSlashes:)``); `escapingSlashes: false` for a part's
    /// file (`.withoutEscapingSlashes`).
    func encoded(escapingSlashes: Bool = true) -> Data {
        var bytes = tables.json(escapingSlashes: escapingSlashes)
        bytes.append(UInt8(ascii: "\n"))
        bytes.reserveCapacity(bytes.count + metrics.count * 40)
        // An index loop, as `zip`'s: a debug build's `Zip2Sequence` iterator cost ~3,800
        // instructions a run.
        for index in 0..<min(rows.count, metrics.count) { Self.appendLine(rows[index], metrics[index], to: &bytes) }
        return Data(bytes)
    }

    /// Appends a run's line of the wire form to `bytes`: its places, then the numbers of
    /// ``metricFields(_:)``, written as they come (no arrays of them, no local function: a
    /// debug build spent ~12,000 instructions a line on those, callgrind of a bench worker).
    static func appendLine(_ row: Row, _ metrics: RunMetrics, to bytes: inout [UInt8]) {
        let space: UInt8 = 0x20
        appendDecimal(UInt64(row.inferredRules), to: &bytes)
        bytes.append(space)
        appendDecimal(UInt64(row.skippedSteps), to: &bytes)
        bytes.append(space)
        appendDecimal(UInt64(row.expectFailures), to: &bytes)
        bytes.append(space)
        appendDecimal(UInt64(row.risks), to: &bytes)
        let counts = metrics.countValues
        for index in 0..<counts.count {
            bytes.append(space)
            appendDecimal(UInt64(bitPattern: Int64(counts[index])), to: &bytes)
        }
        bytes.append(space)
        appendDecimal(metrics.nsPerDispatch.bitPattern, to: &bytes)
        bytes.append(0x0A)  // a line break
    }

    /// Appends `number` in decimal, most significant digit first. A loop over the powers of ten,
    /// not a recursive local function: a debug build made a call with its context per digit
    /// (~600 instructions; a run's line has ~40 digits, callgrind of a bench worker).
    static func appendDecimal(_ number: UInt64, to bytes: inout [UInt8]) {
        // One digit at once: most of a run's counts are (~300 instructions a number before).
        if number < 10 {
            bytes.append(0x30 + UInt8(truncatingIfNeeded: number))
            return
        }
        var power: UInt64 = 1
        while number / power >= 10 { power *= 10 }  // no overflow: `power * 10 <= number`
        while power > 0 {
            bytes.append(0x30 + UInt8(truncatingIfNeeded: number / power % 10))  // 0x30: `0`
            power /= 10
        }
    }

    /// Reads the wire form; `nil` when it is not one.
    init?(encoded data: Data) {
        guard let newline = data.firstIndex(of: UInt8(ascii: "\n")),
            let tables = try? JSONDecoder().decode(Tables.self, from: data[data.startIndex..<newline])
        else { return nil }
        let width = 4 + Self.metricFieldCount
        let body = data[(newline + 1)...]
        guard let numbers = body.withUnsafeBytes({ Self.numbers(in: $0, perLine: width) }) else { return nil }
        self.tables = tables
        rows.reserveCapacity(numbers.count / width)
        metrics.reserveCapacity(numbers.count / width)
        for start in stride(from: 0, to: numbers.count, by: width) {
            func place(_ offset: Int, in count: Int) -> Int? {
                guard let place = Int(exactly: numbers[start + offset]), place < count else { return nil }
                return place
            }
            guard let rules = place(0, in: tables.inferredRules.count),
                let skipped = place(1, in: tables.skippedSteps.count),
                let failures = place(2, in: tables.expectFailures.count), let risks = place(3, in: tables.risks.count)
            else { return nil }
            rows.append(Row(inferredRules: rules, skippedSteps: skipped, expectFailures: failures, risks: risks))
            metrics.append(Self.metrics(from: numbers[(start + 4)..<(start + width)]))
        }
    }

    /// The unsigned decimal numbers in `bytes`: lines of `perLine` numbers separated by
    /// spaces, each line ended by a line break; `nil` for anything else (a file cut short ends
    /// inside a line) or a number over 64 bits.
    fileprivate static func numbers(in bytes: UnsafeRawBufferPointer, perLine: Int) -> [UInt64]? {
        var numbers: [UInt64] = []
        numbers.reserveCapacity(bytes.count / 3)
        var current: UInt64 = 0
        var digits = 0
        var lineStart = 0
        for byte in bytes {
            if byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") {
                let (times10, overflow) = current.multipliedReportingOverflow(by: 10)
                let (sum, carry) = times10.addingReportingOverflow(UInt64(byte - UInt8(ascii: "0")))
                guard !overflow, !carry else { return nil }
                current = sum
                digits += 1
                continue
            }
            guard byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\n"), digits > 0 else { return nil }
            numbers.append(current)
            current = 0
            digits = 0
            if byte == UInt8(ascii: "\n") {
                guard numbers.count - lineStart == perLine else { return nil }
                lineStart = numbers.count
            }
        }
        guard digits == 0, lineStart == numbers.count else { return nil }
        return numbers
    }

    /// The results again, given the planned runs they belong to (in order); `nil` if the
    /// counts do not match.
    func results<Plan: RandomAccessCollection<BenchCommand.PlannedRun>>(for plan: Plan) -> [RunResult]? {
        guard plan.count == metrics.count, plan.count == rows.count else { return nil }
        return zip(plan, zip(rows, metrics)).map { run, row in
            Self.result(of: run, row: row.0, metrics: row.1, tables: tables)
        }
    }

    /// The result of the planned `run` from its row and metrics.
    static func result(of run: BenchCommand.PlannedRun, row: Row, metrics: RunMetrics, tables: Tables) -> RunResult {
        let rules = tables.inferredRules[row.inferredRules]
        var result = RunResult(
            scenario: run.scenario.title, file: run.scenario.file, profile: run.profile.rawValue, plugins: [],
            metrics: metrics, inferredRules: rules.filter { !isMark($0) },
            skippedSteps: tables.skippedSteps[row.skippedSteps],
            expectFailures: tables.expectFailures[row.expectFailures], risks: tables.risks[row.risks])
        result.plugins = run.combination.plugins  // sorted already: a combination keeps them so
        func marked(_ mark: String) -> String? {
            rules.last { $0.hasPrefix(mark) }.map { String($0.dropFirst(mark.count)) }
        }
        result.variant = marked(variantMark)
        result.documentedDefects = marked(documentedMark).flatMap { Int($0) }
        result.appearance = marked(appearanceMark)
        return result
    }

    /// A run's variant (``RunResult/variant``) travels after its inferred rules, after this
    /// mark, and so do its documented defects and its appearance strategy after theirs: runs
    /// alike share the table entry, and the line format stays.
    static let variantMark = "variant="
    /// See ``variantMark``: ``RunResult/documentedDefects``.
    static let documentedMark = "documented="
    /// See ``variantMark``: ``RunResult/appearance``.
    static let appearanceMark = "appearance="

    /// Whether an entry of the wire's inferred rules is one of the marks (a rule id is `R12`).
    static func isMark(_ entry: String) -> Bool {
        entry.hasPrefix(variantMark) || entry.hasPrefix(documentedMark) || entry.hasPrefix(appearanceMark)
    }

    /// The inferred rules as the wire carries them: the variant, the documented defects and the
    /// appearance strategy, those the run has, appended with their marks.
    static func rulesOnTheWire(_ result: RunResult) -> [String] {
        guard result.variant != nil || result.documentedDefects != nil || result.appearance != nil else {
            return result.inferredRules
        }
        var rules = result.inferredRules
        if let variant = result.variant { rules.append(variantMark + variant) }
        if let documented = result.documentedDefects { rules.append(documentedMark + String(documented)) }
        if let appearance = result.appearance { rules.append(appearanceMark + appearance) }
        return rules
    }

    /// Reads wire forms from a file a run at a time (a worker's file holds one per group): the
    /// runs of a shard are never all in memory at once.
    struct Reader {
        private(set) var tables: Tables
        private let handle: FileHandle
        private let decoder = JSONDecoder()
        private var buffer = Data()
        private var position = 0
        private var ended = false

        /// A file of wire forms one after another: ``readTables()`` before each one's rows.
        init(handle: FileHandle) {
            self.handle = handle
            tables = Tables()
        }

        /// Reads the next wire form's tables' line; `false` when there is none.
        mutating func readTables() -> Bool {
            guard let line = nextLine(), let tables = try? decoder.decode(Tables.self, from: line) else {
                return false
            }
            self.tables = tables
            return true
        }

        /// The next line without its line break; `nil` at the end (or a last line without one).
        mutating func nextLine() -> Data? {
            // Searched bytes are not searched again when a long line needs more chunks.
            var searched = position
            while true {
                let start = searched
                let found = buffer.withUnsafeBytes { bytes -> Int? in
                    let offset = start - buffer.startIndex
                    guard offset < bytes.count, let base = bytes.baseAddress,
                        let hit = memchr(base + offset, 0x0A, bytes.count - offset)
                    else { return nil }
                    return buffer.startIndex + (UnsafeRawPointer(hit) - base)
                }
                if let newline = found {
                    defer { position = newline + 1 }
                    return buffer[position..<newline]
                }
                guard !ended, let chunk = try? handle.read(upToCount: 1 << 16), !chunk.isEmpty else {
                    ended = true
                    return nil
                }
                let kept = buffer.endIndex - position
                var next = Data(capacity: kept + chunk.count)
                next.append(buffer[position...])
                next.append(chunk)
                buffer = next
                position = buffer.startIndex
                searched = buffer.startIndex + kept
            }
        }

        /// The next `count` bytes; `nil` when the file ends first.
        mutating func nextBytes(_ count: Int) -> Data? {
            while buffer.endIndex - position < count {
                guard !ended, let chunk = try? handle.read(upToCount: max(1 << 16, count)), !chunk.isEmpty else {
                    ended = true
                    return nil
                }
                var next = Data(capacity: buffer.endIndex - position + chunk.count)
                next.append(buffer[position...])
                next.append(chunk)
                buffer = next
                position = buffer.startIndex
            }
            defer { position += count }
            return buffer[position..<(position + count)]
        }

        /// Whether every line has been read.
        var isAtEnd: Bool {
            mutating get {
                if position < buffer.endIndex { return false }
                guard !ended, let chunk = try? handle.read(upToCount: 1 << 16), !chunk.isEmpty else { return true }
                buffer = chunk
                position = buffer.startIndex
                return false
            }
        }

        /// The next run's row and metrics; `nil` when there is none or it is not a valid line.
        mutating func next() -> (row: Row, metrics: RunMetrics)? {
            guard var line = nextLine() else { return nil }
            line.append(UInt8(ascii: "\n"))
            let width = 4 + ShardResults.metricFieldCount
            guard let numbers = line.withUnsafeBytes({ ShardResults.numbers(in: $0, perLine: width) }),
                numbers.count == width
            else { return nil }
            func place(_ offset: Int, in count: Int) -> Int? {
                guard let place = Int(exactly: numbers[offset]), place < count else { return nil }
                return place
            }
            guard let rules = place(0, in: tables.inferredRules.count),
                let skipped = place(1, in: tables.skippedSteps.count),
                let failures = place(2, in: tables.expectFailures.count), let risks = place(3, in: tables.risks.count)
            else { return nil }
            return (
                Row(inferredRules: rules, skippedSteps: skipped, expectFailures: failures, risks: risks),
                ShardResults.metrics(from: numbers[4...])
            )
        }
    }
}

/// A worker's results do not match its share of the plan (found while merging, after earlier
/// results were already reported).
struct ShardMergeError: Error, CustomStringConvertible {
    var shard: Int
    var description: String { "the results of worker \(shard) do not match its share of the matrix" }
}
#endif
