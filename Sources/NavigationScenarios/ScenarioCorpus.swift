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
    /// - Throws: ``InputError`` for a path that does not exist or a directory without scenario
    ///   files.
    public static func files(in inputs: [String], currentDirectory: String) throws(InputError) -> [String] {
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

    /// An input that names no scenario file: a path that does not exist, or a directory without
    /// `.nav` files.
    public struct InputError: Error, Hashable, Sendable, CustomStringConvertible {
        /// What is wrong, naming the input.
        public var message: String
        /// Creates an error.
        public init(_ message: String) { self.message = message }
        public var description: String { message }
    }

    /// The text of `file`.
    ///
    /// - Throws: ``ReadError`` saying why: the file cannot be opened, or where it stops being
    ///   UTF-8.
    public static func read(_ file: String, currentDirectory: String) throws(ReadError) -> String {
        let path = resolve(file, in: currentDirectory)
        guard let data = FileManager.default.contents(atPath: path) else {
            if isDirectory(path) { throw ReadError(reason: "it is a directory") }
            let readable = FileManager.default.isReadableFile(atPath: path)
            throw ReadError(reason: readable ? "it cannot be opened" : "permission denied")
        }
        if let text = String(data: data, encoding: .utf8) { return text }
        throw ReadError(reason: ReadError.firstInvalidUTF8(in: Array(data)))
    }

    /// Why a file could not be read.
    public struct ReadError: Error, CustomStringConvertible {
        /// Why the file cannot be read.
        public var reason: String
        public var description: String { reason }

        /// `byte 0xE9 at line 3, column 7 is not UTF-8; save the file as UTF-8`.
        static func firstInvalidUTF8(in bytes: [UInt8]) -> String {
            var index = 0
            var line = 1
            var column = 1
            while index < bytes.count {
                let byte = bytes[index]
                let length: Int
                switch byte {
                case 0x00...0x7F: length = 1
                case 0xC2...0xDF: length = 2
                case 0xE0...0xEF: length = 3
                case 0xF0...0xF4: length = 4
                default: length = 0
                }
                let complete =
                    length > 0 && index + length <= bytes.count
                    && bytes[(index + 1)..<(index + length)].allSatisfy { $0 & 0xC0 == 0x80 }
                guard complete else {
                    let hex = String(byte, radix: 16, uppercase: true)
                    return "byte 0x\(hex.count == 1 ? "0" + hex : hex) at line \(line), column \(column) is not "
                        + "UTF-8; save the file as UTF-8"
                }
                if byte == 0x0A {
                    line += 1
                    column = 1
                } else {
                    column += 1
                }
                index += length
            }
            return "the file is not valid UTF-8; save it as UTF-8"
        }
    }

    /// `path` as given when absolute, else relative to `directory`.
    public static func resolve(_ path: String, in directory: String) -> String {
        path.hasPrefix("/") ? path : (directory as NSString).appendingPathComponent(path)
    }

    static func isDirectory(_ path: String) -> Bool {
        var directory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &directory) && directory.boolValue
    }
}
