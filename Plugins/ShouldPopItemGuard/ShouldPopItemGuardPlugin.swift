public import NavigationHooks

/// Seed 003's (Seeds.md) options 1–3, UIViewController-BackButtonHandler, and QMUI before 4.1.2:
/// intercept `navigationBar(_:shouldPop:)`, the navigation bar delegate method UIKit asks
/// before a back-button pop.
///
/// - **Seam**: ``NavigationSeams/shouldPopItem``, installed by replacing the
///   implementation on the class (R23: an extension override is not called from 13.4 on;
///   pass `.extensionOverride` to see that failure in the simulator).
/// - **Tells button pops from code pops** (R21): a code pop has already removed the screen
///   when the bar asks, so ``ShouldPopItemCall/isCodePop`` is `true` and the plugin lets it
///   through without asking anyone. For a button pop it asks `shouldPop` with the trigger
///   `backButton`.
/// - **Asks** like the tap path: `backButtonAction` handlers first (an app's handler is
///   called here too), then `shouldPop`, then the screen's ``LeaveConfirmation``
///   (``NavigationDispatcher/attemptLeave(_:leave:)``); a `.handled` keeps the item.
/// - **After a refusal** it returns `false`, which from iOS 13 on is enough: the bar keeps
///   its item and the stack stays (R22). Before 13 the bar had to be restored by hand; no
///   profile here is that old.
/// - **Covers**: `backButton` on every profile (the system tap path ends here when no
///   back-action hook consumed the tap), and VoiceOver's escape, which pops through the bar
///   (R50; asked with the trigger `backButton`, the bar cannot tell them apart).
/// - **The 27.1 vertical bar** (R120): from iOS 27 the system back button can be drawn in the
///   vertical bar, a control no restore image here shows (27.x has none), which may pop without
///   asking `navigationBar(_:shouldPop:)` (`R120 alt`). UIKit's back button runs the item's
///   `backAction` before anything else (`-[_UINavigationBarContentView __backButtonAction:]`
///   in the 26.1 image), and the item is the same wherever it is drawn, so from iOS 27 the
///   plugin also takes the tap through the public ``NavigationSeams/backAction`` (R26): it asks
///   the same chain and pops as code, which the `shouldPop` hook then lets through (R21). Before
///   27 it installs no `backAction` hook.
/// - **Misses**: the back menu (R25 pops without `shouldPop`), both swipes (R24), a custom
///   back button (R28).
public struct ShouldPopItemGuardPlugin: NavigationPlugin {
    /// `ShouldPopItemGuard`.
    public static var pluginName: String { "ShouldPopItemGuard" }

    /// How the override is installed.
    public var installation: ShouldPopItemInstallation

    /// Creates the plugin; `.classImplementation` is the way that works on iOS 13.4+.
    public init(installation: ShouldPopItemInstallation = .classImplementation) {
        self.installation = installation
    }

    public func install(on hooks: HookRegistry, recording record: PluginInstallation) throws {
        record.addHook(
            ShouldPopItemHook(installation: installation) { call in
                if call.isCodePop { return true }  // R21: the app's own pop
                let host = call.host
                let context = PopContext(
                    host: host, leaving: call.item, arriving: host.screenBelowTop, trigger: .backButton)
                // The back-button path: backButtonAction handlers first, then shouldPop, then the
                // screen's confirmation, whose proceed() pops as code (let through above, R21).
                // `unowned`: `proceed()` calls it only while `host` lives (`attemptLeave(_:leave:)`).
                return host.hooks.dispatcher.attemptLeave(context) { [unowned host] in
                    host.popViewController(animated: true)
                }
                .leavesNow
            }, to: hooks.host.seams.shouldPopItem)
        // R120: the vertical bar's back button runs the item's backAction, whichever reading holds.
        if Self.takesBackAction(iOSMajorVersion: hooks.host.capabilities.iOSMajorVersion),
            hooks.host.seams.backAction.isAvailable
        {
            record.addHook(BackTapHook { event in Self.resolveBackAction(event) }, to: hooks.host.seams.backAction)
        }
    }

    /// Whether the plugin also takes the back button's tap through `backAction` on iOS
    /// `iOSMajorVersion`: from 27, where the vertical bar may draw the button (R120, R123).
    public static func takesBackAction(iOSMajorVersion: Int) -> Bool { iOSMajorVersion >= 27 }

    /// The plugin's answer to a tap that reached `backAction` (R26, R120): the back button's
    /// chain decides, and an allowed pop is a code pop, which the `shouldPop` hook lets through
    /// (R21), so nothing is asked twice.
    @MainActor
    public static func resolveBackAction(_ event: BackTapEvent) -> BackTapOutcome {
        let host = event.host
        let context = PopContext(host: host, leaving: event.screen, arriving: host.screenBelowTop, trigger: .backButton)
        // `unowned`: `proceed()` calls it only while `host` lives (`attemptLeave(_:leave:)`).
        let resolution = host.hooks.dispatcher.attemptLeave(context) { [unowned host] in
            host.popViewController(animated: true)
        }
        if resolution.leavesNow { host.popViewController(animated: true) }
        return .handled
    }

    /// Whether the plugin intercepts `trigger` on iOS `iOSMajorVersion`.
    public static func intercepts(_ trigger: PopTrigger, iOSMajorVersion: Int) -> Bool {
        trigger == .backButton || trigger == .accessibilityEscape  // R50: escape pops through the bar
    }
}
