#if canImport(UIKit)
internal import NavigationHooks
internal import ObjectiveC
internal import UIKit

/// The ways out beyond the back button, the back menu and the swipes (rules R50–R52), as
/// seams:
///
/// | seam | mechanism | scope |
/// |---|---|---|
/// | accessibilityEscape | ``AccessibilityEscapePatch``: the visible view controller's `accessibilityPerformEscape()` (R50) | process, ref-counted |
/// | backKeyCommand | ``BackKeyCommandPatch``: the action of UIKit's ⌘[ key command, private (R51) | process, ref-counted |
/// | responderKeyCommand | a ⌘[ `UIKeyCommand` of the host's own on the navigation controller, in place of UIKit's (`keyCommands`, `removeKeyCommand(_:)`, `addKeyCommand(_:)`, R80), and on each screen above the root (R78) | this controller |
/// | sheetDismissal | ``SheetDismissalDelegateProxy`` as the presentation controller's delegate, forwarding to the one there (R52) | this controller |
///
/// Proceeding leaves as the app's code would: `popViewController(animated:)` for escape
/// and ⌘[ (a code pop, which `navigationBar(_:shouldPop:)` lets through, R21), and
/// `dismiss(animated:)` for the sheet. Neither asks again.
extension UIKitNavigationHost {
    /// The exit seams, for ``makeSeams()``.
    func makeExitSeams() -> (
        escape: Seam<ExitHook>, keyCommand: Seam<ExitHook>, screenKeyCommand: Seam<ExitHook>, sheet: Seam<ExitHook>
    ) {
        var hasKeyCommand = false
        if #available(iOS 15.0, *) { hasKeyCommand = true }  // UIKit's ⌘[ exists from iOS 15 (R51)
        return (
            escape: Seam(
                "accessibilityPerformEscape (visible view controller)",
                isAvailable: AccessibilityEscapePatch.isAvailable,
                activate: { [ledger] in ledger.hold(.accessibilityEscape) },
                deactivate: { [ledger] in ledger.drop(.accessibilityEscape) }),
            keyCommand: Seam(
                "⌘[ key command", isAvailable: BackKeyCommandPatch.isAvailable,
                activate: { [ledger] in ledger.hold(.backKeyCommand) },
                deactivate: { [ledger] in ledger.drop(.backKeyCommand) }),
            screenKeyCommand: Seam(
                "⌘[ key command of the screen (addKeyCommand)", isAvailable: hasKeyCommand,
                activate: { [weak self] in
                    self?.retainDelegateProxy()  // willShow: the arriving screen gets the command
                    self?.applyScreenKeyCommands()
                },
                deactivate: { [weak self] in
                    self?.clearScreenKeyCommands()
                    self?.releaseDelegateProxy()
                }),
            sheet: Seam(
                "presentationControllerShouldDismiss(_:)",
                activate: { [weak self] in self?.activateSheetDismissal() },
                deactivate: { [weak self] in self?.deactivateSheetDismissal() })
        )
    }

    /// Runs `seam`'s hooks for `screen`; `.handled` when one stopped the exit.
    private func runExitHooks(
        _ seam: Seam<ExitHook>, _ trigger: PopTrigger, screen: UIViewController,
        leave: @escaping @MainActor () -> Void
    ) -> BackTapOutcome {
        let hooks = seam.hooks
        guard !hooks.isEmpty else { return .pass }
        let event = ExitEvent(host: self, screen: screen, trigger: trigger, leave: leave)
        return handlingEvent {
            for hook in hooks where hook.onExit(event) == .handled { return .handled }
            return .pass
        }
    }

    /// VoiceOver's escape reached the top screen `viewController` (R50).
    func accessibilityEscapeRequested(on viewController: UIViewController) -> BackTapOutcome {
        guard let navigationController, navigationController.viewControllers.count > 1 else { return .pass }
        reportUserInput(.voiceOverEscape)
        return runExitHooks(seams.accessibilityEscape, .accessibilityEscape, screen: viewController) {
            [weak self] in self?.popViewController(animated: true)
        }
    }

    /// ⌘[ was pressed (R51).
    func backKeyCommandRequested() -> BackTapOutcome {
        guard let navigationController, navigationController.viewControllers.count > 1,
            let top = navigationController.topViewController
        else { return .pass }
        reportUserInput(.keyBack)
        return runExitHooks(seams.backKeyCommand, .backKeyCommand, screen: top) { [weak self] in
            self?.popViewController(animated: true)
        }
    }

    // MARK: ⌘[ through the responder chain (R78, R79)

