import NavigationScenarioRunner

/// Writes a run of the JSON report (``BenchReport/JSONRun``) as `JSONEncoder` writes it with
/// the report's options (pretty printed, sorted keys, slashes unescaped), byte for byte, without
/// the encoder: a writer for the one fixed shape, so a run's JSON costs less than playing it.
///
/// The metrics' keys and values come from ``RunMetrics/countFields`` (plus `nsPerDispatch`):
/// a new count is written with no edit here. `ReportTests` compares the writer's output with
/// `JSONEncoder`'s on runs of the corpus and on hostile strings and numbers.
struct JSONRunWriter {
    /// The metrics' fields in the encoder's sorted-key order: a count's key path, or `nil` for
    /// `nsPerDispatch`.
    private let metricFields: [(key: String, keyPath: (any KeyPath<RunMetrics, Int> & Sendable)?)]

    init() {
        let counts = RunMetrics.countFields.map { (key: $0.key, keyPath: Optional($0.keyPath)) }
        metricFields = (counts + [(key: "nsPerDispatch", keyPath: nil)]).sorted { Self.precedes($0.key, $1.key) }
    }

    /// The encoder's sorted-key order (ASCII keys: their bytes' order).
    static func precedes(_ a: String, _ b: String) -> Bool { a.utf8.lexicographicallyPrecedes(b.utf8) }

    /// Appends `run` as ``BenchReport/jsonRunText(_:first:encoder:)`` writes it: after `,\n`
    /// unless `first`, indented as an element of the document's `runs` array.
    func append(_ run: RunResult, first: Bool, to text: inout String) {
        if !first { text += ",\n" }
        // Keys sorted: file, inferredRules, metrics, plugins, profile, scenario, skippedSteps.
        text += "    {\n      \"file\" : "
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
        Self.appendStrings(run.plugins, indent: "      ", to: &text)
        text += ",\n      \"profile\" : "
        Self.appendString(run.profile, to: &text)
        text += ",\n      \"scenario\" : "
        Self.appendString(run.scenario, to: &text)
        text += ",\n      \"skippedSteps\" : "
        Self.appendStrings(run.skippedSteps.map(\.description), indent: "      ", to: &text)
        text += "\n    }"
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
