public import NavigationSimulator

/// One step of a scenario: what the simulated user or app does, or an assertion.
///
/// Every step runs until the screen is idle. Steps that are legal in the file but impossible at
/// run time (`tap-back` at the root…) do what UIKit would do and are reported as skipped by the
/// runner, never by the parser.
public struct ScenarioStep: Hashable, Sendable, CustomStringConvertible {
    /// The app's answer to a leave confirmation (`confirm discard|keep`).
    public enum ConfirmAnswer: String, CaseIterable, Hashable, Sendable {
        /// Leave the way the user asked (`LeaveAttempt.proceed()`).
        case discard
        /// Stay (`LeaveAttempt.cancel()`).
        case keep
    }

    /// Whether the sheet holding the stack is still up (`expect sheet presented|dismissed`).
    public enum SheetState: String, CaseIterable, Hashable, Sendable {
        /// The sheet is still presented: its stack is on screen.
        case presented
        /// The sheet was dismissed with every screen (R52): its stack is gone.
        case dismissed
    }

    /// What the step does.
    public enum Action: Hashable, Sendable {
        /// `root NAME`: the initial stack.
        case root(String)
        /// `push NAME [animated=]`.
        case push(String, animated: Bool)
        /// `pop [animated=]`: the app's own code pops.
        case pop(animated: Bool)
        /// `pop-to NAME [animated=]`.
        case popTo(String, animated: Bool)
        /// `pop-to-root [animated=]`.
        case popToRoot(animated: Bool)
        /// `set-stack NAME… [animated=]`.
        case setStack([String], animated: Bool)
        /// `tap-back`: the user taps the back button (the custom one where `back=custom`).
        case tapBack
        /// `tap-back strip`: the user taps the back button the 27.1 vertical bar draws
        /// (`ios27` with a `bar-edge`, R120–R123).
        case tapBackInVerticalBar
        /// `back-menu NAME`: long-press back and pick NAME (`ios14`+).
        case backMenu(String)
        /// `swipe-back [progress=F] finish|cancel`: the edge swipe.
        case swipeBack(progress: Double, release: SwipeRelease)
        /// `content-swipe [progress=F] finish|cancel`: the content-area swipe (`ios26`).
        case contentSwipe(progress: Double, release: SwipeRelease)
        /// `present NAME [style=]`.
        case present(String, style: ModalStyle)
        /// `dismiss`.
        case dismiss
        /// `wait SECONDS`.
        case wait(seconds: Double)
        /// `voiceover-escape`: VoiceOver's two-finger scrub (R50).
        case voiceOverEscape
        /// `voiceover-escape bar`: VoiceOver's escape with the focus in the navigation bar (R57).
        case voiceOverEscapeInBar
        /// `key-back [text|bar]`: ⌘[ on a hardware keyboard (R51, `ios16`+ profiles), with nothing
        /// first responder, a text field in the screen (`text`) or in the navigation bar
        /// (`bar`) first responder (R78, R79).
        case keyBack(KeyboardFocus)
        /// `swipe-down-sheet`: the stack is presented as a sheet and the user swipes it down (R52).
        case swipeDownSheet
        /// `trackpad-swipe [progress=F] finish|cancel`: a two-finger trackpad swipe, which drives
        /// the edge recognizer (R53, inferred).
        case trackpadSwipe(progress: Double, release: SwipeRelease)
        /// `confirm discard|keep`: the app answers the leave confirmation showing.
        case confirm(ConfirmAnswer)
        /// `swiftui-update`: `host swiftui` only. SwiftUI updates the top destination's views
        /// without an appearance callback (a page swipe inside it, a representable's update)
        /// and sets the bar from its own toolbar state (R77).
        case swiftUIUpdate
        /// `set NAME key=value…`: the app changes the screen's preferences from here on (its
        /// instances in the stack and the ones pushed later).
        case setScreen(String, ScreenChange)
        /// `scroll NAME away|top`: the user scrolls the screen's content away from its top edge
        /// or back to it (R103, R131, R132).
        case scroll(String, awayFromTop: Bool)
        /// `expect stack NAME…`.
        case expectStack([String])
        /// `expect top NAME`.
        case expectTop(String)
        /// `expect bar hidden|visible`.
        case expectBar(ScreenDeclaration.Bar)
        /// `expect path [NAME…]`: the path binding a `host swiftui` app last heard (screens
        /// above the root; none for the root alone), R65.
        case expectPath([String])
        /// `expect sheet presented|dismissed`: whether the sheet a `swipe-down-sheet` step
        /// presented the stack in is still up (R52).
        case expectSheet(SheetState)
        /// `expect look NAME`: at rest, the bar shows the look screen NAME states (the app's
        /// when it states none).
        case expectLook(String)
    }

    /// What the step does.
    public var action: Action {
        didSet { traits = Traits(of: action) }
    }
    /// Where the step's keyword is.
    public var location: SourceLocation
    /// The step as written, without its comment and surrounding blanks.
    public var text: String
    /// What runners ask of ``action`` at every step, worked out when it is set.
    var traits: Traits

    /// Creates a step.
    public init(action: Action, location: SourceLocation, text: String) {
        self.action = action
        self.location = location
        self.text = text
        self.traits = Traits(of: action)
    }

    /// Facts of an action, one bit each: a debug build's `switch` over ``Action`` copies the
    /// action out and destroys it again (~400 instructions), and a bench worker asks these
    /// of every step it plays (callgrind: 150,000 copies on the docs' eight-combination sample).
    struct Traits: Hashable, Sendable {
        let rawValue: UInt8

        static let expectation: UInt8 = 1
        /// `back-menu`, `content-swipe`, `tap-back strip`, `key-back`, `expect path`: the
        /// actions a profile or a host may lack (``unavailableReason(on:host:)``, runner).
        static let profileDependent: UInt8 = 2
        /// The user's attempts to go back (``userInputKeyword``).
        static let userInput: UInt8 = 4
        /// `set NAME key=value…`.
        static let setScreen: UInt8 = 8

        init(of action: Action) {
            var bits: UInt8 = 0
            switch action {
            case .expectStack, .expectTop, .expectBar, .expectSheet, .expectLook: bits = Self.expectation
            case .expectPath: bits = Self.expectation | Self.profileDependent
            case .backMenu, .contentSwipe, .tapBackInVerticalBar: bits = Self.profileDependent | Self.userInput
            case .tapBack, .swipeBack: bits = Self.userInput
            case .keyBack: bits = Self.profileDependent
            case .setScreen: bits = Self.setScreen
            default: break
            }
            rawValue = bits
        }
    }

    /// `true` for `expect …` steps.
    public var isExpectation: Bool { traits.rawValue & Traits.expectation != 0 }

    /// `false` when no profile and no host can lack what the step does (the runner's
    /// `unavailableReason(on:host:)` is then `nil`).
    public var mayBeUnavailable: Bool { traits.rawValue & Traits.profileDependent != 0 }

    /// `true` for steps the user performs (tap, menu, swipes): the pops guards exist for.
    public var isUserInitiated: Bool {
        switch action {
        case .tapBack, .tapBackInVerticalBar, .backMenu, .swipeBack, .contentSwipe, .voiceOverEscape,
            .voiceOverEscapeInBar, .keyBack,
            .swipeDownSheet,
            .trackpadSwipe:
            true
        default: false
        }
    }

    /// The step as written.
    public var description: String { text }
}
