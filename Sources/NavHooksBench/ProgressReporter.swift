import Dispatch
import Foundation
import NavigationConformance
import NavigationHooks
import NavigationScenarioRunner
import NavigationScenarios
import NavigationSimulator
import NavigationStrategies

/// A progress bar with an ETA, for long matrices.
///
/// Draws on the error stream only when it is a terminal, and only once the work has taken more
/// than a second, so short runs and pipes stay clean; redraws at most ten times a second and
/// erases itself when done.
@MainActor
final class ProgressReporter {
    private let total: Int
    private let enabled: Bool
    private let write: (String) -> Void
    /// Monotonic nanoseconds (`DispatchTime`: `ContinuousClock` needs iOS 16).
    private let start: UInt64
    private var lastDraw: UInt64?
    private var drawn = false

    init(total: Int, enabled: Bool, write: @escaping (String) -> Void) {
        self.total = total
        self.enabled = enabled
        self.write = write
        self.start = DispatchTime.now().uptimeNanoseconds
    }

    /// `done` of `total` are finished.
    func update(done: Int) {
        guard enabled, total > 0 else { return }
        let now = DispatchTime.now().uptimeNanoseconds
        let seconds = Double(now &- start) / 1e9
        guard seconds > 1 else { return }
        if let lastDraw, now &- lastDraw < 100_000_000, done < total { return }
        lastDraw = now
        let fraction = Double(done) / Double(total)
        let width = 30
        let filled = Int(fraction * Double(width))
        let remaining = done > 0 ? seconds / Double(done) * Double(total - done) : 0
        let bar = String(repeating: "=", count: filled) + String(repeating: " ", count: width - filled)
        write("\r[\(bar)] \(done)/\(total) \(Int(fraction * 100))%  ETA \(Int(remaining.rounded(.up)))s ")
        drawn = true
    }

    /// Erases the bar, if it was drawn.
    func finish() {
        guard drawn else { return }
        write("\r" + String(repeating: " ", count: 70) + "\r")
        drawn = false
    }
}
