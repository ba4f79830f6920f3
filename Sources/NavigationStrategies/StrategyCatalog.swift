public import NavigationHooks

/// Every strategy plugin by name, for tools that pick plugins by name (`navhooks-bench
/// --plugins`).
@MainActor
public enum StrategyCatalog {
    /// The package's strategy plugins, one entry each: the one list every other list of plugins
    /// derives from (``names``, `navhooks-bench --plugins`, the coverage tests). `Package.swift`
    /// cannot import this module, so its `strategyPlugins` repeats the names; a test
    /// (`PluginListTests`) checks that it, the `Plugins/` folders and this table agree, and that each
    /// name is its plugin's `pluginName` (the types' names are main-actor isolated; these are not).
    nonisolated static let entries: [(name: String, make: @MainActor @Sendable () -> any NavigationPlugin)] = [
        ("BaseClassGuard", { BaseClassGuardPlugin() }),
        ("ShouldPopItemGuard", { ShouldPopItemGuardPlugin() }),
        ("BackActionOverride", { BackActionOverridePlugin() }),
        ("DelegateBarHiding", { DelegateBarHidingPlugin() }),
        ("PopGestureGuard", { PopGestureGuardPlugin() }),
        ("LifecycleBarHiding", { LifecycleBarHidingPlugin() }),
        ("TransitionEvents", { TransitionEventsPlugin() }),
        ("BackMenuGuard", { BackMenuGuardPlugin() }),
        ("ExitGuard", { ExitGuardPlugin() }),
        ("BackKeyCommandGuard", { BackKeyCommandGuardPlugin() }),
    ]

    /// The names of the strategy plugins, sorted.
    public nonisolated static let names: [String] = entries.map(\.name).sorted()

    /// The appearance strategies: one choice per navigation controller (`BarAppearanceSlot`),
    /// so they are not among ``names`` (the on/off plugins whose every combination the bench
    /// plays). A run of a scenario whose screens state a look installs its combination plus
    /// ``defaultAppearance``, unless the combination names one of these
    /// (NavigationHooksUIKit.docc/BarAppearance.md). `PluginListTests` keeps them equal to
    /// `Package.swift`'s `appearancePlugins`.
    nonisolated static let appearanceEntries: [(name: String, make: @MainActor @Sendable () -> any NavigationPlugin)] =
        [
            ("LifecycleBarAppearance", { LifecycleBarAppearancePlugin() }),
            ("ItemBarAppearance", { ItemBarAppearancePlugin() }),
            ("TransitionBarBackground", { TransitionBarBackgroundPlugin() }),
        ]

    /// The appearance strategies' names, sorted.
    public nonisolated static let appearanceNames: [String] = appearanceEntries.map(\.name).sorted()

    /// The appearance strategy a combination gets on a scenario that states a look when it names
    /// none: the recommended composition's.
    public nonisolated static let defaultAppearance = "TransitionBarBackground"

    /// `true` for an appearance strategy's name (with or without a mode).
    public nonisolated static func isAppearance(_ spelling: String) -> Bool {
        // The name, or the name and a mode: `String`'s own `==` and `hasPrefix`, which a debug
        // build runs optimized, where the generic `starts(with:)` over the bytes cost ~7,000
        // instructions a name (every run of a scenario that states a look asks of each plugin).
        let names = appearanceNames
        let prefixes = appearanceModePrefixes
        for index in 0..<names.count where spelling == names[index] || spelling.hasPrefix(prefixes[index]) {
            return true
        }
        return false
    }

    /// Each of ``appearanceNames`` followed by the colon of a mode (`Name:`).
    private nonisolated static let appearanceModePrefixes = appearanceNames.map { $0 + ":" }

    private static let makers = Dictionary(
        uniqueKeysWithValues: (entries + appearanceEntries).map { ($0.name, $0.make) })

    /// A new plugin with its default configuration, or `nil` for an unknown name.
    public static func plugin(named name: String) -> (any NavigationPlugin)? { makers[name]?() }

    /// The composition of the named plugins, in catalog order. A name may carry a mode,
    /// `Name:mode` (``modes``).
    ///
    /// - Throws: ``UnknownPluginError`` naming every unknown name or mode; nothing is built then.
    public static func composition(_ names: [String]) throws -> StrategyComposition {
        // Each spelling split once and placed by its name's position in the catalog (a stable
        // sort: spellings of one name keep their order). Filtering the spellings once per
        // catalog name split each of them thirteen times: ~2% of `swift test`'s CPU in a debug
        // build, where every test's new runner builds its compositions.
        var unknown: [String] = []
        var placed: [(position: Int, index: Int)] = []
        for index in names.indices {
            if isKnown(names[index]), let position = catalogPositions[split(names[index]).name] {
                placed.append((position, index))
            } else {
                unknown.append(names[index])
            }
        }
        if !unknown.isEmpty { throw UnknownPluginError(names: unknown, available: Self.names) }
        placed.sort { $0.position != $1.position ? $0.position < $1.position : $0.index < $1.index }
        return StrategyComposition(placed.compactMap { plugin(spelled: names[$0.index]) })
    }

    /// Each strategy's position in a composition: the on/off plugins in ``names`` order, then
    /// the appearance strategies.
    private nonisolated static let catalogPositions = Dictionary(
        uniqueKeysWithValues: (names + appearanceNames).enumerated().map { ($0.element, $0.offset) })
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
