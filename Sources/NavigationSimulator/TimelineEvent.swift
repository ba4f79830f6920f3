public import NavigationHooks

/// Something that happened between two frames of a ``Timeline``.
///
/// `frameIndex` is the index of the next frame to be recorded: the event happened after
/// `frames[frameIndex - 1]` and before `frames[frameIndex]`.
public struct TimelineEvent: Sendable, Equatable, CustomStringConvertible {
    // `kind` declared first, and the public initializer in an extension: the compiler's
    // memberwise `init(kind:frameIndex:)`, which ``Timeline/append(_:)`` uses, then exists
    // beside it. A debug build builds the event in place there, where a written-out initializer
    // copies the whole event once more and destroys the copy (callgrind of a debug bench
    // worker: ~250 instructions an event, 1.4% of the worker).

    /// What happened.
    public var kind: Kind {
        didSet { detectorsSkip = false }  // read again, whatever it is now
    }
    /// The index of the frame the event precedes.
    public var frameIndex: Int
    /// `true` when ``Detectors`` have nothing to read in ``kind`` (``Kind/isReadByDetectors``):
    /// set by ``Timeline/append(_:)``, `false` for an event made otherwise or whose kind changed.
    /// The detectors test it before they look at the kind: a debug build copies the whole kind
    /// out of the timeline to switch on it (its strings and arrays retained, then released:
    /// ~180 instructions an event, callgrind of a bench worker), and most events are of kinds
    /// they skip (appearance callbacks, seam calls, decisions, pushes).
    var detectorsSkip = false

    public var description: String { "[\(frameIndex)] \(kind)" }

    /// The same kind at the same frame (whether the detectors skip it is a cache of the kind).
    public static func == (lhs: TimelineEvent, rhs: TimelineEvent) -> Bool {
        lhs.kind == rhs.kind && lhs.frameIndex == rhs.frameIndex
    }

    /// What happened.
    public enum Kind: Sendable, Equatable, CustomStringConvertible {
        /// An appearance callback of a screen (the app's code and the appearance seam ran).
        case appearance(screen: String, phase: AppearancePhase, animated: Bool)
        /// UIKit called `willShow`/`didShow` on the delegate slot.
        case delegateCall(DelegateCall)
        /// A seam was activated, deactivated or called, and what its hooks answered.
        case seamCall(seam: String, detail: String)
        /// One line of the dispatcher's decision trace.
        case decision(String)
        /// The user tried to go back.
        case userAttempt(UserAttempt)
        /// Input or a request that did nothing, and why.
        case inputIgnored(String)
        /// A screen was pushed.
        case pushed(screen: String, animated: Bool)
        /// Screens left the stack for good (top first), what started it, and the user
        /// attempt that caused it, if any.
        case popped(removed: [String], trigger: PopTrigger, attempt: Int?)
        /// A push or pop transition began.
        case transitionBegan(TransitionStart)
        /// A transition completed (or, interactive, was undone).
        case transitionEnded(id: Int, cancelled: Bool)
        /// A modal began to be presented or dismissed.
        case modalBegan(ModalStart)
        /// A modal presentation or dismissal completed.
        case modalEnded(id: Int)
        /// An interactive pop changed stage.
        case interactiveStage(kind: PopGestureKind, stage: InteractivePopStage)
        /// `setNavigationBarHidden(_:animated:)` was called.
        case barRequest(hidden: Bool, animated: Bool)
        /// The bar's item stack and the screens disagree (a refused code pop, R21).
        case barItemsDesync(barItems: Int, screens: Int)
        /// A request was queued until the transition or callback under way ends (R6).
        case requestDeferred(String)
        /// The UI froze (R16, R17).
        case frozen(String)
        /// The run depended on a rule UIKitRules.md marks inferred.
        case inferredRule(String)
        /// A screen's leave confirmation was asked (or reached again) by the user attempt
        /// `attempt`, or the app answered it (`proceeded`, `cancelled`, `expired`).
        case leaveConfirmation(attempt: Int?, screen: String, state: LeaveAttempt.State)
        /// Nothing is running: a moment at rest.
        case idle(Idle)
        /// The framework hosting the screens set the bar itself (SwiftUI from its own toolbar
        /// state, R77), through the `setNavigationBarHidden` recorded next.
        case hostBarCall(HostBarCall)
        /// The bar's look: what it shows, what the screens want (R100–R104). Indirect: its
        /// payload is large, and every other event would otherwise carry its size.
        indirect case barLook(BarLookRecord)

        /// `false` for the kinds neither ``Detectors/analyze(_:)`` nor its look pass reads
        /// (``TimelineEvent/detectorsSkip``).
        var isReadByDetectors: Bool {
            switch self {
            case .appearance, .seamCall, .decision, .inputIgnored, .pushed, .modalEnded, .interactiveStage,
                .barRequest, .barItemsDesync, .requestDeferred:
                false
            case .delegateCall, .userAttempt, .popped, .transitionBegan, .transitionEnded, .modalBegan, .frozen,
                .inferredRule, .leaveConfirmation, .idle, .hostBarCall, .barLook:
                true
            }
        }