    /// The key command this host declares on every screen above the root: UIKit's own input
    /// and modifiers, found before the navigation controller's command because the screen
    /// comes first in the responder chain (R78). No title, so the keyboard shortcuts overlay
    /// keeps showing UIKit's "Back" once. `wantsPriorityOverSystemBehavior` keeps its default
    /// (`false`): text input and focus movement get the key first, as they do for UIKit's.
    static let screenKeyCommand = UIKeyCommand(
        input: "[", modifierFlags: .command,
        action: #selector(UIViewController.navigationHooksPerformScreenBackKeyCommand(_:)))

    /// Gives every screen above the root the ⌘[ key command (`addKeyCommand(_:)`, public API)
    /// and takes it off a screen that became the root (UIKit offers no ⌘[ there, R51). A
    /// screen that left the stack keeps it: a cancelled swipe puts it back without a `willShow`
    /// or `didShow` before iOS 18 (R10; from iOS 18 both come, R42), and it must not come back
    /// unguarded; deallocated screens drop
    /// out of the weak table. iOS 15+ only: before, UIKit has no ⌘[ to guard and declaring one
    /// would add a shortcut the app does not have.
    ///
    /// The navigation controller gets the command too, in place of UIKit's own (R80): UIKit adds
    /// its ⌘[ command to the navigation controller's `keyCommands` when the view loads
    /// (`_setupBackKeyCommand`, once), so every responder chain that would find it passes the
    /// navigation controller, wherever the search starts (a text field in the bar, R78, or
    /// nothing first responder, either reading of R79). The host takes UIKit's command out of
    /// `keyCommands` (public `removeKeyCommand(_:)`) and keeps it to put back.
    func applyScreenKeyCommands() {
        guard #available(iOS 15.0, *), let navigationController else { return }
        replaceSystemKeyCommand(on: navigationController)
        let stack = navigationController.viewControllers
        if let root = stack.first, screensWithKeyCommand.contains(root) {
            root.removeKeyCommand(Self.screenKeyCommand)
            screensWithKeyCommand.remove(root)
        }
        for screen in stack.dropFirst() where !screensWithKeyCommand.contains(screen) {
            screen.addKeyCommand(Self.screenKeyCommand)
            screensWithKeyCommand.add(screen)
        }
    }

    /// Takes the ⌘[ key command off every screen this host gave it, and off the navigation
    /// controller, where UIKit's own goes back (R80).
    func clearScreenKeyCommands() {
        for screen in screensWithKeyCommand.allObjects { screen.removeKeyCommand(Self.screenKeyCommand) }
        screensWithKeyCommand.removeAllObjects()
        guard let navigationController else { return }
        if navigationController.keyCommands?.contains(where: { $0 === Self.screenKeyCommand }) == true {
            navigationController.removeKeyCommand(Self.screenKeyCommand)
        }
        for command in replacedSystemKeyCommands { navigationController.addKeyCommand(command) }
        replacedSystemKeyCommands = []
    }

    /// Puts the host's ⌘[ command on `navigationController` and takes UIKit's own off (R80):
    /// the commands in `keyCommands` with ⌘['s input and modifiers that are not the host's.
    /// Idempotent: called again when the view loads, after UIKit added its command. Every ⌘[
    /// command is taken off first and the host's added back once, because `removeKeyCommand(_:)`
    /// may match by equality, which need not tell two ⌘[ commands apart.
    private func replaceSystemKeyCommand(on navigationController: UINavigationController) {
        let backCommands = (navigationController.keyCommands ?? []).filter(Self.isBackKeyCommand)
        if backCommands.count == 1, backCommands[0] === Self.screenKeyCommand { return }
        for command in backCommands {
            if command !== Self.screenKeyCommand { replacedSystemKeyCommands.append(command) }
            navigationController.removeKeyCommand(command)
        }
        navigationController.addKeyCommand(Self.screenKeyCommand)
    }

    /// `true` for a key command with ⌘['s input and modifiers (UIKit's back command, R51).
    static func isBackKeyCommand(_ command: UIKeyCommand) -> Bool {
        command.input == "[" && command.modifierFlags == .command
    }

    /// ⌘[ reached the key command of `screen` (R78, R80): the hooks decide; with none that
    /// handles it, the screen pops as UIKit's own command would have popped it. Like UIKit's
    /// `_performBackKeyCommand:`, it acts only when `_canPerformBackKeyCommandToPopViewController`
    /// would (two screens or more, the bar shown, the back button not hidden, R51).
    func screenKeyCommandPressed(on screen: UIViewController) {
        guard let navigationController, navigationController.viewControllers.count > 1,
            navigationController.topViewController === screen, navigationController.presentedViewController == nil,
            !navigationController.isNavigationBarHidden, !screen.navigationItem.hidesBackButton
        else { return }
        reportUserInput(.keyBack)
        let outcome = runExitHooks(seams.responderKeyCommand, .backKeyCommand, screen: screen) { [weak self] in
            self?.popViewController(animated: true)
        }
        if outcome == .pass { popViewController(animated: true) }
    }

    /// Where the action of the ⌘[ key command reached `responder` (R78). UIKit sends it to the
    /// first view controller in the responder chain (the method is on every view controller),
    /// which may be the screen, a child of it, or a screen of a navigation controller nested
    /// in it: the screen that declared the command is the first one up the parent chain that
    /// is a navigation controller's child and carries it. When a host gave it the command, that
    /// host decides; a screen that kept the command after leaving a hooked stack pops as
    /// UIKit's own command would have popped it, since the command took the key press from
    /// UIKit's.
    static func screenKeyCommandReached(_ responder: UIViewController) {
        // R80: the chain started at (or above) the screens, at the navigation controller that
        // carries the command in place of UIKit's own.
        if let navigationController = responder as? UINavigationController,
            let host = existing(on: navigationController),
            navigationController.keyCommands?.contains(where: { $0 === screenKeyCommand }) == true,
            let top = navigationController.topViewController
        {
            return host.screenKeyCommandPressed(on: top)
        }
        var candidate: UIViewController? = responder
        while let viewController = candidate {
            if let navigationController = viewController.parent as? UINavigationController {
                if let host = existing(on: navigationController), host.screensWithKeyCommand.contains(viewController) {
                    return host.screenKeyCommandPressed(on: viewController)
                }
                if viewController.keyCommands?.contains(screenKeyCommand) == true {
                    if navigationController.viewControllers.count > 1,
                        navigationController.topViewController === viewController,
                        navigationController.presentedViewController == nil
                    {
                        navigationController.popViewController(animated: true)
                    }
                    return
                }
            }
            candidate = viewController.parent
        }
    }

    // MARK: Sheet swipe-down (R52)

    /// A question (UIKit may ask any time): `false` when the dispatcher would not let every
    /// screen of the stack go by `sheetDismissal` now (a refusing guard, or a leave
    /// confirmation to ask, on any of them).
    func sheetMayDismiss() -> Bool {
        guard !seams.sheetDismissal.isEmpty, navigationController != nil else { return true }
        // Every screen leaves with the sheet (R52): the core's rule asks each one.
        return handlingEvent { hooks.dispatcher.sheetMayDismiss(on: self) }
    }

    /// UIKit refused a user's swipe-down because of ``sheetMayDismiss()``: the attempt,
    /// where the hooks ask the confirmation. On `.pass` the sheet is dismissed.
    func sheetDismissalAttempted() {
        guard let top = navigationController?.topViewController else { return }
        reportUserInput(.sheetSwipeDown)
        let outcome = runExitHooks(seams.sheetDismissal, .sheetDismissal, screen: top) { [weak self] in
            self?.dismissSheet()
        }
        if outcome == .pass { dismissSheet() }
    }

    /// Dismisses the presented navigation controller for a user's swipe-down that was let
    /// through (or confirmed by ``NavigationHooks/LeaveAttempt/proceed()``), and tells the
    /// presentation controller's delegate what a swipe-down that succeeded tells it. UIKit
    /// sends neither message for a dismissal made in code ("This method is not called if the
    /// presentation is dismissed programmatically", Apple's documentation of both methods),
    /// and state built on them (SwiftUI's `isPresented`, an app's "sheet closed" bookkeeping)
    /// would stay stale. The delegate is whatever is set (the seam's proxy, which hands both
    /// to the delegate behind it).
    ///
    /// When each is sent: `presentationControllerWillDismiss(_:)` once the dismissal has
    /// begun, so a delegate that follows Apple's advice for that method ("use the
    /// transition coordinator of the presented view controller" to animate alongside) finds
    /// one; `dismiss(animated:)` creates the coordinator when it starts the transition, so
    /// the message goes right after that call, and not at all if the dismissal did not start
    /// (the stack is still presented but no coordinator exists: another transition refused
    /// it). `presentationControllerDidDismiss(_:)` in the completion, once the sheet is gone.
    private func dismissSheet() {
        performRequest { [weak self] in
            guard let navigationController = self?.navigationController,
                navigationController.presentingViewController != nil
            else { return }
            let presentationController = navigationController.presentationController
            let delegate = presentationController?.delegate
            navigationController.dismiss(animated: true) {
                guard let presentationController, navigationController.presentingViewController == nil else { return }
                delegate?.presentationControllerDidDismiss?(presentationController)
            }
            guard let presentationController else { return }
            guard navigationController.transitionCoordinator != nil else {
                return NavigationHooksLog.warn(
                    "a confirmed sheet dismissal did not begin; presentationControllerWillDismiss not sent")
            }
            delegate?.presentationControllerWillDismiss?(presentationController)
        }
    }

    private static var sheetStateKey: UInt8 = 0

    /// What the sheet seam installed on this navigation controller.
    private var sheetState: SheetSeamState? {
        get {
            guard let navigationController else { return nil }
            return objc_getAssociatedObject(navigationController, &Self.sheetStateKey) as? SheetSeamState
        }
        set {
            guard let navigationController else { return }
            objc_setAssociatedObject(
                navigationController, &Self.sheetStateKey, newValue, .OBJC_ASSOCIATION_RETAIN_NONATOMIC)
        }
    }

    /// The presentation controller exists only once the stack is presented; reading it
    /// earlier would create one and fix the presentation style too soon. So the proxy goes in
    /// now if the stack is presented, and otherwise at the first `willShow` after it is (the
    /// root's first appearance happens during the presentation, R8).
    private func activateSheetDismissal() {
        let state = SheetSeamState()
        state.willShowToken = seams.navigationDelegate.add(
            NavigationDelegateHook(willShow: { [weak self] _ in self?.installSheetProxyIfPresented() }))
        sheetState = state
        installSheetProxyIfPresented()
    }

    private func deactivateSheetDismissal() {
        guard let state = sheetState else { return }
        if let token = state.willShowToken { try? seams.navigationDelegate.remove(token) }
        removeSheetProxy(state)
        sheetState = nil
    }

    /// Takes the sheet proxy off its presentation controller, putting back what it saved
    /// (by selector, no cast), and gives the setter patch's share back.
    private func removeSheetProxy(_ state: SheetSeamState) {
        guard let proxy = state.proxy else { return }
        state.proxy = nil
        defer {
            proxy.detach()
            ledger.drop(.presentationDelegateSetter)
        }
        guard let presentationController = proxy.presentationController else { return }
        DelegateSetterPatch.uninstall(from: presentationController) {
            if presentationController.delegate === proxy {
                ObjCMessage.setDelegate(of: presentationController, to: proxy.restoreTarget)
            }
        }
    }

    private func installSheetProxyIfPresented() {
        guard let state = sheetState, let navigationController,
            navigationController.presentingViewController != nil,
            let presentationController = navigationController.presentationController
        else { return }
        if let proxy = state.proxy, proxy.presentationController === presentationController,
            presentationController.delegate === proxy
        {
            return
        }
        removeSheetProxy(state)  // found by identity: a replaced presentation controller gets a new one
        let proxy = SheetDismissalDelegateProxy(host: self, presentationController: presentationController)
        proxy.forward(to: presentationController.delegate)
        proxy.onMemberDeallocated = { [weak proxy] in
            // A delegate of the chain died: set the proxy again, so UIKit drops what it may
            // have cached of the dead delegate's methods (R67).
            guard let proxy, let presentationController = proxy.presentationController else { return }
            DelegateSetterPatch.reassign(
                proxy, on: presentationController, declaredOn: UIPresentationController.self)
        }
        state.proxy = proxy
        ledger.hold(.presentationDelegateSetter)
        DelegateSetterPatch.install(
            proxy, on: presentationController, patch: DelegateSetterPatch.presentationController
        ) {
            presentationController.delegate = proxy
        }
    }
}

/// The sheet seam's proxy and its `willShow` hook, kept with the navigation controller.
@MainActor
final class SheetSeamState {
    var proxy: SheetDismissalDelegateProxy?
    var willShowToken: SeamToken?
}
extension UIViewController {
    /// The action of the ⌘[ key command ``UIKitNavigationHost`` declares on a screen (R78):
    /// UIKit calls it on the first view controller in the responder chain, and the host that
    /// declared the command decides. Not for app code.
    @objc(navigationHooksPerformScreenBackKeyCommand:)
    func navigationHooksPerformScreenBackKeyCommand(_ sender: Any?) {
        UIKitNavigationHost.screenKeyCommandReached(self)
    }
}
#endif
