#if canImport(UIKit)
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
@MainActor
final class NavigationDelegateProxy: ForwardingProxy, UINavigationControllerDelegate {
    private weak var host: UIKitNavigationHost?

    init(host: UIKitNavigationHost) {
        self.host = host
        super.init()
    }

    private var appDelegate: (any UINavigationControllerDelegate)? {
        target as? any UINavigationControllerDelegate
    }

    func navigationController(
        _ navigationController: UINavigationController, willShow viewController: UIViewController,
        animated: Bool
    ) {
        appDelegate?.navigationController?(
            navigationController, willShow: viewController, animated: animated)
        host?.navigationControllerWillShow(viewController, animated: animated)
    }

    func navigationController(
        _ navigationController: UINavigationController, didShow viewController: UIViewController,
        animated: Bool
    ) {
        appDelegate?.navigationController?(
            navigationController, didShow: viewController, animated: animated)
        host?.navigationControllerDidShow(viewController, animated: animated)
    }
}
#endif
