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
///
/// It is the one writer of the line, and what it shows only grows: a count lower than one
/// already shown (a worker's progress file read while being rewritten, the matrix falling back
/// to one process and counting again from its start) keeps the higher one, so the bar never
/// jumps back. The ETA is the time left at the average rate since the
/// start, smoothed (each new estimate moves the shown one a quarter of the way), so a slow
/// group does not make it swing.
@MainActor
final class ProgressReporter {
    private let total: Int
    private let enabled: Bool
    private let write: (String) -> Void
    /// Monotonic nanoseconds (`DispatchTime`: `ContinuousClock` needs iOS 16).
    private let now: () -> UInt64
    private let start: UInt64
    private var lastDraw: UInt64?
    private var drawn = false
    /// The highest count shown so far.
    private(set) var shownDone = 0
    /// The ETA shown last, in seconds; `nil` before the first.
    private(set) var shownRemaining: Double?

    init(
        total: Int, enabled: Bool, write: @escaping (String) -> Void,
        now: @escaping () -> UInt64 = { DispatchTime.now().uptimeNanoseconds }
    ) {
        self.total = total
        self.enabled = enabled
        self.write = write
        self.now = now
        self.start = now()
    }

    /// `done` of `total` are finished (a lower count than one already shown is ignored).
    func update(done: Int) {
        guard enabled, total > 0 else { return }
        let done = min(total, max(done, shownDone))
        let now = now()
        let seconds = Double(now &- start) / 1e9
        guard seconds > 1 else { return }
        if let lastDraw, now &- lastDraw < 100_000_000, done < total { return }
        let elapsedSinceDraw = lastDraw.map { Double(now &- $0) / 1e9 } ?? 0
        lastDraw = now
        shownDone = done
        let fraction = Double(done) / Double(total)
        let width = 30
        let filled = Int(fraction * Double(width))
        let estimate = done > 0 ? seconds / Double(done) * Double(total - done) : 0
        let remaining =
            shownRemaining.map { max(0, $0 - elapsedSinceDraw) * 0.75 + estimate * 0.25 } ?? estimate
        shownRemaining = done == total ? 0 : remaining
        let bar = String(repeating: "=", count: filled) + String(repeating: " ", count: width - filled)
        write("\r[\(bar)] \(done)/\(total) \(Int(fraction * 100))%  ETA \(Int((shownRemaining ?? 0).rounded(.up)))s ")
        drawn = true
    }

    /// Erases the bar, if it was drawn.
    func finish() {
        guard drawn else { return }
        write("\r" + String(repeating: " ", count: 70) + "\r")
        drawn = false
    }
}
