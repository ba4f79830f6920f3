extension ScreenPreferences {
    /// Runs `write` on these preferences and says whether it changed ``navigationBarLook``: a
    /// declarative view's look must then reach the installed appearance strategy the way
    /// `UIViewController.navigationBarLook`'s setter makes it (through
    /// ``BarAppearanceHost/lookChangeHandler``), whichever came first, the strategy or the look
    /// (rule R155). `NavigationHooksSwiftUI` writes every modifier's value through it.
    ///
    /// ```swift
    /// if screen.navigationPreferences.write({ $0.navigationBarLook = .transparent }) {
    ///     host.lookChangeHandler?(screen)
    /// }
    /// ```
    ///
    /// - Returns: `true` when the look is not what it was before `write`.
    @discardableResult
    public func write(_ write: (ScreenPreferences) -> Void) -> Bool {
        let before = navigationBarLook
        write(self)
        return navigationBarLook != before
    }
}
