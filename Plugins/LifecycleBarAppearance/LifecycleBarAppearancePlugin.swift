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
        /// From each screen's `viewWillAppear`, and while a finger drives a pop, the leaving and
        /// arriving screens' looks mixed linearly by the swipe's progress on every move, as
        /// WRNavigationBar's `wr_updateInteractiveTransition:` does (R135). Nothing is written at
        /// the release: a swipe finished by a quick release leaves the mix of its last move on
        /// the arriving screen, and a cancelled one leaves it on a staying screen that states no
        /// look, which mixes as the app's look (wangrui460/WRNavigationBar #84). Spelled `LifecycleBarAppearance:swipeProgress`.
        case swipeProgress
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
        if writer == .swipeProgress {
            installation.addHook(
                InteractivePopHook { [weak bar] event in
                    guard case .changed(let progress) = event.stage, let bar else { return }
                    let from = event.leaving.navigationPreferences.navigationBarLook
                    let to = event.arriving.navigationPreferences.navigationBarLook
                    guard from != nil || to != nil else { return }  // UIKit's own bar on both sides
                    // A screen without a look mixes as the app's (WRNavigationBar's defaults).
                    let mixed = Self.mix(from ?? bar.appBarLook, to ?? bar.appBarLook, progress: progress)
                    bar.setSharedBarLook(mixed)  // R135: at once (R100), no release path
                }, to: hooks.host.seams.interactivePop)
        }
        installation.addHook(
            AppearanceHook { [weak bar] event in
                guard event.phase == .willAppear, let look = event.screen.navigationPreferences.navigationBarLook
                else { return }
                bar?.setSharedBarLook(look)  // R100: at once, the whole bar
            }, to: hooks.host.seams.appearance)
    }

    /// R135: WRNavigationBar's `updateNavigationBarWithFromVC:toVC:progress:` with its
    /// `middleColor:toColor:percent:` and `middleAlpha:toAlpha:percent:` (`WRNavigationBar.m`):
    /// the background colour (`barTintColor`), the tint and the background's alpha each
    /// `from + (to - from) × progress`, component by component. The rest (title, style, shadow)
    /// is the arriving screen's, as its `viewWillAppear` wrote it when the swipe began (R12);
    /// a background that is not a colour on both sides is the arriving one's as well.
    static func mix(_ from: NavigationBarLook, _ to: NavigationBarLook, progress: Double) -> NavigationBarLook {
        let amount = progress.isNaN ? 0 : min(1, max(0, progress))
        func value(_ start: Double, _ end: Double) -> Double { start + (end - start) * amount }
        func color(_ start: BarColor, _ end: BarColor) -> BarColor {
            BarColor(
                red: value(start.red, end.red), green: value(start.green, end.green),
                blue: value(start.blue, end.blue), alpha: value(start.alpha, end.alpha))
        }
        var look = to
        if case .color(let start) = from.background, case .color(let end) = to.background {
            look.background = .color(color(start, end))
        }
        look.alpha = value(from.alpha, to.alpha)
        if let start = from.tint, let end = to.tint { look.tint = color(start, end) }
        return look
    }
}
