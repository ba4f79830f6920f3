import Foundation

/// Finds and reads scenario files: the built-in corpus and the files and directories named on
/// the command line.
public enum ScenarioCorpus {
    /// The built-in corpus, relative to the package root.
    public static let relativeDirectory = "Examples/Scenarios"

    /// The built-in corpus: `Examples/Scenarios` under `currentDirectory` when it exists, else
    /// under the package root derived from `sourceFile` (this module's `#filePath`).
    ///
    /// - Returns: the directory as it should be shown (relative when found under the current
    ///   directory), or `nil` when neither exists.
    public static func defaultDirectory(currentDirectory: String, sourceFile: String = #filePath) -> String? {
        if isDirectory(resolve(relativeDirectory, in: currentDirectory)) { return relativeDirectory }
        // Sources/NavigationScenarios/ScenarioCorpus.swift → the package root is three levels up.
        let root = ((sourceFile as NSString).deletingLastPathComponent as NSString)
            .deletingLastPathComponent
        let packageRoot = (root as NSString).deletingLastPathComponent
        let candidate = (packageRoot as NSString).appendingPathComponent(relativeDirectory)
        return isDirectory(candidate) ? candidate : nil
    }

    /// The `.nav` files `inputs` name: files as given, directories searched recursively, in
    /// sorted order. Paths stay as given (relative ones are resolved against
    /// `currentDirectory` only to read them).
    ///
    /// - Throws: ``BenchOptions/UsageError`` for a path that does not exist or a directory
    ///   without scenario files.
    public static func files(in inputs: [String], currentDirectory: String) throws(BenchOptions.UsageError) -> [String]
    {
        var files: [String] = []
        for input in inputs {
            let resolved = resolve(input, in: currentDirectory)
            if isDirectory(resolved) {
                let found = (FileManager.default.enumerator(atPath: resolved)?.allObjects as? [String] ?? [])
                    .filter { $0.hasSuffix(".nav") }
                    .sorted()
                    .map { (input as NSString).appendingPathComponent($0) }
                guard !found.isEmpty else { throw .init("no .nav files in '\(input)'") }
                files += found
            } else if FileManager.default.fileExists(atPath: resolved) {
                files.append(input)
            } else {
                throw .init("no such file or directory: '\(input)'")
            }
        }
        var seen: Set<String> = []
        return files.filter { seen.insert($0).inserted }
    }

    /// The text of `file`.
    static func read(_ file: String, currentDirectory: String) throws -> String {
        try String(contentsOfFile: resolve(file, in: currentDirectory), encoding: .utf8)
    }

    static func resolve(_ path: String, in directory: String) -> String {
        path.hasPrefix("/") ? path : (directory as NSString).appendingPathComponent(path)
    }

    static func isDirectory(_ path: String) -> Bool {
        var directory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &directory) && directory.boolValue
    }
}
