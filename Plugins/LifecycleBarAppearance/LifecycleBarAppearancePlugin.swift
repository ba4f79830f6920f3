public import NavigationHooks

/// The appearance apps write first: in `viewWillAppear`, a screen with a look sets it on the
/// shared bar (`navigationBar.barTintColor`, its background and shadow images, `tintColor`,
/// `titleTextAttributes`, `barStyle`). Kept as the baseline the bench measures the others
/// against, like ``LifecycleBarHidingPlugin`` for hiding. What goes wrong, and why:
///
/// - **Bleed**: the bar is one view shared by both screens, and its properties change at once
///   (R100): from the arriving screen's `viewWillAppear`, the leaving screen, still fully on
///   screen, wears the arriving look for the whole push, pop or swipe (openHPI/xikolo-ios #661:
///   "the background becomes solid immediately").
/// - **Leak**: a screen that states no look leaves the bar alone, so it keeps the previous
///   screen's (MoZhouqi/KMNavigationBarTransition #102: after the pop "the navigation bar color
///   remains the same").
/// - **Cancelled swipe**: the screen underneath set its look when the swipe began (R12); on
///   cancel the staying screen's `viewWillAppear` runs again (R13) and puts its look back only
///   if it states one (banchichen/TZScrollViewPopGesture #7, andreamazz/AMScrollingNavbar #225).
/// - **iOS 15+**: the bar's own properties do not reach the scroll-edge appearance, which every
///   bar uses at its scroll edge from iOS 15 (R103): a coloured screen at rest shows the app's
///   scroll-edge background.
///
/// - **Seam**: ``NavigationSeams/appearance``; the host must be a ``BarAppearanceHost``
///   (otherwise nothing is installed). One appearance strategy per controller
///   (``BarAppearanceSlot``).
public struct LifecycleBarAppearancePlugin: NavigationPlugin {
    /// `LifecycleBarAppearance`.
    public static var pluginName: String { "LifecycleBarAppearance" }

    /// Where the naive writer writes the bar.
    public enum Writer: String, Sendable, CaseIterable {
        /// From each screen's `viewWillAppear` (the default).
        case viewWillAppear
        /// From the navigation delegate's `willShow`, for the arriving screen, with no cancel
        /// path: after a cancelled swipe the bar keeps the look of the screen that did not come
        /// before iOS 18 (R10, R13, R100); from iOS 18 the `willShow` that ends the cancel (R42)
        /// writes the staying screen's look, at the end of the cancel animation. Spelled
        /// `LifecycleBarAppearance:willShow` in the bench.
        case willShow
    }

    /// The writer.
    public var writer: Writer

    /// Creates the plugin; `writer` is ``Writer/viewWillAppear`` unless reproducing a report.
    public init(writer: Writer = .viewWillAppear) { self.writer = writer }

    public func install(on hooks: HookRegistry, recording installation: PluginInstallation) throws {
        try BarAppearanceSlot.claim(on: hooks, for: Self.pluginName)
        guard let bar = hooks.host as? any BarAppearanceHost else { return }
        if writer == .willShow {
            try installation.addHandler(
                WillShowClosure { [weak bar] context in
                    guard let look = context.arriving.navigationPreferences.navigationBarLook else { return }
                    bar?.setSharedBarLook(look)  // R100: at once, the whole bar; no cancel path
                }, to: hooks.dispatcher.willShowHandlers, at: .last, name: Self.pluginName)
            return
        }
        installation.addHook(
            AppearanceHook { [weak bar] event in
                guard event.phase == .willAppear, let look = event.screen.navigationPreferences.navigationBarLook
                else { return }
                bar?.setSharedBarLook(look)  // R100: at once, the whole bar
            }, to: hooks.host.seams.appearance)
    }
}
