#if canImport(UIKit)
public import NavigationHooks
internal import ObjectiveC
public import UIKit

/// The bar-look state of one navigation controller, stored with it.
@MainActor
final class BarLookStorage {
    /// The app's own look, as the app declared it (`navigationController.appBarLook`).
    var app = NavigationBarLook.system
    /// The bar's own properties before the first shared change, put back by `nil`.
    var savedShared: SavedBar?
    /// ``UIKitNavigationHost/lookChangeHandler``.
    var lookChangeHandler: (@MainActor (any NavigationScreen) -> Void)?
    /// Each screen's background view, weakly by screen.
    let backgrounds = NSMapTable<UIViewController, ScreenBarBackgroundView>.weakToStrongObjects()
    /// What the host overwrote (items' appearances, the bar's tint), put back on removal (R154).
    let ledger = BarWriteLedger<UIViewController, SavedItem, UIColor>()
    /// The transition whose cancellation puts `tintBeforeTransition` back (R150).
    weak var tintCoordinator: AnyObject?
    /// The bar's tint when `tintCoordinator`'s transition began.
    var tintBeforeTransition: UIColor?
    /// Blends the tint while a finger drives a pop (R150).
    var tintBlender: BarTintBlender?

    /// An item's appearances as they were before the host's first write.
    @MainActor
    struct SavedItem {
        var standard: UINavigationBarAppearance?
        var scrollEdge: UINavigationBarAppearance?
        var compact: UINavigationBarAppearance?
        /// `compactScrollEdgeAppearance` (iOS 15+).
        var compactScrollEdge: UINavigationBarAppearance?

        init(_ item: UINavigationItem) {
            standard = item.standardAppearance
            scrollEdge = item.scrollEdgeAppearance
            compact = item.compactAppearance
            if #available(iOS 15, *) { compactScrollEdge = item.compactScrollEdgeAppearance }
        }

        func restore(on item: UINavigationItem) {
            item.standardAppearance = standard
            item.scrollEdgeAppearance = scrollEdge
            item.compactAppearance = compact
            if #available(iOS 15, *) { item.compactScrollEdgeAppearance = compactScrollEdge }
        }
    }

    struct SavedBar {
        var barTintColor: UIColor?
        var backgroundImage: UIImage?
        var shadowImage: UIImage?
        var tintColor: UIColor?
        var titleTextAttributes: [NSAttributedString.Key: Any]?
        var barStyle: UIBarStyle
    }
}

@MainActor
private enum BarLookKeys {
    static var storage: UInt8 = 0
}

extension UINavigationController {
    /// The app's own bar look: under a screen's `navigationBarLook`, the tint, title and style
    /// that look leaves `nil`. Set it once with the app's bar appearance (the default is the
    /// system bar). A screen without a `navigationBarLook` keeps UIKit's own bar (R152): the
    /// bar's own `standardAppearance` (or `UINavigationBar.appearance()`), which the app sets
    /// to the same look.
    public var appBarLook: NavigationBarLook {
        get { navigationHost.barLookStorage.app }
        set { navigationHost.barLookStorage.app = newValue }
    }
}

extension UIKitNavigationHost: BarAppearanceHost {
    var barLookStorage: BarLookStorage {
        if let storage = objc_getAssociatedObject(self, &BarLookKeys.storage) as? BarLookStorage { return storage }
        let storage = BarLookStorage()
        objc_setAssociatedObject(self, &BarLookKeys.storage, storage, .OBJC_ASSOCIATION_RETAIN_NONATOMIC)
        return storage
    }

    /// The app's own look (`navigationController.appBarLook`).
    public var appBarLook: NavigationBarLook { barLookStorage.app }

