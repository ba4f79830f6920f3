/// What a host writes into UIKit when an appearance strategy sets one screen's look (rules
/// R150, R152, R153): kept out of UIKit so Linux tests reach it; the UIKit host does what it
/// says (`UIKitNavigationHost+BarLook.swift`).
///
/// - **Tint (R150)**: `tintColor` is a property of the one bar both screens share, so only
///   the screen that is (or will be, at the end of the running transition) on top writes it
///   (`topViewController` is already the arriving screen in `willShow`, R2). A screen below
///   the top that changes its look, or the leaving screen a strategy sets after the arriving
///   one, leaves the bar's tint alone (HBDNavigationBar writes the tint only for the
///   `viewController` of `willShow`, `updateNavigationBarAnimatedForViewController:`).
/// - **No look (R152)**: a screen that states none keeps UIKit's own bar: no item appearance
///   (so the bar's own standard appearance and iOS 15+'s transparent scroll edge apply, R103)
///   and no background view of its own; on top, the bar gets back the tint it had before any
///   look was written.
/// - **An unloaded view (R153)**: reading `UIViewController.view` loads it (`loadView`,
///   `viewDidLoad`), so a screen whose view is not loaded gets its item appearance now and its
///   background view later (at its next `willShow`, when UIKit loads it anyway).
public struct ScreenBarWrites: Sendable, Hashable {
    /// How the strategy draws a look.
    public enum Mode: Sendable, Hashable {
        /// `ItemBarAppearance`: the navigation item's appearances.
        case itemAppearance
        /// The navigation item's standard and compact appearances only, its scroll-edge ones
        /// left `nil` (what SwiftUI's `toolbarBackground` produces): from iOS 15 the bar shows
        /// the standard one with a transparent background at the scroll edge (R103).
        case itemStandardAppearance
        /// `TransitionBarBackground`: a background view in the screen's view, the item transparent.
        case screenBackground
    }

    /// What goes into the screen's navigation item.
    public enum Item: Sendable, Hashable {
        /// No appearance of the host's: what the item had before the host wrote one (UIKit's own bar).
        case uikits
        /// The standard, scroll-edge and compact appearances set to this look.
        case look(NavigationBarLook)
        /// The standard and compact appearances set to this look, the scroll-edge ones `nil`.
        case standardOnly(NavigationBarLook)
    }

    /// What happens to the screen's own background view.
    public enum Background: Sendable, Hashable {
        /// None (removed if there was one).
        case none
        /// Placed (created if needed) with this look's background, alpha and shadow.
        case place(NavigationBarLook)
        /// The view is not loaded: nothing now, placed when it is (R153).
        case later
    }

    /// What happens to the bar's shared `tintColor`.
    public enum Tint: Sendable, Hashable {
        /// Not touched (the screen is not the one on top, R150).
        case leave
        /// Set to this colour.
        case color(BarColor)
        /// The bar's tint from before any look was written (`nil` there: inherited).
        case barsOwn
    }

    /// The item's appearances.
    public var item: Item
    /// The screen's background view.
    public var background: Background
    /// The bar's tint.
    public var tint: Tint

    /// Creates a plan.
    public init(item: Item, background: Background, tint: Tint) {
        self.item = item
        self.background = background
        self.tint = tint
    }

    /// The writes for one screen.
    ///
    /// - Parameters:
    ///   - stated: the screen's own look (``ScreenPreferences/navigationBarLook``); `nil`:
    ///     it states none.
    ///   - app: the app's look (``BarAppearanceHost/appBarLook``), under the stated one's
    ///     `nil` tint, title and style.
    ///   - mode: how the installed strategy draws a look.
    ///   - isTop: the screen is `topViewController`.
    ///   - isViewLoaded: `isViewLoaded`.
    public static func plan(
        stated: NavigationBarLook?, app: NavigationBarLook, mode: Mode, isTop: Bool, isViewLoaded: Bool
    ) -> ScreenBarWrites {
        guard let stated else {
            return ScreenBarWrites(item: .uikits, background: .none, tint: isTop ? .barsOwn : .leave)
        }
        let look = stated.over(app)
        let tint: Tint = isTop ? (look.tint.map { .color($0) } ?? .barsOwn) : .leave
        switch mode {
        case .itemAppearance:
            return ScreenBarWrites(item: .look(look), background: .none, tint: tint)
        case .itemStandardAppearance:
            return ScreenBarWrites(item: .standardOnly(look), background: .none, tint: tint)
        case .screenBackground:
            var itemLook = look
            itemLook.background = .transparent
            return ScreenBarWrites(
                item: .look(itemLook), background: isViewLoaded ? .place(look) : .later, tint: tint)
        }
    }
}

