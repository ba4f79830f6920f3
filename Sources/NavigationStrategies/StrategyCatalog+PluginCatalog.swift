public import NavigationHooks

/// The plugins a tool picks by name, as a value: the package's strategies
/// (``StrategyCatalog``) plus the plugins and handlers an app registers.
///
/// The bench plays every name it holds (`--plugins`, the default matrix, `--help`), so an
/// app's own handler is benchmarked with the strategies:
///
/// ```swift
/// var catalog = PluginCatalog.builtIn
/// try catalog.register(handler: { DraftGuard() }, on: [.shouldPop])
/// try catalog.register { LogPops() }
/// let composition = try catalog.composition(["PopGestureGuard", "DraftGuard"])
/// ```
///
/// A registered name is its type's name (``NavigationPlugin/pluginName``, or the handler's
/// type name), the one identity a plugin has on a navigation controller.
public struct PluginCatalog: Sendable {
    /// A plugin the app registered.
    public struct Entry: Sendable {
        /// The name `--plugins` and reports use.
        public let name: String
        /// Makes a new instance, one per run.
        public let make: @MainActor @Sendable () -> any NavigationPlugin
    }

    /// The app's plugins, in registration order.
    public private(set) var appEntries: [Entry] = []

    /// How many on/off plugins a catalog holds at most: the bench's default matrix is every
    /// combination of them (2^16 = 65,536 combinations).
    public static let maximumPlugins = 16

    /// The package's strategies only.
    public static let builtIn = PluginCatalog()

    /// Creates a catalog of the package's strategies only (``builtIn``).
    public init() {}

    /// The names of the app's plugins, in registration order.
    public var appNames: [String] { appEntries.map(\.name) }

    /// Every on/off plugin: the strategies (``StrategyCatalog/names``), then the app's.
    public var names: [String] { StrategyCatalog.names + appNames }

    /// Registers a whole plugin under its ``NavigationPlugin/pluginName``.
    ///
    /// - Throws: ``PluginCatalogError`` when the name is taken or cannot be spelled on a
    ///   command line; the catalog is unchanged then.
    @MainActor
    public mutating func register<Plugin: NavigationPlugin>(
        _ make: @escaping @MainActor @Sendable () -> Plugin
    ) throws(PluginCatalogError) {
        try add(Entry(name: Plugin.pluginName, make: { make() }))
    }

    /// Registers a handler on `points` (every point by default) under its type's name: each
    /// run installs a new one on those chains, last in each.
    ///
    /// - Throws: ``PluginCatalogError`` when the name is taken or cannot be spelled on a
    ///   command line; the catalog is unchanged then.
    @MainActor
    public mutating func register<Handler: NavigationHandler>(
        handler make: @escaping @MainActor @Sendable () -> Handler,
        on points: Set<InterceptionPoint> = Set(InterceptionPoint.allCases)
    ) throws(PluginCatalogError) {
        try add(
            Entry(name: HandlerPlugin<Handler>.pluginName, make: { HandlerPlugin(handler: make(), points: points) }))
    }

    private mutating func add(_ entry: Entry) throws(PluginCatalogError) {
        let reserved = ["none", "all", "recommended"]
        if entry.name.isEmpty || entry.name.contains(where: { $0 == "," || $0 == ":" || $0.isWhitespace }) {
            throw .unspellable(entry.name)
        }
        if isKnownName(entry.name) || reserved.contains(entry.name) { throw .duplicateName(entry.name) }
        if names.count >= Self.maximumPlugins { throw .full(Self.maximumPlugins) }
        appEntries.append(entry)
    }

    private func isKnownName(_ name: String) -> Bool {
        StrategyCatalog.names.contains(name) || StrategyCatalog.appearanceNames.contains(name)
            || appEntries.contains { $0.name == name }
    }

    /// `true` when `spelling` is a strategy's name (with a known mode, if any) or an app
    /// plugin's name.
    public func isKnown(_ spelling: String) -> Bool {
        StrategyCatalog.isKnown(spelling) || appEntries.contains { $0.name == spelling }
    }

    /// The composition of the named plugins: the strategies in ``StrategyCatalog`` order,
    /// then the app's in registration order. A strategy's name may carry a mode (`Name:mode`).
    ///
    /// - Throws: ``UnknownPluginError`` naming every unknown name or mode; nothing is built then.
    @MainActor
    public func composition(_ spellings: [String]) throws -> StrategyComposition {
        if appEntries.isEmpty { return try StrategyCatalog.composition(spellings) }
        let unknown = spellings.filter { !isKnown($0) }
        if !unknown.isEmpty { throw UnknownPluginError(names: unknown, available: names) }
        let app = appEntries.filter { spellings.contains($0.name) }
        var composition = try StrategyCatalog.composition(spellings.filter(StrategyCatalog.isKnown))
        composition.plugins += app.map { $0.make() }
        return composition
    }
}

/// A name ``PluginCatalog`` cannot take.
public enum PluginCatalogError: Error, Equatable, CustomStringConvertible {
    /// A strategy, an app plugin, or one of `none`, `all`, `recommended` has the name.
    case duplicateName(String)
    /// Empty, or with a comma, colon or space: `--plugins` could not spell it.
    case unspellable(String)
    /// The catalog holds ``PluginCatalog/maximumPlugins`` already.
    case full(Int)

    public var description: String {
        switch self {
        case .duplicateName(let name): "plugin name '\(name)' is taken"
        case .unspellable(let name): "plugin name '\(name)' cannot be spelled in --plugins (a comma, colon or space)"
        case .full(let maximum):
            "a catalog holds at most \(maximum) plugins (every combination of them is 2^\(maximum) runs a file)"
        }
    }
}

/// An app's handler as a plugin: installed on the chosen points, last in each chain, under
/// the handler's type name.
struct HandlerPlugin<Handler: NavigationHandler>: NavigationPlugin {
    static var pluginName: String { String(describing: Handler.self) }
    let handler: Handler
    let points: Set<InterceptionPoint>

    func install(on hooks: HookRegistry, recording installation: PluginInstallation) throws {
        let dispatcher = hooks.dispatcher
        let name = Self.pluginName
        for point in InterceptionPoint.allCases where points.contains(point) {
            switch point {
            case .shouldPop:
                try installation.addHandler(
                    handler as any ShouldPopHandler, to: dispatcher.shouldPopHandlers, name: name)
            case .backButtonAction:
                try installation.addHandler(
                    handler as any BackButtonActionHandler, to: dispatcher.backButtonActionHandlers, name: name)
            case .gestureShouldBegin:
                try installation.addHandler(
                    handler as any GestureShouldBeginHandler, to: dispatcher.gestureShouldBeginHandlers, name: name)
            case .willShow:
                try installation.addHandler(handler as any WillShowHandler, to: dispatcher.willShowHandlers, name: name)
            }
        }
    }
}
