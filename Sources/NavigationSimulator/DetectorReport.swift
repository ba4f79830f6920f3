/// The metrics of one run, computed by ``Detectors/analyze(_:)`` from a timeline alone.
public struct DetectorReport: Sendable, Equatable {
    /// User pops (tap-back, back-menu, finished swipes, custom back, VoiceOver escape, ⌘[,
    /// a sheet's swipe-down) that removed a screen marked `refusesUserPop`, on top or anywhere
    /// below it (a back-menu pick past a guarded screen), or a screen with a leave confirmation
    /// without asking it; one per pop.
    public var unguardedPops = 0
    /// User pops of a screen that allows them, gesture enabled, that did not happen
    /// (cancelled swipes, and content swipes over a horizontal scroll view, do not count).
    public var blockedPops = 0
    /// User attempts to leave a screen with a leave confirmation that neither left nor
    /// reached the confirmation (a path no installed plugin routes to it).
    public var unansweredAttempts = 0
    /// User attempts to leave a guarded screen (one that refuses user pops, asks before
    /// leaving, or a back-menu pick past such a screen) where leaving was possible: whether
    /// the run exercised a guard at all, whatever the plugins made of it. Not a defect.
    public var guardedAttempts = 0
    /// Transitions and modal animations with at least one bar glitch.
    public var barGlitches = 0
    /// Glitches per kind (a transition may have several kinds).
    public var barGlitchKinds: [BarGlitchKind: Int] = [:]
    /// Idle moments at which the bar's visibility differs from the top screen's `prefersNavigationBarHidden`.
    public var wrongBarAtRest = 0
    /// Frozen states: a pop gesture began with nothing to pop, or a transition never completed.
    public var frozen = 0
    /// `willShow`/`didShow` calls the app's own delegate should have had and did not.
    public var lostDelegateCalls = 0
    /// Bar calls the framework hosting the screens made itself against the screen's own
    /// preference (SwiftUI re-setting the bar from its toolbar state, R77).
    public var hostBarOverrides = 0
    /// Transitions and modal animations in which the bar's look bled from one screen to the
    /// other or flashed a look neither wants (``LookGlitchKind``).
    public var lookGlitches = 0
    /// Look glitches per kind (a transition may have several kinds).
    public var lookGlitchKinds: [LookGlitchKind: Int] = [:]
    /// Idle moments at which the bar, visible and uncovered, showed another look than the top
    /// screen's (its `navigationBarLook` over the app's, or the app's when it states none); the
    /// moment right after a cancelled swipe counts in ``wrongLookAfterCancel`` instead.
    public var wrongLookAtRest = 0
    /// The moment at rest right after a cancelled interactive pop, with the bar showing another
    /// look than the screen that stayed wants.
    public var wrongLookAfterCancel = 0
    /// Sorted ids of the rules marked inferred that the run depended on.
    public var inferredRules: [String] = []

    /// Creates a report; everything zero by default.
    public init(
        unguardedPops: Int = 0, blockedPops: Int = 0, barGlitches: Int = 0,
        barGlitchKinds: [BarGlitchKind: Int] = [:], wrongBarAtRest: Int = 0, frozen: Int = 0,
        lostDelegateCalls: Int = 0, inferredRules: [String] = []
    ) {
        self.unguardedPops = unguardedPops
        self.blockedPops = blockedPops
        self.barGlitches = barGlitches
        self.barGlitchKinds = barGlitchKinds
        self.wrongBarAtRest = wrongBarAtRest
        self.frozen = frozen
        self.lostDelegateCalls = lostDelegateCalls
        self.inferredRules = inferredRules
    }

    /// The count of one glitch kind.
    public func glitches(_ kind: BarGlitchKind) -> Int { barGlitchKinds[kind] ?? 0 }
}
