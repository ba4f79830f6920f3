import NavigationScenarios
public import NavigationSimulator

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
    /// Bar calls SwiftUI made itself against the screen's preference (R77).
    public var hostBarOverrides: Int
    /// User attempts to leave a `guard=confirm` screen that neither left nor reached its
    /// confirmation.
    public var unansweredAttempts: Int
    /// Transitions and modal animations whose bar look bled from one screen to the other or
    /// flashed a look neither screen wants.
    public var lookGlitches: Int
    /// Idle moments at which the visible bar showed another look than the top screen's `look=`
    /// (the app's when it states none).
    public var wrongLookAtRest: Int
    /// The moment at rest right after a cancelled swipe, with the bar showing another look than
    /// the screen that stayed wants.
    public var wrongLookAfterCancel: Int
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
        hostBarOverrides: Int = 0,
        unansweredAttempts: Int = 0,
        lookGlitches: Int = 0,
        wrongLookAtRest: Int = 0,
        wrongLookAfterCancel: Int = 0,
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
        self.hostBarOverrides = hostBarOverrides
        self.unansweredAttempts = unansweredAttempts
        self.lookGlitches = lookGlitches
        self.wrongLookAtRest = wrongLookAtRest
        self.wrongLookAfterCancel = wrongLookAfterCancel
        self.expectFailures = expectFailures
        self.dispatches = dispatches
        self.nsPerDispatch = nsPerDispatch
    }

    /// One count of ``RunMetrics``: the one table the report's columns, the ranking's
    /// shortfalls and the workers' wire form derive from. A new count is one stored property,
    /// one ``init`` parameter and one row of ``countFields``, and a line in ``countValues``,
    /// in ``defectValues`` (for a defect) and in `+`, which read the properties directly for speed
    /// (`RunMetricsFieldsTests` checks both against this table).
    public struct Field: Sendable {
        /// The JSON key and CSV column, e.g. `unguardedPops` (the stored property's name).
        public let key: String
        /// The short label reports use, e.g. `unguarded`.
        public let label: String
        /// The stored property.
        public let keyPath: any WritableKeyPath<RunMetrics, Int> & Sendable
        /// Where ``Detectors/analyze(_:)`` counts it; `nil` when the runner counts it itself.
        public let detector: (any KeyPath<DetectorReport, Int> & Sendable)?
        /// `true` for a defect; `false` for a cost (``dispatches``).
        public let isDefect: Bool
    }

    /// Every count, in the report's column order (`nsPerDispatch`, a mean, follows them).
    public static let countFields: [Field] = [
        Field(
            key: "unguardedPops", label: "unguarded", keyPath: \.unguardedPops, detector: \DetectorReport.unguardedPops,
            isDefect: true),
        Field(
            key: "blockedPops", label: "blocked", keyPath: \.blockedPops, detector: \DetectorReport.blockedPops,
            isDefect: true),
        Field(
            key: "barGlitches", label: "bar glitches", keyPath: \.barGlitches, detector: \DetectorReport.barGlitches,
            isDefect: true),
        Field(
            key: "wrongBarAtRest", label: "wrong bar at rest", keyPath: \.wrongBarAtRest,
            detector: \DetectorReport.wrongBarAtRest,
            isDefect: true),
        Field(key: "frozen", label: "frozen", keyPath: \.frozen, detector: \DetectorReport.frozen, isDefect: true),
        Field(
            key: "lostDelegateCalls", label: "lost delegate calls", keyPath: \.lostDelegateCalls,
            detector: \DetectorReport.lostDelegateCalls, isDefect: true),
        Field(
            key: "hostBarOverrides", label: "host bar overrides", keyPath: \.hostBarOverrides,
            detector: \DetectorReport.hostBarOverrides, isDefect: true),
        Field(
            key: "unansweredAttempts", label: "unanswered", keyPath: \.unansweredAttempts,
            detector: \DetectorReport.unansweredAttempts, isDefect: true),
        // The bar's look (R100–R105).
        Field(
            key: "lookGlitches", label: "look glitches", keyPath: \.lookGlitches,
            detector: \DetectorReport.lookGlitches, isDefect: true),
        Field(
            key: "wrongLookAtRest", label: "wrong look at rest", keyPath: \.wrongLookAtRest,
            detector: \DetectorReport.wrongLookAtRest, isDefect: true),
        Field(
            key: "wrongLookAfterCancel", label: "wrong look after cancel", keyPath: \.wrongLookAfterCancel,
            detector: \DetectorReport.wrongLookAfterCancel, isDefect: true),
        Field(key: "expectFailures", label: "failed expects", keyPath: \.expectFailures, detector: nil, isDefect: true),
        Field(key: "dispatches", label: "dispatches", keyPath: \.dispatches, detector: nil, isDefect: false),
    ]

    /// The defect counts of ``countFields``, in column order.
    public static let defectFields = countFields.filter(\.isDefect)

    /// The counts ``Detectors/analyze(_:)`` made, the others zero.
    ///
    /// Read property by property, not through the fields' key paths (``Field/detector``): every
    /// run makes one, and a debug build projected each key path generically (13,500
    /// instructions a run, callgrind of a bench worker). `RunMetricsFieldsTests` checks it
    /// against the key paths.
    public init(detected report: DetectorReport) {
        self.init()
        (unguardedPops, blockedPops, barGlitches) = (report.unguardedPops, report.blockedPops, report.barGlitches)
        (wrongBarAtRest, frozen, lostDelegateCalls) = (report.wrongBarAtRest, report.frozen, report.lostDelegateCalls)
        (hostBarOverrides, unansweredAttempts) = (report.hostBarOverrides, report.unansweredAttempts)
        (lookGlitches, wrongLookAtRest) = (report.lookGlitches, report.wrongLookAtRest)
        wrongLookAfterCancel = report.wrongLookAfterCancel
    }

    /// Every metric but the two cost ones, added up.
    public var defects: Int {
        var sum = 0
        for value in defectValues { sum += value }
        return sum
    }

    /// The defect counts, in ``defectFields`` order. Read property by property, not through
    /// the fields' key paths: the bench reads every run's (half a million in its default
    /// command), where a key path costs a generic projection each, in a debug build most of
    /// the work. `RunMetricsFieldsTests` checks it against ``defectFields``.
    public var defectValues: [Int] {
        [
            unguardedPops, blockedPops, barGlitches, wrongBarAtRest, frozen, lostDelegateCalls, hostBarOverrides,
            unansweredAttempts, lookGlitches, wrongLookAtRest, wrongLookAfterCancel, expectFailures,
        ]
    }

    /// Every count, in ``countFields`` order (the defects, then ``dispatches``). Read property by
    /// property, as ``defectValues``: a bench worker writes every run's counts to its parent, and
    /// the fields' key paths cost a debug build ~1,000 instructions each (callgrind of a worker:
    /// 20,000 a run). `RunMetricsFieldsTests` checks it against ``countFields``.
    public var countValues: [Int] {
        [
            unguardedPops, blockedPops, barGlitches, wrongBarAtRest, frozen, lostDelegateCalls, hostBarOverrides,
            unansweredAttempts, lookGlitches, wrongLookAtRest, wrongLookAfterCancel, expectFailures, dispatches,
        ]
    }

    /// Total nanoseconds spent in the dispatcher: `dispatches × nsPerDispatch`.
    public var dispatchNanoseconds: Double { Double(dispatches) * nsPerDispatch }

    /// The defect metrics by name, in the report's column order, with the short label reports use.
    public var defectCounts: [(key: String, label: String, count: Int)] {
        Self.defectFields.map { ($0.key, $0.label, self[keyPath: $0.keyPath]) }
    }

    /// The sum of two runs' metrics; `nsPerDispatch` becomes the dispatch-weighted mean.
    /// Property by property, as ``defectValues`` (`RunMetricsFieldsTests` checks every field).
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
            hostBarOverrides: lhs.hostBarOverrides + rhs.hostBarOverrides,
            unansweredAttempts: lhs.unansweredAttempts + rhs.unansweredAttempts,
            lookGlitches: lhs.lookGlitches + rhs.lookGlitches,
            wrongLookAtRest: lhs.wrongLookAtRest + rhs.wrongLookAtRest,
            wrongLookAfterCancel: lhs.wrongLookAfterCancel + rhs.wrongLookAfterCancel,
            expectFailures: lhs.expectFailures + rhs.expectFailures,
            dispatches: dispatches,
            nsPerDispatch: dispatches == 0 ? 0 : nanoseconds / Double(dispatches))
    }
}
