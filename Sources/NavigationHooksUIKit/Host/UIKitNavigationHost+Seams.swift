#if canImport(UIKit)
internal import NavigationHooks
internal import ObjectiveC
internal import UIKit

/// How each seam installs and removes its UIKit mechanism. Every `activate` runs when a
/// seam gets its first hook, every `deactivate` when it loses its last, and restores what
/// was there before.
///
/// | seam | mechanism | scope |
/// |---|---|---|
/// | backAction | `navigationItem.backAction` on each non-root screen (iOS 16+, R26) | this controller |
/// | privateBackButtonAction | ``PrivateBackButtonPatch`` (R27) | process, ref-counted |
/// | shouldPopItem | ``ShouldPopItemPatch`` (R21–R23) + ``PopOperationsPatch`` | process, ref-counted |
/// | backMenu | a ``BackMenuBarButtonItem`` as `backBarButtonItem` (iOS 14+, R25) | this controller |
/// | navigationDelegate | ``NavigationDelegateProxy`` (R8–R11) | this controller |
/// | popGesture | one ``PopGestureDelegateProxy`` per recognizer, and per library pop recognizer (R15–R19, R71) | this controller |
/// | appearance | ``AppearancePatch`` | process, ref-counted |
/// | popOperations | ``PopOperationsPatch`` (R4, R5, R12) | process, ref-counted |
/// | interactivePop | ``InteractivePopObserver`` (target-action) + coordinator (R12–R14) | this controller |
/// | accessibilityEscape, backKeyCommand, responderKeyCommand, sheetDismissal | see `UIKitNavigationHost+Exits.swift` (R50–R52, R78) | |
///
/// Every closure captures the host weakly: a ``NavigationHooks/PluginInstallation`` the app
/// keeps can outlive the navigation controller (and its host), and uninstalling it then
/// runs `deactivate` on a seam whose host is gone; that must be a no-op, not a crash.
extension UIKitNavigationHost {
    /// The identifier of the `backAction` this host installs, so it never removes the app's.
    static let backActionIdentifier = UIAction.Identifier(rawValue: "NavigationHooksUIKit.backAction")

    func makeSeams() -> NavigationSeams {
        var hasBackAction = false
        if #available(iOS 16.0, *) { hasBackAction = true }
        var hasBackMenu = false
        if #available(iOS 14.0, *) { hasBackMenu = true }
        let exits = makeExitSeams()  // R50–R52, UIKitNavigationHost+Exits.swift
        return NavigationSeams(
            backAction: Seam(
                "UINavigationItem.backAction", isAvailable: hasBackAction,
                activate: { [weak self] in
                    self?.retainDelegateProxy()
                    self?.applyBackActions()
                },
                deactivate: { [weak self] in
                    self?.clearBackActions()
                    self?.releaseDelegateProxy()
                }),
            privateBackButtonAction: Seam(
                PrivateBackButtonPatch.seamName, isAvailable: PrivateBackButtonPatch.isAvailable,
                activate: { [ledger] in ledger.hold(.privateBackButton) },
                deactivate: { [ledger] in ledger.drop(.privateBackButton) }),
            shouldPopItem: Seam(
                "navigationBar(_:shouldPop:)", isAvailable: ShouldPopItemPatch.isAvailable,
                activate: { [ledger] in
                    ledger.hold(.shouldPopItem)
                    ledger.hold(.popOperations)  // to name screens a code pop removed (R21)
                },
                deactivate: { [ledger] in
                    ledger.drop(.popOperations)
                    ledger.drop(.shouldPopItem)
                }),
            backMenu: Seam(
                "back menu (backBarButtonItem.menu)", isAvailable: hasBackMenu,
                activate: { [weak self] in
                    self?.retainDelegateProxy()
                    self?.applyBackMenuItems()
                },
                deactivate: { [weak self] in
                    self?.clearBackMenuItems()
                    self?.releaseDelegateProxy()
                }),
            navigationDelegate: Seam(
                "UINavigationControllerDelegate",
                activate: { [weak self] in self?.retainDelegateProxy() },
                deactivate: { [weak self] in self?.releaseDelegateProxy() }),
            popGesture: Seam(
                "UIGestureRecognizerDelegate (pop recognizers)",
                activate: { [weak self] in
                    self?.retainDelegateProxy()
                    self?.installPopGestureProxies()
                },
                deactivate: { [weak self] in
                    self?.removePopGestureProxies()
                    self?.releaseDelegateProxy()
                }),
            appearance: Seam(
                "viewWillAppear(_:) … viewDidDisappear(_:)", isAvailable: AppearancePatch.isAvailable,
                activate: { [ledger] in ledger.hold(.appearance) },
                deactivate: { [ledger] in ledger.drop(.appearance) }),
            popOperations: Seam(
                "pop methods and setViewControllers(_:animated:)",
                isAvailable: PopOperationsPatch.isAvailable,
                activate: { [ledger] in ledger.hold(.popOperations) },
                deactivate: { [ledger] in ledger.drop(.popOperations) }),
            interactivePop: Seam(
                "pop recognizers' target-action",
                activate: { [weak self] in
                    self?.retainDelegateProxy()
                    self?.installInteractivePopObserver()
                },
                deactivate: { [weak self] in
                    self?.removeInteractivePopObserver()
                    self?.releaseDelegateProxy()
                }),
            accessibilityEscape: exits.escape,
            backKeyCommand: exits.keyCommand,
            responderKeyCommand: exits.screenKeyCommand,
            sheetDismissal: exits.sheet
        )
    }

