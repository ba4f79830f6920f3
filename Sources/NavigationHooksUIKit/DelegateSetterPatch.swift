#if canImport(UIKit)
internal import Foundation
internal import ObjectiveC
internal import UIKit

/// Keeps a delegate proxy installed when the app sets a delegate after installation: the
/// navigation delegate's proxy (rules R8–R11) and the pop recognizers' (R15–R19).
///
/// The chosen way: `setDelegate:` is replaced (once, reference-counted, see ``MethodPatch``)
/// on `UINavigationController` and on `UIGestureRecognizer`. The replacement looks for a
/// proxy registered on the receiving object (an associated object, ``AssociationKeys``):
/// - no proxy registered (every object the library does not manage): the call goes to the
///   original setter unchanged; this is the fast path, one associated-object lookup.
/// - a proxy registered and the new value is not the proxy: the new value becomes the
///   proxy's weak `target`, and the proxy is set again, so UIKit refreshes its cached
///   `respondsToSelector:` answers for the new union.
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

    /// Installs `proxy` as `object`'s delegate and keeps it there until ``uninstall(from:patch:)``.
    /// `assign` performs the real assignment (`object.delegate = proxy`).
    static func install(
        _ proxy: ForwardingProxy, on object: AnyObject, patch: MethodPatch?, assign: () -> Void
    ) {
        if let patch {
            patch.retain { makeBlock(for: patch, original: $0) }
        } else {
            NavigationHooksLog.warn(
                "setDelegate: not found on \(type(of: object)); a later delegate change replaces the proxy"
            )
        }
        objc_setAssociatedObject(
            object, &AssociationKeys.delegateProxy, proxy, .OBJC_ASSOCIATION_RETAIN_NONATOMIC)
        assign()
    }

    /// Forgets the proxy on `object`; `restore` then assigns the previous delegate back.
    static func uninstall(from object: AnyObject, patch: MethodPatch?, restore: () -> Void) {
        objc_setAssociatedObject(
            object, &AssociationKeys.delegateProxy, nil, .OBJC_ASSOCIATION_RETAIN_NONATOMIC)
        restore()
        patch?.release()
    }

    private static func makeBlock(for patch: MethodPatch, original originalIMP: IMP) -> AnyObject {
        let original = unsafeBitCast(originalIMP, to: Setter.self)
        let selector = patch.selector
        let block: SetterBlock = { object, newDelegate in
            guard
                let proxy = objc_getAssociatedObject(object, &AssociationKeys.delegateProxy)
                    as? ForwardingProxy,
                newDelegate !== proxy
            else {
                original(object, selector, newDelegate)
                return
            }
            proxy.forward(to: newDelegate as? any NSObjectProtocol)
            original(object, selector, nil)  // drop UIKit's cached answers …
            original(object, selector, proxy)  // … and compute them again for the new union
        }
        return unsafeBitCast(block, to: AnyObject.self)
    }
}
#endif