        public var description: String {
            switch self {
            case .appearance(let screen, let phase, let animated):
                "\(screen).\(phase.rawValue)(animated: \(animated))"
            case .delegateCall(let call): "\(call)"
            case .seamCall(let seam, let detail): "seam \(seam): \(detail)"
            case .decision(let line): "decision \(line)"
            case .userAttempt(let attempt): "\(attempt)"
            case .inputIgnored(let why): "ignored: \(why)"
            case .pushed(let screen, let animated): "pushed \(screen) animated: \(animated)"
            case .popped(let removed, let trigger, let attempt):
                "popped \(removed.joined(separator: ",")) via \(trigger)\(attempt.map { " (attempt \($0))" } ?? "")"
            case .transitionBegan(let start): "\(start)"
            case .transitionEnded(let id, let cancelled):
                "transition #\(id) \(cancelled ? "cancelled" : "completed")"
            case .modalBegan(let start): "\(start)"
            case .modalEnded(let id): "modal #\(id) completed"
            case .interactiveStage(let kind, let stage): "interactive \(kind.rawValue) pop \(stage)"
            case .barRequest(let hidden, let animated):
                "setNavigationBarHidden(\(hidden), animated: \(animated))"
            case .barItemsDesync(let items, let screens): "bar items \(items) != screens \(screens)"
            case .requestDeferred(let what): "deferred \(what)"
            case .frozen(let why): "FROZEN: \(why)"
            case .inferredRule(let id): "inferred rule \(id)"
            case .leaveConfirmation(let attempt, let screen, let state):
                "leave confirmation on \(screen) \(state)\(attempt.map { " (attempt \($0))" } ?? "")"
            case .idle(let idle): "\(idle)"
            case .hostBarCall(let call): "\(call)"
            case .barLook(let record): "\(record)"
            }
        }
    }

    /// UIKit's call of `willShow` or `didShow` on the delegate slot.
    public struct DelegateCall: Sendable, Equatable, CustomStringConvertible {
        /// Which method.
        public enum Method: String, Sendable, Equatable { case willShow, didShow }
        /// Which method.
        public var method: Method
        /// The screen shown.
        public var screen: String
        /// The call's `animated`.
        public var animated: Bool
        /// The app has its own delegate, which would have had this call without plugins.
        public var appDelegateExpected: Bool
        /// The call reached the app's own delegate (directly, or through the seam's proxy).
        public var reachedAppDelegate: Bool

        /// Creates a record.
        public init(
            method: Method, screen: String, animated: Bool, appDelegateExpected: Bool,
            reachedAppDelegate: Bool
        ) {
            self.method = method
            self.screen = screen
            self.animated = animated
            self.appDelegateExpected = appDelegateExpected
            self.reachedAppDelegate = reachedAppDelegate
        }

        public var description: String {
            let reach =
                appDelegateExpected
                ? (reachedAppDelegate ? " -> app delegate" : " LOST for app delegate") : ""
            return "delegate.\(method.rawValue)(\(screen), animated: \(animated))\(reach)"
        }
    }

    /// The user trying to go back.
    public struct UserAttempt: Sendable, Equatable, CustomStringConvertible {
        /// The input.
        public enum Input: Sendable, Equatable {
            /// A tap on the system back button.
            case tapBack
            /// A tap on a custom left button (R28).
            case customBack
            /// A pick from the long-press back menu (R25).
            case backMenu(destination: String)
            /// A pop swipe, released as given; `onScrollView` when it started on a horizontal
            /// scroll view.
            case swipe(PopGestureKind, SwipeRelease, onScrollView: Bool)
            /// VoiceOver's escape gesture (R50).
            case accessibilityEscape
            /// ⌘[ on a hardware keyboard (R51).
            case backKeyCommand
            /// A swipe down on the sheet the navigation controller is presented in (R52).
            case sheetSwipeDown
        }
        /// Identifies the attempt; pops it causes carry it.
        public var id: Int
        /// The input.
        public var input: Input
        /// The screen on top when the user acted.
        public var screen: String
        /// That screen is marked `refusesUserPop`.
        public var refusesUserPop: Bool
        /// That screen had `isPopGestureEnabled == false`.
        public var popGestureDisabled: Bool
        /// There was a screen under the top one.
        public var canPop: Bool
        /// That screen has a leave confirmation: the attempt must reach it.
        public var confirmsLeave: Bool
        /// The screens refusing user pops that the attempt would remove if it succeeded: the
        /// top one, or every one above a back-menu pick's destination (a guarded screen in the
        /// middle), or all of them for a sheet's swipe-down. Removing any is an unguarded pop;
        /// refusing such an attempt is no blocked pop.
        public var guardedScreens: [String]

        /// Creates a record.
        public init(
            id: Int, input: Input, screen: String, refusesUserPop: Bool, popGestureDisabled: Bool,
            canPop: Bool, confirmsLeave: Bool = false, guardedScreens: [String] = []
        ) {
            self.confirmsLeave = confirmsLeave
            self.id = id
            self.input = input
            self.screen = screen
            self.refusesUserPop = refusesUserPop
            self.popGestureDisabled = popGestureDisabled
            self.canPop = canPop
            self.guardedScreens = guardedScreens
        }

