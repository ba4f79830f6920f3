import Dispatch

/// Opt-in measurement of the time the dispatcher spends answering: what the bench reports as
/// `nsPerDispatch`.
///
/// Set ``NavigationDispatcher/timing`` to a timing and every outermost dispatch is timed with
/// the monotonic `DispatchTime` clock (available from iOS 13, unlike `ContinuousClock`); a dispatch made from inside another (the `shouldPop` behind a
/// back-button default, or one a handler makes) is part of the outer one's time. The time
/// includes the handlers', because answering is their work. The clock's own cost, measured
/// once per process, is subtracted.
///
/// ```swift
/// let timing = DispatchTiming()
/// hooks.dispatcher.timing = timing
/// // … navigate …
/// print(timing.totalNanoseconds / Double(hooks.dispatcher.dispatchCount))
/// ```
///
/// Off (`nil`) by default: reading the clock costs more than a short dispatch.
@MainActor
public final class DispatchTiming {
    // `@exclusivity(unchecked)` on the stored state: main-actor isolated, and every access is
    // a load or a store that holds nothing across a call, so accesses cannot overlap; the
    // dynamic checks were five runtime calls around every timed dispatch.

    /// How many outermost dispatches were timed.
    @exclusivity(unchecked) public private(set) var timedDispatches = 0
    /// Their total duration, in nanoseconds, without the clock's cost.
    @exclusivity(unchecked) public private(set) var totalNanoseconds: Double = 0

    /// Creates an empty timing.
    public init() {}

    @exclusivity(unchecked) private var started: UInt64?

    func start() { started = DispatchTime.now().uptimeNanoseconds }

    func stop() {
        guard let started else { return }
        let sample = Double(DispatchTime.now().uptimeNanoseconds &- started)
        self.started = nil
        timedDispatches += 1
        let duration = sample - Self.clockOverhead
        if duration > 0 { totalNanoseconds += duration }
    }

    /// The mean duration of an empty `now … now` interval on this machine.
    private static let clockOverhead: Double = {
        let samples = 2_000
        var total = 0.0
        for _ in 0..<samples {
            let start = DispatchTime.now().uptimeNanoseconds
            total += Double(DispatchTime.now().uptimeNanoseconds &- start)
        }
        return total / Double(samples)
    }()
}
