// R41: what a cancelled interactive pop does with bar changes requested alongside it.
extension SimNavigationController {
    /// Remembers a `setNavigationBarHidden` call made while a pop swipe is under the finger:
    /// from the pop's start (its `willShow` and appearance callbacks, R12) to the release,
    /// the release's `notifyWhenInteractionChanges` callbacks included (R14).
    func noteInteractiveBarRequest(hidden: Bool) {
        guard let running = transition, running.gesture != nil, running.release == nil, !running.isStuck
        else { return }
        running.barRequestedWhileInteractive = hidden
    }

    /// R41 (inferred): when the cancelled pop has finished going back, after its reversed
    /// appearance callbacks (R13), the bar takes the visibility last requested while the finger
    /// drove the pop. The cancel animation itself reverses what ran alongside (R29), so the bar
    /// first comes back and then jumps: a flash, and a wrong bar when the staying screen's own
    /// callbacks asked for another one. A request at the release (R14) is the last one and wins.
    func applyBarRequestedWhileInteractive(_ running: SimTransitionCoordinator) {
        guard let hidden = running.barRequestedWhileInteractive else { return }
        record(.inferredRule("R41"))
        let target = hidden ? 0.0 : 1.0
        guard barHidden != hidden || barFraction != target || barAnimation != nil else { return }
        record(.barRequest(hidden: hidden, animated: false))
        barAnimation = nil
        barHidden = hidden
        barFraction = target
    }
}
