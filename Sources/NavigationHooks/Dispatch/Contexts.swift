/// What a `shouldPop`, `backButtonAction` or `gestureShouldBegin` handler is told.
///
/// A small value: it holds references, never copies of the stack, so building one per
/// dispatch allocates nothing.
@MainActor
public struct PopContext {
    /// The navigation controller, through the host port.
    public let host: any NavigationHost
    /// The screen that would leave: the top screen for a single pop, the topmost screen a
    /// back-menu or pop-to would remove.
    public let leaving: any NavigationScreen
    /// The screen that would be on top afterwards, if known.
    public let arriving: (any NavigationScreen)?
    /// What started the pop.
    public let trigger: PopTrigger
    /// Whether the pop would animate.
    public let animated: Bool
    /// Whether a finger drives it (the swipes).
    public let isInteractive: Bool

    /// Creates a context.
    public init(
        host: any NavigationHost,
        leaving: any NavigationScreen,
        arriving: (any NavigationScreen)?,
        trigger: PopTrigger,
        animated: Bool = true,
        isInteractive: Bool = false
    ) {
        self.host = host
        self.leaving = leaving
        self.arriving = arriving
        self.trigger = trigger
        self.animated = animated
        self.isInteractive = isInteractive
    }

    /// The same question with another trigger.
    public func with(trigger: PopTrigger) -> PopContext {
        PopContext(
            host: host, leaving: leaving, arriving: arriving, trigger: trigger, animated: animated,
            isInteractive: isInteractive)
    }
}

/// What a `willShow` handler is told: a screen is about to be shown (the navigation
/// delegate's `navigationController(_:willShow:animated:)`, rules R8, R9).
@MainActor
public struct ShowContext {
    /// The navigation controller, through the host port.
    public let host: any NavigationHost
    /// The screen about to be on top.
    public let arriving: any NavigationScreen
    /// The screen that was on top before, if any.
    public let leaving: (any NavigationScreen)?
    /// Whether the transition animates.
    public let animated: Bool

    /// Creates a context.
    public init(
        host: any NavigationHost,
        arriving: any NavigationScreen,
        leaving: (any NavigationScreen)?,
        animated: Bool
    ) {
        self.host = host
        self.arriving = arriving
        self.leaving = leaving
        self.animated = animated
    }

    /// `true` when a finger drives the transition (an interactive pop, rule R9).
    public var isInteractive: Bool { host.transitionCoordinator?.isInteractive ?? false }

    /// Runs `body` if the interactive transition under way is cancelled, at the release (rule
    /// R14). Before iOS 18 UIKit does not call `willShow` again for the screen that stays (rule
    /// R10), so this is the only way to undo what a handler did for the screen that never
    /// arrived; from iOS 18 a `willShow` for the staying screen follows when the cancel ends (rule
    /// R42), later than this. Does nothing for a non-interactive transition.
    public func onInteractiveCancel(_ body: @escaping @MainActor () -> Void) {
        guard let coordinator = host.transitionCoordinator, coordinator.isInteractive else { return }
        coordinator.notifyWhenInteractionChanges { isCancelled in
            if isCancelled { body() }
        }
    }
}
