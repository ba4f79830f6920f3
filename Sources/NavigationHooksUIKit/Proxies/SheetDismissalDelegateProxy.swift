#if canImport(UIKit)
internal import Foundation
internal import NavigationHooks
internal import UIKit

/// The delegate of the presentation controller of a navigation controller presented as a
/// sheet, while the sheet-dismissal seam is active (rule R52). Its
/// ``ForwardingProxy/target`` is the delegate that was there (the app's, or SwiftUI's, which
/// owns the delegate of its sheets): never replaced. The proxy implements only the two
/// methods below and `presentationControllerDidDismiss(_:)` (forwarded first-hand, and
/// reported to a recorder); every other `UIAdaptivePresentationControllerDelegate` method
/// (`presentationControllerWillDismiss(_:)`, the adaptive-style methods, …) reaches the target
/// through `forwardingTarget(for:)`.
///
/// UIKit may ask `presentationControllerShouldDismiss(_:)` at any time (its documentation),
/// so the proxy only asks a question there: the previous delegate first (its `false`
/// stands), then the dispatcher's `shouldPop` for the top screen with the trigger
/// `sheetDismissal`, which says no for a screen with a leave confirmation. The attempt
/// itself runs in `presentationControllerDidAttemptToDismiss(_:)`, which UIKit calls after
/// refusing a user's swipe-down, for whichever reason it refused:
/// - the presented controller's `isModalInPresentation` (UIKit then does not ask
///   `presentationControllerShouldDismiss(_:)` at all), or the previous delegate's `false`:
///   the refusal is the app's, and so is the callback; it goes to the previous delegate
///   only, and the hooks are not run (Apple's "Disabling the pull-down gesture for a sheet"
///   pattern keeps working, and a sheet the app made modal is never dismissed by the seam);
/// - the host's `false`: the seam's hooks run (the confirmation is asked).
@MainActor
final class SheetDismissalDelegateProxy: ForwardingProxy, UIAdaptivePresentationControllerDelegate {
    private weak var host: UIKitNavigationHost?
    /// The presentation controller whose delegate this proxy is.
    weak var presentationController: UIPresentationController?
    /// Who refused the last `presentationControllerShouldDismiss(_:)`; cleared by the
    /// attempt callback that follows it.
    private var lastRefusal: Refusal?

    private enum Refusal {
        case previousDelegate, host
    }

    private static let shouldDismiss = NSSelectorFromString("presentationControllerShouldDismiss:")
    private static let didAttempt = NSSelectorFromString("presentationControllerDidAttemptToDismiss:")
    private static let didDismiss = NSSelectorFromString("presentationControllerDidDismiss:")

    init(host: UIKitNavigationHost, presentationController: UIPresentationController) {
        self.host = host
        self.presentationController = presentationController
        super.init(kind: .sheet)
    }

    func presentationControllerShouldDismiss(_ presentationController: UIPresentationController) -> Bool {
        relay(Self.shouldDismiss) { isFirstArrival, next in
            let previous = next.flatMap { ObjCMessage.bool($0, Self.shouldDismiss, presentationController) }
            guard isFirstArrival else { return previous ?? true }
            if previous == false {
                lastRefusal = .previousDelegate
                return false
            }
            let mayDismiss = host?.sheetMayDismiss() ?? true
            lastRefusal = mayDismiss ? nil : .host
            return mayDismiss
        }
    }

    func presentationControllerDidAttemptToDismiss(_ presentationController: UIPresentationController) {
        relay(Self.didAttempt) { isFirstArrival, next in
            guard isFirstArrival else {
                if let next { ObjCMessage.void(next, Self.didAttempt, presentationController) }
                return
            }
            let refusal = lastRefusal
            lastRefusal = nil
            if refusal == .host, !presentationController.presentedViewController.isModalInPresentation {
                host?.sheetDismissalAttempted()
            } else if let next {
                ObjCMessage.void(next, Self.didAttempt, presentationController)
            }
        }
    }

    /// Forwarded as before (SwiftUI resets its binding here); on the first arrival the host
    /// also tells its recorder that the sheet went with every screen, so a recording says
    /// `expect sheet dismissed` rather than the stack nobody sees any more (R52).
    func presentationControllerDidDismiss(_ presentationController: UIPresentationController) {
        relay(Self.didDismiss) { isFirstArrival, next in
            if isFirstArrival { host?.reportToObserver(.sheetDismissed) }
            if let next { ObjCMessage.void(next, Self.didDismiss, presentationController) }
        }
    }
}
#endif
