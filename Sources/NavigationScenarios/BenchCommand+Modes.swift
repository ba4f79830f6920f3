import NavigationStrategies

extension BenchCommand {
    /// Every `Name:mode` spelling ``StrategyCatalog/modes`` offers, sorted (for the help text).
    nonisolated static var modeSpellings: [String] {
        StrategyCatalog.modes.flatMap { name, modes in modes.map { "\(name):\($0)" } }.sorted()
    }
}
