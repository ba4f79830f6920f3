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
func guardDraft(on hooks: HookRegistry, hasUnsavedText: @escaping @MainActor () -> Bool) throws {
    try hooks.dispatcher.shouldPopHandlers.add(
        UnsavedDraftGuard(hasUnsavedText: hasUnsavedText), name: "unsaved-draft")
}

/// The state the guard reads lives in an object the closure captures (a captured `var`
/// would be shared mutable state, which Swift 6 warns about).
@MainActor
final class DraftEditor {
    var hasUnsavedText = false

    func installGuard(on hooks: HookRegistry) throws {
        try guardDraft(on: hooks) { [unowned self] in hasUnsavedText }
    }
}
// README snippet end

@MainActor
struct ReadmeSnippetTests {
    @Test func theReadmeDraftGuardRefusesUserPopsOnly() throws {
        let host = TestHost("List", "Editor")
        let editor = DraftEditor()
        editor.hasUnsavedText = true
        try editor.installGuard(on: host.hooks)
        #expect(host.hooks.dispatcher.shouldPop(host.context(.backButton)) == .deny(reason: "unsaved draft"))
        #expect(host.hooks.dispatcher.shouldPop(host.context(.programmatic)) == .allow)
        editor.hasUnsavedText = false
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
