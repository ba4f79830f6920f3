#if os(macOS) || os(Linux)
import Foundation
import NavigationScenarioRunner
import NavigationScenarios

extension BenchReport {
    /// JUnit XML, the shape CI systems read: `<testsuites>` with one `<testsuite>` per file and
    /// one `<testcase>` per file × profile × combination in `runs`; each failed `expect` is a
    /// `<failure>` whose text starts `FILE:LINE:COLUMN:` and gives the divergence. `answer`: the
    /// scorecard's answer (``answerLines``), written first as a comment; `toolName` names the
    /// `<testsuites>`.
    static func junitText(
        runs: [RunResult], answer: [String] = [], toolName: String = BenchCommand.defaultToolName
    ) -> String {
        let files = Dictionary(grouping: runs, by: \.file).sorted { $0.key < $1.key }
        var xml = junitHead(
            tests: runs.count, failures: runs.filter(junitFailed).count, answer: answer, toolName: toolName)
        for (file, fileRuns) in files { xml += junitSuite(file: file, runs: fileRuns) }
        return xml + junitTail
    }

    /// JUnit XML for inputs that could not be run (a malformed file, a missing input): one
    /// `<testsuite>` per file with one `<testcase name="parse">` whose `<failure type="error">`
    /// holds each of its `FILE:LINE:COLUMN: error: …` lines, so a CI page says why nothing ran
    /// (the bench still exits 2).
    static func junitText(
        malformed: [(file: String, errors: [String])], toolName: String = BenchCommand.defaultToolName
    ) -> String {
        var xml = junitHead(tests: malformed.count, failures: malformed.count, toolName: toolName)
        for (file, errors) in malformed {
            xml += "  <testsuite name=\"\(escaped(file))\" tests=\"1\" failures=\"1\" errors=\"0\" skipped=\"0\">\n"
            xml += "    <testcase classname=\"\(escaped(file))\" name=\"parse\" file=\"\(escaped(file))\">\n"
            let message = errors.count == 1 ? "1 error: nothing was run" : "\(errors.count) errors: nothing was run"
            xml += "      <failure type=\"error\" message=\"\(escaped(message))\">"
            xml += escaped(errors.joined(separator: "\n")) + "</failure>\n"
            xml += "    </testcase>\n  </testsuite>\n"
        }
        return xml + junitTail
    }

    /// Whether a run is a failed test case.
    static func junitFailed(_ run: RunResult) -> Bool { !run.expectFailures.isEmpty || run.metrics.expectFailures > 0 }

    /// The document up to its first `<testsuite>`; `answer`'s lines in a comment before
    /// `<testsuites>`, so a person opening the file reads the answer first.
    static func junitHead(
        tests: Int, failures: Int, answer: [String] = [], toolName: String = BenchCommand.defaultToolName
    ) -> String {
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n" + junitComment(answer)
            + "<testsuites name=\"\(escaped(toolName))\" tests=\"\(tests)\" failures=\"\(failures)\" errors=\"0\">\n"
    }

    /// `lines` as an XML comment (empty for none): a comment holds no `--` and does not end
    /// with `-`, so each `--` becomes `- -`, and control characters are dropped.
    static func junitComment(_ lines: [String]) -> String {
        guard !lines.isEmpty else { return "" }
        var body = escapedControls(lines.joined(separator: "\n"))
        while body.contains("--") { body = body.replacingOccurrences(of: "--", with: "- -") }
        return "<!--\n" + body + "\n-->\n"
    }

    /// `text` without control characters but line breaks and tabs.
    static func escapedControls(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.filter { $0 == "\n" || $0 == "\t" || $0.value >= 0x20 }))
    }

    /// The document after its last `<testsuite>`.
    static let junitTail = "</testsuites>\n"

    /// One file's `<testsuite>`: `runs` are that file's.
    static func junitSuite(file: String, runs fileRuns: [RunResult]) -> String {
        var xml = ""
        let failed = fileRuns.filter { !$0.expectFailures.isEmpty || $0.metrics.expectFailures > 0 }.count
        xml += "  <testsuite name=\"\(escaped(file))\" tests=\"\(fileRuns.count)\" failures=\"\(failed)\""
        xml += " errors=\"0\" skipped=\"0\">\n"
        // Each run's keys read once, then the positions sorted (the same comparisons, so the same
        // order): a label makes a PluginCombination, twice at each of the n log n comparisons.
        let keys = fileRuns.map { (profile: $0.profile, label: $0.combinationLabel) }
        let order = keys.indices.sorted { (keys[$0].profile, keys[$0].label) < (keys[$1].profile, keys[$1].label) }
        for index in order {
            let run = fileRuns[index]
            let name = "\(keys[index].profile) \(keys[index].label)"
            xml +=
                "    <testcase classname=\"\(escaped(file))\" name=\"\(escaped(name))\" file=\"\(escaped(file))\""
            guard !run.expectFailures.isEmpty || run.metrics.expectFailures > 0 else {
                xml += "/>\n"
                continue
            }
            xml += ">\n"
            for failure in run.expectFailures {
                xml +=
                    "      <failure type=\"expect\" message=\"\(escaped("\(failure.expectation), found \(failure.actual)"))\">"
                let variant = run.variant.map { " (depends on \($0))" } ?? ""
                xml += escaped("\(failure.location): error: \(failure.divergence)\(variant)") + "</failure>\n"
            }
            if run.expectFailures.isEmpty {
                xml +=
                    "      <failure type=\"expect\" message=\"\(run.metrics.expectFailures) expect failures\"/>\n"
            }
            xml += "    </testcase>\n"
        }
        xml += "  </testsuite>\n"
        return xml
    }

    /// `text` with XML's five special characters escaped, and control characters dropped.
    static func escaped(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&apos;"
            case "\n", "\t": result.unicodeScalars.append(scalar)
            default: if scalar.value >= 0x20 { result.unicodeScalars.append(scalar) }
            }
        }
        return result
    }
}
#endif