    // MARK: Navigation delegate proxy

    func retainDelegateProxy() {
        delegateProxyUsers += 1
        guard delegateProxyUsers == 1, let navigationController else { return }
        let proxy = NavigationDelegateProxy(host: self)
        proxy.forward(to: navigationController.delegate)
        proxy.onMemberDeallocated = { [weak navigationController, weak proxy] in
            // A delegate of the chain died (any of them, on any thread): set the slot again so
            // UIKit forgets the dead delegate's selectors (R67, see ForwardingProxy).
            guard let navigationController, let proxy else { return }
            DelegateSetterPatch.reassign(proxy, on: navigationController, declaredOn: UINavigationController.self)
        }
        navigationDelegateProxy = proxy
        ledger.hold(.navigationDelegateSetter)
        DelegateSetterPatch.install(
            proxy, on: navigationController, patch: DelegateSetterPatch.navigationController
        ) {
            navigationController.delegate = proxy
        }
        let slot = ObjCMessage.slotDelegate(of: navigationController, declaredOn: UINavigationController.self)
        if slot !== proxy, let owner = slot as? any NSObjectProtocol {
            // A subclass whose `setDelegate:` keeps its own delegate in the slot and saves ours
            // instead (HBDNavigationBar, swift-navigation's NavigationStackController, whose
            // getter even returns ours): its delegate calls the proxy, which counts that as lap 1.
            proxy.installedBehind(owner)
            // R55: UIKit cached the owner's `responds(to:)` answers when it entered the slot,
            // maybe before it had anything to forward `willShow` to. Setting it again through
            // UINavigationController's own setter (as `super` would; the setter patch is off
            // for that moment) makes UIKit ask again, now with the proxy behind the owner.
            DelegateSetterPatch.uninstall(from: navigationController) {
                ObjCMessage.setSlotDelegate(of: navigationController, declaredOn: UINavigationController.self, to: nil)
                ObjCMessage.setSlotDelegate(
                    of: navigationController, declaredOn: UINavigationController.self, to: owner)
            }
            DelegateSetterPatch.install(
                proxy, on: navigationController, patch: DelegateSetterPatch.navigationController
            ) {}
        }
    }

    func releaseDelegateProxy() {
        guard delegateProxyUsers > 0 else { return }
        delegateProxyUsers -= 1
        guard delegateProxyUsers == 0, let proxy = navigationDelegateProxy else { return }
        navigationDelegateProxy = nil
        defer { proxy.detach() }  // its members' deallocation watchers
        defer { ledger.drop(.navigationDelegateSetter) }
        guard let navigationController else { return }
        DelegateSetterPatch.uninstall(from: navigationController) {
            // What was there before, or what the app set since (R8–R11), never a library's
            // delegate that forwards to this proxy (R54); set by selector, no cast.
            // Behind a slot owner, its setter saves the value: what the proxy displaced returns
            // there, but only while the owner still forwards to the proxy as far as its getter
            // tells (swift-navigation's returns the delegate it saved; HBDNavigationBar's, its
            // own): a delegate the app set through the owner since stays (found by the slot model).
            let shown = navigationController.delegate
            let ownerSlot = ObjCMessage.slotDelegate(of: navigationController, declaredOn: UINavigationController.self)
            if shown === proxy || (proxy.isBehindSlotOwner && shown === ownerSlot) {
                ObjCMessage.setDelegate(of: navigationController, to: proxy.restoreTarget)
            }
            // R55 the other way: UIKit cached the owner's answers while the proxy stood behind
            // it (our `willShow` among them); without a new reading it would go on sending them
            // to an owner that now forwards to nothing (found by the slot model).
            if proxy.isBehindSlotOwner, let owner = ownerSlot, owner !== proxy {
                ObjCMessage.setSlotDelegate(of: navigationController, declaredOn: UINavigationController.self, to: nil)
                ObjCMessage.setSlotDelegate(
                    of: navigationController, declaredOn: UINavigationController.self, to: owner)
            }
        }
    }

