#if canImport(UIKit)
public import NavigationHooks
public import UIKit

/// Every view controller is a screen to the core: plugins and handlers read its name,
/// its preferences and whether it replaced the back button.
///
/// The protocol is spelled with its module so the compiler knows this conformance of a UIKit
/// type to a protocol of another module is intended (it is this package's own protocol). The
/// scoped import keeps the core's `NavigationHooks` class out of this file, so the qualified
/// name resolves to the module.
extension UIViewController: NavigationHooks.NavigationScreen {
    /// The title, or the class name when there is none.
    public var screenName: String {
        if let title, !title.isEmpty { return title }
        return String(describing: type(of: self))
    }

    /// `true` when `navigationItem.leftBarButtonItem` is set, which replaces the system
    /// back button, its tap path and its menu (rule R28).
    public var hasCustomBackButton: Bool { navigationItem.leftBarButtonItem != nil }

    /// `navigationItem.hidesBackButton`: UIKit's own pop delegate refuses the swipe then
    /// (rules R15, R70).
    public var isBackButtonHidden: Bool { navigationItem.hidesBackButton }
}
#endif