    /// Set by the installed appearance strategy; called by `UIViewController.navigationBarLook`'s
    /// setter for a screen in this stack. Set to `nil` when the strategy is removed: what the
    /// host wrote for it goes (R154).
    public var lookChangeHandler: (@MainActor (any NavigationScreen) -> Void)? {
        get { barLookStorage.lookChangeHandler }
        set {
            let removed = barLookStorage.lookChangeHandler != nil && newValue == nil
            barLookStorage.lookChangeHandler = newValue
            if removed { restoreBarWrites() }
        }
    }

    /// The bar's own (legacy) properties: they change the whole bar at once (R100) and, on
    /// iOS 15+, not its scroll-edge appearance (R103). `nil` puts back what the bar had.
    public func setSharedBarLook(_ look: NavigationBarLook?) {
        guard let bar = navigationController?.navigationBar else { return }
        let storage = barLookStorage
        if storage.savedShared == nil {
            storage.savedShared = BarLookStorage.SavedBar(
                barTintColor: bar.barTintColor, backgroundImage: bar.backgroundImage(for: .default),
                shadowImage: bar.shadowImage, tintColor: bar.tintColor, titleTextAttributes: bar.titleTextAttributes,
                barStyle: bar.barStyle)
        }
        guard let look = look?.over(storage.app), let saved = storage.savedShared else {
            if let saved = storage.savedShared {
                bar.barTintColor = saved.barTintColor
                bar.setBackgroundImage(saved.backgroundImage, for: .default)
                bar.shadowImage = saved.shadowImage
                bar.tintColor = saved.tintColor
                bar.titleTextAttributes = saved.titleTextAttributes
                bar.barStyle = saved.barStyle
            }
            return
        }
        switch look.background {
        case .system:
            bar.barTintColor = saved.barTintColor
            bar.setBackgroundImage(saved.backgroundImage, for: .default)
        case .color(let color):
            bar.barTintColor = Self.uiColor(color, alpha: look.alpha)
            bar.setBackgroundImage(nil, for: .default)
        case .transparent:
            bar.setBackgroundImage(UIImage(), for: .default)
        }
        bar.shadowImage = look.shadowHidden ? UIImage() : saved.shadowImage
        bar.tintColor = look.tint.map { Self.uiColor($0) } ?? saved.tintColor
        bar.titleTextAttributes = Self.titleAttributes(look) ?? saved.titleTextAttributes
        bar.barStyle = look.style.map { $0 == .dark ? .black : .default } ?? saved.barStyle
    }

    /// The item's standard, scroll-edge and compact appearances (iOS 13+, R102), all three so
    /// iOS 15+'s scroll edge keeps the look (R103). The tint, which no item appearance carries,
    /// goes on the bar only for the screen on top (R150). `nil` (a screen that states no look)
    /// gives the item back what it had: UIKit's own bar (R152).
    public func setItemLook(_ look: NavigationBarLook?, for screen: any NavigationScreen) {
        guard let viewController = screen as? UIViewController else { return }
        apply(writes(look, for: viewController, mode: .itemAppearance), to: viewController)
    }

    /// The item's standard and compact appearances only, its scroll-edge ones `nil` (what
    /// SwiftUI's `toolbarBackground` produces), so from iOS 15 the bar at the scroll edge shows
    /// the standard one with a transparent background (R103); the tint as ``setItemLook(_:for:)``
    /// writes it (R150). `nil` gives the item back what it had (R152).
    public func setItemStandardLook(_ look: NavigationBarLook?, for screen: any NavigationScreen) {
        guard let viewController = screen as? UIViewController else { return }
        apply(writes(look, for: viewController, mode: .itemStandardAppearance), to: viewController)
    }

    /// A screen that states no look, under a strategy that gives the others backgrounds of their
    /// own: UIKit's own bar (R152): the item gets back what it had (the bar's standard
    /// appearance, and from iOS 15 its transparent scroll edge, R103), no background view, and
    /// on top the bar's tint from before any look.
    public func setSystemScreenBackground(for screen: any NavigationScreen) {
        guard let viewController = screen as? UIViewController else { return }
        apply(writes(nil, for: viewController, mode: .screenBackground), to: viewController)
    }

