/// A tap on the system back button, as a back-button seam reports it.
@MainActor
public struct BackTapEvent {
    /// The navigation controller.
    public let host: any NavigationHost
    /// The screen whose back button was tapped (the top screen).
    public let screen: any NavigationScreen
    /// Creates an event.
    public init(host: any NavigationHost, screen: any NavigationScreen) {
        self.host = host
        self.screen = screen
    }
}

/// What a back-tap hook did with the tap.
public enum BackTapOutcome: Sendable, Equatable {
    /// The hook handled it (popped, refused, or did something else); the host does nothing
    /// more and later hooks are not called.
    case handled
    /// The hook did nothing; the next hook runs, and finally the system behaviour (the
    /// pop, through `navigationBar(_:shouldPop:)`).
    case pass
}

/// A hook on ``NavigationSeams/backAction`` or ``NavigationSeams/privateBackButtonAction``.
public struct BackTapHook {
    /// Called for the tap.
    public let onTap: @MainActor (BackTapEvent) -> BackTapOutcome
    /// Creates a hook.
    public init(onTap: @escaping @MainActor (BackTapEvent) -> BackTapOutcome) { self.onTap = onTap }
}

/// How a `navigationBar(_:shouldPop:)` override is installed (R23).
public enum ShouldPopItemInstallation: String, Sendable, Equatable {
    /// The implementation is replaced on `UINavigationController` itself
    /// (`method_setImplementation`): called on every iOS version.
    case classImplementation
    /// An override in a category or extension: not called from iOS 13.4 on (R23).
    case extensionOverride
}

/// A call of `navigationBar(_:shouldPop:)`.
@MainActor
public struct ShouldPopItemCall {
    /// The navigation controller (the bar's delegate, R20).
    public let host: any NavigationHost
    /// The screen whose navigation item is being popped.
    public let item: any NavigationScreen
    /// Creates a call.
    public init(host: any NavigationHost, item: any NavigationScreen) {
        self.host = host
        self.item = item
    }

    /// `true` when the bar pops because the app's code already popped the screen: the
    /// screen has left the stack while its item is still on the bar (R21).
    public var isCodePop: Bool {
        host.navigationBarItemCount > host.screens.count || host.topScreen !== item
    }
}

/// A hook on ``NavigationSeams/shouldPopItem``.
public struct ShouldPopItemHook {
    /// How the hook is installed; decides whether it is called at all (R23).
    public let installation: ShouldPopItemInstallation
    /// Returns `false` to keep the item (refuse the pop). The first `false` wins.
    public let shouldPop: @MainActor (ShouldPopItemCall) -> Bool
    /// Creates a hook.
    public init(
        installation: ShouldPopItemInstallation = .classImplementation,
        shouldPop: @escaping @MainActor (ShouldPopItemCall) -> Bool
    ) {
        self.installation = installation
        self.shouldPop = shouldPop
    }
}

/// The long-press back menu about to be shown.
@MainActor
public struct BackMenuRequest {
    /// The navigation controller.
    public let host: any NavigationHost
    /// The destinations the menu would offer: the screens below the top, nearest first.
    public let destinations: [any NavigationScreen]
    /// Creates a request.
    public init(host: any NavigationHost, destinations: [any NavigationScreen]) {
        self.host = host
        self.destinations = destinations
    }
}

/// The user picked a row of the long-press back menu (rule R37): the decision is made now,
/// not when UIKit assigned the menu.
@MainActor
public struct BackMenuPick {
    /// The navigation controller.
    public let host: any NavigationHost
    /// The screen the row pops to; the screens above it would leave.
    public let destination: any NavigationScreen
    /// Creates a pick.
    public init(host: any NavigationHost, destination: any NavigationScreen) {
        self.host = host
        self.destination = destination
    }
}

/// A hook on ``NavigationSeams/backMenu``.
public struct BackMenuHook {
    /// Returns the destinations to keep, nearest first; an empty list withholds the menu.
    /// Hooks run in order, each on the previous one's result. On UIKit it runs when the menu
    /// is assigned (when the next screen is shown, R37), so it should not ask guards.
    public let filter: @MainActor (BackMenuRequest) -> [any NavigationScreen]
    /// Asked when the user picks a row (R37): `false` refuses the pop and the stack stays.
    /// Every hook must allow; `nil` allows.
    public let shouldPick: (@MainActor (BackMenuPick) -> Bool)?
    /// Creates a hook.
    public init(
        filter: @escaping @MainActor (BackMenuRequest) -> [any NavigationScreen] = { $0.destinations },
        shouldPick: (@MainActor (BackMenuPick) -> Bool)? = nil
    ) {
        self.filter = filter
        self.shouldPick = shouldPick
    }
}

