@_exported public import BackActionOverride
@_exported public import BackKeyCommandGuard
@_exported public import BackMenuGuard
@_exported public import BaseClassGuard
@_exported public import DelegateBarHiding
@_exported public import ExitGuard
@_exported public import ItemBarAppearance
@_exported public import LifecycleBarAppearance
@_exported public import LifecycleBarHiding
public import NavigationHooks
@_exported public import PopGestureGuard
@_exported public import ShouldPopItemGuard
@_exported public import TransitionBarBackground
@_exported public import TransitionEvents

/// A set of strategy plugins installed together.
///
/// ```swift
/// try StrategyComposition.recommended.install(on: navigationController.navigationHooks)
/// ```
@MainActor
public struct StrategyComposition {
    /// The plugins, in installation order.
    public var plugins: [any NavigationPlugin]
    /// The appearance slot: the one appearance strategy (`BarAppearanceSlot`), installed after
    /// ``plugins``; `nil` for none. Not among ``names``: the bench's combinations are the on/off
    /// plugins, and a scenario that states a look gets the slot's strategy beside them.
    public var appearance: (any NavigationPlugin)?

    /// Creates a composition.
    public init(_ plugins: [any NavigationPlugin], appearance: (any NavigationPlugin)? = nil) {
        self.plugins = plugins
        self.appearance = appearance
    }

    /// The plugins' names, sorted (the appearance slot's not included: ``installedNames``).
    public var names: [String] { plugins.map { type(of: $0).pluginName }.sorted() }

    /// Every name ``install(on:)`` installs, sorted: ``names`` and the appearance slot's.
    public var installedNames: [String] {
        (names + (appearance.map { [type(of: $0).pluginName] } ?? [])).sorted()
    }

    /// The combination ranked first by `navhooks-bench` on the built-in scenario corpus: zero
    /// defects on every profile, every point an app can register on asked, and the fewest
    /// profiles on private API (see the README's scorecard):
    ///
    /// - ``ShouldPopItemGuardPlugin``: the back button's tap, on every iOS version, through
    ///   `navigationBar(_:shouldPop:)` replaced on `UINavigationController` (R21–R23); its
    ///   `backButtonAction` handlers are asked too. From iOS 27 also through the public
    ///   `backAction`, which the 27.1 vertical bar's back button runs whether or not it asks the
    ///   bar (R120). No private API.
    /// - ``BackMenuGuardPlugin``: the long-press back menu (iOS 14+).
    /// - ``PopGestureGuardPlugin``: the edge swipe and the iOS 26 content swipe; keeps the
    ///   swipe alive with a hidden bar or a custom back button, never at the root.
    /// - ``BaseClassGuardPlugin``: custom back buttons and screens that guard themselves.
    /// - ``ExitGuardPlugin``: VoiceOver's escape (the visible view controller's
    ///   `accessibilityPerformEscape`, asked before UIKit's own, R50) and a sheet's swipe-down.
    /// - ``BackKeyCommandGuardPlugin``: ⌘[ on a hardware keyboard (iOS 15+), through a key
    ///   command of the host's own on the navigation controller, in place of UIKit's, found
    ///   wherever the first responder is (R78–R80): public API. Its private mode (the action of
    ///   UIKit's own command, R51) is left out: the composition uses no private API on any iOS
    ///   version.
    /// - ``DelegateBarHidingPlugin``: per-screen bar hiding without flashes.
    /// - ``TransitionBarBackgroundPlugin``: per-screen bar looks (``NavigationBarLook``) without
    ///   bleeding between screens, an alpha between 0 and 1 included; it sets nothing until a
    ///   screen states a look. The appearance strategy is one choice, not an on/off plugin: the
    ///   bench plays the others (`ItemBarAppearance`, `LifecycleBarAppearance`) in its appearance
    ///   table.
    ///
    /// Every user path these plugins own reaches a screen's ``LeaveConfirmation``.
    /// ``BackActionOverridePlugin`` in place of ``ShouldPopItemGuardPlugin`` also has zero
    /// defects: it replaces no method on iOS 16+ (the public `backAction`), but uses UIKit's
    /// private back-button action before iOS 16 (R27).
    public static var recommended: StrategyComposition {
        StrategyComposition(
            [
                ShouldPopItemGuardPlugin(),
                BackMenuGuardPlugin(),
                PopGestureGuardPlugin(),
                BaseClassGuardPlugin(),
                ExitGuardPlugin(),
                BackKeyCommandGuardPlugin(),
                DelegateBarHidingPlugin(),
            ], appearance: TransitionBarBackgroundPlugin())
    }

    /// Installs every plugin, in order. A plugin already installed is kept as it is.
    ///
    /// - Throws: what a plugin's install throws; the plugins this call installed are
    ///   uninstalled again, and nothing changes.
    @discardableResult
    public func install(on hooks: HookRegistry) throws -> [PluginInstallation] {
        // Each plugin's installation, whether this call made it or found it: the plugins' order.
        var result: [PluginInstallation] = []
        result.reserveCapacity(plugins.count + 1)
        // What was installed before, to tell the installations this call made only if it must
        // undo them: every run the bench plays installs its composition, and a list of those made
        // (a debug build's generic append) and the registry's count read around each plugin cost
        // ~300 instructions a plugin (callgrind of a bench worker).
        let before = hooks.installations
        do {
            // An index loop: a debug build runs `for in`'s iterator over existentials unspecialized.
            let plugins = plugins
            for index in 0..<plugins.count { result.append(try hooks.install(plugins[index])) }
            if let appearance { result.append(try hooks.install(appearance)) }
        } catch {
            // The ones this call made, last first, each where it was made (its first place: a
            // plugin listed twice is found the second time).
            for index in stride(from: result.count - 1, through: 0, by: -1) {
                let installation = result[index]
                guard !before.contains(where: { $0 === installation }),
                    !result[..<index].contains(where: { $0 === installation })
                else { continue }
                installation.uninstall()
            }
            throw error
        }
        return result
    }
}
