public import NavigationHooks

/// Per-item appearance (iOS 13+): each screen's look goes into its own navigation item's
/// `standardAppearance`, `scrollEdgeAppearance` and `compactAppearance`, and UIKit shows the
/// top item's and transitions between two items' itself (R102), following an interactive
/// swipe and going back on cancel. Setting all three keeps iOS 15+'s scroll-edge appearance
/// (R103) from making the bar transparent.
///
/// - **Seam**: the `willShow` point (the navigation delegate's proxy, R8): the arriving
///   screen's item gets its look before UIKit shows it; a screen without a look gets no item
///   appearance, so the bar's own (the app's) applies: the app's appearance is left alone.
/// - **Covers**: a wrong look at rest, a cancelled swipe, opaque looks in every transition.
/// - **Misses** what an item appearance cannot do: a transparent or translucent end (an alpha
///   between 0 and 1, a bar fading with scrolling) cross-fades over the whole bar, so the
///   opaque colour shows over the photo while it is still on screen (R102;
///   wangrui460/WRNavigationBar #134), and on iOS 26 the arriving item's look applies at once
///   (R102; unfence-labs/hive #458). ``TransitionBarBackgroundPlugin`` covers those.
/// - The host must be a ``BarAppearanceHost`` (otherwise nothing is installed). One appearance
///   strategy per controller (``BarAppearanceSlot``).
public struct ItemBarAppearancePlugin: NavigationPlugin {
    /// `ItemBarAppearance`.
    public static var pluginName: String { "ItemBarAppearance" }

    /// What the plugin reproduces besides its default.
    public enum Mode: String, Sendable, CaseIterable {
        /// All three item appearances; the leaving screen set first, the arriving one last, and
        /// the staying one again after a cancelled swipe (the default).
        case standard
        /// Only the standard appearance, as SwiftUI's `toolbarBackground` sets it: on iOS 15+ at
        /// the scroll edge the bar is transparent (R103, R133). Spelled
        /// `ItemBarAppearance:standardOnly` in the bench.
        case standardOnly
        /// The arriving screen set first and the leaving one last, with nothing on cancel: the
        /// order this package's hosts used before issue 38, which leaves the one bar with the
        /// leaving screen's tint (R130). Spelled `ItemBarAppearance:leavingLast`.
        case leavingLast
    }

    /// The mode.
    public var mode: Mode

    /// Creates the plugin; `mode` is ``Mode/standard`` unless reproducing a report.
    public init(mode: Mode = .standard) { self.mode = mode }

    public func install(on hooks: HookRegistry, recording installation: PluginInstallation) throws {
        try BarAppearanceSlot.claim(on: hooks, for: Self.pluginName)
        guard let bar = hooks.host as? any BarAppearanceHost else { return }
        let mode = mode
        try BarLookActivation.install(
            on: hooks, bar: bar, recording: installation, name: Self.pluginName,
            order: mode == .leavingLast ? .leavingLast : .arrivingLast
        ) { [weak bar] screen in
            let look = screen.navigationPreferences.navigationBarLook
            if mode == .standardOnly {
                bar?.setItemStandardLook(look, for: screen)  // R133
            } else {
                bar?.setItemLook(look, for: screen)
            }
        }
    }
}
