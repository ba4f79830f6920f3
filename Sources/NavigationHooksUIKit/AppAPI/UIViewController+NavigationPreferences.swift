#if canImport(UIKit)
public import NavigationHooks
internal import ObjectiveC
public import UIKit

extension UIViewController {
    /// What this screen wants from its navigation controller; every installed plugin reads
    /// it. Created on first read (UIKit's defaults: bar visible, gestures enabled, no guard)
    /// and stored with the view controller.
    ///
    /// ```swift
    /// override func viewDidLoad() {
    ///     super.viewDidLoad()
    ///     prefersNavigationBarHidden = true
    ///     popGuard = { [unowned self] context in
    ///         context.trigger.isUserInitiated && hasUnsavedChanges ? .deny(reason: "unsaved draft") : .pass
    ///     }
    /// }
    /// ```
    public var navigationPreferences: ScreenPreferences {
        get {
            if let preferences = objc_getAssociatedObject(self, &AssociationKeys.preferences)
                as? ScreenPreferences
            {
                return preferences
            }
            let preferences = ScreenPreferences()
            objc_setAssociatedObject(
                self, &AssociationKeys.preferences, preferences, .OBJC_ASSOCIATION_RETAIN_NONATOMIC)
            return preferences
        }
        set {
            objc_setAssociatedObject(
                self, &AssociationKeys.preferences, newValue, .OBJC_ASSOCIATION_RETAIN_NONATOMIC)
        }
    }

    /// The screen wants the navigation bar hidden while it is on top
    /// (`navigationPreferences.prefersNavigationBarHidden`). A hiding plugin applies it with
    /// `setNavigationBarHidden(_:animated:)` (rules R29–R31); system navigation controllers
    /// are left alone (R33).
    public var prefersNavigationBarHidden: Bool {
        get { navigationPreferences.prefersNavigationBarHidden }
        set { navigationPreferences.prefersNavigationBarHidden = newValue }
    }

    /// What hiding this screen's back button means for the swipe back
    /// (`navigationPreferences.hiddenBackButtonIntent`): `.keepsSwipe` (the default, what most
    /// field reports want) lets the installed `PopGestureGuard` keep the swipe alive behind a
    /// custom left button, `hidesBackButton` or a hidden bar (R15, R66); `.locksSwipe` says the
    /// button is hidden to keep the user here (a checkout step), and the swipe stays refused.
    /// Set it where the back button is hidden:
    ///
    /// ```swift
    /// override func viewDidLoad() {
    ///     super.viewDidLoad()
    ///     navigationItem.hidesBackButton = true
    ///     hiddenBackButtonIntent = .locksSwipe  // paying: no way back but the app's own buttons
    /// }
    /// ```
    public var hiddenBackButtonIntent: HiddenBackButtonIntent {
        get { navigationPreferences.hiddenBackButtonIntent }
        set { navigationPreferences.hiddenBackButtonIntent = newValue }
    }

    /// How the bar should look while this screen is on top (`navigationPreferences.navigationBarLook`):
    /// a background colour or transparent, an alpha, the shadow, tint, title and style. `nil`
    /// (the default) leaves the app's own appearance alone. The recommended composition's
    /// `TransitionBarBackground` gives each screen its own bar background that moves with it,
    /// so a transparent screen over a photo and an opaque one never bleed into each other
    /// (R100–R104).
    ///
    /// ```swift
    /// photoViewController.navigationBarLook = .transparent
    /// detailsViewController.navigationBarLook = NavigationBarLook(background: .color(.white))
    /// ```
    ///
    /// Set it again while the screen is shown (an alpha that follows `scrollViewDidScroll`) and
    /// the installed appearance strategy applies it at once.
    public var navigationBarLook: NavigationBarLook? {
        get { navigationPreferences.navigationBarLook }
        set {
            navigationPreferences.navigationBarLook = newValue
            guard let navigationController, navigationController.viewControllers.contains(self) else { return }
            navigationController.navigationHost.lookChangeHandler?(self)
        }
    }

    /// `false` disables the pop gestures (edge and, on iOS 26, content) on this screen
    /// (`navigationPreferences.isPopGestureEnabled`; rules R15–R19). A pop-gesture plugin
    /// reads it in `gestureRecognizerShouldBegin(_:)`.
    public var isPopGestureEnabled: Bool {
        get { navigationPreferences.isPopGestureEnabled }
        set { navigationPreferences.isPopGestureEnabled = newValue }
    }

    /// The screen's own pop guard (`navigationPreferences.popGuard`): asked after every
    /// `shouldPop` handler passed, for whichever trigger the installed plugins intercept
    /// (back button R21/R26/R27, back menu R25, swipes R15–R19). Return `.deny` to refuse,
    /// `.pass` for no opinion.
    public var popGuard: (@MainActor (PopContext) -> PopDecision)? {
        get { navigationPreferences.popGuard }
        set { navigationPreferences.popGuard = newValue }
    }
}
#endif