    /// A background view at the top of the screen's own view, under the bar, with the look's
    /// background, alpha and shadow, placed by ``NavigationHooks/BarBackgroundFrame`` at every
    /// layout (R151); the item gets a transparent appearance with the look's title and style, so
    /// the bar draws no background of its own over it. A screen that states no look keeps
    /// UIKit's own bar (R152); a view not loaded yet gets its background when it is (R153).
    public func setScreenBackground(_ look: NavigationBarLook?, for screen: any NavigationScreen) {
        guard let viewController = screen as? UIViewController else { return }
        // R152: the strategy may pass the app's look for a screen that states none.
        let stated = viewController.navigationPreferences.navigationBarLook == nil ? nil : look
        apply(writes(stated, for: viewController, mode: .screenBackground), to: viewController)
    }

    private func writes(
        _ look: NavigationBarLook?, for viewController: UIViewController, mode: ScreenBarWrites.Mode
    ) -> ScreenBarWrites {
        ScreenBarWrites.plan(
            stated: look, app: barLookStorage.app, mode: mode,
            isTop: navigationController?.topViewController === viewController,  // R2, R150
            isViewLoaded: viewController.isViewLoaded)  // R153
    }

    private func apply(_ writes: ScreenBarWrites, to viewController: UIViewController) {
        let storage = barLookStorage
        let item = viewController.navigationItem
        switch writes.item {
        case .uikits:  // R152: what the item had before the host wrote it, if it did
            if let saved = storage.ledger.savedItem(of: viewController) {
                saved.restore(on: item)
                storage.ledger.forgetItem(of: viewController)
            }
        case .look(let look), .standardOnly(let look):
            storage.ledger.noteItemWrite(viewController) { BarLookStorage.SavedItem(item) }
            let appearance = Self.appearance(look)
            item.standardAppearance = appearance
            item.compactAppearance = appearance
            if case .standardOnly = writes.item {
                item.scrollEdgeAppearance = nil
                if #available(iOS 15, *) { item.compactScrollEdgeAppearance = nil }
            } else {
                item.scrollEdgeAppearance = appearance
            }
        }
        switch writes.background {
        case .none:
            storage.backgrounds.object(forKey: viewController)?.removeFromSuperview()
            storage.backgrounds.removeObject(forKey: viewController)
        case .later:
            break  // R153: reading `view` would load it; its next willShow places it
        case .place(let look):
            placeBackground(look, in: viewController)
        }
        switch writes.tint {
        case .leave: break
        case .color(let color): writeTint(Self.uiColor(color))
        case .barsOwn:
            let before = storage.ledger.barTintBefore
            if before.written { writeTint(before.color) }
        }
    }

    private func placeBackground(_ look: NavigationBarLook, in viewController: UIViewController) {
        // Loaded (R153): `viewIfLoaded` never loads it.
        guard let navigationController, let view = viewController.viewIfLoaded else { return }
        let storage = barLookStorage
        // One per screen, also when the map lost it (re-entry from a `viewDidLoad`, issue 38 #4).
        let background =
            storage.backgrounds.object(forKey: viewController)
            ?? view.subviews.lazy.compactMap { $0 as? ScreenBarBackgroundView }.first
            ?? ScreenBarBackgroundView()
        storage.backgrounds.setObject(background, forKey: viewController)
        background.backgroundColor = Self.backgroundColor(look)
        background.alpha = CGFloat(look.alpha)
        background.shadow.isHidden = look.shadowHidden
        background.attach(to: view, of: navigationController)
    }

