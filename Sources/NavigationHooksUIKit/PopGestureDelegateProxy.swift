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
/// cases. The proxy never forwards a selector that starts with `_` (no private name is
/// spelled here), so UIKit asks the public `gestureRecognizer(_:shouldReceive:)` with the
/// `UIEvent` instead, which goes through the hooks like the other questions.
@MainActor
final class PopGestureDelegateProxy: ForwardingProxy, UIGestureRecognizerDelegate {
    /// Which recognizer this proxy stands in front of.
    let kind: PopGestureKind
    /// The recognizer, to restore its delegate on removal.
    weak var recognizer: UIGestureRecognizer?
    private weak var host: UIKitNavigationHost?

    init(host: UIKitNavigationHost, kind: PopGestureKind, recognizer: UIGestureRecognizer) {
        self.host = host
        self.kind = kind
        self.recognizer = recognizer
        super.init()
    }

    private var previousDelegate: (any UIGestureRecognizerDelegate)? {
        target as? any UIGestureRecognizerDelegate
    }

    /// R34: underscored (private) delegate questions are not forwarded.
    nonisolated override func forwards(_ aSelector: Selector) -> Bool {
        !NSStringFromSelector(aSelector).hasPrefix("_")
    }

    func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool {
        guard !isAskingTarget else { return true }  // a delegate cycle came back: no second lap
        let previous = askingTarget { previousDelegate?.gestureRecognizerShouldBegin?(gestureRecognizer) }
        let answer = host?.popGestureShouldBegin(kind, previousAnswer: previous) ?? previous ?? true  // R35
        if host?.recording != nil { host?.reportPopGestureAnswer(kind, begins: answer) }
        return answer
    }

    @available(iOS 13.4, *)
    func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer, shouldReceive event: UIEvent) -> Bool {
        guard !isAskingTarget else { return true }
        let previous = askingTarget {
            previousDelegate?.gestureRecognizer?(gestureRecognizer, shouldReceive: event)
        }
        return host?.popGestureShouldReceive(kind, previousAnswer: previous) ?? previous ?? true  // R34
    }

    func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer, shouldReceive touch: UITouch) -> Bool {
        guard !isAskingTarget else { return true }
        let previous = askingTarget {
            previousDelegate?.gestureRecognizer?(gestureRecognizer, shouldReceive: touch)
        }
        return host?.popGestureShouldReceive(kind, previousAnswer: previous) ?? previous ?? true  // R34
    }

    func gestureRecognizer(
        _ gestureRecognizer: UIGestureRecognizer,
        shouldBeRequiredToFailBy otherGestureRecognizer: UIGestureRecognizer
    ) -> Bool {
        guard !isAskingTarget else { return false }
        if Self.isHorizontalScrollPan(otherGestureRecognizer),
            let answer = host?.popGestureRequiredToFailByScrollView(kind)
        {
            return answer
        }
        return askingTarget {
            previousDelegate?.gestureRecognizer?(
                gestureRecognizer, shouldBeRequiredToFailBy: otherGestureRecognizer) ?? false
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
