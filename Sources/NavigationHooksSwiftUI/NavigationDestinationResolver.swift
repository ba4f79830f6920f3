#if canImport(SwiftUI) && canImport(UIKit)
    internal import UIKit

    /// Finds the view controller a SwiftUI view's preferences belong to: the destination's
    /// hosting controller, the first ancestor whose parent is a `UINavigationController` (R61).
    ///
    /// Searched from the view's own controller upwards, never from the key window: each tab,
    /// sheet and split column has its own stack (R60).
    @MainActor
    enum NavigationDestinationResolver {
        /// The destination controller above `start`, or `nil` while `start` is not (yet) in a
        /// navigation controller (its `parent` is nil at the representable's first update, R63).
        static func destination(above start: UIViewController) -> UIViewController? {
            var current: UIViewController? = start
            while let controller = current {
                if controller.parent is UINavigationController { return controller }
                current = controller.parent
            }
            return nil
        }
    }
#endif
