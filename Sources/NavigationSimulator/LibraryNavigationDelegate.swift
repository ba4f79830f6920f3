/// A third-party library's navigation delegate in the slot, for the two field patterns that
/// lose delegate calls (`delegate-library` in `.nav` files):
///
/// - ``Kind/cachedForwarder`` (R55, pointfreeco/swift-navigation PR #259): the library's
///   navigation controller subclass puts its forwarding delegate in the slot in
///   `viewDidLoad`, and its `delegate` setter saves any later delegate (the app's) as the one
///   it forwards to, leaving its own in the slot. UIKit cached the slot's `responds(to:)`
///   answers when the library's delegate entered it, before there was anything to forward
///   `willShow` to: `willShow` is never sent, the app's delegate gets only `didShow`.
/// - ``Kind/barHandler`` (R56, listenzz/HBDNavigationBar #23): the library's delegate shows or
///   hides the bar for each screen in `willShow`; the app's own `delegate = …` later replaces
///   it, and the library's bar handling stops.
@MainActor
public final class LibraryNavigationDelegate: SimNavigationDelegate {
    /// Which pattern.
    public enum Kind: Sendable, Equatable {
        /// R55: owns the slot through its setter; forwards everything, implements `didShow` only.
        case cachedForwarder
        /// R56: handles the bar in `willShow`; replaced by the app's delegate.
        case barHandler
    }

    /// Which pattern.
    public let kind: Kind
    unowned let nav: SimNavigationController
    /// The delegate it forwards to (the one its setter saved, R55).
    public internal(set) var base: (any SimNavigationDelegate)?

    init(kind: Kind, nav: SimNavigationController) {
        self.kind = kind
        self.nav = nav
    }

    public func willShow(_ screen: SimScreen, animated: Bool) {
        if kind == .barHandler {
            nav.setNavigationBarHidden(screen.prefersNavigationBarHidden, animated: animated)  // R56
        }
        base?.willShow(screen, animated: animated)
    }

    public func didShow(_ screen: SimScreen, animated: Bool) {
        base?.didShow(screen, animated: animated)
    }

    /// Its `responds(to:)` now: its own `willShow` (the bar handler), or its base's (R55).
    public var respondsToWillShow: Bool { kind == .barHandler || base?.respondsToWillShow == true }

    public func delivers(_ method: TimelineEvent.DelegateCall.Method, to target: AnyObject) -> Bool {
        self === target || (base?.delivers(method, to: target) ?? false)
    }

    public var implementsTransitionMethods: Bool { base?.implementsTransitionMethods ?? false }
}

extension SimNavigationController {
    /// Puts a library's delegate in the slot, as the library's navigation controller does in
    /// its `viewDidLoad` (before plugins and the app's delegate). UIKit's cached answers are
    /// computed now (R55).
    public func installLibraryDelegate(_ kind: LibraryNavigationDelegate.Kind) {
        let library = LibraryNavigationDelegate(kind: kind, nav: self)
        library.base = delegateSlot
        delegateSlot = library
        if kind == .cachedForwarder { slotOwner = library }
        record(.seamCall(seam: "delegate slot", detail: "library delegate installed (\(kind))"))
    }
}
