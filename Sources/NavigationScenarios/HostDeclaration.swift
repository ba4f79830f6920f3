/// A `host uikit|swiftui [preferences=modifiers|once|probe]` line: what kind of stack the flow runs
/// in. Without one, a plain `UINavigationController` the app drives (`uikit`).
public struct HostDeclaration: Hashable, Sendable {
    /// The stack's kind.
    public enum Kind: String, CaseIterable, Hashable, Sendable {
        /// A `UINavigationController` the app creates and drives (the default).
        case uikit
        /// A SwiftUI `NavigationStack(path:)` (or a `NavigationView` in stack style): SwiftUI's
        /// navigation controller (R60), its own navigation delegate set before any plugin, a
        /// hosting controller per destination that rewrites its item on appearance (R61, R62),
        /// and a path binding SwiftUI sets after a user's pop (R65). `push`, `pop`, `pop-to`,
        /// `pop-to-root` and `set-stack` are the app changing the path: its own, always free.
        case swiftui
    }

    /// How a SwiftUI destination's preferences reach its hosting controller (`preferences=`).
    public enum Preferences: String, CaseIterable, Hashable, Sendable {
        /// Through the view modifiers (`.prefersNavigationBarHidden(_:)`, …), which write them
        /// again at every appearance (R62, R63; the default) and state the bar in SwiftUI's own
        /// terms as well, so SwiftUI's own bar calls agree (R77).
        case modifiers
        /// Written once into the hosting controller (introspection at creation): the first
        /// appearance's rewrite drops them (R62).
        case once
        /// Written again at every appearance by a probe (R63), but the bar is not stated in
        /// SwiftUI's own terms (`NavigationHooksSwiftUI`'s modifier before it did, or a
        /// hand-made representable): SwiftUI's own bar calls show the bar again (R77).
        case probe
    }

    /// `uikit` or `swiftui`.
    public var kind: Kind
    /// `preferences=`; meaningful for `swiftui` only.
    public var preferences: Preferences

    /// Creates a declaration; the default is a UIKit stack.
    public init(kind: Kind = .uikit, preferences: Preferences = .modifiers) {
        self.kind = kind
        self.preferences = preferences
    }

    /// `true` for `host swiftui`.
    public var isSwiftUI: Bool { kind == .swiftui }

    /// The SwiftUI container a `host swiftui` flow stands for on one profile (R60).
    public enum SwiftUIContainer: String, CaseIterable, Hashable, Sendable {
        /// `NavigationView` in stack style (`ios13`, `ios14`): SwiftUI's navigation controller
        /// with a `UIHostingController` per pushed destination (R61), driven by
        /// `NavigationLink(isActive:)` bindings. It has no path binding, so `expect path`
        /// cannot be checked there.
        case navigationView = "NavigationView"
        /// `NavigationStack(path:)` (iOS 16 and later, so `ios16` on): a path binding SwiftUI
        /// sets after a user's pop (R65).
        case navigationStack = "NavigationStack(path:)"
    }

    /// What a `host swiftui` flow runs in on `profile`: `NavigationStack(path:)` exists from
    /// iOS 16; before it the SwiftUI stack is a `NavigationView`.
    public static func swiftUIContainer(on profile: ScenarioProfile) -> SwiftUIContainer {
        profile.capabilities.iOSMajorVersion >= 16 ? .navigationStack : .navigationView
    }
}
