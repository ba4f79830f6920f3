import Foundation
import NavigationHooks
import Testing

// The snippet below is copied verbatim into README.md ("Write a custom handler"); this
// test proves it compiles and does what the README says.

// README snippet begin
/// Refuses every "back" the user takes while the draft has unsaved text;
/// the app's own code pops stay free.
struct UnsavedDraftGuard: NavigationHandler {
    let hasUnsavedText: @MainActor () -> Bool

    func shouldPop(_ context: PopContext) -> PopDecision {
        guard context.trigger.isUserInitiated, hasUnsavedText() else { return .pass }
        return .deny(reason: "unsaved draft")
    }
}

@MainActor
func guardDraft(on hooks: NavigationHooks, hasUnsavedText: @escaping @MainActor () -> Bool) throws {
    try hooks.dispatcher.shouldPopHandlers.add(
        UnsavedDraftGuard(hasUnsavedText: hasUnsavedText), name: "unsaved-draft")
}
// README snippet end

@MainActor
struct ReadmeSnippetTests {
    @Test func theReadmeDraftGuardRefusesUserPopsOnly() throws {
        let host = TestHost("List", "Editor")
        var unsaved = true
        try guardDraft(on: host.hooks) { unsaved }
        #expect(host.hooks.dispatcher.shouldPop(host.context(.backButton)) == .deny(reason: "unsaved draft"))
        #expect(host.hooks.dispatcher.shouldPop(host.context(.programmatic)) == .allow)
        unsaved = false
        #expect(host.hooks.dispatcher.shouldPop(host.context(.edgeGesture)) == .allow)
    }

    @Test func theReadmeCarriesTheSnippetVerbatim() throws {
        let source = try String(contentsOfFile: #filePath, encoding: .utf8)
        let readmePath = #filePath.replacingOccurrences(
            of: "Tests/NavigationHooksTests/ReadmeSnippetTests.swift", with: "README.md")
        let readme = try String(contentsOfFile: readmePath, encoding: .utf8)
        let begin = source.range(of: "// README snippet begin\n")!.upperBound
        let end = source.range(of: "// README snippet end")!.lowerBound
        #expect(readme.contains(String(source[begin..<end])))
    }
}
