#if canImport(UIKit)
internal import Foundation
internal import ObjectiveC

/// The base of the delegate proxies: an `NSObject` that answers the methods it implements
/// itself and forwards every other message to ``target``, the delegate that was there
/// before it (the app's own, or the system's).
///
/// - `responds(to:)` is `true` for the proxy's own methods and for whatever `target`
///   implements, so UIKit sees the union.
/// - `forwardingTarget(for:)` hands a message the proxy does not implement to `target`.
/// - `target` is weak, as UIKit's own delegate properties are. UIKit caches
///   `responds(to:)` answers when a delegate is **set**; the host therefore re-sets the
///   proxy whenever `target` changes (``DelegateSetterPatch``). Known limit: a `target`
///   deallocated while still installed leaves those cached answers stale; set the delegate
///   to `nil` (or another object) before releasing it, as UIKit's documentation advises for
///   any weak delegate.
@MainActor
class ForwardingProxy: NSObject {
    /// The delegate the proxy stands in front of.
    nonisolated(unsafe) weak var target: (any NSObjectProtocol)?

    nonisolated override func responds(to aSelector: Selector!) -> Bool {
        if super.responds(to: aSelector) { return true }
        return target?.responds(to: aSelector) ?? false
    }

    nonisolated override func forwardingTarget(for aSelector: Selector!) -> Any? {
        if let target, target.responds(to: aSelector) { return target }
        return super.forwardingTarget(for: aSelector)
    }
}
#endif