/// A hook on ``NavigationSeams/navigationDelegate``: the calls the app's own delegate gets
/// too, which the host's proxy forwards to it first.
public struct NavigationDelegateHook {
    /// `navigationController(_:willShow:animated:)` (R8, R9).
    public let willShow: (@MainActor (ShowContext) -> Void)?
    /// `navigationController(_:didShow:animated:)` (R8).
    public let didShow: (@MainActor (ShowContext) -> Void)?
    /// Creates a hook.
    public init(
        willShow: (@MainActor (ShowContext) -> Void)? = nil,
        didShow: (@MainActor (ShowContext) -> Void)? = nil
    ) {
        self.willShow = willShow
        self.didShow = didShow
    }
}

/// The two pop gesture recognizers.
public enum PopGestureKind: String, Sendable, CaseIterable {
    /// `interactivePopGestureRecognizer`, the screen-edge swipe.
    case edge
    /// `interactiveContentPopGestureRecognizer`, the content-area swipe (iOS 26, R19).
    case content

    /// The pop trigger this gesture reports.
    public var trigger: PopTrigger { self == .edge ? .edgeGesture : .contentGesture }
}

/// A question to a pop recognizer's delegate.
@MainActor
public struct PopGestureEvent {
    /// The navigation controller.
    public let host: any NavigationHost
    /// Which recognizer asks.
    public let kind: PopGestureKind
    /// What the recognizer's previous delegate (UIKit's own, or one the app or another
    /// library set) answered to the question being asked (`gestureRecognizerShouldBegin(_:)`,
    /// or for ``PopGestureHook/shouldReceive`` whether the touch may reach the recognizer);
    /// `nil` when there is none or it does not implement the method. Asked before the hooks,
    /// so a hook can let that answer stand (rule R35).
    public let previousAnswer: Bool?
    /// Creates an event.
    public init(host: any NavigationHost, kind: PopGestureKind, previousAnswer: Bool? = nil) {
        self.host = host
        self.kind = kind
        self.previousAnswer = previousAnswer
    }
}

/// A hook on ``NavigationSeams/popGesture``. The recognizer's previous delegate (the
/// system's, or one the app set) answers whatever every hook left `nil`.
public struct PopGestureHook {
    /// `gestureRecognizerShouldBegin(_:)`: `true`/`false`, or `nil` for no opinion.
    public let shouldBegin: (@MainActor (PopGestureEvent) -> Bool?)?
    /// `gestureRecognizer(_:shouldBeRequiredToFailBy:)` for a horizontal scroll view's pan
    /// under the finger: `true` makes the scroll view wait for this recognizer to fail
    /// (R18), `false` lets the scroll view win (R19); `nil` for no opinion.
    public let shouldBeRequiredToFailByScrollView: (@MainActor (PopGestureEvent) -> Bool?)?
    /// Whether a touch may reach the recognizer at all, asked before `shouldBegin` from iOS
    /// 13.4 (R34); the event's ``PopGestureEvent/previousAnswer`` is the previous delegate's
    /// answer to that question. `nil` for no opinion (the previous answer stands).
    public let shouldReceive: (@MainActor (PopGestureEvent) -> Bool?)?
    /// Creates a hook.
    public init(
        shouldBegin: (@MainActor (PopGestureEvent) -> Bool?)? = nil,
        shouldBeRequiredToFailByScrollView: (@MainActor (PopGestureEvent) -> Bool?)? = nil,
        shouldReceive: (@MainActor (PopGestureEvent) -> Bool?)? = nil
    ) {
        self.shouldBegin = shouldBegin
        self.shouldBeRequiredToFailByScrollView = shouldBeRequiredToFailByScrollView
        self.shouldReceive = shouldReceive
    }
}

extension PopGestureHook {
    /// What a pop recognizer's proxy answers a "should receive" question, UIKit's private
    /// form or the public one (R34, R70): the first hook with an answer decides (its index
    /// is returned), otherwise the previous delegate's answer
    /// (``PopGestureEvent/previousAnswer``, asked first) stands, and with none the touch is
    /// received. Both hosts' proxies answer with it, so a hook that passes (a recorder's)
    /// leaves every refusal of UIKit's own delegate in place.
    @MainActor
    public static func receiveAnswer(of hooks: [PopGestureHook], for event: PopGestureEvent) -> (
        answer: Bool, decidingHook: Int?
    ) {
        for (index, hook) in hooks.enumerated() {
            if let ask = hook.shouldReceive, let answer = ask(event) { return (answer, index) }
        }
        return (event.previousAnswer ?? true, nil)
    }
}

