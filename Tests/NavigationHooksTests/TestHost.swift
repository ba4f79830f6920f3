import NavigationHooks

/// A minimal host for the core's tests: a stack of screens and seams that count their
/// activations. The simulator is the real test host; this one keeps the core's tests
/// independent of it.
@MainActor
final class TestScreen: NavigationScreen {
    let screenName: String
    let navigationPreferences = ScreenPreferences()
    var hasCustomBackButton = false
    init(_ name: String) { screenName = name }
}

@MainActor
final class TestHost: NavigationHost {
    var screens: [any NavigationScreen]
    var navigationBarItemCount: Int { screens.count }
    var isNavigationBarHidden = false
    var transitionCoordinator: (any TransitionCoordinating)?
    var capabilities = HostCapabilities(iOSMajorVersion: 17)
    private(set) var activations: [String] = []
    private(set) var pops = 0
    lazy var hooks = HookRegistry(host: self)
    /// `false`: the host keeps the port's default and reports nothing to an observer.
    var reportsToObserver = false
    private weak var storedObserver: (any NavigationObserving)?
    var navigationObserver: (any NavigationObserving)? {
        get { reportsToObserver ? storedObserver : nil }
        set { if reportsToObserver { storedObserver = newValue } }
    }
    lazy var seams = NavigationSeams(
        backAction: seam("backAction"),
        privateBackButtonAction: seam("privateBackButtonAction"),
        shouldPopItem: seam("shouldPopItem"),
        backMenu: seam("backMenu"),
        navigationDelegate: seam("navigationDelegate"),
        popGesture: seam("popGesture"),
        appearance: seam("appearance"),
        popOperations: seam("popOperations"),
        interactivePop: seam("interactivePop"))

    init(_ names: String...) { screens = names.map(TestScreen.init) }

    private func seam<Hook>(_ name: String) -> Seam<Hook> {
        Seam(
            name, activate: { [weak self] in self?.activations.append("+\(name)") },
            deactivate: { [weak self] in self?.activations.append("-\(name)") })
    }

    /// When set, leave confirmations wait here (as the UIKit host's wait for the next
    /// main-queue turn) until the test runs them.
    var deferredLeaveConfirmations: [@MainActor () -> Void]?

    func deliverLeaveConfirmation(_ ask: @escaping @MainActor () -> Void) {
        if deferredLeaveConfirmations != nil { deferredLeaveConfirmations?.append(ask) } else { ask() }
    }

    func setNavigationBarHidden(_ hidden: Bool, animated: Bool) { isNavigationBarHidden = hidden }
    func popViewController(animated: Bool) {
        pops += 1
        if screens.count > 1 { screens.removeLast() }
    }
    func popToViewController(_ screen: any NavigationScreen, animated: Bool) {
        guard let index = screens.firstIndex(where: { $0 === screen }) else { return }
        screens.removeSubrange((index + 1)...)
    }

    /// A pop question about the top screen.
    func context(_ trigger: PopTrigger) -> PopContext {
        PopContext(host: self, leaving: topScreen!, arriving: screenBelowTop, trigger: trigger)
    }

    /// Shows the top screen to the delegate seam's hooks, as a host's delegate proxy would.
    func sendWillShow() {
        let context = ShowContext(host: self, arriving: topScreen!, leaving: nil, animated: true)
        for hook in seams.navigationDelegate.hooks { hook.willShow?(context) }
    }
}

/// A coordinator that is always mid-transition.
@MainActor
final class RunningTransition: TransitionCoordinating {
    var isInteractive = true
    var isCancelled = false
    var isAnimated = true
    var observers: [@MainActor (Bool) -> Void] = []
    func notifyWhenInteractionChanges(_ body: @escaping @MainActor (Bool) -> Void) { observers.append(body) }
    func release(cancelled: Bool) {
        isCancelled = cancelled
        isInteractive = false
        for observer in observers { observer(cancelled) }
    }
}
