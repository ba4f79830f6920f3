// What a cancelled interactive pop does besides R12/R13: bar changes requested alongside it
// (R41) and, from iOS 18, willShow and didShow for the screen that stays (R42).
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
        // R41 alt: the cancel undoes the requests too; the bar stays as the cancel animation left it.
        if playsAlternative(of: "R41") { return }
        let target = hidden ? 0.0 : 1.0
        guard barHidden != hidden || barFraction != target || barAnimation != nil else { return }
        record(.barRequest(hidden: hidden, animated: false))
        barAnimation = nil
        barHidden = hidden
        barFraction = target
    }

    /// R42 (observed): from iOS 18 a cancelled pop ends with the delegate's `willShow` and then
    /// its `didShow`, both naming the screen that stays (the transition's from-controller), after
    /// the reversed appearance callbacks (R13, `cancelBeginAppearanceTransition` on both screens)
    /// and while the cancelled coordinator is still the controller's `transitionCoordinator`.
    /// `-[UINavigationController _didCancelTransitionFromViewController:toViewController:
    /// wrapperView:wasCustom:]` in the 18.0, 18.2 and 26.1 restore images sends them behind a
    /// linked-on-or-after check, when the controller is appearing or appeared; each only if the
    /// delegate responds to it (R55 for `willShow`).
    ///
    /// R10 (inferred): before iOS 18 neither is sent (openradar 21137690); R10 alt sends both there
    /// too, as the 18.x bodies do.
    func callShowAfterCancel(_ running: SimTransitionCoordinator, staying: SimScreen) {
        if profile.majorVersion < 18 {
            record(.inferredRule("R10"))
            if !playsAlternative(of: "R10") { return }
        }
        transition = running
        inCallback {
            callWillShow(staying, leaving: running.arriving, animated: true)  // R42
            callDidShow(staying, leaving: running.arriving, animated: true)  // R42
        }
        transition = nil
    }
}
