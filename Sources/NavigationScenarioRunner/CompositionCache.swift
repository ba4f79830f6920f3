import NavigationScenarios
public import NavigationStrategies

/// Plugin compositions by their spelled names, built once: building one looks up and orders
/// every name, and a matrix installs the same few hundred compositions on a hundred thousand
/// runs. A composition is a list of plugin values (their configuration and nothing else), so
/// installing the same composition on two navigation controllers installs the same plugins.
@MainActor
@_spi(Runner) public final class CompositionCache {
    private var made: [[String]: Result<StrategyComposition, any Error>] = [:]
    /// Where the names come from: the strategies and the app's plugins.
    let catalog: PluginCatalog

    /// Creates an empty cache of compositions of `catalog`'s plugins.
    public init(catalog: PluginCatalog = .builtIn) { self.catalog = catalog }

    /// ``PluginCatalog/composition(_:)`` of `spellings`, or what it threw.
    public func composition(_ spellings: [String]) throws -> StrategyComposition {
        if let known = made[spellings] { return try known.get() }
        let result = Result { try catalog.composition(spellings) }
        made[spellings] = result
        return try result.get()
    }
}
