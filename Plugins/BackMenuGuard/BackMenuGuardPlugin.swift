public import NavigationHooks

/// What none of the anchors have: a guard for the long-press back menu (iOS 14+), which
/// pops to the chosen screen without asking `navigationBar(_:shouldPop:)` (R25).
///
/// - **Seam**: ``NavigationSeams/backMenu``, which filters the menu's destinations before
///   it is shown.
/// - **Asks** `shouldPop` with the trigger `backMenu` for every screen a destination would
///   remove, top first. A destination stays in the menu only if every screen above it
///   may leave; since destinations are nested (each removes all the nearer ones' screens
///   too), the menu is cut at the first refusal.
/// - **Filter, not withhold**: destinations below a refusing screen are removed, and the
///   menu is withheld only when the top screen itself refuses (nothing is left). Filtering
///   keeps the menu useful when a guard sits deep in the stack, and it never offers a pick
///   that would slip past a guard. Withholding always would take the menu away from
///   screens that have nothing to protect.
/// - **Covers** `backMenu` on iOS 14+ (there is no menu before, R25).
public struct BackMenuGuardPlugin: NavigationPlugin {
    /// `BackMenuGuard`.
    public static var pluginName: String { "BackMenuGuard" }

    /// Creates the plugin.
    public init() {}

    public func install(on hooks: NavigationHooks, recording installation: PluginInstallation) throws {
        installation.addHook(
            BackMenuHook { request in
                let host = request.host
                guard var leaving = host.topScreen else { return [] }
                var kept: [any NavigationScreen] = []
                for destination in request.destinations {
                    // Popping to `destination` removes `leaving` and every screen kept so far.
                    let context = PopContext(host: host, leaving: leaving, arriving: destination, trigger: .backMenu)
                    guard host.hooks.dispatcher.shouldPop(context) == .allow else { break }
                    kept.append(destination)
                    leaving = destination
                }
                return kept
            }, to: hooks.host.seams.backMenu)
    }

    /// Whether the plugin intercepts `trigger` on iOS `iOSMajorVersion`.
    public static func intercepts(_ trigger: PopTrigger, iOSMajorVersion: Int) -> Bool {
        trigger == .backMenu && iOSMajorVersion >= 14
    }
}
