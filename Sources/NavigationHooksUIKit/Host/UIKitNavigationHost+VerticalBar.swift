#if canImport(UIKit)
public import NavigationHooks
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

/// A recording on a device writes its `bar-edge` and tells a tap on the vertical bar's back
/// button (`tap-back strip`) from one in the top bar (R120, R123).
extension UIKitNavigationHost: VerticalBarRecordingHost {
    /// `UITraitCollection.verticalBarEdge` of the navigation controller (iOS 27.1+), as a `.nav`
    /// file spells it; `none` before 27.1 and where the device draws no vertical bar.
    public var recordedVerticalBarEdge: String {
        guard let navigationController else { return "none" }
        if #available(iOS 27.1, *) {
            switch navigationController.traitCollection.verticalBarEdge {
            case .leading: return "leading"
            case .trailing: return "trailing"
            default: return "none"
            }
        }
        return "none"
    }

    /// `true` when the device draws a vertical bar and the top screen shows the system back
    /// button (above the root, the bar shown, no custom left item, R123, R124): UIKit draws it in
    /// the vertical bar then, and the top bar has none.
    public var backButtonIsInVerticalBar: Bool {
        guard recordedVerticalBarEdge != "none", let navigationController,
            navigationController.viewControllers.count > 1, !navigationController.isNavigationBarHidden,
            let item = navigationController.topViewController?.navigationItem, !item.hidesBackButton
        else { return false }
        return (item.leftBarButtonItems ?? []).isEmpty || item.leftItemsSupplementBackButton
    }
}
#endif
