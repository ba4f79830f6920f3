#if os(macOS) || os(Linux)
import Foundation
import NavigationScenarioRunner

/// Writes a run of the JSON report (``BenchReport/JSONRun``) as `JSONEncoder` writes it with
/// the report's options (pretty printed, sorted keys, slashes unescaped), byte for byte, without
/// the encoder: a writer for the one fixed shape, so a run's JSON costs less than playing it.
///
/// The metrics' keys and values come from ``RunMetrics/countFields`` (plus `nsPerDispatch`):
/// a new count is written with no edit here. `ReportTests` compares the writer's output with
/// `JSONEncoder`'s on runs of the corpus and on hostile strings and numbers.
///
/// Most runs of a matrix reuse an equivalent run of their group (the same file on the same
/// profile): their JSON is that run's but for the plugins. So the text around the plugins is
/// kept by what it is made of, for the current group, and each plugin list's text for good
/// (there are as many as combinations): such a run costs two look-ups, not a rendering.
struct JSONRunWriter {
    /// The metrics' fields in the encoder's sorted-key order: a count's key path, or `nil` for
    /// `nsPerDispatch`.
    private let metricFields: [(key: String, keyPath: (any KeyPath<RunMetrics, Int> & Sendable)?)]

    /// What a run's JSON is made of but its plugins and its group's file, scenario and profile.
    private struct Body: Hashable {
        var inferredRules: [String]
        /// The metrics with `nsPerDispatch` as its bits (`-0` is written apart from `0`).
        var metrics: RunMetrics
        var nsPerDispatch: UInt64
        var skippedSteps: [RunResult.SkippedStep]
        var variant: String?
        var appearance: String?

        init(_ run: RunResult) {
            inferredRules = run.inferredRules
            metrics = run.metrics
            metrics.nsPerDispatch = 0
            nsPerDispatch = run.metrics.nsPerDispatch.bitPattern
            skippedSteps = run.skippedSteps
            variant = run.variant
            appearance = run.appearance
        }
    }

    /// The current group: its runs' file, scenario and profile.
    private var group: (file: String, scenario: String, profile: String)?
    /// The current group's texts before and after the plugins, by body.
    private var bodies: [Body: (beforePlugins: String, afterPlugins: String)] = [:]
    /// Each plugin list's text.
    private var pluginLists: [[String]: String] = [:]

    init() {
        let counts = RunMetrics.countFields.map { (key: $0.key, keyPath: Optional($0.keyPath)) }
        metricFields = (counts + [(key: "nsPerDispatch", keyPath: nil)]).sorted { Self.precedes($0.key, $1.key) }
    }

    /// The encoder's sorted-key order (ASCII keys: their bytes' order).
    static func precedes(_ a: String, _ b: String) -> Bool { a.utf8.lexicographicallyPrecedes(b.utf8) }

    /// Appends `run` as ``BenchReport/jsonRunText(_:first:encoder:)`` writes it: after `,\n`
    /// unless `first`, indented as an element of the document's `runs` array.
    mutating func append(_ run: RunResult, first: Bool, to text: inout String) {
        if !first { text += ",\n" }
        let same = Self.sameBytes
        let inGroup = group.map {
            same($0.file, run.file) && same($0.scenario, run.scenario) && same($0.profile, run.profile)
        }
        if inGroup != true {
            group = (run.file, run.scenario, run.profile)
            bodies.removeAll(keepingCapacity: true)
        }
        let body = Body(run)
        let parts: (beforePlugins: String, afterPlugins: String)
        if let known = bodies[body] {
            parts = known
        } else {
            parts = render(run)
            bodies[body] = parts
        }
        text += parts.beforePlugins
        if let plugins = pluginLists[run.plugins] {
            text += plugins
        } else {
            var plugins = ""
            Self.appendStrings(run.plugins, indent: "      ", to: &plugins)
            pluginLists[run.plugins] = plugins
            text += plugins
        }
        text += parts.afterPlugins
    }

