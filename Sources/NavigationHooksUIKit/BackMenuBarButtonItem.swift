#if canImport(UIKit)
internal import UIKit

/// The back-menu seam's mechanism (rule R25): the `backBarButtonItem` the host gives a
/// screen (only one that has none of its own), from which the **next** screen's back
/// button is derived.
///
/// Since iOS 14 UIKit gives the back button a menu of earlier screens. There is no public
/// API to veto or filter it; what is possible is to own the back item and intercept the
/// menu UIKit assigns to it (overriding `menu`, a documented iOS 14 property of
/// `UIBarButtonItem`). The setter hands UIKit's menu to the host, which returns it
/// unchanged (every destination kept), `nil` (the menu is withheld: a long press does
/// nothing) or a rebuilt menu of the kept destinations whose actions pop to them.
///
/// Limits, documented:
/// - That UIKit assigns the history menu through this setter is observed (a Stack Overflow
///   answer and libraries that disable the menu this way), not documented.
/// - The filter runs when UIKit assigns the menu (when the next screen is shown), not at
///   long-press time; the seam applies from the next push after installation.
/// - The back button's title comes from this item (`backButtonTitle`, `title` of the
///   screen below), so a long title is no longer shortened to "Back" automatically.
/// - A screen with its own `backBarButtonItem` is left alone: its menu is not filtered.
/// - A rebuilt menu shows titles only (no per-screen images or "history" styling).
@MainActor
final class BackMenuBarButtonItem: UIBarButtonItem {
    /// The host that filters menus assigned to this item.
    weak var host: UIKitNavigationHost?

    init(title: String, host: UIKitNavigationHost) {
        self.host = host
        super.init()
        self.title = title
        self.style = .plain
    }

    required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    @available(iOS 14.0, *)
    override var menu: UIMenu? {
        get { super.menu }
        set {
            guard let host else {
                super.menu = newValue
                return
            }
            super.menu = host.backMenu(filtering: newValue, for: self)
        }
    }
}
#endif
