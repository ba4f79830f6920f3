public import NavigationHooks

/// The app's handler: no "back" by the user while the draft has text; the app's own pops
/// ("Send", "Discard") are never refused.
public struct UnsavedDraftGuard: NavigationHandler {
    /// Whether the screen's draft has text: the app's model answers (in the app, the composer's
    /// text view; in the bench, the flow's `guard=app`).
    public let draftHasText: @MainActor (any NavigationScreen) -> Bool

    /// Creates the guard over the app's drafts.
    public init(draftHasText: @escaping @MainActor (any NavigationScreen) -> Bool) {
        self.draftHasText = draftHasText
    }

    public func shouldPop(_ context: PopContext) -> PopDecision {
        guard context.trigger.isUserInitiated, draftHasText(context.leaving) else { return .pass }
        return .deny(reason: "unsaved draft")
    }
}
