import Foundation
import Testing

/// The README's SwiftUI snippet is `Examples/iOSApp/App/ReadmeSnippetsSwiftUI.swift`'s code,
/// which the iOS SDK check type-checks (nothing on Linux can compile SwiftUI).
struct SwiftUIReadmeSnippetTests {
    @Test func theReadmeCarriesTheSwiftUISnippetVerbatim() throws {
        let root = #filePath.replacingOccurrences(
            of: "Tests/NavigationHooksTests/SwiftUIReadmeSnippetTests.swift", with: "")
        let source = try String(
            contentsOfFile: root + "Examples/iOSApp/App/ReadmeSnippetsSwiftUI.swift", encoding: .utf8)
        let readme = try String(contentsOfFile: root + "README.md", encoding: .utf8)
        // The file's code sits inside `#if …`, indented one level by swift-format.
        let dedented = source.split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.hasPrefix("    ") ? String($0.dropFirst(4)) : String($0) }.joined(separator: "\n")
        let begin = try #require(dedented.range(of: "struct DraftEditor"))
        let end = try #require(dedented.range(of: "#endif"))
        let snippet = dedented[begin.lowerBound..<end.lowerBound].trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(snippet.contains(".leaveConfirmation(isActive:"))
        #expect(readme.contains(snippet))
    }
}
