public import NavigationScenarios

/// Helpers for runners: what a profile cannot do, and how an `expect` step is judged.
extension ScenarioStep {
    /// Why the step cannot happen at all on `profile`, or `nil`: `back-menu` before `ios14`
    /// (R25), `content-swipe` before `ios26` (R19), `tap-back strip` before `ios27` (R123), `expect path` where a `host swiftui` flow is
    /// a `NavigationView` (before `ios16`, R60). A runner lists such steps in
    /// ``RunResult/skippedSteps`` and moves on.
    public func unavailableReason(on profile: ScenarioProfile, host: HostDeclaration = .init()) -> String? {
        // Every step asks: the `switch` below copies the action in a debug build.
        guard mayBeUnavailable else { return nil }
        return switch action {
        case .expectPath where host.isSwiftUI && HostDeclaration.swiftUIContainer(on: profile) == .navigationView:
            "no path binding before iOS 16: the SwiftUI host on \(profile.rawValue) is NavigationView (R60)"
        case .backMenu where !profile.capabilities.hasBackMenu: "no back menu before ios14"
        case .contentSwipe where !profile.capabilities.hasContentPopGesture: "no content-area pop gesture before ios26"
        case .tapBackInVerticalBar where profile.majorVersion < 27: "no vertical bar before ios27 (R123)"
        case .keyBack where !profile.capabilities.hasBackKeyCommand: "no ⌘[ key command before iOS 15 (R51)"
        default: nil
        }
    }

    /// Judges an `expect` step against what the simulator shows when the screen is idle.
    ///
    /// - Parameters:
    ///   - stack: the navigation stack, root first.
    ///   - barHidden: whether the navigation bar is hidden.
    ///   - path: the path binding a `host swiftui` app last heard (R65); `nil` for a UIKit host.
    ///   - sheetDismissedAt: where the sheet holding the stack was dismissed (R52), or `nil`
    ///     while it is up: an expectation about the stack, the bar or the path then fails
    ///     saying the sheet is gone (the dismissed stack keeps its screens, which nobody sees);
    ///     `expect sheet` is judged by it.
    /// - Returns: `nil` when the expectation holds or the step is not an `expect`; otherwise the
    ///   failure, with what was found (`top List`, `stack Home List`, `bar visible`).
    public func expectationFailure(
        stack: [String], barHidden: Bool, path: [String]? = nil, sheetDismissedAt: String? = nil
    ) -> RunResult.ExpectFailure? {
        let found: String
        if case .expectSheet(let expected) = action {
            let state: ScenarioStep.SheetState = sheetDismissedAt == nil ? .presented : .dismissed
            guard state != expected else { return nil }
            found = sheetDismissedAt.map { "the sheet dismissed at \($0)" } ?? "the sheet presented"
            return RunResult.ExpectFailure(location: location, expectation: text, actual: found)
        }
        if let sheetDismissedAt, isExpectation {
            return RunResult.ExpectFailure(
                location: location, expectation: text,
                actual: "no stack on screen: the sheet was dismissed at \(sheetDismissedAt)")
        }
        switch action {
        case .expectStack(let expected):
            guard stack != expected else { return nil }
            found = stack.isEmpty ? "an empty stack" : "stack " + stack.joined(separator: " ")
        case .expectTop(let expected):
            // The top by its index: a debug build runs `last` generically (~570 instructions).
            let top = stack.count > 0 ? stack[stack.count - 1] : nil
            guard top != expected else { return nil }
            found = top.map { "top \($0)" } ?? "an empty stack"
        case .expectBar(let expected):
            guard barHidden != (expected == .hidden) else { return nil }
            found = barHidden ? "bar hidden" : "bar visible"
        case .expectPath(let expected):
            guard let path, path != expected else { return nil }
            found = path.isEmpty ? "an empty path" : "path " + path.joined(separator: " ")
        default:
            return nil
        }
        return RunResult.ExpectFailure(location: location, expectation: text, actual: found)
    }
}
