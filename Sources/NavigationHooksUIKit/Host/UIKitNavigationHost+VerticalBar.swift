#if canImport(UIKit)
public import NavigationHooks
internal import ObjectiveC
internal import UIKit

@MainActor
private enum VerticalBarKeys {
    static var adopted: UInt8 = 0
}

// The 27.1 vertical bar (UIKitRules.md R123, R124, R157). Its API is newer than the SDK the
// package is checked against, so every name stays inside a function body behind `#available`.
extension UIKitNavigationHost {
    /// The items this host made `.verticalPreferred` (weakly), to give back `.automatic`.
    private var verticalBarAdoptions: NSHashTable<UIBarButtonItem> {
        if let table = objc_getAssociatedObject(self, &VerticalBarKeys.adopted) as? NSHashTable<UIBarButtonItem> {
            return table
        }
        let table = NSHashTable<UIBarButtonItem>.weakObjects()
        objc_setAssociatedObject(self, &VerticalBarKeys.adopted, table, .OBJC_ASSOCIATION_RETAIN_NONATOMIC)
        return table
    }

    /// R124, R157: on iOS 27.1+, a custom back item (a lone left item that replaces the back
    /// button, R28) stays in the top bar unless it is `.verticalPreferred`, so on a device with
    /// the vertical bar the screen's way back would sit apart from where the system puts it.
    /// Only an item that stands in for the back button (its image is the system's back
    /// chevron, compared with `UIImage.isEqual(_:)`, which Apple documents as the reliable
    /// comparison of image data) that the app left at `.automatic` becomes
    /// `.verticalPreferred`; the host remembers it and gives it `.automatic` back when it no
    /// longer qualifies or the hooks are removed (``restoreVerticalBarItems()``). A "Close" or
    /// "Menu" item, several left items, items that supplement the back button and an item the
    /// app gave another behaviour are left alone (``NavigationHooks/VerticalBarBackItem``).
    ///
    /// `preferredVerticalBarBehavior` needs nothing from the host: `UINavigationController`
    /// already asks its top view controller (`childForPreferredVerticalBarBehavior`, R123).
    func keepCustomBackItemsReachable() {
        guard let navigationController else { return }
        if #available(iOS 27.1, *) {
            let adopted = verticalBarAdoptions
            let chevrons = ["chevron.backward", "chevron.left"].compactMap { UIImage(systemName: $0) }
            var seen: Set<ObjectIdentifier> = []
            for (index, viewController) in navigationController.viewControllers.enumerated() {
                let navigationItem = viewController.navigationItem
                let items = navigationItem.leftBarButtonItems ?? []
                for item in items {
                    seen.insert(ObjectIdentifier(item))
                    let candidate = VerticalBarBackItem.Candidate(
                        isRoot: index == 0, supplementsBackButton: navigationItem.leftItemsSupplementBackButton,
                        leftItemCount: items.count,
                        standsInForBackButton: item.image.map { image in chevrons.contains { $0.isEqual(image) } }
                            ?? false,
                        isAutomatic: item.axisBehavior == .automatic, adoptedByHost: adopted.contains(item),
                        isVerticalPreferred: item.axisBehavior == .verticalPreferred)
                    apply(VerticalBarBackItem.action(for: candidate), to: item, in: adopted)
                }
            }
            // An adopted item no longer in any left bar (removed, or its screen left): back to `.automatic`.
            for item in adopted.allObjects where !seen.contains(ObjectIdentifier(item)) {
                if item.axisBehavior == .verticalPreferred { item.axisBehavior = .automatic }
                adopted.remove(item)
            }
        }
    }

    /// R157: the hooks are removed; every item the host made `.verticalPreferred` (and the app
    /// did not change since) gets `.automatic` back.
    func restoreVerticalBarItems() {
        if #available(iOS 27.1, *) {
            let adopted = verticalBarAdoptions
            for item in adopted.allObjects where item.axisBehavior == .verticalPreferred {
                item.axisBehavior = .automatic
            }
            adopted.removeAllObjects()
        }
    }

    @available(iOS 27.1, *)
    private func apply(
        _ action: VerticalBarBackItem.Action, to item: UIBarButtonItem, in adopted: NSHashTable<UIBarButtonItem>
    ) {
        switch action {
        case .adopt:
            item.axisBehavior = .verticalPreferred
            adopted.add(item)
        case .restore:
            item.axisBehavior = .automatic
            adopted.remove(item)
        case .forget:
            adopted.remove(item)
        case .leave:
            break
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
