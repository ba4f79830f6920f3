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
///   stays.
/// - **Covers** `backMenu` on iOS 14+ (there is no menu before, R25).
public struct BackMenuGuardPlugin: NavigationPlugin {
    /// `BackMenuGuard`.
    public static var pluginName: String { "BackMenuGuard" }

    /// Creates the plugin.
    public init() {}

    public func install(on hooks: NavigationHooks, recording installation: PluginInstallation) throws {
        installation.addHook(BackMenuHook(shouldPick: { pick in Self.allowsPick(pick) }), to: hooks.host.seams.backMenu)
    }

    /// `true` when every screen above `pick.destination` may leave (asked top first, R37).
    @MainActor
    public static func allowsPick(_ pick: BackMenuPick) -> Bool {
        let host = pick.host
        guard let index = host.screens.firstIndex(where: { $0 === pick.destination }) else { return false }
        var arriving = host.screens.count - 2
        for leaving in host.screens[(index + 1)...].reversed() {
            // Popping to `destination` removes `leaving` and every screen between it and the destination.
            let context = PopContext(host: host, leaving: leaving, arriving: host.screens[arriving], trigger: .backMenu)
            guard host.hooks.dispatcher.shouldPop(context) == .allow else { return false }
            arriving -= 1
        }
        return true
    }

    /// Whether the plugin intercepts `trigger` on iOS `iOSMajorVersion`.
    public static func intercepts(_ trigger: PopTrigger, iOSMajorVersion: Int) -> Bool {
        trigger == .backMenu && iOSMajorVersion >= 14
    }
}
