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
            names.formUnion(
                matches(
                    #"\b(?:class|struct|enum|protocol|actor|typealias|func|var|let|associatedtype)\s+`?([A-Za-z_][A-Za-z0-9_]*)"#,
                    in: source))
            for list in matches(#"(?m)^\s*(?:(?:public|indirect)\s+)*case\s+([^=\n]+)"#, in: source) {
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
        for cited in matches(#"\b((?:Sources|Plugins|Tests|Examples)/[A-Za-z0-9_./+<>*-]+)"#, in: prose)
        where !cited.contains("<") && !cited.contains("*") {
            let trimmed = String(cited.reversed().drop { ".,:;".contains($0) }.reversed())
            if !FileManager.default.fileExists(atPath: root.appendingPathComponent(trimmed).path) {
                broken.append(trimmed)
            }
        }
        for document in matches(#"(?:^|[^/A-Za-z0-9_.-])([A-Za-z][A-Za-z0-9_-]*\.md)\b"#, in: prose)
        where !fileNames.contains(document) {
            broken.append(document)
        }
        return broken
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
