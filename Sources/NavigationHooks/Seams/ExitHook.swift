/// A way out of the top screen other than the back button, the back menu and the swipes:
/// VoiceOver's escape (R50), ⌘[ (R51) or a sheet's swipe-down (R52), as its seam reports it.
@MainActor
public struct ExitEvent {
    /// The navigation controller.
    public let host: any NavigationHost
    /// The screen on top, which the user tries to leave.
    public let screen: any NavigationScreen
    /// `accessibilityEscape`, `backKeyCommand` or `sheetDismissal`.
    public let trigger: PopTrigger
    /// The exit as the app's own code performs it (a code pop, or dismissing the sheet): what
    /// a ``LeaveAttempt`` runs when the app proceeds. It asks nothing again.
    public let leave: @MainActor () -> Void

    /// Creates an event.
    public init(
        host: any NavigationHost, screen: any NavigationScreen, trigger: PopTrigger,
        leave: @escaping @MainActor () -> Void
    ) {
        self.host = host
        self.screen = screen
        self.trigger = trigger
        self.leave = leave
    }
}

/// A hook on ``NavigationSeams/accessibilityEscape``, ``NavigationSeams/backKeyCommand``,
/// ``NavigationSeams/responderKeyCommand`` or ``NavigationSeams/sheetDismissal``.
public struct ExitHook {
    /// Called for the exit. `.handled` stops it (the hook left, refused or asked); later
    /// hooks are not called. `.pass` lets the next hook, and finally the system, act.
    public let onExit: @MainActor (ExitEvent) -> BackTapOutcome
    /// Creates a hook.
    public init(onExit: @escaping @MainActor (ExitEvent) -> BackTapOutcome) { self.onExit = onExit }
}
