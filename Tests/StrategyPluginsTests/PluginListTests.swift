import Foundation
import NavigationStrategies
import Testing

/// `StrategyCatalog` holds the one list of plugins; `Package.swift` cannot import it and repeats
/// the names in `strategyPlugins`. These tests keep the two, and the `Plugins/` folders, equal.
struct PluginListTests {
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The string literals of `let strategyPlugins = [ … ]` (or `list`) in `Package.swift`.
    static func manifestPlugins(_ list: String = "strategyPlugins") throws -> [String] {
        let manifest = try String(contentsOf: packageRoot.appendingPathComponent("Package.swift"), encoding: .utf8)
        let start = try #require(manifest.range(of: "let \(list) = ["))
        let end = try #require(manifest[start.upperBound...].firstIndex(of: "]"))
        return manifest[start.upperBound..<end].split(separator: "\"").enumerated()
            .filter { $0.offset % 2 == 1 }.map { String($0.element) }
    }

    @Test func theManifestListsExactlyTheCatalogsPlugins() throws {
        let listed = try Self.manifestPlugins()
        #expect(listed.count == Set(listed).count, "a plugin listed twice in Package.swift")
        #expect(listed.sorted() == StrategyCatalog.names)
        #expect(try Self.manifestPlugins("appearancePlugins").sorted() == StrategyCatalog.appearanceNames)
    }

    @Test func everyPluginFolderIsInTheCatalog() throws {
        let folders = try FileManager.default.contentsOfDirectory(
            atPath: Self.packageRoot.appendingPathComponent("Plugins").path
        ).filter { !$0.hasPrefix(".") }
        #expect(folders.sorted() == (StrategyCatalog.names + StrategyCatalog.appearanceNames).sorted())
    }

    /// The README's products table has one row of plugin products: exactly the catalog's.
    @Test func theReadmesPluginProductsAreTheCatalogs() throws {
        let readme = try String(contentsOf: Self.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let row = try #require(
            readme.split(separator: "\n").first {
                $0.hasPrefix("| `\(StrategyCatalog.names[0])`") || $0.contains(", `\(StrategyCatalog.names[0])`")
            })
        let cell = row.split(separator: "|")[0]
        let listed = cell.split(separator: "`").enumerated().filter { $0.offset % 2 == 1 }.map { String($0.element) }
        #expect(listed.sorted() == StrategyCatalog.names)
    }

    @MainActor @Test func everyNameMakesAPluginOfThatName() {
        for name in StrategyCatalog.names + StrategyCatalog.appearanceNames {
            let plugin = StrategyCatalog.plugin(named: name)
            #expect(plugin.map { type(of: $0).pluginName } == name)
        }
    }
}
