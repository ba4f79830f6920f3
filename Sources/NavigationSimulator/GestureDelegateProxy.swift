import NavigationHooks

/// The pop-gesture seam's forwarding proxy, one per recognizer (R15–R19): asks the delegate
/// that was in the slot before (the system's or the app's) first and hands its answer to
/// the hooks (R35); the first hook with an answer wins, otherwise the previous delegate's
/// answer stands (`nil` means UIKit's default: begin, no failure requirement).
///
/// R34, R70: the "should receive" question (asked first from iOS 13.4) goes the same way:
/// the previous delegate's answer, where UIKit's own delegate makes its refusals, then the
/// hooks (``NavigationHooks/PopGestureHook/receiveAnswer(of:for:)``, as the UIKit host's
/// proxy answers UIKit's private form of the question).
@MainActor
final class GestureDelegateProxy: SimGestureDelegate {
    var previous: (any SimGestureDelegate)?

    init(previous: (any SimGestureDelegate)?) { self.previous = previous }

    func shouldReceive(_ kind: PopGestureKind, in nav: SimNavigationController) -> Bool {
        let seam = nav.seams.popGesture
        let previousAnswer = previous?.shouldReceive(kind, in: nav)
        let event = PopGestureEvent(host: nav, kind: kind, previousAnswer: previousAnswer)
        let (answer, decidingHook) = PopGestureHook.receiveAnswer(of: seam.hooks, for: event)
        if decidingHook != nil {
            nav.record(.seamCall(seam: seam.name, detail: "\(kind.rawValue) shouldReceive -> \(answer)"))
        }
        // R35 (inferred), as in shouldBegin: UIKit's delegate refuses here (R70), and the
        // outcome rests on hooks deferring to it.
        if previousAnswer == false, !answer { nav.record(.inferredRule("R35")) }
        return answer
    }

    func gestureShouldBegin(_ kind: PopGestureKind, in nav: SimNavigationController) -> Bool {
        let seam = nav.seams.popGesture
        let previousAnswer = previous?.gestureShouldBegin(kind, in: nav)
        let event = PopGestureEvent(host: nav, kind: kind, previousAnswer: previousAnswer)
        var answer = previousAnswer ?? true
        let hooks = seam.hooks  // a snapshot, as `for in` iterates; then an index loop
        for index in 0..<hooks.count {
            let hook = hooks[index]
            if let ask = hook.shouldBegin, let hookAnswer = ask(event) {
                nav.record(.seamCall(seam: seam.name, detail: "\(kind.rawValue) shouldBegin -> \(hookAnswer)"))
                answer = hookAnswer
                break
            }
        }
        // R35 (inferred): a refusal from the delegate that was in the slot stood, so the
        // outcome rests on hooks deferring to it.
        if previousAnswer == false, !answer { nav.record(.inferredRule("R35")) }
        return answer
    }

    func shouldBeRequiredToFailByScrollView(_ kind: PopGestureKind, in nav: SimNavigationController)
        -> Bool
    {
        let seam = nav.seams.popGesture
        let event = PopGestureEvent(host: nav, kind: kind)
        let hooks = seam.hooks  // a snapshot, as `for in` iterates; then an index loop
        for index in 0..<hooks.count {
            let hook = hooks[index]
            if let ask = hook.shouldBeRequiredToFailByScrollView, let answer = ask(event) {
                nav.record(
                    .seamCall(seam: seam.name, detail: "\(kind.rawValue) scroll view waits -> \(answer)"))
                return answer
            }
        }
        return previous?.shouldBeRequiredToFailByScrollView(kind, in: nav) ?? false
    }
}