/// An appearance callback of a screen.
public enum AppearancePhase: String, Sendable, CaseIterable {
    /// `viewWillAppear(_:)`
    case willAppear
    /// `viewDidAppear(_:)`
    case didAppear
    /// `viewWillDisappear(_:)`
    case willDisappear
    /// `viewDidDisappear(_:)`
    case didDisappear
}

/// One appearance callback.
@MainActor
public struct AppearanceEvent {
    /// The navigation controller.
    public let host: any NavigationHost
    /// The screen getting the callback.
    public let screen: any NavigationScreen
    /// Which callback.
    public let phase: AppearancePhase
    /// The callback's `animated` argument.
    public let animated: Bool
    /// Creates an event.
    public init(host: any NavigationHost, screen: any NavigationScreen, phase: AppearancePhase, animated: Bool) {
        self.host = host
        self.screen = screen
        self.phase = phase
        self.animated = animated
    }
}

/// A hook on ``NavigationSeams/appearance``.
public struct AppearanceHook {
    /// Called after the screen's own callback.
    public let onAppearance: @MainActor (AppearanceEvent) -> Void
    /// Creates a hook.
    public init(onAppearance: @escaping @MainActor (AppearanceEvent) -> Void) { self.onAppearance = onAppearance }
}

/// How screens leave the stack.
public enum PopOperationKind: String, Sendable, CaseIterable {
    /// `popViewController(animated:)`, also what a pop gesture starts with (R12).
    case pop
    /// `popToViewController(_:animated:)`, also a back-menu pick (R25).
    case popTo
    /// `popToRootViewController(animated:)`.
    case popToRoot
    /// `setViewControllers(_:animated:)` (R5).
    case setViewControllers
}

/// Screens are about to leave, or have left, the stack.
@MainActor
public struct PopOperationEvent {
    /// The navigation controller.
    public let host: any NavigationHost
    /// How.
    public let kind: PopOperationKind
    /// The screens that leave, top first. Empty for a `setViewControllers` that only adds.
    public let removed: [any NavigationScreen]
    /// Whether the operation animates.
    public let animated: Bool
    /// `true` when a pop gesture drives it (R12).
    public let isInteractive: Bool
    /// For `setViewControllers`: the top screen stays, and gets no appearance callbacks (R5).
    public let keepsTop: Bool
    /// Creates an event.
    public init(
        host: any NavigationHost, kind: PopOperationKind, removed: [any NavigationScreen], animated: Bool,
        isInteractive: Bool = false, keepsTop: Bool = false
    ) {
        self.host = host
        self.kind = kind
        self.removed = removed
        self.animated = animated
        self.isInteractive = isInteractive
        self.keepsTop = keepsTop
    }
}

/// A hook on ``NavigationSeams/popOperations``.
public struct PopOperationHook {
    /// Before the stack changes; the screens are still in it.
    public let willPop: (@MainActor (PopOperationEvent) -> Void)?
    /// After the stack changed and the transition (if any) completed. Not called for an
    /// interactive pop that was cancelled.
    public let didPop: (@MainActor (PopOperationEvent) -> Void)?
    /// Creates a hook.
    public init(
        willPop: (@MainActor (PopOperationEvent) -> Void)? = nil,
        didPop: (@MainActor (PopOperationEvent) -> Void)? = nil
    ) {
        self.willPop = willPop
        self.didPop = didPop
    }
}

/// The stage of an interactive pop.
public enum InteractivePopStage: Sendable, Equatable {
    /// The finger started a pop (R12).
    case began
    /// The finger moved; the transition's progress, 0…1.
    case changed(progress: Double)
    /// Released and completed: the screen left.
    case finished
    /// Released and undone: the screen stays (R13).
    case cancelled
}

/// An interactive pop's stage change.
@MainActor
public struct InteractivePopEvent {
    /// The navigation controller.
    public let host: any NavigationHost
    /// Which recognizer drives it.
    public let kind: PopGestureKind
    /// The stage.
    public let stage: InteractivePopStage
    /// The screen being swiped away.
    public let leaving: any NavigationScreen
    /// The screen underneath.
    public let arriving: any NavigationScreen
    /// Creates an event.
    public init(
        host: any NavigationHost, kind: PopGestureKind, stage: InteractivePopStage,
        leaving: any NavigationScreen, arriving: any NavigationScreen
    ) {
        self.host = host
        self.kind = kind
        self.stage = stage
        self.leaving = leaving
        self.arriving = arriving
    }
}

/// A hook on ``NavigationSeams/interactivePop``.
public struct InteractivePopHook {
    /// Called at every stage.
    public let onStage: @MainActor (InteractivePopEvent) -> Void
    /// Creates a hook.
    public init(onStage: @escaping @MainActor (InteractivePopEvent) -> Void) { self.onStage = onStage }
}