    /// Whether `a` and `b` are the same bytes: `==` also takes canonically equivalent
    /// spellings, which are written apart. Compared with `memcmp`: a debug build ran the
    /// generic `elementsEqual` byte by byte.
    static func sameBytes(_ a: String, _ b: String) -> Bool {
        let compared = a.utf8.withContiguousStorageIfAvailable { a in
            b.utf8.withContiguousStorageIfAvailable { b in
                guard a.count == b.count else { return false }
                guard let first = a.baseAddress, let second = b.baseAddress else { return true }
                return memcmp(first, second, a.count) == 0
            }
        }
        return (compared ?? nil) ?? a.utf8.elementsEqual(b.utf8)
    }

    /// `run`'s text before and after the plugins' list.
    private func render(_ run: RunResult) -> (beforePlugins: String, afterPlugins: String) {
        // Keys sorted: appearance, file, inferredRules, metrics, plugins, profile, scenario,
        // skippedSteps, variant.
        var text = "    {\n"
        if let appearance = run.appearance {
            text += "      \"appearance\" : "
            Self.appendString(appearance, to: &text)
            text += ",\n"
        }
        text += "      \"file\" : "
        Self.appendString(run.file, to: &text)
        text += ",\n      \"inferredRules\" : "
        Self.appendStrings(run.inferredRules, indent: "      ", to: &text)
        text += ",\n      \"metrics\" : {\n"
        let metrics = run.metrics
        for (index, field) in metricFields.enumerated() {
            text += index == 0 ? "        \"" : ",\n        \""
            text += field.key
            text += "\" : "
            if let keyPath = field.keyPath {
                text += String(metrics[keyPath: keyPath])
            } else {
                Self.appendNumber(metrics.nsPerDispatch.isFinite ? metrics.nsPerDispatch : 0, to: &text)
            }
        }
        text += "\n      },\n      \"plugins\" : "
        var after = ",\n      \"profile\" : "
        Self.appendString(run.profile, to: &after)
        after += ",\n      \"scenario\" : "
        Self.appendString(run.scenario, to: &after)
        after += ",\n      \"skippedSteps\" : "
        Self.appendStrings(run.skippedSteps.map(\.description), indent: "      ", to: &after)
        if let variant = run.variant {
            after += ",\n      \"variant\" : "
            Self.appendString(variant, to: &after)
        }
        after += "\n    }"
        return (text, after)
    }

    /// An array of strings at `indent`: `[`, one per line, `]`; empty: `[`, an empty line, `]`.
    static func appendStrings(_ strings: [String], indent: String, to text: inout String) {
        text += "[\n"
        for (index, string) in strings.enumerated() {
            if index > 0 { text += ",\n" }
            text += indent
            text += "  "
            appendString(string, to: &text)
        }
        text += "\n"
        text += indent
        text += "]"
    }

    /// A JSON string: `"` and `\` escaped, the control characters as `\b \f \n \r \t` or
    /// `\u00XX`, everything else (slashes and non-ASCII included) as it is.
    static func appendString(_ string: String, to text: inout String) {
        text += "\""
        let utf8 = string.utf8
        guard utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) else {
            text += string
            text += "\""
            return
        }
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": text += "\\\""
            case "\\": text += "\\\\"
            case "\u{08}": text += "\\b"
            case "\u{0C}": text += "\\f"
            case "\n": text += "\\n"
            case "\r": text += "\\r"
            case "\t": text += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16, uppercase: false)
                text += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: text.unicodeScalars.append(scalar)
            }
        }
        text += "\""
    }

    /// A finite number as the encoder writes it: its shortest round-trip form, without a
    /// trailing `.0` (`0`, `12.5`, `1e+16`).
    static func appendNumber(_ number: Double, to text: inout String) {
        var description = number.description
        if description.hasSuffix(".0") { description.removeLast(2) }
        text += description
    }
}
#endif
