#if canImport(UIKit)
internal import Foundation
internal import NavigationHooks
internal import UIKit

/// The delegate of the presentation controller of a navigation controller presented as a
/// sheet, while the sheet-dismissal seam is active (rule R52). Its
/// ``ForwardingProxy/target`` is the delegate that was there (the app's, or SwiftUI's, which
/// owns the delegate of its sheets): never replaced, every other method forwarded.
///
/// UIKit may ask `presentationControllerShouldDismiss(_:)` at any time (its documentation),
/// so the proxy only asks a question there: the previous delegate first (its `false`
/// stands, and its own `presentationControllerDidAttemptToDismiss(_:)` follows), then the
/// dispatcher's `shouldPop` for the top screen with the trigger `sheetDismissal`, which says
/// no for a screen with a leave confirmation. The attempt itself, where the confirmation is
/// asked, runs in `presentationControllerDidAttemptToDismiss(_:)`, which UIKit calls only
/// after refusing a user's swipe-down: the seam's hooks run there.
@MainActor
final class SheetDismissalDelegateProxy: ForwardingProxy, UIAdaptivePresentationControllerDelegate {
    private weak var host: UIKitNavigationHost?
    /// The presentation controller whose delegate this proxy is.
    weak var presentationController: UIPresentationController?
    /// The previous delegate refused the last dismissal: its own attempt callback handles it.
    private var refusedByPrevious = false

    init(host: UIKitNavigationHost, presentationController: UIPresentationController) {
        self.host = host
        self.presentationController = presentationController
        super.init()
    }

    private var previousDelegate: (any UIAdaptivePresentationControllerDelegate)? {
        target as? any UIAdaptivePresentationControllerDelegate
    }

    func presentationControllerShouldDismiss(_ presentationController: UIPresentationController) -> Bool {
        guard !isAskingTarget else { return true }
        let previous = askingTarget { previousDelegate?.presentationControllerShouldDismiss?(presentationController) }
        refusedByPrevious = previous == false
        if refusedByPrevious { return false }
        return host?.sheetMayDismiss() ?? true
    }

    func presentationControllerDidAttemptToDismiss(_ presentationController: UIPresentationController) {
        guard !isAskingTarget else { return }
        if refusedByPrevious {
            askingTarget { previousDelegate?.presentationControllerDidAttemptToDismiss?(presentationController) }
            return
        }
        host?.sheetDismissalAttempted()
    }
}
#endif
