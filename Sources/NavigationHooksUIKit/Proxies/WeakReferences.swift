#if canImport(UIKit)
internal import UIKit

/// A weak reference to a host, stored as an associated object on a view controller so a
/// late appearance callback (after the screen left its navigation controller) still finds
/// the host that showed it.
@MainActor
final class WeakHostBox {
    weak var host: UIKitNavigationHost?
    init(_ host: UIKitNavigationHost) { self.host = host }
}

/// A weak reference to a screen that left the stack (see `UIKitNavigationHost.recentlyRemoved`):
/// a code pop reaches `navigationBar(_:shouldPop:)` after the screen left (rule R21).
@MainActor
struct WeakScreen {
    weak var screen: UIViewController?
}

/// A weak reference to a pop recognizer (see ``InteractivePopObserver``, rules R12–R14).
@MainActor
struct WeakRecognizer {
    weak var value: UIGestureRecognizer?
}
#endif
