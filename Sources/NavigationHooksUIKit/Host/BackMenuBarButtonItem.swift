#if canImport(UIKit)
internal import UIKit

/// The back-menu seam's mechanism (rules R25, R37): the `backBarButtonItem` the host gives a
/// screen (only one that has none of its own), from which the **next** screen's back
/// button is derived.
///
/// Since iOS 14 UIKit gives the back button a menu of earlier screens. There is no public
/// API to veto it; what is possible is to own the back item and intercept the menu UIKit
/// assigns to it (overriding `menu`, a documented iOS 14 property of `UIBarButtonItem`).
/// The setter hands UIKit's menu to the host, which returns it unchanged, `nil` (withheld:
/// a long press does nothing) or rebuilt rows whose actions ask the back-menu hooks **when
/// the row is picked** and then pop (``UIKitNavigationHost/backMenuPicked(_:)``).
///
/// Limits, documented:
/// - That UIKit assigns the history menu through this setter, when the next screen is
///   shown, is observed (R37), not documented; the seam applies from the next push after
///   installation.
/// - The back button's title comes from this item, which the host keeps up to date with
///   the screen's `backButtonTitle`/`title` on every `willShow`; with
///   `backButtonDisplayMode` `.generic` or `.minimal` the item has no title, so the mode
///   decides (an empty title would blank the screen's back-menu row, element-ios #5971). A long title is no longer shortened to "Back"
///   automatically (UIKit does that only for titles it chooses itself).
/// - A screen with its own `backBarButtonItem` is left alone: its menu is not guarded.
/// - Rebuilt rows show the screens' back titles (or names, never blank) and the image of
///   UIKit's row with the same title; any other styling of UIKit's rows is lost.
@MainActor
final class BackMenuBarButtonItem: UIBarButtonItem {
    /// The host that filters menus assigned to this item.
    weak var host: UIKitNavigationHost?

    init(title: String?, host: UIKitNavigationHost) {
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
