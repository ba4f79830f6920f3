#if os(macOS) || os(Linux)
import Foundation

/// One speed goal of `perf`, checked on a figure normalized by the machine's calibration
/// (``MachineCalibration``): the goals are stated for a machine whose reference loop takes 1.0 s.
struct PerfGoal: Codable, Equatable {
    /// What is measured: `simulator, transitions/s`, `default command, debug build`, …
    var name: String
    /// The figure on this machine: seconds, a rate, or a ratio of two figures of the same run.
    var measured: Double
    /// The figure on a machine of calibration 1.0 (a ratio is the same on every machine).
    var normalized: Double
    /// `s`, `/s` or `×`.
    var unit: String
    /// The goal, normalized.
    var goal: Double
    /// `true`: the figure must be at most ``goal``; `false`: at least.
    var isUpperBound: Bool

    /// The normalized figure meets its goal.
    var isMet: Bool { isUpperBound ? normalized <= goal : normalized >= goal }

    /// `simulator, transitions/s   391,204 /s here → 250,370 /s at 1.0  (≥ 250,000)`.
    func line(nameWidth: Int) -> String {
        let sign = isUpperBound ? "≤" : "≥"
        let figures =
            unit == "×"
            ? "\(Self.format(normalized, unit: unit))"
            : "\(Self.format(measured, unit: unit)) here → \(Self.format(normalized, unit: unit)) at 1.0"
        return name.leftAligned(nameWidth) + "  " + figures + "  (\(sign) \(Self.format(goal, unit: unit)))"
            + (isMet ? "" : "  ← misses the goal")
    }

    /// `250370` → `250,370`.
    static func grouped(_ value: Int) -> String {
        let digits = String(value.magnitude)
        var text = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { text.append(",") }
            text.append(digit)
        }
        return (value < 0 ? "-" : "") + text
    }

    static func format(_ value: Double, unit: String) -> String {
        switch unit {
        case "/s": grouped(Int(value.rounded())) + " /s"
        case "×": String(format: "%.2f", value) + "×"
        default: String(format: "%.2f", value) + " " + unit
        }
    }
}

extension PerfRunner.Report {
    /// The goals `perf` measured this time, normalized by ``calibration``; empty without it.
    var goals: [PerfGoal] {
        guard let calibration else { return [] }
        var goals: [PerfGoal] = []
        if !dispatch.isEmpty {
            let worst = dispatch.map(\.existentialRatio).max() ?? 0
            goals.append(
                PerfGoal(
                    name: "dispatcher over the `any` loop, worst", measured: worst, normalized: worst, unit: "×",
                    goal: 1.25, isUpperBound: true))
        }
        if let simulator {
            goals.append(
                PerfGoal(
                    name: "simulator, animated transitions", measured: simulator.transitionsPerSecond,
                    normalized: calibration.normalizedRate(simulator.transitionsPerSecond), unit: "/s",
                    goal: 250_000, isUpperBound: false))
            if let perCPUSecond = simulator.transitionsPerCPUSecond {
                goals.append(
                    PerfGoal(
                        name: "simulator, per CPU second", measured: perCPUSecond,
                        normalized: perCPUSecond * calibration.cpuSeconds, unit: "/s", goal: 250_000,
                        isUpperBound: false))
            }
        }
        if let matrix {
            goals.append(
                PerfGoal(
                    name: "matrix, bench's way vs naive", measured: matrix.ratio, normalized: matrix.ratio, unit: "×",
                    goal: 0.2, isUpperBound: true))
            let workers = matrix.tableOneProcessSeconds > 0 ? matrix.tableSeconds / matrix.tableOneProcessSeconds : 0
            goals.append(
                PerfGoal(
                    name: "default command, \(matrix.workers) workers vs one process", measured: workers,
                    normalized: workers, unit: "×", goal: 0.6, isUpperBound: true))
        }
        if let debugBuild, let seconds = debugBuild.seconds {
            goals.append(
                PerfGoal(
                    name: "default command, debug build", measured: seconds,
                    normalized: calibration.normalizedTime(seconds), unit: "s", goal: 30, isUpperBound: true))
        }
        let peaks = Dictionary(grouping: memory, by: \.format)
        let growth = peaks.values.compactMap { rows -> Double? in
            guard let small = rows.first(where: { $0.input == "10 copies" }),
                let large = rows.first(where: { $0.input == "100 copies" }), small.peakMegabytes > 0
            else { return nil }
            return large.peakMegabytes / small.peakMegabytes
        }
        if let worst = growth.max() {
            goals.append(
                PerfGoal(
                    name: "peak memory, 10 → 100 copies, worst format", measured: worst, normalized: worst, unit: "×",
                    goal: 1.25, isUpperBound: true))
        }
        return goals
    }

    /// The calibration line and the goals, for the table and Markdown reports; `toolName` is the
    /// bench's name in the calibration's advice.
    func goalLines(toolName: String = BenchCommand.defaultToolName) -> [String] {
        guard let calibration else { return [] }
        let goals = self.goals
        let width = goals.map(\.name.count).max() ?? 0
        return [
            "Machine: \(calibration.summary(toolName: toolName)); a time compares as time / \(String(format: "%.2f", calibration.seconds)), "
                + "a rate as rate × \(String(format: "%.2f", calibration.seconds)).",
            "Goals, normalized to a machine of calibration 1.0:",
        ] + goals.map { "  " + $0.line(nameWidth: width) }
            + (debugBuild.flatMap { $0.seconds == nil ? ["  default command, debug build: \($0.executable)"] : nil }
                ?? [])
    }
}

extension PerfRunner {
    /// `4.32 s [6.75 s at 1.0]`: a time here and on a machine of calibration 1.0.
    static func time(_ seconds: Double, _ calibration: MachineCalibration?) -> String {
        let here = format(seconds) + " s"
        guard let calibration else { return here }
        return here + " [\(format(calibration.normalizedTime(seconds))) s at 1.0]"
    }
}

extension PerfRunner.Report {
    /// ` [250,370/s at 1.0]` after a rate, or nothing without a calibration.
    func rateAtOne(_ rate: Double) -> String {
        guard let calibration else { return "" }
        return " [\(PerfGoal.format(calibration.normalizedRate(rate), unit: "/s")) at 1.0]"
    }
}
#endif
