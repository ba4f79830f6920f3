import Foundation

/// Finds and reads scenario files: the built-in corpus and the files and directories named on
/// the command line.
public enum ScenarioCorpus {
    /// The built-in corpus, relative to the package root.
    public static let relativeDirectory = "Examples/Scenarios"

    /// The built-in corpus: `Examples/Scenarios` under `currentDirectory` when it exists, else
    /// under the package root: the nearest folder above `sourceFile` (the caller's `#filePath`,
    /// a source file of this package, at any depth) that holds it.
    ///
    /// - Returns: the directory as it should be shown (relative when found under the current
    ///   directory), or `nil` when neither exists.
    public static func defaultDirectory(currentDirectory: String, sourceFile: String = #filePath) -> String? {
        if isDirectory(resolve(relativeDirectory, in: currentDirectory)) { return relativeDirectory }
        var folder = (sourceFile as NSString).deletingLastPathComponent
        while folder.hasPrefix("/"), folder != "/" {
            let candidate = (folder as NSString).appendingPathComponent(relativeDirectory)
            if isDirectory(candidate) { return candidate }
            folder = (folder as NSString).deletingLastPathComponent
        }
        return nil
    }

    /// The `.nav` files `inputs` name: files as given, directories searched recursively, in
    /// sorted order, each file once however often it is named. Paths stay as given (relative
    /// ones are resolved against `currentDirectory` only to read them).
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
        // A file named twice (`a.nav ./a.nav`, or a file and its directory) is played once, as
        // first spelled: its runs would otherwise count twice and split its groups. One input
        // names each file once (a directory's files are distinct paths below it, without `.`
        // or `..`): no path to standardize (Foundation's `standardizingPath` cost a debug bench
        // ~100,000 instructions a file of the corpus, callgrind, in every bench process).
        if inputs.count == 1 { return files }
        var seen: Set<String> = []
        return files.filter {
            seen.insert((resolve($0, in: currentDirectory) as NSString).standardizingPath).inserted
        }
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

    /// The largest scenario file the bench reads (8 MiB): a flow is a few hundred lines; a
    /// bigger file is almost certainly not a scenario, and its runs would not fit in memory.
    public static let maximumFileSize = 8 << 20

    /// The text of `file`.
    ///
    /// - Throws: ``ReadError`` saying why and where: the file cannot be opened (1:1), is larger
    ///   than ``maximumFileSize`` (1:1), or stops being UTF-8 (the line and column of the first
    ///   byte that is not).
    public static func read(_ file: String, currentDirectory: String) throws(ReadError) -> String {
        let path = resolve(file, in: currentDirectory)
        // The size `FileManager.attributesOfItem(atPath:)` gives (`lstat`'s): it made a dictionary
        // of every attribute, owner's and group's names included, for each file of every corpus.
        var status = stat()
        if lstat(path, &status) == 0, Int(status.st_size) > maximumFileSize {
            let size = Int(status.st_size)
            throw ReadError(
                reason: "the file has \(size) bytes; a scenario file may have at most \(maximumFileSize) (8 MiB)")
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            if isDirectory(path) { throw ReadError(reason: "cannot read the file: it is a directory") }
            let readable = FileManager.default.isReadableFile(atPath: path)
            throw ReadError(reason: "cannot read the file: " + (readable ? "it cannot be opened" : "permission denied"))
        }
        let bytes = [UInt8](data)
        if let error = ReadError.firstInvalidUTF8(in: bytes) { throw error }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Reads and parses `file`: the scenario, or every error in it, each located.
    public static func load(_ file: String, currentDirectory: String) -> Result<Scenario, ScenarioDiagnostics> {
        do {
            return ScenarioParser.parse(text: try read(file, currentDirectory: currentDirectory), file: file)
        } catch {
            return .failure(ScenarioDiagnostics([error.diagnostic(file: file)]))
        }
    }

    /// Parses the bytes of a file named `file`, as ``load(_:currentDirectory:)`` does after
    /// reading it (the size limit included).
    public static func parse(bytes: [UInt8], file: String) -> Result<Scenario, ScenarioDiagnostics> {
        if bytes.count > maximumFileSize {
            let error = ReadError(
                reason: "the file has \(bytes.count) bytes; a scenario file may have at most \(maximumFileSize) (8 MiB)"
            )
            return .failure(ScenarioDiagnostics([error.diagnostic(file: file)]))
        }
        if let error = ReadError.firstInvalidUTF8(in: bytes) {
            return .failure(ScenarioDiagnostics([error.diagnostic(file: file)]))
        }
        return ScenarioParser.parse(text: String(decoding: bytes, as: UTF8.self), file: file)
    }

    /// Why a file could not be read, and where (1:1 when the whole file is at fault).
    public struct ReadError: Error, CustomStringConvertible {
        public var reason: String
        public var line = 1
        public var column = 1
        public var description: String { reason }

        /// `FILE:LINE:COLUMN: error: REASON`.
        func diagnostic(file: String) -> ScenarioDiagnostic {
            ScenarioDiagnostic(location: SourceLocation(file: file, line: line, column: column), message: reason)
        }

        /// `byte 0xE9 is not UTF-8; save the file as UTF-8`, at the line and column (in
        /// characters, as the parser counts them) of the first byte that is not; `nil` when
        /// every byte is.
        static func firstInvalidUTF8(in bytes: [UInt8]) -> ReadError? {
            // Almost every file is valid: one pass of Foundation's validation (optimized code,
            // also in a debug build, where the scalar-by-scalar search below was 5% of a run of
            // the bench: perf) clears it; the search runs only to locate an invalid byte.
            if String(bytes: bytes, encoding: .utf8) != nil { return nil }
            var parser = Unicode.UTF8.ForwardParser()
            var iterator = bytes.makeIterator()
            var offset = 0
            while true {
                switch parser.parseScalar(from: &iterator) {
                case .valid(let encoded): offset += encoded.count
                case .emptyInput: return nil
                case .error(let length):
                    let before = String(decoding: bytes[..<offset], as: UTF8.self)
                    let lines = before.split(omittingEmptySubsequences: false) {
                        $0 == "\n" || $0 == "\r\n" || $0 == "\r"
                    }
                    let hex = bytes[offset..<(offset + max(1, length))].map {
                        let digits = String($0, radix: 16, uppercase: true)
                        return "0x" + (digits.count == 1 ? "0" + digits : digits)
                    }
                    let what = hex.count == 1 ? "byte \(hex[0]) is" : "bytes \(hex.joined(separator: " ")) are"
                    return ReadError(
                        reason: "\(what) not UTF-8; a .nav file is UTF-8 text (save it as UTF-8)",
                        line: lines.count, column: (lines.last?.count ?? 0) + 1)
                }
            }
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
