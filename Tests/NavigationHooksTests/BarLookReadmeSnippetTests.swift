import Foundation
import Testing

/// The bar-look snippets of `NavigationHooksUIKit.docc/BarAppearance.md` are the code of `Examples/iOSApp/App/ReadmeSnippetsBarLook*.swift`,
/// which the iOS SDK check type-checks (Linux cannot compile UIKit or SwiftUI).
struct BarLookReadmeSnippetTests {
    @Test(arguments: [
        ("ReadmeSnippetsBarLook.swift", "/// A photo under", ".transparent"),
        ("ReadmeSnippetsBarLookSwiftUI.swift", "@available(iOS 16, *)  // NavigationStack", ".navigationBarLook("),
    ])
    func theReadmeCarriesTheSnippetVerbatim(file: String, start: String, mustContain: String) throws {
        let root = #filePath.replacingOccurrences(
            of: "Tests/NavigationHooksTests/BarLookReadmeSnippetTests.swift", with: "")
        let source = try String(contentsOfFile: root + "Examples/iOSApp/App/" + file, encoding: .utf8)
        let readme = try String(
            contentsOfFile: root + "Sources/NavigationHooksUIKit/NavigationHooksUIKit.docc/BarAppearance.md",
            encoding: .utf8)
        // The file's code sits inside `#if …`, indented one level by swift-format.
        let dedented = source.split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.hasPrefix("    ") ? String($0.dropFirst(4)) : String($0) }.joined(separator: "\n")
        let begin = try #require(dedented.range(of: start))
        let end = try #require(dedented.range(of: "#endif"))
        let snippet = dedented[begin.lowerBound..<end.lowerBound].trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(snippet.contains(mustContain))
        #expect(readme.contains(snippet))
    }
}
