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
    let backgrounds = NSMapTable<UIViewController, UIView>.weakToStrongObjects()

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
    static var backgroundViewTag = 0x4E48_4C4B  // "NHLK"
}

extension UINavigationController {
    /// The app's own bar look: what a screen without a `navigationBarLook` shows when an
    /// appearance strategy gives every screen its own background. Set it once with the app's
    /// bar appearance (the default is the system bar).
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
    /// setter for a screen in this stack.
    public var lookChangeHandler: (@MainActor (any NavigationScreen) -> Void)? {
        get { barLookStorage.lookChangeHandler }
        set { barLookStorage.lookChangeHandler = newValue }
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
    /// iOS 15+'s scroll edge keeps the look (R103); the tint, which no item appearance carries,
    /// goes on the bar alongside the transition and is put back if an interactive pop is
    /// cancelled. `nil` removes them.
    public func setItemLook(_ look: NavigationBarLook?, for screen: any NavigationScreen) {
        guard let viewController = screen as? UIViewController else { return }
        let item = viewController.navigationItem
        guard let look = look?.over(barLookStorage.app) else {
            item.standardAppearance = nil
            item.scrollEdgeAppearance = nil
            item.compactAppearance = nil
            return
        }
        let appearance = Self.appearance(look)
        item.standardAppearance = appearance
        item.scrollEdgeAppearance = appearance
        item.compactAppearance = appearance
        applyTint(look.tint)
    }

    /// A background view at the top of the screen's own view, under the bar, with the look's
    /// background, alpha and shadow; the item gets a transparent appearance with the look's
    /// title and style, so the bar draws no background of its own over it. `nil` removes it.
    public func setScreenBackground(_ look: NavigationBarLook?, for screen: any NavigationScreen) {
        guard let viewController = screen as? UIViewController else { return }
        let storage = barLookStorage
        guard let look = look?.over(storage.app) else {
            storage.backgrounds.object(forKey: viewController)?.removeFromSuperview()
            storage.backgrounds.removeObject(forKey: viewController)
            setItemLook(nil, for: screen)
            return
        }
        var itemLook = look
        itemLook.background = .transparent
        setItemLook(itemLook, for: screen)
        let background = storage.backgrounds.object(forKey: viewController) ?? makeBackgroundView(in: viewController)
        storage.backgrounds.setObject(background, forKey: viewController)
        background.backgroundColor = Self.backgroundColor(look)
        background.alpha = CGFloat(look.alpha)
        background.subviews.first?.isHidden = look.shadowHidden
        if let bar = navigationController?.navigationBar {
            let height = bar.convert(bar.bounds, to: nil).maxY
            background.frame = CGRect(x: 0, y: 0, width: viewController.view.bounds.width, height: height)
        }
        viewController.view.bringSubviewToFront(background)
    }

    private func makeBackgroundView(in viewController: UIViewController) -> UIView {
        let background = UIView()
        background.tag = BarLookKeys.backgroundViewTag
        background.isUserInteractionEnabled = false
        background.autoresizingMask = [.flexibleWidth, .flexibleBottomMargin]
        let shadow = UIView()
        shadow.backgroundColor = UIColor(white: 0, alpha: 0.3)
        shadow.autoresizingMask = [.flexibleWidth, .flexibleTopMargin]
        let hairline = 1 / max(1, viewController.traitCollection.displayScale)
        shadow.frame = CGRect(x: 0, y: 0, width: 0, height: hairline)
        background.addSubview(shadow)
        background.layoutIfNeeded()
        viewController.view.addSubview(background)
        return background
    }

    /// The tint on the bar, alongside the running transition; put back when an interactive
    /// pop is cancelled (UIKit calls no `willShow` for the screen that stays, R10).
    private func applyTint(_ tint: BarColor?) {
        guard let bar = navigationController?.navigationBar else { return }
        let previous = bar.tintColor
        let next = tint.map { Self.uiColor($0) }
        guard let coordinator = navigationController?.transitionCoordinator else {
            bar.tintColor = next
            return
        }
        coordinator.animate(
            alongsideTransition: { _ in bar.tintColor = next },
            completion: { context in
                if context.isCancelled { bar.tintColor = previous }
            })
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
