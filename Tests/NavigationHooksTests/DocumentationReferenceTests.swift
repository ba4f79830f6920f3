import Foundation
import ScenarioTestSupport
import Testing

/// Every reference the documentation makes resolves, without DocC (the package has no
/// plugin dependency to run `swift package generate-documentation`):
/// - a `<doc:Name>` names an article `Name.md` of the catalog it is in (for a Swift file,
///   its module's catalog `<Module>.docc`);
/// - a ``` ``Symbol/member`` ``` link in a doc comment or a catalog article names a module
///   or a declaration of the package, component by component;
/// - a cited repository path (`Sources/…`, `Plugins/…`, `Tests/…`, `Examples/…`) exists, and
///   a cited bare `Name.md` is the name of a file of the repository.
///
/// It reads the sources and documents as text: a check of names, not of overloads or
/// scopes, kept simple so it runs in milliseconds. The tests that read every file read them
/// on a thread of their own (``OwnThread``).
struct DocumentationReferenceTests {
    static let root = URL(
        fileURLWithPath: #filePath.replacingOccurrences(
            of: "Tests/NavigationHooksTests/DocumentationReferenceTests.swift", with: ""))

    /// The package's text files that can cite something: sources, tests, examples, catalogs,
    /// READMEs, the changelog, scenario files.
    static let files: [String] = {
        var found: [String] = ["README.md", "CHANGELOG.md"]
        for top in ["Sources", "Plugins", "Tests", "Examples"] {
            let base = root.appendingPathComponent(top).path
            guard let walker = FileManager.default.enumerator(atPath: base) else { continue }
            while let relative = walker.nextObject() as? String {
                let path = top + "/" + relative
                if path.hasSuffix(".swift") || path.hasSuffix(".md") || path.hasSuffix(".nav") {
                    found.append(path)
                }
            }
        }
        return found.sorted()
    }()

    static func text(_ path: String) -> String {
        texts[path] ?? read(path)
    }

    static func read(_ path: String) -> String {
        (try? String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)) ?? ""
    }

    /// Every file of ``files``, read once: each test reads most of them.
    static let texts = Dictionary(uniqueKeysWithValues: files.map { ($0, read($0)) })

    static func matches(_ pattern: String, in text: String) -> [String] {
        guard let regex = Regexes.shared.regex(pattern) else { return [] }
        let range = NSRange(text.startIndex..., in: text)
        return regex.matches(in: text, range: range).compactMap { match in
            Range(match.range(at: 1), in: text).map { String(text[$0]) }
        }
    }

    /// The patterns of ``matches(_:in:)``, each compiled once (every file is searched with each).
    final class Regexes: @unchecked Sendable {
        static let shared = Regexes()
        private let lock = NSLock()
        private var compiled: [String: NSRegularExpression] = [:]

        func regex(_ pattern: String) -> NSRegularExpression? {
            lock.lock()
            defer { lock.unlock() }
            if let regex = compiled[pattern] { return regex }
            let regex = try? NSRegularExpression(pattern: pattern)
            compiled[pattern] = regex
            return regex
        }
    }

    /// The text a file shows its readers: the comments of a Swift file (`//` and `///`
    /// lines), a scenario file's `#` comments, a Markdown file outside its code blocks.
    static func prose(of path: String) -> String {
        if path.hasSuffix(".swift") { return commentLines(of: path).joined(separator: "\n") }
        let lines = lines(of: text(path))
        if path.hasSuffix(".nav") {
            return lines.compactMap { line in line.firstIndex(of: "#").map { String(line[$0...]) } }
                .joined(separator: "\n")
        }
        var inCode = false
        var shown: [Substring] = []
        for line in lines {
            let rest = unindented(line)
            // A fence starts with a backquote byte: only such a line is read as characters.
            if rest.utf8.first == UInt8(ascii: "`"), rest.hasPrefix("```") {
                inCode.toggle()
            } else if !inCode {
                shown.append(line)
            }
        }
        return shown.joined(separator: "\n")
    }

    /// `text` split at its line feeds: `text.split(separator: "\n", omittingEmptySubsequences: false)`,
    /// found on the UTF-8 bytes (a line feed after a carriage return is one Character with it:
    /// no separator).
    static func lines(of text: String) -> [Substring] {
        var text = text
        text.makeContiguousUTF8()
        let utf8 = text.utf8
        let found = utf8.withContiguousStorageIfAvailable { bytes -> [Substring] in
            var lines: [Substring] = []
            var start = 0
            var offset = 0
            while let base = bytes.baseAddress, offset < bytes.count,
                let hit = memchr(base + offset, 0x0A, bytes.count - offset)
            {
                let end = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
                offset = end + 1
                if end > 0 && bytes[end - 1] == 0x0D { continue }
                lines.append(
                    text[utf8.index(utf8.startIndex, offsetBy: start)..<utf8.index(utf8.startIndex, offsetBy: end)])
                start = end + 1
            }
            lines.append(text[utf8.index(utf8.startIndex, offsetBy: start)...])
            return lines
        }
        return found ?? text.split(separator: "\n", omittingEmptySubsequences: false)
    }

    /// The comment lines (`//` and `///`) of the Swift file `path`.
    static func commentLines(of path: String) -> [Substring] {
        swiftCommentLines[path] ?? commentLines(in: text(path))
    }

    static func commentLines(in source: String) -> [Substring] {
        var found: [Substring] = []
        for line in lines(of: source) {
            let rest = unindented(line)
            // "//" starts with a slash byte: only such a line is read as characters.
            if rest.utf8.first == UInt8(ascii: "/"), rest.hasPrefix("//") { found.append(line) }
        }
        return found
    }

    /// ``commentLines(of:)`` of every Swift file, found once: two tests read them.
    static let swiftCommentLines = Dictionary(
        uniqueKeysWithValues: files.filter { $0.hasSuffix(".swift") }.map { ($0, commentLines(in: text($0))) })

    /// `line` without its leading blanks (`CharacterSet.whitespaces`), as a prefix test reads it.
    static func unindented(_ line: Substring) -> Substring {
        var start = line.startIndex
        for byte in line.utf8 {
            if byte == 0x20 || byte == 0x09 {
                start = line.utf8.index(after: start)
                continue
            }
            if byte < 0x80 { return line[start...] }
            break  // maybe another blank: read it as characters
        }
        return line[start...].drop { $0.unicodeScalars.allSatisfy(CharacterSet.whitespaces.contains) }
    }

    /// The DocC catalog a file's `<doc:>` links resolve in, if it has one.
    static func catalog(of path: String) -> String? {
        let parts = path.split(separator: "/").map(String.init)
        if let index = parts.firstIndex(where: { $0.hasSuffix(".docc") }) {
            return parts[...index].joined(separator: "/")
        }
        guard parts.count > 2, parts[0] == "Sources" || parts[0] == "Plugins" else { return nil }
        return "\(parts[0])/\(parts[1])/\(parts[1]).docc"
    }

    /// Every name the package declares (types, members, cases), and its module names.
    static let declaredNames: Set<String> = {
        var names: Set<String> = ["init"]
        for path in files where path.hasSuffix(".swift") {
            let source = text(path)
            let declarationPattern =
                #"\b(?:class|struct|enum|protocol|actor|typealias|func|var|let|associatedtype)\s+`?([A-Za-z_][A-Za-z0-9_]*)"#
            let casePattern = #"(?m)^\s*(?:(?:public|indirect)\s+)*case\s+([^=\n]+)"#
            let scanned =
                DeclarationScan.names(in: source)
                ?? (matches(declarationPattern, in: source), matches(casePattern, in: source))
            names.formUnion(scanned.names)
            for list in scanned.caseLists {
                for item in list.split(separator: ",") {
                    let name = item.trimmingCharacters(in: .whitespaces).prefix {
                        $0.isLetter || $0.isNumber || $0 == "_"
                    }
                    if !name.isEmpty { names.insert(String(name)) }
                }
            }
        }
        for top in ["Sources", "Plugins"] {
            let entries = (try? FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent(top).path))
            names.formUnion(entries ?? [])
        }
        return names
    }()

    /// What ``declaredNames`` reads in a Swift source, found with the C library's `strstr` (the
    /// regular expressions cost a debug build most of this suite): the first group of each match of
    /// - `names`: ``\b(?:class|struct|enum|protocol|actor|typealias|func|var|let|associatedtype)\s+`?([A-Za-z_][A-Za-z0-9_]*)``;
    /// - `caseLists`: `(?m)^\s*(?:(?:public|indirect)\s+)*case\s+([^=\n]+)`.
    ///
    /// It reads ASCII only: `nil` for a source where ICU's Unicode rules could decide a match (a
    /// NUL, a control other than a tab or a line feed, a Unicode line separator, a non-ASCII
    /// scalar before a keyword, after its blanks or among a case's modifiers), which
    /// ``declaredNames`` then reads with the patterns themselves.
    enum DeclarationScan {
        static let keywords = [
            "class", "struct", "enum", "protocol", "actor", "typealias", "func", "var", "let", "associatedtype",
        ]

        static func names(in source: String) -> (names: [String], caseLists: [String])? {
            source.withCString { text in
                let count = strlen(text)
                guard count == source.utf8.count else { return nil }  // a NUL
                for control in [0x0B, 0x0C, 0x0D] as [Int32] where strchr(text, control) != nil { return nil }
                for separator in ["\u{85}", "\u{2028}", "\u{2029}"] where strstr(text, separator) != nil {
                    return nil
                }
                return text.withMemoryRebound(to: UInt8.self, capacity: count + 1) { bytes in
                    scan(text, UnsafeBufferPointer(start: bytes, count: count))
                }
            }
        }

        /// The offsets of `word` in `text`, in order.
        static func offsets(of word: String, in text: UnsafePointer<CChar>) -> [Int] {
            var found: [Int] = []
            var from = text
            while let match = strstr(from, word) {
                let hit = UnsafePointer(match)
                found.append(text.distance(to: hit))
                from = hit + 1
            }
            return found
        }

        static func scan(
            _ text: UnsafePointer<CChar>, _ bytes: UnsafeBufferPointer<UInt8>
        ) -> (names: [String], caseLists: [String])? {
            let count = bytes.count
            func isBlank(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A }
            func isIdentifierStart(_ byte: UInt8) -> Bool {
                (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || byte == 0x5F
            }
            func isIdentifier(_ byte: UInt8) -> Bool { isIdentifierStart(byte) || (byte >= 0x30 && byte <= 0x39) }
            /// The end of the blanks from `offset`; `nil` at a non-ASCII scalar (maybe a blank).
            func endOfBlanks(from offset: Int) -> Int? {
                var end = offset
                while end < count && isBlank(bytes[end]) { end += 1 }
                return end < count && bytes[end] >= 0x80 ? nil : end
            }
            func string(_ start: Int, _ end: Int) -> String {
                String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
            }

            // The declarations: candidates in order, each past the end of the last match.
            var names: [String] = []
            var candidates: [(offset: Int, length: Int)] = []
            for keyword in keywords {
                for offset in offsets(of: keyword, in: text) { candidates.append((offset, keyword.utf8.count)) }
            }
            candidates.sort { $0.offset < $1.offset }
            var searchFrom = 0
            for (offset, length) in candidates where offset >= searchFrom {
                if offset > 0 {
                    // `\b`: an ASCII scalar before is a word character or not; another one, ICU decides.
                    let previous = bytes[offset - 1]
                    if previous >= 0x80 { return nil }
                    if isIdentifier(previous) { continue }
                }
                guard var start = endOfBlanks(from: offset + length) else { return nil }
                guard start > offset + length else { continue }
                if start < count && bytes[start] == UInt8(ascii: "`") { start += 1 }
                guard start < count && isIdentifierStart(bytes[start]) else { continue }
                var end = start + 1
                while end < count && isIdentifier(bytes[end]) { end += 1 }
                names.append(string(start, end))
                searchFrom = end
            }

            // The case lists: a `case` whose line (after a line feed) starts with blanks and
            // modifiers, each followed by blanks; past the end of the last match.
            var caseLists: [String] = []
            let modifiers = ["public", "indirect"].map { Array($0.utf8) }
            func has(_ word: [UInt8], at offset: Int) -> Bool {
                guard offset + word.count <= count else { return false }
                for index in 0..<word.count where bytes[offset + index] != word[index] { return false }
                return true
            }
            searchFrom = 0
            for offset in offsets(of: "case", in: text) {
                var lineStart = offset
                while lineStart > 0 && bytes[lineStart - 1] != 0x0A { lineStart -= 1 }
                guard lineStart >= searchFrom else { continue }
                // `\s*(?:(?:public|indirect)\s+)*` from the line start to the `case`.
                guard var at = endOfBlanks(from: lineStart) else { return nil }
                while at < offset, let modifier = modifiers.first(where: { has($0, at: at) }) {
                    guard let end = endOfBlanks(from: at + modifier.count) else { return nil }
                    guard end > at + modifier.count else { break }
                    at = end
                }
                guard at == offset else {
                    if bytes[lineStart..<offset].contains(where: { $0 >= 0x80 }) { return nil }
                    continue
                }
                // `case\s+([^=\n]+)`: `\s+` greedy, giving back its last blank that is not a line feed
                // when the list would be empty.
                let afterCase = offset + 4
                guard let blanksEnd = endOfBlanks(from: afterCase) else { return nil }
                guard blanksEnd > afterCase else { continue }
                func isListByte(_ byte: UInt8) -> Bool { byte != UInt8(ascii: "=") && byte != 0x0A }
                var start = blanksEnd
                if !(start < count && isListByte(bytes[start])) {
                    var backed: Int?
                    var candidate = blanksEnd - 1
                    while candidate > afterCase {
                        if bytes[candidate] != 0x0A {
                            backed = candidate
                            break
                        }
                        candidate -= 1
                    }
                    guard let backed else { continue }
                    start = backed
                }
                var end = start
                while end < count && isListByte(bytes[end]) { end += 1 }
                caseLists.append(string(start, end))
                searchFrom = end
            }
            return (names, caseLists)
        }
    }

    /// The `<doc:>` links of `text`, read in `path`, that name no article of its catalog.
    static func brokenDocLinks(in text: String, path: String) -> [String] {
        let targets = matches(#"<doc:([^>#]+)"#, in: text)
        guard !targets.isEmpty else { return [] }
        guard let catalog = catalog(of: path) else { return targets.map { "<doc:\($0)> outside a module" } }
        return targets.compactMap { target in
            let article = catalog + "/" + (target.split(separator: "/").last.map(String.init) ?? target) + ".md"
            let exists = FileManager.default.fileExists(atPath: root.appendingPathComponent(article).path)
            return exists ? nil : "<doc:\(target)> (no \(article))"
        }
    }

    /// The symbol links of `text` with a component the package does not declare.
    static func brokenSymbolLinks(in text: String) -> [String] {
        matches(#"``([^`\s]+)``"#, in: text).compactMap { link in
            let components = link.split(separator: "/").map { component in
                String(component.prefix { $0 != "(" && $0 != "-" && $0 != "<" })
            }
            let unknown = components.filter { !$0.isEmpty && !declaredNames.contains($0) }
            return unknown.isEmpty ? nil : "``\(link)`` (\(unknown.joined(separator: ", ")) not declared)"
        }
    }

    /// The repository paths and bare `.md` names cited in `prose` that do not exist.
    static func brokenCitations(inProse prose: String) -> [String] {
        var broken: [String] = []
        let paths = linesContaining(["Sources/", "Plugins/", "Tests/", "Examples/"], in: prose)
        for cited in matches(#"\b((?:Sources|Plugins|Tests|Examples)/[A-Za-z0-9_./+<>*-]+)"#, in: paths)
        where !cited.contains("<") && !cited.contains("*") {
            let trimmed = String(cited.reversed().drop { ".,:;".contains($0) }.reversed())
            if !FileManager.default.fileExists(atPath: root.appendingPathComponent(trimmed).path) {
                broken.append(trimmed)
            }
        }
        let documents = linesContaining([".md"], in: prose)
        for document in matches(#"(?:^|[^/A-Za-z0-9_.-])([A-Za-z][A-Za-z0-9_-]*\.md)\b"#, in: documents)
        where !fileNames.contains(document) {
            broken.append(document)
        }
        return broken
    }

    /// The lines of `text` (split at line feeds) that contain one of `words`, joined with line
    /// feeds, found with the C library's `strstr`: what ``brokenCitations(inProse:)`` searches,
    /// as its patterns match a word of `words` and stay within a line (no line feed in a match
    /// but the character before a document's name, which the line before leaves to it), and
    /// a debug build's regular expressions cost most where there is nothing to find.
    static func linesContaining(_ words: [String], in text: String) -> String {
        text.withCString { start in
            guard strlen(start) == text.utf8.count else { return text }  // a NUL: all of it
            var lines: [(start: Int, end: Int)] = []
            for word in words {
                var from = start
                while let match = strstr(from, word) {
                    let hit = UnsafePointer(match)
                    var lineStart = hit
                    while lineStart > start && lineStart[-1] != 0x0A { lineStart -= 1 }
                    let lineEnd: UnsafePointer<CChar> =
                        if let end = strchr(hit, 0x0A) { UnsafePointer(end) } else { hit + strlen(hit) }
                    lines.append((start.distance(to: lineStart), start.distance(to: lineEnd)))
                    from = lineEnd
                }
            }
            lines.sort { $0.start < $1.start }
            var found: [UInt8] = []
            var lastStart = -1
            for line in lines where line.start != lastStart {
                if lastStart >= 0 { found.append(0x0A) }
                start.withMemoryRebound(to: UInt8.self, capacity: line.end) { bytes in
                    found.append(
                        contentsOf: UnsafeBufferPointer(start: bytes + line.start, count: line.end - line.start))
                }
                lastStart = line.start
            }
            return String(decoding: found, as: UTF8.self)
        }
    }

    /// The names of the files the check reads.
    static let fileNames = Set(files.map { $0.split(separator: "/").last.map(String.init) ?? $0 })

    /// The files checked: all but this one, whose comments show the patterns themselves.
    static var checkedFiles: [String] {
        files.filter { !$0.hasSuffix("/DocumentationReferenceTests.swift") }
    }

    @Test func everyDocLinkNamesAnArticleOfItsCatalog() async {
        let broken = await OwnThread.run {
            Self.checkedFiles.flatMap { path in
                Self.brokenDocLinks(in: Self.text(path), path: path).map { "\(path): \($0)" }
            }
        }
        #expect(broken.isEmpty, "\(broken)")
    }

    @Test func everySymbolLinkNamesADeclaration() async {
        let broken = await OwnThread.run {
            var broken: [String] = []
            for path in Self.checkedFiles where path.hasSuffix(".swift") || path.contains(".docc/") {
                var text = Self.text(path)
                if path.hasSuffix(".swift") {
                    // Doc comments: among the comment lines, those that start with `///`.
                    text = Self.commentLines(of: path).filter { Self.unindented($0).hasPrefix("///") }
                        .joined(separator: "\n")
                }
                broken += Self.brokenSymbolLinks(in: text).map { "\(path): \($0)" }
            }
            return broken
        }
        #expect(broken.isEmpty, "\(broken)")
    }

    @Test func everyCitedPathAndDocumentExists() async {
        let broken = await OwnThread.run {
            Self.checkedFiles.flatMap { path in
                Self.brokenCitations(inProse: Self.prose(of: path)).map { "\(path): \($0)" }
            }
        }
        #expect(broken.isEmpty, "\(broken)")
    }

    /// The core's landing page lists every public top-level type under a topic.
    @Test func theCoreCatalogListsEveryPublicType() {
        let landing = Self.text("Sources/NavigationHooks/NavigationHooks.docc/NavigationHooks.md")
        let listed = Set(Self.matches(#"(?m)^- ``(?:NavigationHooks/)?([A-Za-z]+)``"#, in: landing))
        let declared = Self.files.filter { $0.hasPrefix("Sources/NavigationHooks/") && $0.hasSuffix(".swift") }
            .flatMap {
                Self.matches(#"(?m)^public (?:final )?(?:class|struct|enum|protocol) ([A-Za-z]+)"#, in: Self.text($0))
            }
        #expect(declared.count > 40)
        #expect(Set(declared).subtracting(listed).sorted() == [])
    }

    /// The check finds what it is for.
    @Test func theCheckFindsBrokenReferences() {
        let core = "Sources/NavigationHooks/Dispatch/NavigationDispatcher.swift"
        #expect(Self.brokenDocLinks(in: "see <doc:ChainRules> and <doc:UIKitRules>", path: core).isEmpty)
        #expect(Self.brokenDocLinks(in: "see <doc:NoSuchArticle>", path: core).count == 1)
        #expect(Self.brokenDocLinks(in: "see <doc:ChainRules>", path: "README.md").count == 1)
        #expect(Self.brokenSymbolLinks(in: "``NavigationDispatcher/attemptLeave(_:leave:)``").isEmpty)
        #expect(Self.brokenSymbolLinks(in: "``BackTapOutcome/pass`` ``PopDecision/deny(reason:)``").isEmpty)
        #expect(Self.brokenSymbolLinks(in: "``NavigationDispatcher/noSuchMember``").count == 1)
        #expect(Self.brokenCitations(inProse: "// Examples/Scenarios/README.md, UIKitRules.md, Seeds.md.").isEmpty)
        #expect(Self.brokenCitations(inProse: "// as SCENARIOS.md says").count == 1)
        #expect(Self.brokenCitations(inProse: "// see Sources/NavigationHooks/Nowhere.swift").count == 1)
        #expect(
            Self.catalog(of: "Sources/NavigationSimulator/Timeline.swift")
                == "Sources/NavigationSimulator/NavigationSimulator.docc")
        #expect(Self.prose(of: "Examples/Scenarios/root-swipe-freeze.nav").contains("Seeds.md"))
    }
}
