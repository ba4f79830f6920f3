/// An animated bar change (R29): over ``SimNavigationController/barAnimationFrames`` frames
/// alone, or alongside a transition over its remaining progress.
///
/// An animation starts from the bar's *model* value (the state the previous call asked for),
/// not from what is on screen: Core Animation's default without `beginFromCurrentState`.
/// So a show immediately followed by a hide snaps the bar visible and animates it away
/// (R31, inferred).
struct BarAnimation {
    enum Mode {
        case timed(elapsed: Int, frames: Int)
        case alongside(transitionID: Int, startProgress: Double)
    }

    var from: Double
    var to: Double
    var mode: Mode
    /// The model value before the change, restored if the transition is cancelled.
    var hiddenBefore: Bool

    func fraction(progress: Double) -> Double {
        let amount: Double
        switch mode {
        case .timed(let elapsed, let frames): amount = min(1, Double(elapsed) / Double(frames))
        case .alongside(_, let start):
            amount = start >= 1 ? 1 : max(0, min(1, (progress - start) / (1 - start)))
        }
        return from + (to - from) * amount
    }
}
