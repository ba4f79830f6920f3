#if os(macOS) || os(Linux)
public import NavigationHooks
import NavigationSimulator

/// What a flow (a `.nav` file) states about the app, for the app's handlers in its bench.
///
/// An app's handler reads its own state: whether a draft has text, whether a payment is in
/// progress. In the bench that state is the flow's: a screen declared `guard=app` (or changed
/// with `set NAME guard=app`) is one whose exits the app's handler refuses (Examples/Scenarios/README.md,
/// "The app's own handler"). Hand this to the handler where the app hands its model:
///
/// ```swift
/// UnsavedDraftGuard(draftHasText: BenchFlow.appRefusesUserExit)
/// ```
@MainActor
public enum BenchFlow {
    /// `true` while `screen` is declared `guard=app` (or `guard=deny`) in the flow being played:
    /// the app's state there makes its handler refuse a user's exit. `false` for any screen
    /// the bench did not make.
    public static func appRefusesUserExit(_ screen: any NavigationScreen) -> Bool {
        (screen as? SimScreen)?.refusesUserPop == true
    }
}
#endif
