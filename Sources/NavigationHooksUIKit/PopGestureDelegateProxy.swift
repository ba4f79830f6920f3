#if canImport(UIKit)
internal import NavigationHooks
internal import UIKit

/// The delegate of one pop recognizer (`interactivePopGestureRecognizer`, or on iOS 26
/// `interactiveContentPopGestureRecognizer`) while the pop-gesture seam is active
/// (rules R15–R19).
///
/// Its ``ForwardingProxy/target`` is the recognizer's previous delegate: UIKit's own
/// (which refuses when the bar is hidden or a custom back button is set, R15) or one the
/// app set. The hooks answer first; whatever they leave `nil` the previous delegate
/// answers, and with no previous answer UIKit's defaults apply (`true` to begin, `false` to
/// "required to fail"). Every other delegate method is forwarded untouched.
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

    func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool {
        if let answer = host?.popGestureShouldBegin(kind) { return answer }
        return previousDelegate?.gestureRecognizerShouldBegin?(gestureRecognizer) ?? true
    }

    func gestureRecognizer(
        _ gestureRecognizer: UIGestureRecognizer,
        shouldBeRequiredToFailBy otherGestureRecognizer: UIGestureRecognizer
    ) -> Bool {
        if Self.isHorizontalScrollPan(otherGestureRecognizer),
            let answer = host?.popGestureRequiredToFailByScrollView(kind)
        {
            return answer
        }
        return previousDelegate?.gestureRecognizer?(
            gestureRecognizer, shouldBeRequiredToFailBy: otherGestureRecognizer) ?? false
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
