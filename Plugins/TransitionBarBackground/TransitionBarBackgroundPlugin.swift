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
        /// HBDNavigationBar's "same look, no fake bar" decision (`shouldShowFake`: the same colour
        /// and alphas within 0.1), taken at the push and reused for the pop of the same screen:
        /// when the pair looked the same, both screens show the arriving screen's look at once,
        /// so a look changed since (a bar faded by scrolling) switches over the leaving screen
        /// (listenzz/HBDNavigationBar #204: "hbd_barAlpha=0, the bar flashes white on the way
        /// back"). Spelled `TransitionBarBackground:cachedSameLook` in the bench.
        case cachedSameLook
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
        switch mode {
        case .standard:
            try BarLookActivation.install(
                on: hooks, bar: bar, recording: installation, name: Self.pluginName, set: set)
        case .lateBinding:
            installLateBinding(on: hooks, recording: installation, set: set)
        case .cachedSameLook:
            try installCachedSameLook(on: hooks, bar: bar, recording: installation, set: set)
        }
    }

    private func installLateBinding(
        on hooks: HookRegistry, recording installation: PluginInstallation,
        set: @escaping @MainActor (any NavigationScreen) -> Void
    ) {
        let state = BarLookActivation()
        installation.addHook(
            AppearanceHook { event in
                guard event.phase == .didAppear else { return }
                state.apply(to: [event.screen], host: event.host, set)
            }, to: hooks.host.seams.appearance)
    }

    private func installCachedSameLook(
        on hooks: HookRegistry, bar: any BarAppearanceHost, recording installation: PluginInstallation,
        set: @escaping @MainActor (any NavigationScreen) -> Void
    ) throws {
        let state = BarLookActivation()
        let sameAtPush = SameLookCache()
        try installation.addHandler(
            WillShowClosure { [weak bar] context in
                guard let leaving = context.leaving else {
                    state.apply(to: [context.arriving], host: context.host, set)
                    return
                }
                let arriving = context.arriving
                let isPop = !context.host.screens.contains { $0 === leaving }
                let same: Bool
                if isPop, let cached = sameAtPush.decisions[ObjectIdentifier(leaving)] {
                    same = cached  // decided at the push, whatever changed since
                } else {
                    same = Self.looksTheSame(leaving, arriving, app: bar?.appBarLook ?? .system)
                    sameAtPush.decisions[ObjectIdentifier(arriving)] = same
                }
                guard same else {
                    state.apply(to: [leaving, arriving], host: context.host, set)
                    context.onInteractiveCancel { state.apply(to: [leaving], host: context.host, set) }
                    return
                }
                // No fake bars: the one bar shows the arriving screen's look over both at once.
                let look = arriving.navigationPreferences.navigationBarLook ?? bar?.appBarLook ?? .system
                state.apply(to: [leaving, arriving], host: context.host) { bar?.setScreenBackground(look, for: $0) }
                context.onInteractiveCancel { state.apply(to: [leaving], host: context.host, set) }
            }, to: hooks.dispatcher.willShowHandlers, at: .last, name: Self.pluginName)
        bar.lookChangeHandler = { [weak hooks] screen in
            guard let hooks else { return }
            state.apply(to: [screen], host: hooks.host, set)
        }
        installation.onUninstall { [weak bar] in bar?.lookChangeHandler = nil }
        state.apply(to: hooks.host.screens, host: hooks.host, set)
    }

    /// HBDNavigationBar's `shouldShowFake` the other way round: the same background and alphas
    /// within 0.1.
    private static func looksTheSame(
        _ one: any NavigationScreen, _ other: any NavigationScreen, app: NavigationBarLook
    ) -> Bool {
        let first = one.navigationPreferences.navigationBarLook ?? app
        let second = other.navigationPreferences.navigationBarLook ?? app
        return first.background == second.background && abs(first.alpha - second.alpha) <= 0.1
    }
}

/// The "same look" decisions taken at each push, by the pushed screen.
@MainActor
private final class SameLookCache {
    var decisions: [ObjectIdentifier: Bool] = [:]
}
