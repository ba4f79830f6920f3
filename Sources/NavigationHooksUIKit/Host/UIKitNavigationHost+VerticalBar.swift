#if canImport(UIKit)
internal import NavigationHooks
internal import UIKit

// The 27.1 vertical bar (UIKitRules.md R123, R124). Its API is newer than the SDK the package
// is checked against, so every name stays inside a function body behind `#available`.
extension UIKitNavigationHost {
    /// R124: on iOS 27.1+, a custom back item (a lone left item that replaces the back button,
    /// R28) stays in the top bar unless it is `.verticalPreferred`, so on a device with the
    /// vertical bar the screen's way back would sit apart from where the system puts it. Where
    /// the app left such an item's `axisBehavior` at `.automatic`, it becomes
    /// `.verticalPreferred`; an item the app gave another behaviour keeps it, and so do screens
    /// with several left items or items that supplement the back button.
    ///
    /// `preferredVerticalBarBehavior` needs nothing from the host: `UINavigationController`
    /// already asks its top view controller (`childForPreferredVerticalBarBehavior`, R123).
    func keepCustomBackItemsReachable() {
        guard let navigationController else { return }
        if #available(iOS 27.1, *) {
            for viewController in navigationController.viewControllers.dropFirst() {
                let item = viewController.navigationItem
                guard !item.leftItemsSupplementBackButton, let items = item.leftBarButtonItems, items.count == 1,
                    let back = items.first, back.axisBehavior == .automatic
                else { continue }
                back.axisBehavior = .verticalPreferred
            }
        }
    }
}
#endif
