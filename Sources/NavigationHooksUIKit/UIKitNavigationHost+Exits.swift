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

    /// Runs `seam`'s hooks for `screen`; `.consumed` when one stopped the exit.
    private func runExitHooks(
        _ seam: Seam<ExitHook>, _ trigger: PopTrigger, screen: UIViewController,
        leave: @escaping @MainActor () -> Void
    ) -> BackTapOutcome {
        let hooks = seam.hooks
        guard !hooks.isEmpty else { return .passThrough }
        let event = ExitEvent(host: self, screen: screen, trigger: trigger, leave: leave)
        return handlingEvent {
            for hook in hooks where hook.onExit(event) == .consumed { return .consumed }
            return .passThrough
        }
    }

    /// VoiceOver's escape reached the top screen `viewController` (R50).
    func accessibilityEscapeRequested(on viewController: UIViewController) -> BackTapOutcome {
        guard let navigationController, navigationController.viewControllers.count > 1 else { return .passThrough }
        reportUserInput(.voiceOverEscape)
        return runExitHooks(seams.accessibilityEscape, .accessibilityEscape, screen: viewController) {
            [weak self] in self?.popViewController(animated: true)
        }
    }

    /// ⌘[ was pressed (R51).
    func backKeyCommandRequested() -> BackTapOutcome {
        guard let navigationController, navigationController.viewControllers.count > 1,
            let top = navigationController.topViewController
        else { return .passThrough }
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
        guard !seams.sheetDismissal.isEmpty, let screens = navigationController?.viewControllers else { return true }
        // Every screen leaves with the sheet (R52): each one is asked, from the top down.
        return handlingEvent {
            screens.reversed().allSatisfy { screen in
                let context = PopContext(host: self, leaving: screen, arriving: nil, trigger: .sheetDismissal)
                return hooks.dispatcher.shouldPop(context) == .allow
            }
        }
    }

    /// UIKit refused a user's swipe-down because of ``sheetMayDismiss()``: the attempt,
    /// where the hooks ask the confirmation. On `.passThrough` the sheet is dismissed.
    func sheetDismissalAttempted() {
        guard let top = navigationController?.topViewController else { return }
        reportUserInput(.sheetSwipeDown)
        let outcome = runExitHooks(seams.sheetDismissal, .sheetDismissal, screen: top) { [weak self] in
            self?.dismissSheet()
        }
        if outcome == .passThrough { dismissSheet() }
    }

    /// Dismisses the presented navigation controller, as the app's code would.
    private func dismissSheet() {
        performRequest { [weak self] in
            guard let navigationController = self?.navigationController,
                navigationController.presentingViewController != nil
            else { return }
            navigationController.dismiss(animated: true)
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
        if let proxy = state.proxy, let presentationController = proxy.presentationController,
            presentationController.delegate === proxy
        {
            presentationController.delegate = proxy.target as? any UIAdaptivePresentationControllerDelegate
        }
        sheetState = nil
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
        let proxy = SheetDismissalDelegateProxy(host: self, presentationController: presentationController)
        proxy.forward(to: presentationController.delegate)
        proxy.onTargetDeallocated = { [weak proxy] in
            // The previous delegate died while the proxy stands in front of it: set the proxy
            // again, so UIKit drops what it may have cached of the dead delegate's methods.
            guard let proxy, let presentationController = proxy.presentationController,
                presentationController.delegate === proxy
            else { return }
            presentationController.delegate = nil
            presentationController.delegate = proxy
        }
        presentationController.delegate = proxy
        state.proxy = proxy
    }
}

/// The sheet seam's proxy and its `willShow` hook, kept with the navigation controller.
@MainActor
final class SheetSeamState {
    var proxy: SheetDismissalDelegateProxy?
    var willShowToken: SeamToken?
}
#endif
