import Foundation
import Testing

/// The UIKit snippets of the README and of `NavigationStrategies.docc/RecommendedComposition.md`
/// are the bodies of the functions in `Examples/iOSApp/App/ReadmeSnippets.swift`, which the iOS
/// SDK check type-checks (Linux cannot compile UIKit): every body is in one of the documents.
struct UIKitSnippetDocsTests {
    static let root = #filePath.replacingOccurrences(
        of: "Tests/NavigationHooksTests/UIKitSnippetDocsTests.swift", with: "")

    /// The bodies of the top-level functions of `source`, one level of indentation removed.
    static func functionBodies(_ source: String) -> [String] {
        var bodies: [String] = []
        var current: [Substring]?
        for line in source.split(separator: "\n", omittingEmptySubsequences: false) {
            if current == nil, line.hasPrefix(") throws {") || (line.hasPrefix("func ") && line.hasSuffix("{")) {
                current = []
            } else if current != nil, line == "}" {
                bodies.append(current!.map { $0.hasPrefix("    ") ? $0.dropFirst(4) : $0 }.joined(separator: "\n"))
                current = nil
            } else if current != nil {
                current!.append(line)
            }
        }
        return bodies
    }

    @Test func everyUIKitSnippetIsInTheDocs() throws {
        let source = try String(contentsOfFile: Self.root + "Examples/iOSApp/App/ReadmeSnippets.swift", encoding: .utf8)
        let documents = try [
            "README.md", "Sources/NavigationStrategies/NavigationStrategies.docc/RecommendedComposition.md",
        ]
        .map { try String(contentsOfFile: Self.root + $0, encoding: .utf8) }
        let bodies = Self.functionBodies(source)
        #expect(bodies.count == 3)
        for body in bodies {
            #expect(documents.contains { $0.contains(body) }, "not in the docs:\n\(body)")
        }
    }
}