    // MARK: Pop gesture proxies

    /// Installs a proxy on each pop recognizer that has none, and replaces a proxy whose
    /// recognizer UIKit replaced or whose slot lost it (found by the recognizer's identity,
    ///). Called on activation and at every `willShow` while active.
    func installPopGestureProxies() {
        for (kind, recognizer) in popRecognizers() {
            if let existing = popGestureProxies[kind] {
                if existing.recognizer === recognizer, recognizer.delegate === existing { continue }
                removePopGestureProxy(kind)
            }
            let proxy = PopGestureDelegateProxy(host: self, kind: kind, recognizer: recognizer)
            proxy.forward(to: recognizer.delegate)
            proxy.onMemberDeallocated = { [weak recognizer, weak proxy] in
                // As for the navigation delegate: make UIKit drop the dead delegate's answers.
                guard let recognizer, let proxy else { return }
                DelegateSetterPatch.reassign(proxy, on: recognizer, declaredOn: UIGestureRecognizer.self)
            }
            popGestureProxies[kind] = proxy
            ledger.hold(.gestureDelegateSetter)
            DelegateSetterPatch.install(
                proxy, on: recognizer, patch: DelegateSetterPatch.gestureRecognizer
            ) {
                recognizer.delegate = proxy
            }
        }
        adoptLibraryPopRecognizers()  // R71
    }

    func removePopGestureProxies() {
        for kind in Array(popGestureProxies.keys) { removePopGestureProxy(kind) }
        for id in Array(libraryPopProxies.keys) { removeLibraryPopProxy(id) }
    }

    /// R71: gives a library's own pop recognizer (FDFullscreenPopGesture's full-screen pan,
    /// which drives UIKit's interactive pop with the system recognizer's target while the
    /// system recognizer is off) the same proxy as the system recognizers, so the hooks see
    /// its swipes. How it is found, with no swizzling: the recognizers of the view the pop
    /// recognizer is on are read whenever the stack decorations are refreshed (seam
    /// activation, every `willShow` and `didShow`); the library adds its pan in its own
    /// `pushViewController` before the push, so the pan is found before the pushed screen
    /// can be swiped. Which one: ``NavigationHooks/LibraryPopRecognizerCandidate`` (public
    /// state only). Its delegate setter gets the patch the system recognizers' have.
    func adoptLibraryPopRecognizers() {
        let qualifying = libraryPopRecognizers()
        // R156: one that no longer qualifies (an app's pan taken while the edge swipe was off)
        // is given back, unless its gesture is running (then at the next refresh).
        let plan = LibraryPopAdoption.refresh(
            held: Set(libraryPopProxies.keys), qualifying: qualifying.map(ObjectIdentifier.init),
            inGesture: Set(
                libraryPopProxies.compactMap { id, proxy in
                    proxy.recognizer.map { $0.state == .began || $0.state == .changed } == true ? id : nil
                }))
        for id in plan.release { removeLibraryPopProxy(id) }
        for recognizer in qualifying {
            let id = ObjectIdentifier(recognizer)
            if let existing = libraryPopProxies[id] {
                if recognizer.delegate === existing { continue }
                removeLibraryPopProxy(id)
            }
            let proxy = PopGestureDelegateProxy(host: self, kind: .edge, recognizer: recognizer)
            proxy.forward(to: recognizer.delegate)
            libraryPopProxies[id] = proxy
            ledger.hold(.gestureDelegateSetter)
            DelegateSetterPatch.install(proxy, on: recognizer, patch: DelegateSetterPatch.gestureRecognizer) {
                recognizer.delegate = proxy
            }
        }
    }

    /// The libraries' own pop recognizers on the view the pop recognizer is on (R71,
    /// ``NavigationHooks/LibraryPopRecognizerCandidate``); the pop-gesture seam's proxy on one
    /// does not change the answer (its class is not UIKit's).
    func libraryPopRecognizers() -> [UIGestureRecognizer] {
        guard let navigationController, let edge = navigationController.interactivePopGestureRecognizer,
            let view = edge.view
        else { return [] }
        var systemRecognizers = Set(popRecognizers().map { ObjectIdentifier($0.recognizer) })
        // UIKit's bar-hiding pans sit on the same view; read only when in use (they are made lazily).
        if navigationController.hidesBarsOnSwipe {
            systemRecognizers.insert(ObjectIdentifier(navigationController.barHideOnSwipeGestureRecognizer))
        }
        let uiKit = Bundle(for: UIView.self)
        return (view.gestureRecognizers ?? []).filter { recognizer in
            let candidate = LibraryPopRecognizerCandidate(
                isPan: recognizer is UIPanGestureRecognizer,
                isUIKitsOwn: systemRecognizers.contains(ObjectIdentifier(recognizer))
                    || recognizer.delegate.map { Bundle(for: type(of: $0)) == uiKit } ?? false,
                isEnabled: recognizer.isEnabled, isSystemEdgeRecognizerEnabled: edge.isEnabled)
            return candidate.drivesPop
        }
    }

