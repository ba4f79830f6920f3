import Foundation
import NavigationConformance
import NavigationHooks
import NavigationScenarioRunner
import NavigationScenarios
import NavigationSimulator
import NavigationStrategies

/// The output formats of `navhooks-bench` (`--format`).
public enum ReportFormat: String, CaseIterable, Hashable, Sendable {
    /// An aligned, ranked table for a terminal (100 columns).
    case table
    /// The ranking as a Markdown table.
    case markdown
    /// `{"runs": […], "ranking": […]}`, keys as in Examples/Scenarios/README.md ("The report").
    case json
    /// One row per run, with a header line.
    case csv
    /// JUnit XML: one test case per file × profile × checked combination (``BenchReport/junitText(runs:)``).
    case junit
}
