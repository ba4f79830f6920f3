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

    /// Creates a confirmation. `ask` should call ``LeaveAttempt/proceed()`` or
    /// ``LeaveAttempt/cancel()``; until then the screen stays.
    ///
    /// An attempt nobody answers (a dialog dismissed by a tap outside, an `ask` that returns
    /// early) never blocks the screen: the next user attempt to leave, by any path,
    /// supersedes it. The old attempt expires (its `proceed()` and `cancel()` then do
    /// nothing) and `ask` is called again with the new one. An attempt whose screen left by
    /// other means (the app's own pop) expires at the next `willShow` the dispatcher hears
    /// (while any `willShow` handler is registered, as the bar-hiding plugins do), at the
    /// latest when a new attempt supersedes it or when it is answered. So present one dialog
    /// per attempt, and drop a dialog whose attempt is no longer
    /// ``LeaveAttempt/State/pending``.
    public init(_ ask: @escaping @MainActor (LeaveAttempt) -> Void) { self.ask = ask }

    /// The reason a `shouldPop` question gets for a screen that asks first: the exit may not
    /// happen now (``NavigationDispatcher/attemptLeave(_:leave:)`` asks the app instead).
    public static let refusalReason = "asks to confirm"
}

/// One user attempt to leave a screen that has a ``LeaveConfirmation``.
///
/// `proceed()` leaves the screen that asked, as the app's own code would, so nothing is
/// asked again:
/// - while the stack from that screen up is as it was when the user tried to leave, it
///   performs the exit the user asked for: a pop to the screen below, to the back-menu row
///   picked, or the sheet's dismissal;
/// - a sheet's dismissal dismisses the sheet that holds the screen, whatever was pushed on
///   it since;
/// - if screens were pushed above it meanwhile (by the app, say, while the dialog was up),
///   it pops to the screen below the one that asked, removing those screens too. The
///   user's "Discard" was about the screen that asked; a dialog shown over it kept the user
///   from working in anything pushed since, and a code pop removes several screens the way
///   a back-menu pick does. Proceeding never pops a screen the user did not mean to leave
///   while leaving the one that asked in place;
/// - if the screen is no longer in its navigation controller (or the controller is gone),
///   or it has become the root with nothing below it, nothing happens: the attempt
///   ``State/expired``: the decision trace records `attempt expired`, and
///   ``NavigationDispatcher/onLeaveAttempt`` hears it (the simulator's timeline shows it).
///
/// Only the first call of `proceed()` or `cancel()` counts; later calls do nothing, and so
/// do calls on an attempt that a newer one superseded (``LeaveConfirmation``).
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
        /// Over without leaving: a newer user attempt superseded it, its screen left by other
        /// means, or `proceed()` came when the screen could no longer be left (gone, or the
        /// root). Nothing happened.
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
    /// The screen's name, kept for the trace after the screen is gone.
    nonisolated let screenName: String

    private weak var host: (any NavigationHost)?
    private weak var dispatcher: NavigationDispatcher?
    private var leave: (@MainActor () -> Void)?
    /// The stack when the user tried to leave: its size, its top, the screen's position.
    private let stackCountAtAttempt: Int
    private weak var topAtAttempt: (any NavigationScreen)?
    private let indexAtAttempt: Int?

    init(
        context: PopContext, dispatcher: NavigationDispatcher, leave: @escaping @MainActor () -> Void
    ) {
        self.trigger = context.trigger
        self.screen = context.leaving
        self.screenName = context.leaving.screenName
        self.destination = context.arriving
        self.host = context.host
        self.dispatcher = dispatcher
        self.leave = leave
        let screens = context.host.screens
        self.stackCountAtAttempt = screens.count
        self.topAtAttempt = screens.last
        self.indexAtAttempt = screens.firstIndex { $0 === context.leaving }
    }

    /// Leaves the screen that asked, without asking again (see ``LeaveAttempt`` for what
    /// that performs when the stack changed meanwhile). Does nothing unless the attempt is
    /// pending; marks it ``State/expired`` when the screen can no longer be left.
    public func proceed() {
        guard state == .pending else { return }
        let leave = leave
        self.leave = nil
        guard let host, let screen, let index = host.screens.firstIndex(where: { $0 === screen }) else {
            return finish(.expired)
        }
        let screens = host.screens
        let unchanged =
            screens.count == stackCountAtAttempt && screens.last === topAtAttempt && index == indexAtAttempt
        if trigger == .sheetDismissal || unchanged {
            // The host held to the end: `leave` may hold it `unowned` (`attemptLeave(_:leave:)`).
            withExtendedLifetime(host) {
                finish(.proceeded)
                leave?()
            }
            return
        }
        // Screens were pushed above it (or the stack above it changed): leave this screen,
        // and what stands on it, by a code pop to the screen below.
        guard index > 0 else { return finish(.expired) }
        finish(.proceeded)
        host.popToViewController(screens[index - 1], animated: true)
    }

    /// Keeps the screen. Does nothing unless the attempt is pending.
    public func cancel() {
        guard state == .pending else { return }
        leave = nil
        finish(.cancelled)
    }

    /// Ends a pending attempt without leaving (superseded, or its screen left).
    func expire() {
        guard state == .pending else { return }
        leave = nil
        finish(.expired)
    }

    /// `true` while pending with its screen still in its navigation controller.
    var isStillAsking: Bool {
        guard state == .pending, let host, let screen else { return false }
        return host.screens.contains { $0 === screen }
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
    case refused(reason: String?)
    /// A `backButtonAction` handler took care of it; the caller does nothing more.
    case handled
    /// The screen's ``LeaveConfirmation`` is asked with a new attempt (superseding one still
    /// pending); the exit waits for ``LeaveAttempt/proceed()``.
    case confirming(LeaveAttempt)

    /// `true` for ``leave``.
    public var leavesNow: Bool {
        if case .leave = self { return true }
        return false
    }

    public var description: String {
        switch self {
        case .leave: "leave"
        case .refused(let reason): reason.map { "stay(\($0))" } ?? "stay"
        case .handled: "handled"
        case .confirming: "confirming"
        }
    }
}
