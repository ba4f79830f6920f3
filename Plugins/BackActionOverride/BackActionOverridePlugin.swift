public import NavigationHooks

/// QMUI's current approach, plus what QMUI lacks: take over the back button's tap and send
/// it to the `backButtonAction` chain, whose default asks `shouldPop` and pops if allowed.
///
/// - **Seams**: on iOS 16+ the public ``NavigationSeams/backAction``
///   (`UINavigationItem.backAction`, R26); on iOS 13 and 14 the private
///   ``NavigationSeams/privateBackButtonAction`` (R27). On iOS 26 the private hook is no
///   longer called, which is where QMUI 4.x stopped intercepting; the automatic mechanism
///   uses `backAction` there.
/// - **Covers**: `backButton` on every profile with ``Mechanism/automatic``;
///   ``Mechanism/privateHookOnly`` reproduces QMUI's gap on iOS 26; ``Mechanism/publicOnly``
///   covers it from iOS 16 only, with no private API.
/// - **Misses**: the back menu (R25; `backAction` affects the tap only, R26), both swipes,
///   a custom back button (R28).
/// - **Pops** through `popViewController(animated:)`, a code pop, so a `shouldPopItem` plugin
///   installed beside it lets the pop through without asking twice (R21).
/// - **Confirms**: a screen's ``LeaveConfirmation`` is asked through
///   ``NavigationDispatcher/attemptLeave(_:leave:)``; proceeding pops the same way.
public struct BackActionOverridePlugin: NavigationPlugin {
    /// Which seam the plugin takes the tap from.
    public enum Mechanism: Sendable {
        /// `backAction` where it exists (iOS 16+), the private hook before.
        case automatic
        /// Only the private hook, as QMUI 4.x does; blind on iOS 26 (R27).
        case privateHookOnly
        /// Only the public `backAction` (iOS 16+, R26); installs nothing before 16. Beside
        /// `ShouldPopItemGuard` it adds no private API and guards what only `backAction` may see:
        /// the 27.1 vertical bar's back button if that tap skips `navigationBar(_:shouldPop:)`
        /// (`R120 alt`).
        case publicOnly
    }

    /// `BackActionOverride`.
    public static var pluginName: String { "BackActionOverride" }

    /// The seam used.
    public var mechanism: Mechanism

    /// Creates the plugin.
    public init(mechanism: Mechanism = .automatic) { self.mechanism = mechanism }

    public func install(on hooks: HookRegistry, recording installation: PluginInstallation) throws {
        let seams = hooks.host.seams
        if mechanism == .publicOnly, !seams.backAction.isAvailable { return }  // R26: nothing public before 16
        let seam =
            mechanism != .privateHookOnly && seams.backAction.isAvailable
            ? seams.backAction : seams.privateBackButtonAction
        installation.addHook(
            BackTapHook { event in
                let host = event.host
                let context = PopContext(
                    host: host, leaving: event.screen, arriving: host.screenBelowTop, trigger: .backButton)
                // `unowned`: `proceed()` calls it only while `host` lives (`attemptLeave(_:leave:)`).
                let resolution = host.hooks.dispatcher.attemptLeave(context) { [unowned host] in
                    host.popViewController(animated: true)
                }
                if resolution.leavesNow { host.popViewController(animated: true) }
                return .handled
            }, to: seam)
    }

    /// Whether the plugin intercepts `trigger` on iOS `iOSMajorVersion` with `mechanism`.
    public static func intercepts(
        _ trigger: PopTrigger, iOSMajorVersion: Int, mechanism: Mechanism = .automatic
    ) -> Bool {
        guard trigger == .backButton else { return false }
        switch mechanism {
        case .automatic: return true
        case .privateHookOnly: return iOSMajorVersion < 26
        case .publicOnly: return iOSMajorVersion >= 16
        }
    }
}
