#if canImport(UIKit)
internal import Foundation
internal import ObjectiveC
internal import UIKit

/// The navigation controller's delegate while the navigation-delegate seam (or a seam that
/// needs `willShow`: backAction, back menu, pop gestures) is active (rules R8–R11).
///
/// It forwards `willShow`/`didShow` to the app's own delegate **first**, then reports to
/// the host; every other `UINavigationControllerDelegate` method (animation controllers,
/// orientations, …) goes to the app's delegate untouched through ``ForwardingProxy``.
/// The app may set `navigationController.delegate` after installation: the patched setter
/// (``DelegateSetterPatch``) makes the new object the proxy's target and keeps the proxy
/// installed. Reading `navigationController.delegate` returns the proxy while it is
/// installed (known limit; use your own reference to your delegate).
///
/// The two calls are sent to the target by selector (`responds(to:)`, then its
/// implementation), not through a cast to `UINavigationControllerDelegate`: an `NSProxy`
/// based delegate (RxCocoa-style forwarding objects) answers `responds(to:)` but may fail
/// the cast, and would lose its calls. A call that comes back to this proxy through a
/// delegate cycle (theirs forwards to what they saved, which is this proxy) is not
/// forwarded or reported again.
@MainActor
final class NavigationDelegateProxy: ForwardingProxy, UINavigationControllerDelegate {
    private typealias ShowCall =
        @convention(c) (AnyObject, Selector, UINavigationController, UIViewController, ObjCBool) -> Void

    private static let willShowSelector = NSSelectorFromString("navigationController:willShowViewController:animated:")
    private static let didShowSelector = NSSelectorFromString("navigationController:didShowViewController:animated:")

    private weak var host: UIKitNavigationHost?

    init(host: UIKitNavigationHost) {
        self.host = host
        super.init()
    }

    func navigationController(
        _ navigationController: UINavigationController, willShow viewController: UIViewController,
        animated: Bool
    ) {
        guard !isAskingTarget else { return }  // a delegate cycle came back: no second lap
        send(Self.willShowSelector, navigationController, viewController, animated)
        host?.navigationControllerWillShow(viewController, animated: animated)
    }

    func navigationController(
        _ navigationController: UINavigationController, didShow viewController: UIViewController,
        animated: Bool
    ) {
        guard !isAskingTarget else { return }
        send(Self.didShowSelector, navigationController, viewController, animated)
        host?.navigationControllerDidShow(viewController, animated: animated)
    }

    /// Sends one show call to the target, if it answers to it.
    private func send(
        _ selector: Selector, _ navigationController: UINavigationController, _ viewController: UIViewController,
        _ animated: Bool
    ) {
        guard let target, askingTarget({ target.responds(to: selector) }),
            let targetClass = object_getClass(target),
            let implementation = class_getMethodImplementation(targetClass, selector)
        else { return }
        let call = unsafeBitCast(implementation, to: ShowCall.self)
        askingTarget { call(target, selector, navigationController, viewController, ObjCBool(animated)) }
    }
}
#endif
