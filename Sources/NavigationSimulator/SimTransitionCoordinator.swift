public import NavigationHooks

/// The running push or pop transition: ``SimNavigationController/transitionCoordinator``
/// while it runs, `nil` when idle.
///
/// ```
/// begin ──> willShow, will(Dis)Appear ──> frames (progress 0 → 1) ──> did(Dis)Appear, didShow
/// interactive: began ──> frames driven by the finger ──> release: notifyWhenInteractionChanges
///              ──> frames to 1 (finish) or back to 0 (cancel, R13)
/// ```
@MainActor
public final class SimTransitionCoordinator: TransitionCoordinating {
    /// Identifies the transition in the timeline.
    public let id: Int
    /// `true` for a pop, `false` for a push.
    public let isPop: Bool
    /// `true` when the transition animates.
    public let isAnimated: Bool
    /// `true` while a finger drives it (R9).
    @exclusivity(unchecked) public internal(set) var isInteractive: Bool
    /// `true` once an interactive transition was released and is being undone (R14).
    @exclusivity(unchecked) public internal(set) var isCancelled = false
    /// The progress, 0…1.
    @exclusivity(unchecked) public internal(set) var progress: Double = 0
    /// The recognizer driving an interactive pop.
    public let gesture: PopGestureKind?

    let leaving: SimScreen?
    let arriving: SimScreen
    let isCovered: Bool
    let totalFrames: Int
    @exclusivity(unchecked) var elapsed = 0
    @exclusivity(unchecked) var pendingPop: PendingPop?
    @exclusivity(unchecked) var attempt: Int?
    @exclusivity(unchecked) var isStuck = false
    @exclusivity(unchecked) var release: Release?
    @exclusivity(unchecked) var interactionObservers: [@MainActor (_ isCancelled: Bool) -> Void] = []
    /// R41: the bar visibility last requested between the pop's start and the finger's release.
    @exclusivity(unchecked) var barRequestedWhileInteractive: Bool?

    struct Release {
        var from: Double
        var to: Double
        var frames: Int
        var elapsed = 0

        /// Advances one frame; the progress reached.
        mutating func step() -> Double {
            elapsed &+= 1
            let fraction = Double(elapsed) / Double(frames)
            return from + (to - from) * (fraction < 1 ? fraction : 1)  // not the generic `min`
        }
    }

    struct PendingPop {
        var kind: PopOperationKind
        var removed: [SimScreen]
        var trigger: PopTrigger
        var keepsTop = false
    }

    init(
        id: Int, isPop: Bool, isAnimated: Bool, gesture: PopGestureKind?, leaving: SimScreen?,
        arriving: SimScreen,
        isCovered: Bool, totalFrames: Int
    ) {
        self.id = id
        self.isPop = isPop
        self.isAnimated = isAnimated
        self.isInteractive = gesture != nil
        self.gesture = gesture
        self.leaving = leaving
        self.arriving = arriving
        self.isCovered = isCovered
        self.totalFrames = totalFrames
    }

    /// R14: runs `body` when the finger lets go, with `isCancelled`; never for a
    /// non-interactive transition (the body is dropped).
    public func notifyWhenInteractionChanges(
        _ body: @escaping @MainActor (_ isCancelled: Bool) -> Void
    ) {
        guard isInteractive else { return }
        interactionObservers.append(body)
    }

    /// `true` when the transition reached its end (or its start again, cancelled).
    ///
    /// Both asked on every frame: no `||` (in a debug build its right side is a closure that
    /// retains `self`), no generic `min`, the release read in place.
    var isDone: Bool {
        if isStuck { return false }
        if isInteractive { return false }
        if case .some = release { return release!.elapsed >= release!.frames }
        return elapsed >= totalFrames
    }

    /// Advances one frame of automatic animation.
    func step() {
        guard !isStuck, !isInteractive else { return }
        if case .some = release {
            progress = release!.step()
        } else {
            elapsed &+= 1  // wrapping: a checked add zeroes stack slots in a debug build, every frame
            let fraction = Double(elapsed) / Double(totalFrames)
            progress = fraction < 1 ? fraction : 1
        }
    }
}
