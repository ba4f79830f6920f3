#if canImport(UIKit)
/// Keys for `objc_setAssociatedObject`: the address of each static is the key. Main-actor
/// isolated like everything that reads them.
@MainActor
enum AssociationKeys {
    /// `UINavigationController` → its ``UIKitNavigationHost``.
    static var host: UInt8 = 0
    /// `UIViewController` → its `ScreenPreferences`.
    static var preferences: UInt8 = 0
    /// `UINavigationController` / `UIGestureRecognizer` → the ``ForwardingProxy`` that must
    /// stay its delegate while a seam is active (see ``DelegateSetterPatch``).
    static var delegateProxy: UInt8 = 0
    /// `UIViewController` → a weak box of the host that last reported it (appearance
    /// callbacks that arrive after the screen left its parent).
    static var lastHost: UInt8 = 0
}
#endif
