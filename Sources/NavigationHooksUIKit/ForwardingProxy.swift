#if canImport(UIKit)
internal import Foundation
internal import ObjectiveC

/// The base of the delegate proxies (navigation delegate, rules R8–R11; pop recognizers'
/// delegates, R15–R19): an `NSObject` that answers the methods it implements itself and
/// forwards every other message to ``target``, the delegate that was there before it (the
/// app's own, or the system's).
///
/// - `responds(to:)` is `true` for the proxy's own methods and for whatever `target`
///   implements, so UIKit sees the union.
/// - `forwardingTarget(for:)` hands a message the proxy does not implement to `target`.
/// - `target` is weak, as UIKit's own delegate properties are. UIKit caches
///   `responds(to:)` answers when a delegate is **set**; the host therefore re-sets the
///   proxy whenever `target` changes (``DelegateSetterPatch``) and when `target`
///   deallocates while the proxy is installed (``onTargetDeallocated``). Without the latter,
///   UIKit would keep sending a selector only the dead target implemented, and
///   `forwardingTarget(for:)` would have nowhere to send it: an "unrecognized selector"
///   crash.
///
/// The two `NSObject` overrides are `nonisolated`: they override nonisolated
/// `NSObjectProtocol` requirements and only read the weak `target`.
@MainActor
class ForwardingProxy: NSObject {
    /// The delegate the proxy stands in front of. Set it with ``forward(to:)``.
    nonisolated(unsafe) private(set) weak var target: (any NSObjectProtocol)?
    /// Called on the main actor when ``target`` deallocates while it is still the target,
    /// so the owner can set the proxy again and UIKit recomputes its cached answers.
    var onTargetDeallocated: (@MainActor () -> Void)?
    /// Bumped on every ``forward(to:)``, so a watcher of an earlier target stays silent.
    private var generation = 0

    /// Makes `newTarget` the delegate messages are forwarded to, and watches it for
    /// deallocation (an associated object on `newTarget`, keyed by this proxy's address).
    func forward(to newTarget: (any NSObjectProtocol)?) {
        generation += 1
        let key = watcherKey
        if let old = target, old !== newTarget {
            // Its watcher's `deinit` runs now, sees a stale generation and does nothing.
            objc_setAssociatedObject(old, key, nil, .OBJC_ASSOCIATION_RETAIN_NONATOMIC)
        }
        target = newTarget
        guard let newTarget else { return }
        objc_setAssociatedObject(
            newTarget, key, TargetDeallocationWatcher(proxy: self, generation: generation),
            .OBJC_ASSOCIATION_RETAIN_NONATOMIC)
    }

    /// The watcher of the target of `generation` deallocated.
    fileprivate func targetDidDeallocate(generation: Int) {
        guard generation == self.generation, target == nil else { return }
        onTargetDeallocated?()
    }

    private var watcherKey: UnsafeRawPointer { UnsafeRawPointer(Unmanaged.passUnretained(self).toOpaque()) }

    nonisolated override func responds(to aSelector: Selector!) -> Bool {
        if super.responds(to: aSelector) { return true }
        return target?.responds(to: aSelector) ?? false
    }

    nonisolated override func forwardingTarget(for aSelector: Selector!) -> Any? {
        if let target, target.responds(to: aSelector) { return target }
        return super.forwardingTarget(for: aSelector)
    }
}

/// Stored as an associated object on a proxy's target: released while the target
/// deallocates (associated objects go before weak references are cleared), it tells the
/// proxy. Normally that happens on the main thread, synchronously, so the proxy is set
/// again before UIKit can send the dead target's selectors.
private final class TargetDeallocationWatcher {
    private weak var proxy: ForwardingProxy?
    private let generation: Int

    init(proxy: ForwardingProxy, generation: Int) {
        self.proxy = proxy
        self.generation = generation
    }

    deinit {
        let proxy = proxy
        let generation = generation
        if Thread.isMainThread {
            MainActor.assumeIsolated { proxy?.targetDidDeallocate(generation: generation) }
        } else {
            DispatchQueue.main.async {
                MainActor.assumeIsolated { proxy?.targetDidDeallocate(generation: generation) }
            }
        }
    }
}
#endif