/// The bar's tint while a finger drives an interactive pop (rule R150): HBDNavigationBar's
/// `blendColor` (`HBDNavigationController.m`), called from its target on the pop recognizer
/// with the coordinator's `percentComplete`: each component moves from the leaving screen's
/// tint to the arriving one's over the first quarter of the swipe, `min(1, progress × 4)`.
public enum BarTintBlend {
    /// The tint at `progress` (0…1) of a swipe from `from` to `to`.
    public static func blended(from: BarColor, to: BarColor, progress: Double) -> BarColor {
        let amount = progress.isNaN ? 0 : min(1, max(0, progress * 4))
        func mix(_ start: Double, _ end: Double) -> Double { start + (end - start) * amount }
        return BarColor(
            red: mix(from.red, to.red), green: mix(from.green, to.green), blue: mix(from.blue, to.blue),
            alpha: mix(from.alpha, to.alpha))
    }
}

/// What a host overwrote in UIKit for the appearance strategies, to put back when the
/// strategy is removed (rule R154): each item's appearances and the bar's tint as they were
/// before the host's first write. The world without the strategy is the oracle: after the
/// removal, what the host wrote is gone and what the app had is back.
///
/// `ItemState` is what a host keeps of an item (the UIKit host: its three appearances),
/// `Color` the bar's tint.
@MainActor
public final class BarWriteLedger<Screen: AnyObject, ItemState, Color> {
    private struct Entry {
        weak var screen: Screen?
        var saved: ItemState
    }

    private var items: [ObjectIdentifier: Entry] = [:]
    private var tintWritten = false
    private var tintBefore: Color?

    /// Creates an empty ledger.
    public init() {}

    /// Remembers `screen`'s item as `current()` reads it, before the host's first write only.
    public func noteItemWrite(_ screen: Screen, current: () -> ItemState) {
        if let entry = items[ObjectIdentifier(screen)], entry.screen === screen { return }
        items[ObjectIdentifier(screen)] = Entry(screen: screen, saved: current())
    }

    /// `screen`'s item as it was before the host's first write; `nil` if the host wrote none.
    public func savedItem(of screen: Screen) -> ItemState? {
        guard let entry = items[ObjectIdentifier(screen)], entry.screen === screen else { return nil }
        return entry.saved
    }

    /// Forgets `screen`'s item (it has what it had again).
    public func forgetItem(of screen: Screen) { items[ObjectIdentifier(screen)] = nil }

    /// Remembers the bar's tint before the host's first write only.
    public func noteTintWrite(current: () -> Color?) {
        guard !tintWritten else { return }
        tintWritten = true
        tintBefore = current()
    }

    /// The bar's tint from before the host's first write (`nil`: none, inherited), and
    /// whether the host wrote one at all.
    public var barTintBefore: (written: Bool, color: Color?) { (tintWritten, tintBefore) }

    /// Everything to put back, and the ledger emptied: the items still alive with what they
    /// had, and the bar's tint if the host wrote one.
    public func takeAll() -> (items: [(Screen, ItemState)], barTint: (written: Bool, color: Color?)) {
        let restored = items.values.compactMap { entry in entry.screen.map { ($0, entry.saved) } }
        let tint = barTintBefore
        items = [:]
        tintWritten = false
        tintBefore = nil
        return (restored, tint)
    }
}
