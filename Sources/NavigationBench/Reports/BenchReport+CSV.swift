import Foundation
import NavigationConformance
import NavigationHooks
import NavigationScenarioRunner
import NavigationScenarios
import NavigationSimulator
import NavigationStrategies

extension BenchReport {
    /// The CSV header: run identity, the metrics, then extras (Examples/Scenarios/README.md,
    /// "The report").
    static let csvHeader =
        ["scenario", "file", "profile", "plugins"] + RunMetrics.countFields.map(\.key)
        + ["nsPerDispatch", "defects", "inferredRules", "skippedSteps", "variant"]

    /// One row per run (RFC 4180 quoting); `plugins` joined by `+`, `none` when empty;
    /// `inferredRules` joined by spaces; `skippedSteps` joined by `; `; `variant` the rule's
    /// alternative the outcome comes from (`R62 alt`), empty for the documented model.
    ///
    /// Written into one string as it goes; what consecutive runs share (a scenario and
    /// profile's 512 combinations usually have the same file, profile and skipped steps) is
    /// quoted once, and each combination's label is made once.
    func csvText() -> String {
        var text = ""
        csv { text += $0 }
        return text
    }

    /// ``csvText()`` in pieces of about 64 KB.
    func csv(to write: (String) -> Void) {
        var text = Self.csvHeader.joined(separator: ",") + "\n"
        text.reserveCapacity(1 << 17)
        var rows = CSVRows()
        for run in results {
            rows.append(run, to: &text)
            if text.utf8.count > 1 << 16 {
                write(text)
                text.removeAll(keepingCapacity: true)
            }
        }
        write(text)
    }

    /// Writes CSV rows one run at a time, remembering what the run before quoted.
    struct CSVRows {
        private var labels: [[String]: String] = [:]
        private var last:
            (scenario: String, file: String, profile: String, rules: [String], skipped: [RunResult.SkippedStep])?
        private var quoted = (scenario: "", file: "", profile: "", rules: "", skipped: "")

        /// Appends `run`'s row to `text`.
        mutating func append(_ run: RunResult, to text: inout String) {
            if last?.scenario != run.scenario { quoted.scenario = BenchReport.csvField(run.scenario) }
            if last?.file != run.file { quoted.file = BenchReport.csvField(run.file) }
            if last?.profile != run.profile { quoted.profile = BenchReport.csvField(run.profile) }
            if last?.rules != run.inferredRules {
                quoted.rules = BenchReport.csvField(run.inferredRules.joined(separator: " "))
            }
            if last?.skipped != run.skippedSteps {
                quoted.skipped = BenchReport.csvField(run.skippedSteps.map(\.description).joined(separator: "; "))
            }
            last = (run.scenario, run.file, run.profile, run.inferredRules, run.skippedSteps)
            let label: String
            if let known = labels[run.plugins] {
                label = known
            } else {
                label = BenchReport.csvField(run.combinationLabel)
                labels[run.plugins] = label
            }
            let m = run.metrics
            text += quoted.scenario
            text += ","
            text += quoted.file
            text += ","
            text += quoted.profile
            text += ","
            text += label
            for field in RunMetrics.countFields {
                let count = m[keyPath: field.keyPath]
                text += ","
                text += String(count)
            }
            text += ","
            if m.nsPerDispatch.isFinite { text += String(m.nsPerDispatch) }
            text += ","
            text += String(m.defects)
            text += ","
            text += quoted.rules
            text += ","
            text += quoted.skipped
            text += ","
            if let variant = run.variant { text += BenchReport.csvField(variant) }
            text += "\n"
        }
    }

    /// `text`, quoted when it holds a comma, a quote or a line break.
    static func csvField(_ text: String) -> String {
        // Those characters are ASCII, so a text without their bytes has none of them.
        guard text.utf8.contains(where: { $0 == 0x2C || $0 == 0x22 || $0 == 0x0A || $0 == 0x0D }),
            text.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" })
        else {
            return text
        }
        return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
