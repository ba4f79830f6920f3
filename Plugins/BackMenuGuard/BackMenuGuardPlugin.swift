public import NavigationHooks

/// What none of the anchors have: a guard for the long-press back menu (iOS 14+), which
/// pops to the chosen screen without asking `navigationBar(_:shouldPop:)` (R25).
///
/// - **Seam**: ``NavigationSeams/backMenu``; the menu keeps every destination, and each
///   row asks the plugin when the user **picks** it (R37). UIKit assigns the menu when the
///   next screen is shown, so a decision made then would miss a guard that turns to "deny"
///   later, and would run guards' side effects on every push.
/// - **Asks** `shouldPop` with the trigger `backMenu` for every screen the pick would
///   remove, top first, and stops at the first refusal: the pop is refused and the stack
///   stays. A screen with a ``LeaveConfirmation`` is asked instead, and proceeding pops to
///   the row the user picked.
/// - **Covers** `backMenu` on iOS 14+ (there is no menu before, R25).
public struct BackMenuGuardPlugin: NavigationPlugin {
    /// `BackMenuGuard`.
    public static var pluginName: String { "BackMenuGuard" }

    /// Creates the plugin.
    public init() {}

    public func install(on hooks: HookRegistry, recording installation: PluginInstallation) throws {
        installation.addHook(BackMenuHook(shouldPick: { pick in Self.allowsPick(pick) }), to: hooks.host.seams.backMenu)
    }

    /// `true` when every screen above `pick.destination` may leave now (asked top first,
    /// R37). A screen with a ``LeaveConfirmation`` is asked, and the pick waits: its
    /// `proceed()` goes on with the screens below it and finally pops to the destination
    /// the user picked, as code.
    @MainActor
    public static func allowsPick(_ pick: BackMenuPick) -> Bool {
        let host = pick.host
        guard let index = host.screens.firstIndex(where: { $0 === pick.destination }) else { return false }
        let leaving: [any NavigationScreen] = host.screens[(index + 1)...].reversed()
        return attemptLeaving(leaving[...], to: pick.destination, on: host)
    }

    /// Asks each screen of `leaving` (top first) to leave for `destination`; `true` when all
    /// may leave now.
    @MainActor
    private static func attemptLeaving(
        _ leaving: ArraySlice<any NavigationScreen>, to destination: any NavigationScreen, on host: any NavigationHost
    ) -> Bool {
        for position in leaving.indices {
            let screen = leaving[position]
            let context = PopContext(host: host, leaving: screen, arriving: destination, trigger: .backMenu)
            // A slice of the same array: asking each screen costs no copy of the ones after it.
            let rest = leaving[(position + 1)...]
            // `unowned`: `proceed()` calls it only while `host` lives (`attemptLeave(_:leave:)`).
            let resolution = host.hooks.dispatcher.attemptLeave(context) { [unowned host] in
                guard attemptLeaving(rest, to: destination, on: host) else { return }
                host.popToViewController(destination, animated: true)
            }
            guard resolution.leavesNow else { return false }
        }
        return true
    }

    /// Whether the plugin intercepts `trigger` on iOS `iOSMajorVersion`.
    public static func intercepts(_ trigger: PopTrigger, iOSMajorVersion: Int) -> Bool {
        trigger == .backMenu && iOSMajorVersion >= 14
    }
}
