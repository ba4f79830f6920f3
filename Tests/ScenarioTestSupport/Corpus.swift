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

    /// Every corpus scenario, parsed, each named by its file's name (`seed-000.nav`). Parsed
    /// once per test process; a file that fails to parse throws at every call.
    public static func scenarios() throws -> [Scenario] {
        try parsedCorpus.value {
            try files.map { url in
                try ScenarioParser.parse(text: String(contentsOf: url, encoding: .utf8), file: url.lastPathComponent)
                    .get()
            }
        }
    }

    /// What ``scenarios()`` parsed.
    private static let parsedCorpus = ParsedCorpus()

    /// The parsed corpus behind a lock: tests of every isolation read it (the scenarios are values).
    private final class ParsedCorpus: @unchecked Sendable {
        private let lock = NSLock()
        private var scenarios: [Scenario]?

        /// The scenarios `parse` gave at the first call that did not throw.
        func value(parsing parse: () throws -> [Scenario]) rethrows -> [Scenario] {
            lock.lock()
            defer { lock.unlock() }
            if let scenarios { return scenarios }
            let parsed = try parse()
            scenarios = parsed
            return parsed
        }
    }

    /// The corpus scenario `name` (without `.nav`), its file named by its full path. Parsed
    /// once per test process: the conformance and outcome tests read each file once per profile.
    public static func scenario(_ name: String) throws -> Scenario {
        if let parsed = parsed.value(name) { return parsed }
        let file = directory.appendingPathComponent(name + ".nav").path
        let scenario = try parse(String(contentsOfFile: file, encoding: .utf8), file: file)
        parsed.set(name, scenario)
        return scenario
    }

    /// The scenarios ``scenario(_:)`` parsed, by name.
    private static let parsed = ParsedScenarios()

    /// A dictionary behind a lock: tests of every isolation read the corpus.
    private final class ParsedScenarios: @unchecked Sendable {
        private let lock = NSLock()
        private var scenarios: [String: Scenario] = [:]

        func value(_ name: String) -> Scenario? {
            lock.lock()
            defer { lock.unlock() }
            return scenarios[name]
        }

        func set(_ name: String, _ scenario: Scenario) {
            lock.lock()
            defer { lock.unlock() }
            scenarios[name] = scenario
        }
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
