#if canImport(UIKit)
internal import Foundation
internal import NavigationHooks
internal import ObjectiveC
internal import UIKit

/// The delegate of one pop recognizer (`interactivePopGestureRecognizer`, on iOS 26
/// `interactiveContentPopGestureRecognizer`, or a library's own pan that drives the pop,
/// R71) while the pop-gesture seam is active (rules R15–R19, R34, R35, R70).
///
/// Its ``ForwardingProxy/target`` is the recognizer's previous delegate: UIKit's own
/// (which refuses when the bar is hidden or a custom back button is set, R15) or one the
/// app set. For each question the previous delegate is asked **first**, and its answer is
/// handed to the hooks (``NavigationHooks/PopGestureEvent/previousAnswer``); the first hook
/// with an answer decides, otherwise the previous answer stands, and with no previous
/// answer UIKit's defaults apply (`true` to receive and to begin, `false` to "required to
/// fail"). Every other delegate method is forwarded untouched.
///
/// R34, R70: from iOS 13.4 UIKit asks the delegate an underscored private form of "should
/// receive this event" before anything else, and that is where UIKit's own delegate makes
/// every refusal (decompiled iOS 26.1 and 18.2: the root, a hidden bar, `hidesBackButton`, a
/// custom left item, an active search, an animating bar, a running, deferred or keyboard
/// transition, a delegate with custom transitions); its `gestureRecognizerShouldBegin:`
/// checks only the direction. The proxy answers that private question itself: the method is
/// added to the class at run time under its assembled name
/// (``NavigationHooks/DelegateForwarding/privateReceiveEventSelector``, so no private
/// selector string sits in the binary), it asks the previous delegate with the same private
/// selector, and the hooks may override only the refusals they revive (PopGestureGuard:
/// ``NavigationHooks/SystemPopGestureRefusal/revivable(on:)``, re-checked with public state);
/// a hook that passes (the recorder's) leaves every refusal standing
/// (``NavigationHooks/PopGestureHook/receiveAnswer(of:for:)``). Earlier versions withheld
/// the private question, which dropped every refusal: a swipe at the root began and froze
/// the UI (R16). Every other private question (the failure-requirement pair that keeps the
/// swipe's priority over scroll views and other pans) reaches UIKit's delegate as before.
///
/// The previous delegate is asked by selector (``ObjCMessage``), never through a cast, so an
/// `NSProxy` delegate is asked too.
@MainActor
final class PopGestureDelegateProxy: ForwardingProxy, UIGestureRecognizerDelegate {
    /// Which recognizer this proxy stands in front of.
    let popKind: PopGestureKind
    /// The recognizer, to restore its delegate on removal and to tell a replaced one.
    weak var recognizer: UIGestureRecognizer?
    private weak var host: UIKitNavigationHost?

    private static let shouldBegin = NSSelectorFromString("gestureRecognizerShouldBegin:")
    private static let shouldReceiveEvent = NSSelectorFromString("gestureRecognizer:shouldReceiveEvent:")
    private static let shouldReceiveTouch = NSSelectorFromString("gestureRecognizer:shouldReceiveTouch:")
    private static let requiredToFailBy = NSSelectorFromString(
        "gestureRecognizer:shouldBeRequiredToFailByGestureRecognizer:")

    /// UIKit's private receive question (R34, R70), by its name assembled at run time.
    private static let privateShouldReceiveEvent = NSSelectorFromString(
        DelegateForwarding<ObjectIdentifier>.privateReceiveEventSelector)

    /// Adds the private receive question's method to this class, once: a block that answers
    /// like the public question, through the hooks after the previous delegate. `false` if
    /// the class had it already (then nothing is replaced).
    private static let privateReceiveMethodAdded: Bool = addPrivateReceiveMethod()

    private static func addPrivateReceiveMethod() -> Bool {
        let answer: @convention(block) (AnyObject, AnyObject, AnyObject) -> Bool = { object, recognizer, event in
            // UIKit asks on the main thread; anything else gets UIKit's default rather than a trap
            // in `assumeIsolated`.
            guard Thread.isMainThread, let proxy = object as? PopGestureDelegateProxy,
                let recognizer = recognizer as? UIGestureRecognizer
            else { return true }
            return MainActor.assumeIsolated {
                proxy.receive(privateShouldReceiveEvent, recognizer, event)
            }
        }
        return class_addMethod(
            PopGestureDelegateProxy.self, privateShouldReceiveEvent, imp_implementationWithBlock(answer), "B@:@@")
    }

    init(host: UIKitNavigationHost, kind: PopGestureKind, recognizer: UIGestureRecognizer) {
        self.host = host
        self.popKind = kind
        self.recognizer = recognizer
        _ = Self.privateReceiveMethodAdded
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
            return host?.popGestureShouldReceive(popKind, previousAnswer: previous) ?? previous ?? true  // R34, R70
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