    private func removeLibraryPopProxy(_ id: ObjectIdentifier) {
        guard let proxy = libraryPopProxies.removeValue(forKey: id) else { return }
        defer {
            proxy.detach()  // R156, as for the system recognizers' proxies
            ledger.drop(.gestureDelegateSetter)
        }
        guard let recognizer = proxy.recognizer else { return }
        DelegateSetterPatch.uninstall(from: recognizer) {
            if recognizer.delegate === proxy { ObjCMessage.setDelegate(of: recognizer, to: proxy.restoreTarget) }
        }
    }

    private func removePopGestureProxy(_ kind: PopGestureKind) {
        guard let proxy = popGestureProxies.removeValue(forKey: kind) else { return }
        defer {
            proxy.detach()
            ledger.drop(.gestureDelegateSetter)
        }
        guard let recognizer = proxy.recognizer else { return }
        DelegateSetterPatch.uninstall(from: recognizer) {
            if recognizer.delegate === proxy {
                ObjCMessage.setDelegate(of: recognizer, to: proxy.restoreTarget)  // no cast
            }
        }
    }

    // MARK: Interactive pop observer

    func installInteractivePopObserver() {
        let observer = interactivePopObserver ?? InteractivePopObserver(host: self)
        interactivePopObserver = observer
        for (kind, recognizer) in popRecognizers() { observer.attach(recognizer, kind: kind) }
        for recognizer in libraryPopRecognizers() { observer.attach(recognizer, kind: .edge) }  // R71
    }

    func removeInteractivePopObserver() {
        interactivePopObserver?.detachAll()
        interactivePopObserver = nil
    }

    // MARK: backAction (iOS 16+, R26)

    /// Puts our `backAction` on every non-root screen that shows the system back button and
    /// has no `backAction` of the app's own; takes ours off the others. Setting `backAction`
    /// where no back button appears makes UIKit *generate* one (its documentation), so the
    /// root, an item with `hidesBackButton`, and an item whose left items replace the back
    /// button (R28) never get ours.
    func applyBackActions() {
        guard #available(iOS 16.0, *), let navigationController else { return }
        for (index, viewController) in navigationController.viewControllers.enumerated() {
            let item = viewController.navigationItem
            let isOurs = item.backAction?.identifier == Self.backActionIdentifier
            let replacesBackButton =
                !(item.leftBarButtonItems ?? []).isEmpty && !item.leftItemsSupplementBackButton
            if index == 0 || item.hidesBackButton || replacesBackButton {
                if isOurs { item.backAction = nil }
            } else if item.backAction == nil {
                item.backAction = UIAction(identifier: Self.backActionIdentifier) {
                    [weak self, weak viewController] _ in
                    guard let self, let viewController else { return }
                    self.backActionTapped(on: viewController)
                }
            }
        }
    }

    /// Takes our `backAction` off every screen in the stack; the app's stays.
    func clearBackActions() {
        guard #available(iOS 16.0, *), let navigationController else { return }
        for viewController in navigationController.viewControllers
        where viewController.navigationItem.backAction?.identifier == Self.backActionIdentifier {
            viewController.navigationItem.backAction = nil
        }
    }

    // MARK: Back menu (iOS 14+, R25)

    /// Gives every screen in the stack without a `backBarButtonItem` of its own a
    /// ``BackMenuBarButtonItem`` (the item the next screen's back button derives from), and
    /// brings the title of the ones it gave earlier up to date (a screen's title may change).
    func applyBackMenuItems() {
        guard #available(iOS 14.0, *), let navigationController else { return }
        for viewController in navigationController.viewControllers {
            let item = viewController.navigationItem
            if let ours = item.backBarButtonItem as? BackMenuBarButtonItem, ours.host === self {
                let title = Self.backTitle(of: viewController)
                if ours.title != title { ours.title = title }
            } else if item.backBarButtonItem == nil {
                item.backBarButtonItem = BackMenuBarButtonItem(title: Self.backTitle(of: viewController), host: self)
            }
        }
    }

    /// Removes the items ``applyBackMenuItems()`` added; the app's own stay.
    func clearBackMenuItems() {
        guard let navigationController else { return }
        for viewController in navigationController.viewControllers {
            if let item = viewController.navigationItem.backBarButtonItem as? BackMenuBarButtonItem,
                item.host === self
            {
                viewController.navigationItem.backBarButtonItem = nil
            }
        }
    }
}
#endif
