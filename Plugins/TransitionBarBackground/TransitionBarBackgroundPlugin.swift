public import NavigationHooks

/// A bar background per screen, in the style of HBDNavigationBar and RTRootNavigationController:
/// the shared bar's own background is cleared and each screen draws its look's background
/// (colour, alpha, shadow) in its own view under the bar, so in a push, a pop or a swipe each
/// screen's background moves with it and nothing cross-fades over the other screen. The items'
/// tint, title and style go into the screen's navigation item, which UIKit transitions (R102).
/// This is what an item appearance cannot do: an alpha between 0 and 1, a transparent screen
/// beside an opaque one, on every iOS version.
///
/// - **Seam**: the `willShow` point (the navigation delegate's proxy, R8): the arriving and
///   leaving screens get their backgrounds before the transition's first frame.
/// - **Leaves the app alone** until a screen states a look; from then on every screen gets a
///   background, the app's look for those that state none (a cleared bar over a screen without
///   one would show its content through: a flash).
/// - **Cancelled swipe**: the backgrounds belong to the screens, so the staying screen's comes
///   back with it; no handler needed (R12, R13).
/// - The host must be a ``BarAppearanceHost`` (otherwise nothing is installed). One appearance
///   strategy per controller (``BarAppearanceSlot``).
public struct TransitionBarBackgroundPlugin: NavigationPlugin {
    /// `TransitionBarBackground`.
    public static var pluginName: String { "TransitionBarBackground" }

    /// What the plugin reproduces besides its default.
    public enum Mode: String, Sendable, CaseIterable {
        /// Each screen's background set at `willShow`, before the transition's first frame (the
        /// default).
        case standard
        /// A fake bar bound late: each screen's background set from its `viewDidAppear`, after
        /// the transition, as fake-bar code that builds its view lazily does. During the push
        /// the arriving screen has none, so the cleared bar shows its content through (the
        /// "white/black flash on push" reports; JazysYu/JZNavigationExtension #18). Spelled
        /// `TransitionBarBackground:lateBinding` in the bench.
        case lateBinding
    }

    /// The mode.
    public var mode: Mode

    /// Creates the plugin; `mode` is ``Mode/standard`` unless reproducing a report.
    public init(mode: Mode = .standard) { self.mode = mode }

    public func install(on hooks: HookRegistry, recording installation: PluginInstallation) throws {
        try BarAppearanceSlot.claim(on: hooks, for: Self.pluginName)
        guard let bar = hooks.host as? any BarAppearanceHost else { return }
        let set: @MainActor (any NavigationScreen) -> Void = { [weak bar] screen in
            guard let bar else { return }
            if let look = screen.navigationPreferences.navigationBarLook {
                bar.setScreenBackground(look, for: screen)
            } else {
                bar.setSystemScreenBackground(for: screen)  // R134: UIKit's own bar, scroll edge included
            }
        }
        guard mode == .lateBinding else {
            try BarLookActivation.install(
                on: hooks, bar: bar, recording: installation, name: Self.pluginName, set: set)
            return
        }
        let state = BarLookActivation()
        installation.addHook(
            AppearanceHook { event in
                guard event.phase == .didAppear else { return }
                state.apply(to: [event.screen], host: event.host, set)
            }, to: hooks.host.seams.appearance)
    }
}
