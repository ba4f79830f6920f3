/// Answers ``InterceptionPoint/shouldPop``: may this screen be popped, by this trigger?
///
/// Called synchronously on the main actor; UIKit needs the answer now.
@MainActor
public protocol ShouldPopHandler {
    /// Returns `.allow`, `.deny(reason:)`, or `.pass` for no opinion.
    func shouldPop(_ context: PopContext) -> PopDecision
}

/// Answers ``InterceptionPoint/backButtonAction``: the back button was tapped.
@MainActor
public protocol BackButtonActionHandler {
    /// Returns `.handled`, `.allow`, `.deny(reason:)`, or `.pass` to let the next handler
    /// (and finally the default) decide.
    func backButtonAction(_ context: PopContext) -> BackButtonDecision
}

/// Answers ``InterceptionPoint/gestureShouldBegin``: may this pop gesture begin?
@MainActor
public protocol GestureShouldBeginHandler {
    /// Returns `.allow`, `.deny(reason:)`, or `.pass` for no opinion. The context's
    /// trigger is `.edgeGesture` or `.contentGesture`.
    func gestureShouldBegin(_ context: PopContext) -> PopDecision
}

/// Observes ``InterceptionPoint/willShow``: a screen is about to be shown.
@MainActor
public protocol WillShowHandler {
    /// Called for every transition, in chain order. Use
    /// ``ShowContext/onInteractiveCancel(_:)`` to undo work if a swipe is cancelled.
    func willShow(_ context: ShowContext)
}

/// One type that takes part in several points. Every requirement has a pass-through
/// default, so a conformer implements only what it cares about:
///
/// ```swift
/// struct DraftGuard: NavigationHandler {
///     func shouldPop(_ context: PopContext) -> PopDecision {
///         context.trigger.isUserInitiated ? .deny(reason: "unsaved draft") : .pass
///     }
/// }
/// ```
///
/// Register it on each chain it should join, or on all four with
/// ``NavigationDispatcher/addToEveryPoint(_:name:)``.
@MainActor
public protocol NavigationHandler: ShouldPopHandler, BackButtonActionHandler, GestureShouldBeginHandler,
    WillShowHandler
{}

extension NavigationHandler {
    /// Passes.
    public func shouldPop(_ context: PopContext) -> PopDecision { .pass }
    /// Passes.
    public func backButtonAction(_ context: PopContext) -> BackButtonDecision { .pass }
    /// Passes.
    public func gestureShouldBegin(_ context: PopContext) -> PopDecision { .pass }
    /// Does nothing.
    public func willShow(_ context: ShowContext) {}
}

/// A `shouldPop` handler made of a closure, for one-liners.
public struct ShouldPopClosure: ShouldPopHandler {
    let body: @MainActor (PopContext) -> PopDecision
    /// Wraps `body`.
    public init(_ body: @escaping @MainActor (PopContext) -> PopDecision) { self.body = body }
    public func shouldPop(_ context: PopContext) -> PopDecision { body(context) }
}

/// A `backButtonAction` handler made of a closure, for one-liners.
public struct BackButtonActionClosure: BackButtonActionHandler {
    let body: @MainActor (PopContext) -> BackButtonDecision
    /// Wraps `body`.
    public init(_ body: @escaping @MainActor (PopContext) -> BackButtonDecision) { self.body = body }
    public func backButtonAction(_ context: PopContext) -> BackButtonDecision { body(context) }
}

/// A `gestureShouldBegin` handler made of a closure, for one-liners.
public struct GestureShouldBeginClosure: GestureShouldBeginHandler {
    let body: @MainActor (PopContext) -> PopDecision
    /// Wraps `body`.
    public init(_ body: @escaping @MainActor (PopContext) -> PopDecision) { self.body = body }
    public func gestureShouldBegin(_ context: PopContext) -> PopDecision { body(context) }
}

/// A `willShow` observer made of a closure, for one-liners.
public struct WillShowClosure: WillShowHandler {
    let body: @MainActor (ShowContext) -> Void
    /// Wraps `body`.
    public init(_ body: @escaping @MainActor (ShowContext) -> Void) { self.body = body }
    public func willShow(_ context: ShowContext) { body(context) }
}
