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
/// The two calls are sent to the chain by selector (``ObjCMessage``), never through a cast
/// to `UINavigationControllerDelegate`: an `NSProxy` based delegate (RxCocoa-style
/// forwarding objects) answers `responds(to:)` but may fail the cast, and would lose its
/// calls. A call that comes back to this proxy through a library that saved it goes on to
/// the delegate that library displaced, and the hooks run once (``ForwardingProxy/relay(_:_:)``, R54).
@MainActor
final class NavigationDelegateProxy: ForwardingProxy, UINavigationControllerDelegate {
    private static let willShowSelector = NSSelectorFromString("navigationController:willShowViewController:animated:")
    private static let didShowSelector = NSSelectorFromString("navigationController:didShowViewController:animated:")

    private weak var host: UIKitNavigationHost?

    init(host: UIKitNavigationHost) {
        self.host = host
        super.init(kind: .navigationDelegate)
    }

    func navigationController(
        _ navigationController: UINavigationController, willShow viewController: UIViewController,
        animated: Bool
    ) {
        relay(Self.willShowSelector) { isFirstArrival, next in
            if let next {
                ObjCMessage.show(next, Self.willShowSelector, navigationController, viewController, animated)
            }
            if isFirstArrival { host?.navigationControllerWillShow(viewController, animated: animated) }
        }
    }

    func navigationController(
        _ navigationController: UINavigationController, didShow viewController: UIViewController,
        animated: Bool
    ) {
        relay(Self.didShowSelector) { isFirstArrival, next in
            if let next {
                ObjCMessage.show(next, Self.didShowSelector, navigationController, viewController, animated)
            }
            if isFirstArrival { host?.navigationControllerDidShow(viewController, animated: animated) }
        }
    }
}
#endif
