/// What a screen with unsaved work does when the user tries to leave it: stop, ask, and
/// leave the way the user asked only if the app says so.
///
/// Set it once per screen; every way out the installed plugins see reaches it: the back
/// button, a back-menu pick, the edge and content swipes, a custom back button, VoiceOver's
/// escape gesture, ⌘[ and a sheet's swipe-down.
///
/// ```swift
/// editor.leaveConfirmation = LeaveConfirmation { attempt in
///     presentDiscardAlert(onDiscard: attempt.proceed, onKeepEditing: attempt.cancel)
/// }
/// ```
///
/// The app's own code pops (`popViewController(animated:)`, …) never ask. A `shouldPop` or
/// `backButtonAction` handler, or the screen's `popGuard`, that answers first (`.deny`,
/// `.allow`, `.handled`) decides without the confirmation; it is asked when they all pass.
public struct LeaveConfirmation {
    /// Called once per attempt, on the main actor, while the exit is stopped: at once in the
    /// simulator, on the main queue's next turn on the UIKit host
    /// (``NavigationHost/deliverLeaveConfirmation(_:)``), so presenting an alert from it is safe.
    public let ask: @MainActor (LeaveAttempt) -> Void

    /// Creates a confirmation. `ask` must eventually call ``LeaveAttempt/proceed()`` or
    /// ``LeaveAttempt/cancel()``; until then the screen stays and further attempts to leave
    /// it reach the same pending attempt instead of asking again.
    public init(_ ask: @escaping @MainActor (LeaveAttempt) -> Void) { self.ask = ask }

    /// The reason a `shouldPop` question gets for a screen that asks first: the exit may not
    /// happen now (``NavigationDispatcher/attemptLeave(_:leave:)`` asks the app instead).
    public static let refusalReason = "asks to confirm"
}

/// One user attempt to leave a screen that has a ``LeaveConfirmation``.
///
/// `proceed()` performs the exit the user asked for (pop to the screen below, to the
/// back-menu row picked, or dismiss the sheet) as the app's own code would, so nothing is
/// asked again. Only the first call of `proceed()` or `cancel()` counts; later calls, and a
/// `proceed()` after the screen left by other means, do nothing.
@MainActor
public final class LeaveAttempt {
    /// Where the attempt stands.
    public enum State: String, Sendable, Equatable, CustomStringConvertible {
        /// The app was asked and has not answered yet; the screen stays.
        case pending
        /// The app said leave: the exit was performed.
        case proceeded
        /// The app said stay.
        case cancelled
        /// `proceed()` came after the screen had left (or its navigation controller was
        /// gone): nothing happened.
        case expired

        public var description: String { rawValue }
    }

    /// How the user tried to leave.
    public nonisolated let trigger: PopTrigger
    /// The screen the user tried to leave; `nil` once it is deallocated.
    public private(set) weak var screen: (any NavigationScreen)?
    /// The screen the exit lands on (the screen below, or the back-menu row picked); `nil`
    /// for a sheet's dismissal.
    public private(set) weak var destination: (any NavigationScreen)?
    /// Where the attempt stands.
    public private(set) var state: State = .pending

    private weak var host: (any NavigationHost)?
    private weak var dispatcher: NavigationDispatcher?
    private var leave: (@MainActor () -> Void)?

    init(
        context: PopContext, dispatcher: NavigationDispatcher, leave: @escaping @MainActor () -> Void
    ) {
        self.trigger = context.trigger
        self.screen = context.leaving
        self.destination = context.arriving
        self.host = context.host
        self.dispatcher = dispatcher
        self.leave = leave
    }

    /// Leaves the way the user asked, without asking again. Does nothing unless the attempt
    /// is pending; marks it ``State/expired`` if the screen is no longer in its navigation
    /// controller.
    public func proceed() {
        guard state == .pending else { return }
        let leave = leave
        self.leave = nil
        guard let host, let screen, host.screens.contains(where: { $0 === screen }) else {
            return finish(.expired)
        }
        finish(.proceeded)
        leave?()
    }

    /// Keeps the screen. Does nothing unless the attempt is pending.
    public func cancel() {
        guard state == .pending else { return }
        leave = nil
        finish(.cancelled)
    }

    private func finish(_ newState: State) {
        state = newState
        if newState != .expired { host?.report(.leaveConfirmationAnswered(leave: newState == .proceeded)) }
        dispatcher?.leaveAttemptDidChange(self)
    }
}

/// What a user's attempt to leave resolved to (``NavigationDispatcher/attemptLeave(_:leave:)``).
public enum LeaveResolution: CustomStringConvertible {
    /// Leave now: nothing refused and nothing asks.
    case leave
    /// A handler or the screen's `popGuard` refused; the screen stays.
    case stay(reason: String?)
    /// A `backButtonAction` handler took care of it; the caller does nothing more.
    case handled
    /// The screen's ``LeaveConfirmation`` was asked (or is already asking); the exit waits
    /// for ``LeaveAttempt/proceed()``.
    case confirming(LeaveAttempt)

    /// `true` for ``leave``.
    public var leavesNow: Bool {
        if case .leave = self { return true }
        return false
    }

    public var description: String {
        switch self {
        case .leave: "leave"
        case .stay(let reason): reason.map { "stay(\($0))" } ?? "stay"
        case .handled: "handled"
        case .confirming: "confirming"
        }
    }
}
