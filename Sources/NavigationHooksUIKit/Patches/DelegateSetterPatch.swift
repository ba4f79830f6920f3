#if canImport(UIKit)
internal import Foundation
internal import ObjectiveC
internal import UIKit

/// Keeps a delegate proxy installed when the app sets a delegate after installation: the
/// navigation delegate's proxy (rules R8–R11), the pop recognizers' (R15–R19) and the
/// sheet's presentation controller's (R52).
///
/// The chosen way: `setDelegate:` is replaced (once, reference-counted, see ``MethodPatch``)
/// on `UINavigationController`, `UIGestureRecognizer` and `UIPresentationController`. The replacement looks for a
/// proxy registered on the receiving object (an associated object, ``AssociationKeys``):
/// - no proxy registered (every object the library does not manage): the call goes to the
///   original setter unchanged; this is the fast path, one associated-object lookup.
/// - a proxy registered and the new value is not the proxy: the new value becomes the
///   proxy's weak `target`, and the proxy is set again, so UIKit refreshes its cached
///   `respondsToSelector:` answers for the new union.
/// - the new value is the proxy itself: the app is putting back a delegate it saved earlier
///   (which was the proxy), so the proxy forwards to the target it had before the app's
///   last change again (``ForwardingProxy/restorePreviousTarget()``); UIKit's own delegate
///   is not lost, during installation or after it.
/// - called off the main thread: the original setter, unchanged.
///
/// Why not KVO: `delegate` is not documented as KVO-compliant on either class, and
/// observing it would still let the app's delegate replace the proxy for a moment.
/// Why not a subclass: the host must work on any navigation controller the app already has.
/// Known limit: a recognizer subclass that overrides `setDelegate:` without calling `super`
/// bypasses the patch (the proxy is then replaced, and restored on the next install).
@MainActor
enum DelegateSetterPatch {
    private typealias Setter = @convention(c) (AnyObject, Selector, AnyObject?) -> Void
    private typealias SetterBlock = @convention(block) (AnyObject, AnyObject?) -> Void

    /// `-[UINavigationController setDelegate:]`.
    static let navigationController = MethodPatch(
        UINavigationController.self, NSSelectorFromString("setDelegate:"))
    /// `-[UIGestureRecognizer setDelegate:]`.
    static let gestureRecognizer = MethodPatch(
        UIGestureRecognizer.self, NSSelectorFromString("setDelegate:"))
    /// `-[UIPresentationController setDelegate:]`: the sheet seam's proxy (R52) stays when the
    /// app sets the presentation controller's delegate after the stack is presented
    ///.
    static let presentationController = MethodPatch(
        UIPresentationController.self, NSSelectorFromString("setDelegate:"))

    /// Takes one share of `patch` (the replacement is installed with the first); the host's
    /// ``ProcessPatchLedger`` calls it and gives the share back.
    static func retain(_ patch: MethodPatch?) {
        guard let patch else { return }
        patch.retain { makeBlock(for: patch, original: $0) }
    }

    /// Installs `proxy` as `object`'s delegate and keeps it there until ``uninstall(from:restore:)``
    /// (the setter patch must be held, ``retain(_:)``). `assign` performs the real assignment
    /// (`object.delegate = proxy`).
    static func install(_ proxy: ForwardingProxy, on object: AnyObject, patch: MethodPatch?, assign: () -> Void) {
        if patch == nil {
            NavigationHooksLog.warn(
                "setDelegate: not found on \(type(of: object)); a later delegate change replaces the proxy")
        }
        objc_setAssociatedObject(
            object, &AssociationKeys.delegateProxy, proxy, .OBJC_ASSOCIATION_RETAIN_NONATOMIC)
        assign()
    }

    /// Forgets the proxy on `object`; `restore` then assigns the previous delegate back.
    static func uninstall(from object: AnyObject, restore: () -> Void) {
        objc_setAssociatedObject(
            object, &AssociationKeys.delegateProxy, nil, .OBJC_ASSOCIATION_RETAIN_NONATOMIC)
        restore()
    }

    /// Sets `object`'s slot again with what it holds (the proxy, or the slot owner the proxy
    /// stands behind), through `declaringClass`'s own setter and with the proxy's association
    /// lifted for the two calls, so the chain is not touched: UIKit recomputes the
    /// `respondsToSelector:` answers it cached when the slot was set (the 26.1 dump's
    /// `-[UIGestureRecognizer setDelegate:]` reads some twenty of them before storing the weak
    /// delegate; R55, R67). Used when a member of the chain deallocates; a plain `delegate =
    /// nil` would now empty the chain (R67). Does nothing when the slot
    /// holds something else or `object` no longer carries `proxy`.
    static func reassign(_ proxy: ForwardingProxy, on object: AnyObject, declaredOn declaringClass: AnyClass) {
        guard objc_getAssociatedObject(object, &AssociationKeys.delegateProxy) as? ForwardingProxy === proxy,
            let slot = ObjCMessage.slotDelegate(of: object, declaredOn: declaringClass),
            slot === proxy || proxy.isBehindSlotOwner
        else { return }
        objc_setAssociatedObject(object, &AssociationKeys.delegateProxy, nil, .OBJC_ASSOCIATION_RETAIN_NONATOMIC)
        ObjCMessage.setSlotDelegate(of: object, declaredOn: declaringClass, to: nil)
        ObjCMessage.setSlotDelegate(of: object, declaredOn: declaringClass, to: slot)
        objc_setAssociatedObject(object, &AssociationKeys.delegateProxy, proxy, .OBJC_ASSOCIATION_RETAIN_NONATOMIC)
    }

    /// Builds the replacement. `nonisolated`: UIKit or another library may call a setter off
    /// the main thread (a bug of theirs, but not one to trap on); such a call goes to the
    /// original setter unchanged, and main-actor state is read only on the main thread.
    private nonisolated static func makeBlock(for patch: MethodPatch, original originalIMP: IMP) -> AnyObject {
        let original = unsafeBitCast(originalIMP, to: Setter.self)
        let selector = MainActor.assumeIsolated { patch.selector }
        let block: SetterBlock = { object, newDelegate in
            guard Thread.isMainThread else { return original(object, selector, newDelegate) }
            MainActor.assumeIsolated {
                guard
                    let proxy = objc_getAssociatedObject(object, &AssociationKeys.delegateProxy)
                        as? ForwardingProxy
                else { return original(object, selector, newDelegate) }
                // Behind a slot owner, only the owner's own override reaches this setter (the
                // app's calls stop at its override): it manages its slot, as without us.
                if proxy.isBehindSlotOwner { return original(object, selector, newDelegate) }
                if newDelegate === proxy {
                    // The app set back the delegate it had saved (this proxy): it means "what was
                    // there before my change", so the target before the last replacement returns.
                    proxy.restorePreviousTarget()
                } else {
                    proxy.forward(to: newDelegate as? any NSObjectProtocol)
                }
                original(object, selector, nil)  // drop UIKit's cached answers …
                original(object, selector, proxy)  // … and compute them again for the new union
            }
        }
        return unsafeBitCast(block, to: AnyObject.self)
    }
}
#endif
