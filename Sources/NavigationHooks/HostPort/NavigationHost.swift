/// The host port: what a navigation controller offers to the core and the plugins.
///
/// Two hosts implement it: `NavigationSimulator`'s headless controller and
/// `NavigationHooksUIKit`'s adapter of `UINavigationController`. Plugin code talks to this
/// protocol only, so the same plugin runs on a phone and in a Linux test with no casts.
///
/// ```
/// UIKit (or simulator) event
///   -> host seam (NavigationSeams)        the one place the mechanism can be intercepted
///   -> strategy plugin                    installed on that seam
///   -> NavigationDispatcher point         shouldPop / backButtonAction / ...
///   -> handler chain -> decision + trace  back to the plugin, which acts through the host
/// ```
///
/// Requests a handler or seam hook makes from inside a callback (a pop from within
/// `shouldPop`, say) are never performed re-entrantly: a host defers them until the event
/// being handled has finished, exactly like a request made during a transition (rule R6).
@MainActor
public protocol NavigationHost: AnyObject {
    /// The stack, root first (`viewControllers`). Already updated when `willShow` and
    /// `viewWillDisappear` run (rule R2).
    var screens: [any NavigationScreen] { get }
    /// The number of items on the navigation bar's own item stack
    /// (`navigationBar.items.count`). During a programmatic pop it is briefly larger than
    /// `screens.count`, which is how a `shouldPop` seam tells code pops from button pops
    /// (rule R21).
    var navigationBarItemCount: Int { get }
    /// Whether the navigation bar is hidden, or being hidden (`isNavigationBarHidden`).
    var isNavigationBarHidden: Bool { get }
    /// Whether the navigation controller's delegate (the app's, behind any proxy) implements
    /// `navigationController(_:animationControllerFor:from:to:)` or
    /// `navigationController(_:interactionControllerFor:)`; UIKit's own pop-gesture delegate
    /// then refuses every swipe (rule R40). Defaults to `false`.
    var delegateImplementsCustomTransitions: Bool { get }
    /// The running transition, or `nil` when idle (`transitionCoordinator`, rules R14, R17).
    var transitionCoordinator: (any TransitionCoordinating)? { get }
    /// What this navigation controller and its iOS version offer.
    var capabilities: HostCapabilities { get }
    /// The interception mechanisms; each a list, so several plugins can share one.
    var seams: NavigationSeams { get }
    /// The hooks installed on this navigation controller, created on first use.
    var hooks: HookRegistry { get }
    /// The observer the host reports its ``NavigationHostEvent``s to (a
    /// `NavigationRecorder`), held weakly; `nil` (the default) reports nothing. A host that
    /// cannot report keeps the default, which ignores the assignment.
    var navigationObserver: (any NavigationObserving)? { get set }

    /// Shows or hides the bar, animated alongside a running transition (rule R29).
    func setNavigationBarHidden(_ hidden: Bool, animated: Bool)
    /// Pops the top screen, as `UINavigationController.popViewController(animated:)`. This
    /// is a code pop: it does not ask `shouldPop`.
    func popViewController(animated: Bool)
    /// Pops to `screen`, as `UINavigationController.popToViewController(_:animated:)`;
    /// nothing happens if it is not in the stack.
    func popToViewController(_ screen: any NavigationScreen, animated: Bool)
    /// Runs `ask`, which hands a new ``LeaveAttempt`` to the screen's ``LeaveConfirmation``.
    /// The default runs it at once. A host whose user input arrives inside callbacks where
    /// presenting is unsafe (the UIKit host: a gesture delegate, the bar's delegate) runs it
    /// later, on the main actor; `ask` then skips an attempt that was settled or superseded
    /// meanwhile, and expires one whose screen left.
    func deliverLeaveConfirmation(_ ask: @escaping @MainActor () -> Void)
}

extension NavigationHost {
    /// `false`: a host that cannot tell says the delegate has no custom transitions.
    public var delegateImplementsCustomTransitions: Bool { false }

    /// Always `nil`: a host that does not implement reporting ignores an observer.
    public var navigationObserver: (any NavigationObserving)? {
        get { nil }
        set {}
    }

    /// Runs `ask` at once.
    public func deliverLeaveConfirmation(_ ask: @escaping @MainActor () -> Void) { ask() }

    /// The screen on top of the stack.
    public var topScreen: (any NavigationScreen)? { screens.last }
    /// The screen under the top one: where a pop lands.
    public var screenBelowTop: (any NavigationScreen)? {
        screens.count >= 2 ? screens[screens.count - 2] : nil
    }
    /// `true` while a transition runs (`transitionCoordinator != nil`).
    public var isTransitioning: Bool { transitionCoordinator != nil }
    /// `true` when a pop is possible now: more than one screen and no transition running
    /// (rules R16, R17).
    public var canPop: Bool { screens.count > 1 && !isTransitioning }
}

/// What a navigation controller and the iOS version under it offer.
public struct HostCapabilities: Sendable, Equatable {
    /// The iOS major version the host runs (13, 14, 16, 17, 18, 26, 27).
    public var iOSMajorVersion: Int
    /// `true` for system navigation controllers (`UIImagePickerController` and the like),
    /// which manage their own bar; hiding logic must leave them alone (rule R33).
    public var isSystemNavigationController: Bool

    /// Creates capabilities.
    public init(iOSMajorVersion: Int, isSystemNavigationController: Bool = false) {
        self.iOSMajorVersion = iOSMajorVersion
        self.isSystemNavigationController = isSystemNavigationController
    }

    /// `UINavigationItem.backAction` exists (iOS 16+, rule R26).
    public var hasBackAction: Bool { iOSMajorVersion >= 16 }
    /// The long-press back menu exists (iOS 14+, rule R25).
    public var hasBackMenu: Bool { iOSMajorVersion >= 14 }
    /// `interactiveContentPopGestureRecognizer` exists (iOS 26 and later, rule R19).
    public var hasContentPopGesture: Bool { iOSMajorVersion >= 26 }
}

/// The running transition, as `UIViewControllerTransitionCoordinator` exposes it.
@MainActor
public protocol TransitionCoordinating: AnyObject {
    /// `true` while a finger drives the transition (rule R9).
    var isInteractive: Bool { get }
    /// `true` once an interactive transition was released and is being undone.
    var isCancelled: Bool { get }
    /// `true` when the transition animates.
    var isAnimated: Bool { get }
    /// Runs `body` when an interactive transition turns non-interactive, on finish and on
    /// cancel, with `isCancelled` set; never for non-interactive transitions (rule R14).
    func notifyWhenInteractionChanges(_ body: @escaping @MainActor (_ isCancelled: Bool) -> Void)
}

extension HostCapabilities {
    /// `UINavigationController` answers ⌘[ on a hardware keyboard (iPadOS 15+, rule R51).
    public var hasBackKeyCommand: Bool { iOSMajorVersion >= 15 }
}
