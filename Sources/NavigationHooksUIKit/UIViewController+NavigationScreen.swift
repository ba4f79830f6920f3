#if canImport(UIKit)
public import NavigationHooks
public import UIKit

/// Every view controller is a screen to the core: plugins and handlers read its name,
/// its preferences and whether it replaced the back button.
extension UIViewController: NavigationScreen {
    /// The title, or the class name when there is none.
    public var screenName: String {
        if let title, !title.isEmpty { return title }
        return String(describing: type(of: self))
    }

    /// `true` when `navigationItem.leftBarButtonItem` is set, which replaces the system
    /// back button, its tap path and its menu (rule R28).
    public var hasCustomBackButton: Bool { navigationItem.leftBarButtonItem != nil }
}
#endif
