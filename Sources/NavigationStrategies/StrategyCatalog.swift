public import NavigationHooks

/// Every strategy plugin by name, for tools that pick plugins by name (`navhooks-bench
/// --plugins`).
@MainActor
public enum StrategyCatalog {
    /// The names of the ten strategy plugins, sorted.
    public nonisolated static let names: [String] = [
        "BackActionOverride", "BackKeyCommandGuard", "BackMenuGuard", "BaseClassGuard", "DelegateBarHiding",
        "ExitGuard", "LifecycleBarHiding",
        "PopGestureGuard", "ShouldPopItemHook", "TransitionEvents",
    ]

    private static let makers: [String: @MainActor () -> any NavigationPlugin] = [
        BaseClassGuardPlugin.pluginName: { BaseClassGuardPlugin() },
        ShouldPopItemHookPlugin.pluginName: { ShouldPopItemHookPlugin() },
        BackActionOverridePlugin.pluginName: { BackActionOverridePlugin() },
        DelegateBarHidingPlugin.pluginName: { DelegateBarHidingPlugin() },
        PopGestureGuardPlugin.pluginName: { PopGestureGuardPlugin() },
        LifecycleBarHidingPlugin.pluginName: { LifecycleBarHidingPlugin() },
        TransitionEventsPlugin.pluginName: { TransitionEventsPlugin() },
        BackMenuGuardPlugin.pluginName: { BackMenuGuardPlugin() },
        ExitGuardPlugin.pluginName: { ExitGuardPlugin() },
        BackKeyCommandGuardPlugin.pluginName: { BackKeyCommandGuardPlugin() },
    ]

    /// A new plugin with its default configuration, or `nil` for an unknown name.
    public static func plugin(named name: String) -> (any NavigationPlugin)? { makers[name]?() }

    /// The composition of the named plugins, in catalog order. A name may carry a mode,
    /// `Name:mode` (``modes``).
    ///
    /// - Throws: ``UnknownPluginError`` naming every unknown name or mode; nothing is built then.
    public static func composition(_ names: [String]) throws -> StrategyComposition {
        let unknown = names.filter { !isKnown($0) }
        if !unknown.isEmpty { throw UnknownPluginError(names: unknown, available: Self.names) }
        let ordered = Self.names.flatMap { name in names.filter { split($0).name == name } }
        return StrategyComposition(ordered.compactMap(plugin(spelled:)))
    }
}

/// Plugin names that are not in the ``StrategyCatalog``.
public struct UnknownPluginError: Error, Equatable, CustomStringConvertible {
    /// The unknown names.
    public let names: [String]
    /// The names that are available.
    public let available: [String]
    public var description: String {
        "unknown plugin \(names.joined(separator: ", ")); available: \(available.joined(separator: ", "))"
    }
}
