import NavigationScenarios

/// What one run (scenario × profile × plugin combination) measured, computed by the runner from
/// the simulator's timeline (Examples/Scenarios/README.md, "What a run measures").
///
/// The stored property names are the report's JSON keys (Examples/Scenarios/README.md,
/// "The report").
public struct RunMetrics: Codable, Hashable, Sendable {
    /// User-initiated pops that removed a `guard=deny` screen.
    public var unguardedPops: Int
    /// User-initiated pops of an unguarded, gesture-enabled screen that did not happen.
    public var blockedPops: Int
    /// Transitions whose bar flashed, flip-flopped, moved early, or changed under a modal.
    public var barGlitches: Int
    /// Idle moments at which the bar differed from the top screen's `bar=`.
    public var wrongBarAtRest: Int
    /// Stuck states: a pop gesture with nothing to pop, a transition that never completed.
    public var frozen: Int
    /// `willShow`/`didShow` calls the app's own delegate should have had and did not.
    public var lostDelegateCalls: Int
    /// User attempts to leave a `guard=confirm` screen that neither left nor reached its
    /// confirmation.
    public var unansweredAttempts: Int
    /// `expect` lines that failed.
    public var expectFailures: Int
    /// Dispatcher calls the run made (cost, not a defect).
    public var dispatches: Int
    /// Mean cost of a dispatch in nanoseconds (cost, not a defect); 0 when the run made no
    /// dispatch.
    ///
    /// ``SimulatorScenarioRunner`` times every outermost dispatch of the run with a
    /// `DispatchTiming` (NavigationHooks) (handlers included: answering is their work; the
    /// clock's own cost subtracted) and divides the total by ``dispatches``, so
    /// ``dispatchNanoseconds`` is the run's time in the dispatcher. Single runs are short and
    /// noisy: compare the totals over many runs. The dispatcher alone against a hand-written
    /// baseline is measured by `navhooks-bench perf`.
    public var nsPerDispatch: Double

    /// Creates metrics; every count defaults to zero.
    public init(
        unguardedPops: Int = 0,
        blockedPops: Int = 0,
        barGlitches: Int = 0,
        wrongBarAtRest: Int = 0,
        frozen: Int = 0,
        lostDelegateCalls: Int = 0,
        unansweredAttempts: Int = 0,
        expectFailures: Int = 0,
        dispatches: Int = 0,
        nsPerDispatch: Double = 0
    ) {
        self.unguardedPops = unguardedPops
        self.blockedPops = blockedPops
        self.barGlitches = barGlitches
        self.wrongBarAtRest = wrongBarAtRest
        self.frozen = frozen
        self.lostDelegateCalls = lostDelegateCalls
        self.unansweredAttempts = unansweredAttempts
        self.expectFailures = expectFailures
        self.dispatches = dispatches
        self.nsPerDispatch = nsPerDispatch
    }

    /// Every metric but the two cost ones, added up.
    public var defects: Int {
        unguardedPops + blockedPops + barGlitches + wrongBarAtRest + frozen + lostDelegateCalls
            + unansweredAttempts + expectFailures
    }

    /// Total nanoseconds spent in the dispatcher: `dispatches × nsPerDispatch`.
    public var dispatchNanoseconds: Double { Double(dispatches) * nsPerDispatch }

    /// The defect metrics by name, in the report's column order, with the short label reports use.
    public var defectCounts: [(key: String, label: String, count: Int)] {
        [
            ("unguardedPops", "unguarded", unguardedPops),
            ("blockedPops", "blocked", blockedPops),
            ("barGlitches", "bar glitches", barGlitches),
            ("wrongBarAtRest", "wrong bar at rest", wrongBarAtRest),
            ("frozen", "frozen", frozen),
            ("lostDelegateCalls", "lost delegate calls", lostDelegateCalls),
            ("unansweredAttempts", "unanswered", unansweredAttempts),
            ("expectFailures", "failed expects", expectFailures),
        ]
    }

    /// The sum of two runs' metrics; `nsPerDispatch` becomes the dispatch-weighted mean.
    public static func + (lhs: RunMetrics, rhs: RunMetrics) -> RunMetrics {
        let dispatches = lhs.dispatches + rhs.dispatches
        let nanoseconds = lhs.dispatchNanoseconds + rhs.dispatchNanoseconds
        return RunMetrics(
            unguardedPops: lhs.unguardedPops + rhs.unguardedPops,
            blockedPops: lhs.blockedPops + rhs.blockedPops,
            barGlitches: lhs.barGlitches + rhs.barGlitches,
            wrongBarAtRest: lhs.wrongBarAtRest + rhs.wrongBarAtRest,
            frozen: lhs.frozen + rhs.frozen,
            lostDelegateCalls: lhs.lostDelegateCalls + rhs.lostDelegateCalls,
            unansweredAttempts: lhs.unansweredAttempts + rhs.unansweredAttempts,
            expectFailures: lhs.expectFailures + rhs.expectFailures,
            dispatches: dispatches,
            nsPerDispatch: dispatches == 0 ? 0 : nanoseconds / Double(dispatches)
        )
    }
}
