#if canImport(UIKit)
internal import Dispatch
internal import Foundation
public import NavigationHooks
internal import ObjectiveC
public import UIKit

/// The real host: the ``NavigationHooks/NavigationHost`` port over one
/// `UINavigationController`. Get it with `navigationController.navigationHost`; there is
/// one per navigation controller, stored as an associated object, created on first use.
///
/// ```
/// UIKit mechanism (proxy, patched method, backAction, target-action)
///   -> UIKitNavigationHost           finds the seam, builds the event, runs the hooks
///   -> strategy plugin hooks         decide (through the dispatcher)
///   -> UIKitNavigationHost           does what they decided (pop, keep, hide the bar)
/// ```
///
/// The host holds no policy: it moves events from UIKit to seams and requests back to
/// UIKit. Every mechanism is installed when its seam gets its first hook and removed when
/// the last goes (see the `InstallingSeams` article).
///
/// Ordering rules:
/// - Hooks run synchronously, on the main thread, inside the UIKit callback that raised
///   them (gesture delegates must answer now).
/// - A pop requested while an event is being handled (``isHandlingEvent``) or while the
///   dispatcher is dispatching is deferred with `DispatchQueue.main.async`, never performed
///   re-entrantly. Bar visibility changes are applied at once, so that inside `willShow` they
///   run alongside the transition (rule R29).
@MainActor
public final class UIKitNavigationHost: NavigationHost {
    /// The navigation controller this host adapts (weak: the controller owns the host).
    public private(set) weak var navigationController: UINavigationController?
    /// What this navigation controller and the running iOS version offer.
    public let capabilities: HostCapabilities
    /// The hooks installed on this navigation controller.
    public private(set) lazy var hooks: HookRegistry = HookRegistry(host: self)
    /// The interception mechanisms (see `UIKitNavigationHost+Seams.swift`).
    public private(set) lazy var seams: NavigationSeams = makeSeams()

    /// Depth of UIKit callbacks being handled; see ``isHandlingEvent``.
    private var eventDepth = 0
    /// Depth of pop-method calls in progress, so nested calls report once.
    var popOperationDepth = 0
    /// Screens that left the stack in the last pop, so `navigationBar(_:shouldPop:)`,
    /// which runs after a code pop removed the screen (R21), can still name it.
    var recentlyRemoved: [WeakScreen] = []
    /// Users of the navigation-delegate proxy: the delegate seam, backAction, back menu.
    var delegateProxyUsers = 0
    /// The installed navigation-delegate proxy, if any.
    var navigationDelegateProxy: NavigationDelegateProxy?
    /// The installed pop-gesture proxies, one per recognizer.
    var popGestureProxies: [PopGestureKind: PopGestureDelegateProxy] = [:]
    /// The pop-gesture proxies on libraries' own pop recognizers (R71), by recognizer.
    var libraryPopProxies: [ObjectIdentifier: PopGestureDelegateProxy] = [:]
    /// The target-action observer of the pop recognizers, while the interactive-pop seam is active.
    var interactivePopObserver: InteractivePopObserver?
    /// The screens this host gave its ⌘[ key command (R78), held weakly.
    let screensWithKeyCommand = NSHashTable<UIViewController>.weakObjects()
    /// UIKit's own ⌘[ key commands this host took off the navigation controller while its own
    /// stands there (R80), put back when the seam deactivates.
    var replacedSystemKeyCommands: [UIKeyCommand] = []
    /// This host's shares of the process-wide patches, given back when their seam
    /// deactivates or when the host goes away with its navigation controller.
    let ledger = ProcessPatchLedger()
    /// The attached observer and what reporting to it needs; `nil` while none is attached.
    var recording: RecordingState?

    init(navigationController: UINavigationController) {
        self.navigationController = navigationController
        var isSystem = false
        #if os(iOS)
        isSystem =
            navigationController is UIImagePickerController
            || navigationController is UIVideoEditorController
        #endif
        self.capabilities = HostCapabilities(
            iOSMajorVersion: ProcessInfo.processInfo.operatingSystemVersion.majorVersion,
            isSystemNavigationController: isSystem)
    }

    /// A navigation controller deallocated with seams still active: its shares of the
    /// process-wide patches are given back (a seam deactivated later finds nothing to give).
    deinit {
        ledger.releaseAllFromDeinit()
    }

    // MARK: NavigationHost

    /// `viewControllers`, root first.
    public var screens: [any NavigationScreen] {
        (navigationController?.viewControllers ?? []).map { $0 }
    }

