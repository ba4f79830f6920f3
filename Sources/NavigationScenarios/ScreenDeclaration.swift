public import NavigationHooks

/// A `screen NAME key=value…` line: what the app intends for one view controller.
public struct ScreenDeclaration: Hashable, Sendable {
    /// Whether the screen wants the navigation bar (`bar=`).
    public enum Bar: String, CaseIterable, Hashable, Sendable {
        /// The bar is shown (the default).
        case visible
        /// The screen hides the bar.
        case hidden
    }

    /// Whether the app refuses user-initiated pops of the screen (`guard=`).
    public enum Guard: String, CaseIterable, Hashable, Sendable {
        /// No opinion: every pop is allowed (the default).
        case none
        /// The app's handler refuses every user-initiated pop (an unsaved draft).
        case deny
        /// The screen has a leave confirmation: every user attempt to leave asks the app,
        /// which answers with a `confirm discard` or `confirm keep` step.
        case confirm
        /// The app's own handler decides the user's exits, and refuses them here (its state: a
        /// draft with text): a handler the app's bench registered (`PluginCatalog`), never the
        /// bench's. A refusal is an asked exit; an exit that went through is unguarded, whether
        /// the handler allowed it or never got to answer (Examples/Scenarios/README.md,
        /// "The app's own handler").
        case app
    }

    /// Whether the app disabled the pop gesture on the screen (`gesture=`).
    public enum Gesture: String, CaseIterable, Hashable, Sendable {
        /// The gesture works (the default).
        case enabled
        /// The app turned it off for this screen.
        case disabled
    }

    /// Which back button the screen shows (`back=`).
    public enum BackButton: String, CaseIterable, Hashable, Sendable {
        /// The system back button (the default).
        case system
        /// A custom `leftBarButtonItem` (R28); its action is the app's.
        case custom
    }

    /// What fills the content area (`scroll=`).
    public enum Scroll: String, CaseIterable, Hashable, Sendable {
        /// Nothing that competes with a swipe (the default).
        case none
        /// A horizontal scroll view (R18, R19).
        case horizontal
    }

    /// What hiding the back button means for the swipe (`hidden-back=`; see
    /// `HiddenBackButtonIntent` in the core).
    public enum HiddenBack: String, CaseIterable, Hashable, Sendable {
        /// A hidden or custom back button keeps the swipe (the default).
        case keepsSwipe = "keeps-swipe"
        /// The back button is hidden to lock the swipe: a swipe that pops the screen while its
        /// back button is hidden counts as an unguarded pop, a refused one as no blocked pop.
        case locksSwipe = "locks-swipe"
    }

    /// The screen's name, `[A-Za-z][A-Za-z0-9_]*`.
    public var name: String
    /// `bar=`.
    public var bar: Bar
    /// `guard=`.
    public var popGuard: Guard
    /// `gesture=`.
    public var gesture: Gesture
    /// `back=`.
    public var back: BackButton
    /// `scroll=`.
    public var scroll: Scroll
    /// `hidden-back=`.
    public var hiddenBack: HiddenBack = .keepsSwipe
    /// The bar look the screen states (`look=`, `alpha=`, `shadow=`, `tint=`, `title=`,
    /// `style=`); `nil` leaves the app's appearance alone (the default).
    public var look: NavigationBarLook?
    /// `large-title=always|never`: the item shows a large title (R132); `false`, the default,
    /// shows the standard one.
    public var largeTitle = false
    /// Where the declaration's name is.
    public var location: SourceLocation

    /// Creates a declaration; every key defaults to the format's default.
    public init(
        name: String,
        bar: Bar = .visible,
        popGuard: Guard = .none,
        gesture: Gesture = .enabled,
        back: BackButton = .system,
        scroll: Scroll = .none,
        location: SourceLocation
    ) {
        self.name = name
        self.bar = bar
        self.popGuard = popGuard
        self.gesture = gesture
        self.back = back
        self.scroll = scroll
        self.location = location
    }
}