        public var description: String {
            "user attempt #\(id) \(input) on \(screen)\(refusesUserPop ? " (refuses)" : "")"
                + "\(confirmsLeave ? " (confirms)" : "")"
                + "\(popGestureDisabled ? " (gesture disabled)" : "")"
        }
    }

    /// The start of a push or pop transition.
    public struct TransitionStart: Sendable, Equatable, CustomStringConvertible {
        /// Identifies the transition in frames and events.
        public var id: Int
        /// `true` for a pop.
        public var isPop: Bool
        /// The screen on top before, if any.
        public var from: String?
        /// The screen on top after.
        public var to: String
        /// Whether it animates (frames in between).
        public var animated: Bool
        /// Whether a finger drives it.
        public var interactive: Bool
        /// The bar's visible fraction just before the transition's callbacks ran.
        public var barBefore: Double
        /// Intent of the screen leaving the top (`nil` if none).
        public var fromWantsBarHidden: Bool?
        /// Intent of the screen arriving on top.
        public var toWantsBarHidden: Bool
        /// A full-screen modal covers the navigation controller (R7).
        public var covered: Bool

        /// Creates a record.
        public init(
            id: Int, isPop: Bool, from: String?, to: String, animated: Bool, interactive: Bool,
            barBefore: Double,
            fromWantsBarHidden: Bool?, toWantsBarHidden: Bool, covered: Bool = false
        ) {
            self.id = id
            self.isPop = isPop
            self.from = from
            self.to = to
            self.animated = animated
            self.interactive = interactive
            self.barBefore = barBefore
            self.fromWantsBarHidden = fromWantsBarHidden
            self.toWantsBarHidden = toWantsBarHidden
            self.covered = covered
        }

        public var description: String {
            "transition #\(id) \(isPop ? "pop" : "push") \(from ?? "-") -> \(to)"
                + " animated: \(animated) interactive: \(interactive) bar before: \(barBefore)\(covered ? " covered" : "")"
        }
    }

    /// The start of a modal presentation or dismissal.
    public struct ModalStart: Sendable, Equatable, CustomStringConvertible {
        /// Identifies it.
        public var id: Int
        /// `true` for present, `false` for dismiss.
        public var isPresenting: Bool
        /// The style.
        public var style: ModalStyle
        /// The modal screen.
        public var screen: String
        /// The bar's visible fraction before.
        public var barBefore: Double

        /// Creates a record.
        public init(id: Int, isPresenting: Bool, style: ModalStyle, screen: String, barBefore: Double) {
            self.id = id
            self.isPresenting = isPresenting
            self.style = style
            self.screen = screen
            self.barBefore = barBefore
        }

        public var description: String {
            "modal #\(id) \(isPresenting ? "present" : "dismiss") \(screen) \(style.rawValue) bar before: \(barBefore)"
        }
    }

    /// A moment at rest.
    public struct Idle: Sendable, Equatable, CustomStringConvertible {
        /// The top screen.
        public var top: String?
        /// Its `prefersNavigationBarHidden` at that moment.
        public var topWantsBarHidden: Bool?
        /// The bar's visible fraction.
        public var barVisibleFraction: Double
        /// A full-screen modal covers the navigation controller.
        public var isCovered: Bool

        /// Creates a record.
        public init(
            top: String?, topWantsBarHidden: Bool?, barVisibleFraction: Double, isCovered: Bool = false
        ) {
            self.top = top
            self.topWantsBarHidden = topWantsBarHidden
            self.barVisibleFraction = barVisibleFraction
            self.isCovered = isCovered
        }

        public var description: String {
            "idle top: \(top ?? "-") wants hidden: \(topWantsBarHidden.map(String.init) ?? "-")"
                + " bar: \(barVisibleFraction)\(isCovered ? " covered" : "")"
        }
    }

    /// A bar call the framework hosting the screens made on its own (R77).
    public struct HostBarCall: Sendable, Equatable, CustomStringConvertible {
        /// The screen it was made for (the one appearing, or the top one on a later update).
        public var screen: String
        /// The value it set.
        public var hidden: Bool
        /// That screen's own `prefersNavigationBarHidden` when the call was made.
        public var screenWantsHidden: Bool

        /// Creates a record.
        public init(screen: String, hidden: Bool, screenWantsHidden: Bool) {
            self.screen = screen
            self.hidden = hidden
            self.screenWantsHidden = screenWantsHidden
        }

        /// `true` when the framework set the bar against the screen's own preference.
        public var overridesScreen: Bool { hidden != screenWantsHidden }

        public var description: String {
            "host sets bar \(hidden ? "hidden" : "visible") for \(screen) (wants hidden: \(screenWantsHidden))"
        }
    }
}

extension TimelineEvent {
    /// Creates an event.
    public init(frameIndex: Int, kind: consuming Kind) {
        self.frameIndex = frameIndex
        self.kind = consume kind  // moved in, not copied (a debug build copies otherwise)
    }
}