    /// `navigationBar.items.count` (R21).
    public var navigationBarItemCount: Int { navigationController?.navigationBar.items?.count ?? 0 }

    /// `isNavigationBarHidden`.
    public var isNavigationBarHidden: Bool { navigationController?.isNavigationBarHidden ?? false }

    /// The delegate implements `navigationController(_:animationControllerFor:from:to:)` or
    /// `navigationController(_:interactionControllerFor:)` (R40). Asked through
    /// `responds(to:)`, which the seam's proxy forwards to the app's delegate.
    public var delegateImplementsCustomTransitions: Bool {
        guard let delegate = navigationController?.delegate else { return false }
        return delegate.responds(
            to: #selector((any UINavigationControllerDelegate).navigationController(_:animationControllerFor:from:to:)))
            || delegate.responds(
                to: #selector((any UINavigationControllerDelegate).navigationController(_:interactionControllerFor:)))
    }

    /// The running transition's coordinator, adapted (R14, R17).
    public var transitionCoordinator: (any TransitionCoordinating)? {
        guard let coordinator = navigationController?.transitionCoordinator else { return nil }
        return UIKitTransitionCoordinator(coordinator)
    }

    /// `setNavigationBarHidden(_:animated:)`, applied at once (R29).
    public func setNavigationBarHidden(_ hidden: Bool, animated: Bool) {
        guard let navigationController, navigationController.isNavigationBarHidden != hidden else {
            return
        }
        navigationController.setNavigationBarHidden(hidden, animated: animated)
    }

    /// `popViewController(animated:)`; deferred when asked from inside a callback.
    public func popViewController(animated: Bool) {
        performRequest { [weak self] in
            self?.performingPortRequest { _ = self?.navigationController?.popViewController(animated: animated) }
        }
    }

    /// `popToViewController(_:animated:)`; nothing if `screen` is not in the stack; deferred
    /// when asked from inside a callback.
    public func popToViewController(_ screen: any NavigationScreen, animated: Bool) {
        guard let target = screen as? UIViewController else { return }
        performRequest { [weak self] in
            guard let navigationController = self?.navigationController,
                navigationController.viewControllers.contains(target)
            else { return }
            self?.performingPortRequest { _ = navigationController.popToViewController(target, animated: animated) }
        }
    }

    // MARK: Event bookkeeping

    /// `true` while the host is inside a UIKit callback it is reporting to hooks.
    public var isHandlingEvent: Bool { eventDepth > 0 || hooks.dispatcher.isDispatching }

    /// Runs `body` as the handling of one UIKit callback.
    func handlingEvent<T>(_ body: () -> T) -> T {
        eventDepth += 1
        defer { eventDepth -= 1 }
        return body()
    }

    /// Performs `request` now, or on the next main-queue turn when inside a callback.
    func performRequest(_ request: @escaping @MainActor () -> Void) {
        if isHandlingEvent {
            DispatchQueue.main.async { MainActor.assumeIsolated { request() } }
        } else {
            request()
        }
    }

    /// Finds the view controller that owns `item`: in the stack, or among the screens the
    /// last pop removed (R21).
    func screen(owning item: UINavigationItem) -> UIViewController? {
        if let inStack = navigationController?.viewControllers.first(where: {
            $0.navigationItem === item
        }) {
            return inStack
        }
        return recentlyRemoved.lazy.compactMap { $0.screen }.first { $0.navigationItem === item }
    }

    /// Remembers that `viewController` is shown by this host (for late appearance callbacks).
    func noteShown(_ viewController: UIViewController) {
        objc_setAssociatedObject(
            viewController, &AssociationKeys.lastHost, WeakHostBox(self),
            .OBJC_ASSOCIATION_RETAIN_NONATOMIC)
    }

    /// The host registered on `navigationController`, without creating one.
    static func existing(on navigationController: UINavigationController) -> UIKitNavigationHost? {
        objc_getAssociatedObject(navigationController, &AssociationKeys.host) as? UIKitNavigationHost
    }

    /// The host that shows `viewController`: its parent's, or the last one that reported it.
    static func showing(_ viewController: UIViewController) -> UIKitNavigationHost? {
        if let parent = viewController.parent as? UINavigationController {
            return existing(on: parent)
        }
        return (objc_getAssociatedObject(viewController, &AssociationKeys.lastHost) as? WeakHostBox)?
            .host
    }
}
#endif
