public import NavigationHooks

/// Seeds 000 and 001 §2 (Seeds.md): the approach everyone tries first — "whoever changes it restores
/// it". `viewWillAppear` applies the screen's bar preference and `viewWillDisappear` shows
/// the bar again, both with the callback's `animated`.
///
/// Kept on purpose as the honest baseline the benchmark compares against. What goes wrong,
/// and why:
/// - **Hidden → hidden push**: the leaving screen's `viewWillDisappear` shows the bar and
///   the arriving one's `viewWillAppear` hides it, both animated alongside the transition,
///   so the bar shows at some frame although both ends want it hidden (R1, R31).
/// - **Interactive pop**: both callbacks run at `.began` and again, reversed, on cancel
///   (R12, R13), so the bar toggles twice.
/// - **`animated: false`** in `viewWillDisappear` makes the bar vanish before the
///   transition moves (R31).
/// - **Full-screen modals** run the covered screen's callbacks while it is visible, so the
///   bar flashes under the modal (R32, seed 004 problem 1).
/// - It ignores system navigation controllers' own bar management (R33).
///
/// - **Seam**: ``NavigationSeams/appearance``.
/// - **Covers** bar hiding on simple non-interactive pushes and pops only; it guards
///   nothing.
public struct LifecycleBarHidingPlugin: NavigationPlugin {
    /// `LifecycleBarHiding`.
    public static var pluginName: String { "LifecycleBarHiding" }

    /// Creates the plugin.
    public init() {}

    public func install(on hooks: HookRegistry, recording installation: PluginInstallation) throws {
        installation.addHook(
            AppearanceHook { event in
                switch event.phase {
                case .willAppear:
                    event.host.setNavigationBarHidden(
                        event.screen.navigationPreferences.prefersNavigationBarHidden, animated: event.animated)
                case .willDisappear:
                    event.host.setNavigationBarHidden(false, animated: event.animated)
                case .didAppear, .didDisappear:
                    break
                }
            }, to: hooks.host.seams.appearance)
    }
}
