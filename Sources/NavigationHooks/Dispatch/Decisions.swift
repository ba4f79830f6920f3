/// A handler's answer to ``InterceptionPoint/shouldPop`` and
/// ``InterceptionPoint/gestureShouldBegin``.
///
/// `.pass` is the explicit "no opinion": the chain asks the next handler. It is never
/// folded into `.allow` or `.deny`, so "I don't care" and "no" cannot blur.
public enum PopDecision: Sendable, Equatable, CustomStringConvertible {
    /// No opinion; the next handler decides.
    case pass
    /// Let the pop (or the gesture) happen.
    case allow
    /// Refuse it. The reason ends up in the decision trace.
    case deny(reason: String? = nil)

    /// `true` unless the decision is `.pass`.
    @inlinable public var isDecisive: Bool {
        if case .pass = self { return false }
        return true
    }

    public var description: String {
        switch self {
        case .pass: "pass"
        case .allow: "allow"
        case .deny(let reason): reason.map { "deny(\($0))" } ?? "deny"
        }
    }
}

/// A handler's answer to ``InterceptionPoint/backButtonAction``: a tap on the back button.
///
/// The first answer other than `.pass` consumes the tap and stops the chain.
public enum BackButtonDecision: Sendable, Equatable, CustomStringConvertible {
    /// No opinion; the next handler decides. If every handler passes, the default runs:
    /// ask ``InterceptionPoint/shouldPop`` and pop if it allows.
    case pass
    /// Pop now, without asking `shouldPop`.
    case allow
    /// Do nothing: the screen stays. The reason ends up in the trace.
    case deny(reason: String? = nil)
    /// The handler took care of the tap itself (showed a confirmation, popped further, …);
    /// nothing else happens.
    case handled

    /// `true` unless the decision is `.pass`.
    @inlinable public var isDecisive: Bool {
        if case .pass = self { return false }
        return true
    }

    public var description: String {
        switch self {
        case .pass: "pass"
        case .allow: "allow"
        case .deny(let reason): reason.map { "deny(\($0))" } ?? "deny"
        case .handled: "handled"
        }
    }
}

/// What the dispatcher resolved a back-button tap to, after the chain and its default.
public enum BackButtonResolution: Sendable, Equatable, CustomStringConvertible {
    /// The caller should pop the screen now.
    case pop
    /// The pop was refused; the screen stays.
    case refused(reason: String?)
    /// A handler took care of the tap; the caller does nothing more.
    case handled

    public var description: String {
        switch self {
        case .pop: "pop"
        case .refused(let reason): reason.map { "refused(\($0))" } ?? "refused"
        case .handled: "handled"
        }
    }
}

/// The four interception points of a ``NavigationDispatcher``.
public enum InterceptionPoint: String, Sendable, CaseIterable, CustomStringConvertible {
    /// May this screen be popped, by this trigger? First non-`.pass` wins; all pass → allow.
    case shouldPop
    /// The back button was tapped: who handles it? First consumer wins; none → ask
    /// `shouldPop`, then pop.
    case backButtonAction
    /// May this pop gesture begin? First non-`.pass` wins; none → begin only if a pop is
    /// possible and `shouldPop` allows.
    case gestureShouldBegin
    /// A screen is about to be shown. Every handler is called, in order.
    case willShow

    public var description: String { rawValue }
}
