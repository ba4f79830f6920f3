#if canImport(UIKit)
internal import Foundation
internal import NavigationHooks
internal import UIKit

/// The delegate of one pop recognizer (`interactivePopGestureRecognizer`, or on iOS 26
/// `interactiveContentPopGestureRecognizer`) while the pop-gesture seam is active
/// (rules R15–R19, R34, R35).
///
/// Its ``ForwardingProxy/target`` is the recognizer's previous delegate: UIKit's own
/// (which refuses when the bar is hidden or a custom back button is set, R15) or one the
/// app set. For each question the previous delegate is asked **first**, and its answer is
/// handed to the hooks (``NavigationHooks/PopGestureEvent/previousAnswer``); the first hook
/// with an answer decides, otherwise the previous answer stands, and with no previous
/// answer UIKit's defaults apply (`true` to receive and to begin, `false` to "required to
/// fail"). Every other delegate method is forwarded untouched.
///
/// R34: from iOS 13.4 UIKit asks the delegate an underscored private form of "should
/// receive this event" before anything else, and its own delegate refuses there in the R15
/// cases. That one selector, and only it, is withheld
/// (``NavigationHooks/DelegateForwarding/withheldGestureSelectors``, where the verification
/// is written down), so UIKit asks the public `gestureRecognizer(_:shouldReceive:)` with the
/// `UIEvent` instead, which goes through the hooks like the other questions. Every other
/// private question (the failure-requirement pair that keeps the swipe's priority over
/// scroll views and other pans) reaches UIKit's delegate as before (issue #20, point 1).
///
/// The previous delegate is asked by selector (``ObjCMessage``), never through a cast, so an
/// `NSProxy` delegate is asked too (point 11).
@MainActor
final class PopGestureDelegateProxy: ForwardingProxy, UIGestureRecognizerDelegate {
    /// Which recognizer this proxy stands in front of.
    let popKind: PopGestureKind
    /// The recognizer, to restore its delegate on removal and to tell a replaced one (point 9).
    weak var recognizer: UIGestureRecognizer?
    private weak var host: UIKitNavigationHost?

    private static let shouldBegin = NSSelectorFromString("gestureRecognizerShouldBegin:")
    private static let shouldReceiveEvent = NSSelectorFromString("gestureRecognizer:shouldReceiveEvent:")
    private static let shouldReceiveTouch = NSSelectorFromString("gestureRecognizer:shouldReceiveTouch:")
    private static let requiredToFailBy = NSSelectorFromString(
        "gestureRecognizer:shouldBeRequiredToFailByGestureRecognizer:")

    init(host: UIKitNavigationHost, kind: PopGestureKind, recognizer: UIGestureRecognizer) {
        self.host = host
        self.popKind = kind
        self.recognizer = recognizer
        super.init(kind: .popGesture)
    }

    func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool {
        relay(Self.shouldBegin) { isFirstArrival, next in
            let previous = next.flatMap { ObjCMessage.bool($0, Self.shouldBegin, gestureRecognizer) }
            guard isFirstArrival else { return previous ?? true }
            let hooked = host?.popGestureShouldBegin(popKind, previousAnswer: previous)
            if host?.recording != nil {
                host?.reportPopGestureRefusal(popKind, hookAnswer: hooked, previousAnswer: previous)
            }
            return hooked ?? previous ?? true  // R35
        }
    }

    @available(iOS 13.4, *)
    func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer, shouldReceive event: UIEvent) -> Bool {
        receive(Self.shouldReceiveEvent, gestureRecognizer, event)
    }

    func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer, shouldReceive touch: UITouch) -> Bool {
        receive(Self.shouldReceiveTouch, gestureRecognizer, touch)
    }

    private func receive(_ selector: Selector, _ gestureRecognizer: UIGestureRecognizer, _ input: AnyObject) -> Bool {
        relay(selector) { isFirstArrival, next in
            let previous = next.flatMap { ObjCMessage.bool($0, selector, gestureRecognizer, input) }
            guard isFirstArrival else { return previous ?? true }
            return host?.popGestureShouldReceive(popKind, previousAnswer: previous) ?? previous ?? true  // R34
        }
    }

    func gestureRecognizer(
        _ gestureRecognizer: UIGestureRecognizer,
        shouldBeRequiredToFailBy otherGestureRecognizer: UIGestureRecognizer
    ) -> Bool {
        relay(Self.requiredToFailBy) { isFirstArrival, next in
            if isFirstArrival, Self.isHorizontalScrollPan(otherGestureRecognizer),
                let answer = host?.popGestureRequiredToFailByScrollView(popKind)
            {
                return answer
            }
            return next.flatMap {
                ObjCMessage.bool($0, Self.requiredToFailBy, gestureRecognizer, otherGestureRecognizer)
            } ?? false
        }
    }

    /// `true` for the pan recognizer of a scroll view that can scroll horizontally (R18).
    static func isHorizontalScrollPan(_ recognizer: UIGestureRecognizer) -> Bool {
        guard let scrollView = recognizer.view as? UIScrollView,
            recognizer === scrollView.panGestureRecognizer
        else { return false }
        return scrollView.contentSize.width > scrollView.bounds.width
            || scrollView.alwaysBounceHorizontal
    }
}
#endif
