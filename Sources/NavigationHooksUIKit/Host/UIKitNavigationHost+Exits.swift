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
/// | backKeyCommand | ``BackKeyCommandPatch``: the ⌘[ key command's action (R51) | process, ref-counted |
/// | sheetDismissal | ``SheetDismissalDelegateProxy`` as the presentation controller's delegate, forwarding to the one there (R52) | this controller |
///
/// Proceeding leaves as the app's code would: `popViewController(animated:)` for escape
/// and ⌘[ (a code pop, which `navigationBar(_:shouldPop:)` lets through, R21), and
/// `dismiss(animated:)` for the sheet. Neither asks again.
extension UIKitNavigationHost {
    /// The three exit seams, for ``makeSeams()``.
    func makeExitSeams() -> (escape: Seam<ExitHook>, keyCommand: Seam<ExitHook>, sheet: Seam<ExitHook>) {
        (
            escape: Seam(
                "accessibilityPerformEscape (visible view controller)",
                isAvailable: AccessibilityEscapePatch.isAvailable,
                activate: { [ledger] in ledger.hold(.accessibilityEscape) },
                deactivate: { [ledger] in ledger.drop(.accessibilityEscape) }),
            keyCommand: Seam(
                "⌘[ key command", isAvailable: BackKeyCommandPatch.isAvailable,
                activate: { [ledger] in ledger.hold(.backKeyCommand) },
                deactivate: { [ledger] in ledger.drop(.backKeyCommand) }),
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
    /// presentation controller's delegate what a swipe-down that succeeded tells it:
    /// `presentationControllerWillDismiss(_:)` before, `presentationControllerDidDismiss(_:)`
    /// once the sheet is gone. UIKit sends neither for a dismissal made in code
    /// ("This method is not called if the presentation is dismissed programmatically",
    /// Apple's documentation of both methods), and state built on them (SwiftUI's
    /// `isPresented`, an app's "sheet closed" bookkeeping) would stay stale. The delegate is
    /// whatever is set (the seam's proxy, which hands both to the delegate behind it).
    private func dismissSheet() {
        performRequest { [weak self] in
            guard let navigationController = self?.navigationController,
                navigationController.presentingViewController != nil
            else { return }
            let presentationController = navigationController.presentationController
            let delegate = presentationController?.delegate
            if let presentationController {
                delegate?.presentationControllerWillDismiss?(presentationController)
            }
            navigationController.dismiss(animated: true) {
                guard let presentationController, navigationController.presentingViewController == nil else { return }
                delegate?.presentationControllerDidDismiss?(presentationController)
            }
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
    /// (by selector, no cast: point 11), and gives the setter patch's share back.
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
        removeSheetProxy(state)  // found by identity: a replaced presentation controller gets a new one (point 9)
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
#endif
