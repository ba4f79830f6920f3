public import NavigationHooks

/// The `app-bar` line: the appearance the app gives its navigation bar once, before any screen
/// states a look (`UINavigationBar.appearance()` before the bar enters a window, R101, or the
/// bar's `standardAppearance` set in the app's setup): what every screen without a look shows
/// (R130).
public struct AppBarDeclaration: Hashable, Sendable {
    /// Whether the app also sets the bar's scroll-edge appearance.
    public enum ScrollEdge: String, CaseIterable, Hashable, Sendable {
        /// None: at the scroll edge the bar shows the standard appearance with a transparent
        /// background (R103; the default, as an app written for iOS 14 has it).
        case none
        /// The standard one again (`scrollEdgeAppearance = standardAppearance`, the usual iOS 15
        /// fix): the bar looks the same at the scroll edge.
        case standard
    }

    /// The standard appearance (the look keys of the line).
    public var look: NavigationBarLook
    /// `scroll-edge=none|standard`.
    public var scrollEdge: ScrollEdge

    /// Creates a declaration.
    public init(look: NavigationBarLook, scrollEdge: ScrollEdge = .none) {
        self.look = look
        self.scrollEdge = scrollEdge
    }
}
