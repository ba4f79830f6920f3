import NavigationHooks

/// The pop-gesture seam's forwarding proxy, one per recognizer (R15–R19): asks the hooks in
/// order, the first non-`nil` answer wins, otherwise the delegate that was in the slot
/// before (the system's or the app's; `nil` means UIKit's default: begin, no failure
/// requirement).
@MainActor
final class GestureDelegateProxy: SimGestureDelegate {
    var previous: (any SimGestureDelegate)?

    init(previous: (any SimGestureDelegate)?) { self.previous = previous }

    func gestureShouldBegin(_ kind: PopGestureKind, in nav: SimNavigationController) -> Bool {
        let seam = nav.seams.popGesture
        let event = PopGestureEvent(host: nav, kind: kind)
        for hook in seam.hooks {
            if let ask = hook.shouldBegin, let answer = ask(event) {
                nav.record(.seamCall(seam: seam.name, detail: "\(kind.rawValue) shouldBegin -> \(answer)"))
                return answer
            }
        }
        return previous?.gestureShouldBegin(kind, in: nav) ?? true
    }

    func shouldBeRequiredToFailByScrollView(_ kind: PopGestureKind, in nav: SimNavigationController)
        -> Bool
    {
        let seam = nav.seams.popGesture
        let event = PopGestureEvent(host: nav, kind: kind)
        for hook in seam.hooks {
            if let ask = hook.shouldBeRequiredToFailByScrollView, let answer = ask(event) {
                nav.record(
                    .seamCall(seam: seam.name, detail: "\(kind.rawValue) scroll view waits -> \(answer)"))
                return answer
            }
        }
        return previous?.shouldBeRequiredToFailByScrollView(kind, in: nav) ?? false
    }
}
