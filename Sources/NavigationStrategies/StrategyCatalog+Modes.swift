import NavigationHooks

extension StrategyCatalog {
    /// The modes a plugin can run in besides its default, by plugin name. A mode is spelled
    /// `Name:mode` wherever a plugin name is accepted (`navhooks-bench --plugins`, a scenario's
    /// `plugin` line); each reproduces an anchor library's failing approach, or offers an
    /// approach the default leaves out on purpose.
    ///
    /// - `BackActionOverride:privateHookOnly`: QMUI 4.x, the private back-button hook only; blind
    ///   on iOS 26 (R27).
    /// - `BackActionOverride:publicOnly`: `navigationItem.backAction` only (iOS 16+, R26), no
    ///   private hook before 16 (the recommended composition's `ShouldPopItemGuard` takes the tap
    ///   through `backAction` itself from iOS 27, for the vertical bar's back button, R120).
    /// - `ShouldPopItemGuard:extensionOverride`: `navigationBar(_:shouldPop:)` overridden from an
    ///   extension, as UIViewController-BackButtonHandler did; not called from iOS 13.4 (R23).
    /// - `DelegateBarHiding:noCancelHandler`: willShow-based hiding without the cancelled-swipe
    ///   handler, as QMUI 1.7 had; a cancelled swipe leaves the bar of the screen underneath (R41).
    /// - `BackKeyCommandGuard:privateAction`: ⌘[ through the action of UIKit's own key command, a
    ///   private selector replaced process-wide (R51), instead of the default key command of the
    ///   host's own on the navigation controller (R80). It sees what the default sees; it is not
    ///   the default because it is private API.
    /// - `ItemBarAppearance:leavingLast`: the arriving screen's item set before the leaving one's,
    ///   as this package did before issue 38: the one bar keeps the leaving screen's tint (R130).
    /// - `ItemBarAppearance:standardOnly`: only the standard appearance, as SwiftUI's
    ///   `toolbarBackground` sets it: transparent at the scroll edge on iOS 15+ (R133).
    /// - `LifecycleBarAppearance:willShow`: the bar written from `willShow` with no cancel path.
    /// - `LifecycleBarAppearance:swipeProgress`: the two looks mixed by the swipe's progress while
    ///   the finger drives, nothing at the release, as WRNavigationBar (R135).
    /// - `TransitionBarBackground:lateBinding`: each screen's fake bar set from its
    ///   `viewDidAppear`, after the transition: the cleared bar flashes during the push.
    /// - `TransitionBarBackground:cachedSameLook`: HBDNavigationBar's "same look, no fake bar"
    ///   decision taken at the push and reused for the pop, after a look changed.
    public nonisolated static let modes: [String: [String]] = [
        "BackActionOverride": ["privateHookOnly", "publicOnly"],
        "BackKeyCommandGuard": ["privateAction"],
        "DelegateBarHiding": ["noCancelHandler"],
        "ItemBarAppearance": ["leavingLast", "standardOnly"],
        "LifecycleBarAppearance": ["swipeProgress", "willShow"],
        "TransitionBarBackground": ["cachedSameLook", "lateBinding"],
        "ShouldPopItemGuard": ["extensionOverride"],
    ]

    /// Every `Name:mode` spelling ``modes`` offers, sorted (for help texts and errors).
    public nonisolated static var modeSpellings: [String] {
        modes.flatMap { name, modes in modes.map { "\(name):\($0)" } }.sorted()
    }

    /// Splits `Name:mode` into the plugin's name and the mode (`nil` without a colon).
    public nonisolated static func split(_ spelling: String) -> (name: String, mode: String?) {
        guard let colon = spelling.firstIndex(of: ":") else { return (spelling, nil) }
        return (String(spelling[..<colon]), String(spelling[spelling.index(after: colon)...]))
    }

    /// `true` when `spelling` is a catalog name, or `Name:mode` with a mode listed in ``modes``.
    public nonisolated static func isKnown(_ spelling: String) -> Bool {
        let (name, mode) = split(spelling)
        guard names.contains(name) || appearanceNames.contains(name) else { return false }
        guard let mode else { return true }
        return modes[name]?.contains(mode) ?? false
    }

    /// A new plugin in the mode `spelling` names (`Name` or `Name:mode`), or `nil` if unknown.
    static func plugin(spelled spelling: String) -> (any NavigationPlugin)? {
        guard isKnown(spelling) else { return nil }
        switch spelling {
        case "BackActionOverride:privateHookOnly": return BackActionOverridePlugin(mechanism: .privateHookOnly)
        case "BackActionOverride:publicOnly": return BackActionOverridePlugin(mechanism: .publicOnly)
        case "ShouldPopItemGuard:extensionOverride": return ShouldPopItemGuardPlugin(installation: .extensionOverride)
        case "DelegateBarHiding:noCancelHandler": return DelegateBarHidingPlugin(restoresOnCancel: false)
        case "BackKeyCommandGuard:privateAction": return BackKeyCommandGuardPlugin(mechanism: .privateAction)
        case "ItemBarAppearance:leavingLast": return ItemBarAppearancePlugin(mode: .leavingLast)
        case "ItemBarAppearance:standardOnly": return ItemBarAppearancePlugin(mode: .standardOnly)
        case "LifecycleBarAppearance:willShow": return LifecycleBarAppearancePlugin(writer: .willShow)
        case "LifecycleBarAppearance:swipeProgress": return LifecycleBarAppearancePlugin(writer: .swipeProgress)
        case "TransitionBarBackground:lateBinding": return TransitionBarBackgroundPlugin(mode: .lateBinding)
        case "TransitionBarBackground:cachedSameLook": return TransitionBarBackgroundPlugin(mode: .cachedSameLook)
        default: return plugin(named: spelling)
        }
    }
}
