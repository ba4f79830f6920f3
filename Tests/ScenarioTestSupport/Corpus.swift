public import Foundation
public import NavigationScenarios

/// The package's scenario corpus (`Examples/Scenarios`), found from this file's path, for the
/// tests of every module that reads `.nav` files.
public enum Corpus {
    /// The package root.
    public static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path

    /// `Examples/Scenarios`.
    public static var directory: URL { URL(fileURLWithPath: packageRoot).appendingPathComponent("Examples/Scenarios") }

    /// The corpus's `.nav` files, sorted by name.
    public static var files: [URL] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { $0.hasSuffix(".nav") }.sorted().map { directory.appendingPathComponent($0) }
    }

    /// Every corpus scenario, parsed, each named by its file's name (`seed-000.nav`).
    public static func scenarios() throws -> [Scenario] {
        try files.map { url in
            try ScenarioParser.parse(text: String(contentsOf: url, encoding: .utf8), file: url.lastPathComponent).get()
        }
    }

    /// The corpus scenario `name` (without `.nav`), its file named by its full path.
    public static func scenario(_ name: String) throws -> Scenario {
        let file = directory.appendingPathComponent(name + ".nav").path
        return try parse(String(contentsOfFile: file, encoding: .utf8), file: file)
    }

    /// `text` parsed as the file `file`.
    public static func parse(_ text: String, file: String = "flow.nav") throws -> Scenario {
        try ScenarioParser.parse(text: text, file: file).get()
    }

    /// The diagnostics of `text` parsed as the file `file` (none when it parses).
    public static func diagnostics(_ text: String, file: String = "t.nav") -> [ScenarioDiagnostic] {
        switch ScenarioParser.parse(text: text, file: file) {
        case .success: []
        case .failure(let failure): failure.diagnostics
        }
    }
}
