#if os(macOS) || os(Linux)
import NavigationScenarioRunner
import NavigationScenarios
import NavigationStrategies

/// The scorecard's appearance section: each choice of the appearance slot (the three appearance
/// strategies, and none) played on the files that state a look, with the recommended on/off
/// plugins, and its defects per profile.
///
/// The appearance strategies are one choice, not on/off plugins
/// (NavigationHooksUIKit.docc/BarAppearance.md): the matrix plays every combination with the
/// recommended strategy beside it, and this section compares the choices where they differ,
/// for a few runs (files × profiles × 4).
@MainActor
struct AppearanceChoices {
    /// One choice of the slot.
    struct Row: Equatable {
        /// The strategy's name, or `none`.
        var choice: String
        /// Defects per profile, in the profiles' order.
        var defects: [Int]
        /// The look metrics summed over every profile: glitches, wrong at rest, wrong after cancel.
        var look: [Int]
        var total: Int { defects.reduce(0, +) }
    }

    /// The files measured (those whose screens state a look).
    let files: Int
    /// The profiles, in order.
    let profiles: [ScenarioProfile]
    /// The choices, fewest defects first (then by name).
    let rows: [Row]

    /// Plays every choice on `scenarios` that state a look, on `profiles`, with `plugins` (the
    /// on/off ones); `nil` when none states a look.
    init?(scenarios: [Scenario], profiles: [ScenarioProfile], plugins: [String]) {
        let looking = scenarios.filter(\.statesLook)
        guard !looking.isEmpty else { return nil }
        let runner = SimulatorScenarioRunner(skipsEquivalentRuns: false, defaultAppearance: nil)
        let onOff = plugins.filter { !StrategyCatalog.isAppearance($0) }
        var rows: [Row] = []
        for choice in StrategyCatalog.appearanceNames + ["none"] {
            var row = Row(choice: choice, defects: Array(repeating: 0, count: profiles.count), look: [0, 0, 0])
            for scenario in looking {
                for (index, profile) in profiles.enumerated() where scenario.runs(on: profile) {
                    let metrics = runner.run(
                        scenario, profile: profile.rawValue, plugins: onOff + (choice == "none" ? [] : [choice])
                    ).metrics
                    row.defects[index] += metrics.defects
                    row.look[0] += metrics.lookGlitches
                    row.look[1] += metrics.wrongLookAtRest
                    row.look[2] += metrics.wrongLookAfterCancel
                }
            }
            rows.append(row)
        }
        self.files = looking.count
        self.profiles = profiles
        self.rows = rows.sorted { ($0.total, $0.choice) < ($1.total, $1.choice) }
    }

    /// The section's lines, for the table format: one paragraph (each choice's defects over
    /// every profile), and with `detail` the defects per profile and the look metrics.
    func render(detail: Bool = false) -> String {
        let defaultChoice = StrategyCatalog.defaultAppearance
        let choices = rows.map { row in
            "\(row.choice) \(BenchReport.grouped(row.total))" + (row.choice == defaultChoice ? " (recommended)" : "")
        }
        let states = files == 1 ? "states" : "state"
        let summary =
            "appearance slot (one choice; on the \(BenchReport.count(files, "file")) that \(states) a look every "
            + "row plays \(defaultChoice)), defects: " + choices.joined(separator: ", ")
        let paragraph = BenchReport.paragraph(summary)
        guard detail else { return paragraph.joined(separator: "\n") + "\n" }
        let names = rows.map(\.choice)
        let width = max(names.map(\.count).max() ?? 0, "appearance".count)
        var lines =
            paragraph + [
                "with the recommended on/off plugins: defects per profile; look: glitches / wrong at rest / wrong",
                "after a cancelled swipe",
                "  " + "appearance".padding(toLength: width, withPad: " ", startingAt: 0)
                    + profiles.map { $0.rawValue.leftPadded(7) }.joined() + "  look",
            ]
        for row in rows {
            let mark = row.choice == StrategyCatalog.defaultAppearance ? "  (recommended)" : ""
            lines.append(
                "  " + row.choice.padding(toLength: width, withPad: " ", startingAt: 0)
                    + row.defects.map { String($0).leftPadded(7) }.joined()
                    + "  \(row.look.map(String.init).joined(separator: "/"))\(mark)")
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
#endif
