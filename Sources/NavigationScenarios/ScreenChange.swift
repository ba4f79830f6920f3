public import NavigationHooks

/// A `set NAME key=value…` step: the options of a screen declaration the app changes from
/// that step on (a leave confirmation set "while there is something to lose", a bar hidden
/// after the content loaded, a custom back button added). Every key a `screen` line takes;
/// `nil` keeps the key's current value.
public struct ScreenChange: Hashable, Sendable {
    /// `bar=`.
    public var bar: ScreenDeclaration.Bar?
    /// `guard=`.
    public var popGuard: ScreenDeclaration.Guard?
    /// `gesture=`.
    public var gesture: ScreenDeclaration.Gesture?
    /// `back=`.
    public var back: ScreenDeclaration.BackButton?
    /// `scroll=`.
    public var scroll: ScreenDeclaration.Scroll?
    /// `hidden-back=`.
    public var hiddenBack: ScreenDeclaration.HiddenBack?
    /// The look keys (`look=`, `alpha=`, …): `.some(look)` replaces the screen's look with the
    /// one they state (`.some(nil)` for `look=none`: no look stated); `nil` keeps it.
    public var look: NavigationBarLook??
    /// `large-title=`.
    public var largeTitle: Bool?

    /// Creates a change; the keys left `nil` keep their value.
    public init(
        bar: ScreenDeclaration.Bar? = nil, popGuard: ScreenDeclaration.Guard? = nil,
        gesture: ScreenDeclaration.Gesture? = nil, back: ScreenDeclaration.BackButton? = nil,
        scroll: ScreenDeclaration.Scroll? = nil, hiddenBack: ScreenDeclaration.HiddenBack? = nil,
        look: NavigationBarLook?? = nil
    ) {
        self.bar = bar
        self.popGuard = popGuard
        self.gesture = gesture
        self.back = back
        self.scroll = scroll
        self.hiddenBack = hiddenBack
        self.look = look
    }

    /// `declaration` with this change's keys written over it.
    public func applied(to declaration: ScreenDeclaration) -> ScreenDeclaration {
        var changed = declaration
        if let bar { changed.bar = bar }
        if let popGuard { changed.popGuard = popGuard }
        if let gesture { changed.gesture = gesture }
        if let back { changed.back = back }
        if let scroll { changed.scroll = scroll }
        if let hiddenBack { changed.hiddenBack = hiddenBack }
        if let look { changed.look = look }
        if let largeTitle { changed.largeTitle = largeTitle }
        return changed
    }
}