    /// R154: the strategy was removed; its background views, item appearances and tint go,
    /// and what the app had is back.
    private func restoreBarWrites() {
        let storage = barLookStorage
        if let views = storage.backgrounds.objectEnumerator() {
            for case let view as ScreenBarBackgroundView in views { view.detach() }
        }
        storage.backgrounds.removeAllObjects()
        let taken = storage.ledger.takeAll()
        for (viewController, saved) in taken.items { saved.restore(on: viewController.navigationItem) }
        storage.tintBlender?.stop()
        storage.tintBlender = nil
        if taken.barTint.written { navigationController?.navigationBar.tintColor = taken.barTint.color }
    }

    /// R150: the tint on the one bar, for the screen on top only. Alongside the running
    /// transition, blended by the finger's progress while it drives a pop (HBDNavigationBar's
    /// `handlePopGesture:`), and put back when an interactive pop is cancelled (UIKit calls no
    /// `willShow` for the screen that stays before iOS 18, R10; from iOS 18 its `willShow` sets
    /// the same tint again, R42).
    private func writeTint(_ next: UIColor?) {
        guard let navigationController else { return }
        let bar = navigationController.navigationBar
        let storage = barLookStorage
        storage.ledger.noteTintWrite { bar.tintColor }
        guard let coordinator = navigationController.transitionCoordinator else {
            bar.tintColor = next
            return
        }
        if storage.tintCoordinator !== coordinator {
            storage.tintCoordinator = coordinator
            storage.tintBeforeTransition = bar.tintColor
            let before = bar.tintColor
            coordinator.animate(alongsideTransition: nil) { [weak storage] context in
                MainActor.assumeIsolated {
                    if context.isCancelled { bar.tintColor = before }
                    storage?.tintCoordinator = nil
                }
            }
        }
        if coordinator.isInteractive {
            storage.tintBlender?.stop()
            let blender = BarTintBlender(
                bar: bar, from: storage.tintBeforeTransition, to: next,
                inherited: navigationController.view.tintColor, coordinator: coordinator)
            storage.tintBlender = blender
            blender.start(on: popRecognizers().map(\.recognizer) + libraryPopRecognizers())
            coordinator.notifyWhenInteractionChanges { [weak storage, weak blender] context in
                MainActor.assumeIsolated {
                    blender?.stop()
                    if storage?.tintBlender === blender { storage?.tintBlender = nil }
                    if !context.isCancelled { bar.tintColor = next }
                }
            }
        } else if !coordinator.animate(alongsideTransition: { _ in bar.tintColor = next }) {
            bar.tintColor = next
        }
    }

    static func uiColor(_ color: BarColor, alpha: Double = 1) -> UIColor {
        UIColor(
            red: CGFloat(color.red), green: CGFloat(color.green), blue: CGFloat(color.blue),
            alpha: CGFloat(color.alpha * alpha))
    }

    private static func backgroundColor(_ look: NavigationBarLook) -> UIColor? {
        switch look.background {
        case .system: .systemBackground
        case .color(let color): uiColor(color)
        case .transparent: .clear
        }
    }

    private static func titleAttributes(_ look: NavigationBarLook) -> [NSAttributedString.Key: Any]? {
        guard look.titleColor != nil || look.titleFontSize != nil else { return nil }
        var attributes: [NSAttributedString.Key: Any] = [:]
        if let color = look.titleColor { attributes[.foregroundColor] = uiColor(color) }
        if let size = look.titleFontSize { attributes[.font] = UIFont.boldSystemFont(ofSize: CGFloat(size)) }
        return attributes
    }

    private static func appearance(_ look: NavigationBarLook) -> UINavigationBarAppearance {
        let appearance = UINavigationBarAppearance()
        switch look.background {
        case .system: appearance.configureWithDefaultBackground()
        case .color(let color):
            appearance.configureWithOpaqueBackground()
            appearance.backgroundColor = uiColor(color, alpha: look.alpha)
        case .transparent: appearance.configureWithTransparentBackground()
        }
        if look.shadowHidden { appearance.shadowColor = nil }
        if let attributes = titleAttributes(look) { appearance.titleTextAttributes = attributes }
        return appearance
    }
}
#endif
