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
/// - **Cycles.** A library that saved the delegate (this proxy), installed its own and
///   forwards to what it saved makes the chain proxy → theirs → proxy. While the proxy is
///   asking its target (``isAskingTarget``), a question that comes back to it is answered
///   from the proxy's own methods only, so `responds(to:)` ends, UIKit never sends a
///   selector nobody implements, and the subclasses' forwarded calls stop at the second lap.
/// - **Earlier targets.** An app that saves the delegate (this proxy), sets its own and sets
///   the saved one back means "restore what was there": ``restorePreviousTarget()`` puts the
///   target before the last replacement back, so UIKit's delegate is not lost.
///
/// The two `NSObject` overrides are `nonisolated`: they override nonisolated
/// `NSObjectProtocol` requirements and only read the weak `target` and the depth counter
/// (UIKit asks them on the main thread).
@MainActor
class ForwardingProxy: NSObject {
    /// The delegate the proxy stands in front of. Set it with ``forward(to:)``.
    nonisolated(unsafe) private(set) weak var target: (any NSObjectProtocol)?
    /// Called on the main actor when ``target`` deallocates while it is still the target,
    /// so the owner can set the proxy again and UIKit recomputes its cached answers.
    var onTargetDeallocated: (@MainActor () -> Void)?
    /// Bumped on every ``forward(to:)``, so a watcher of an earlier target stays silent.
    private var generation = 0
    /// Targets replaced by ``forward(to:)``, most recent last (weak), for
    /// ``restorePreviousTarget()``.
    private var earlierTargets: [WeakObject] = []
    /// How many questions to ``target`` are in progress; see ``isAskingTarget``.
    nonisolated(unsafe) private var askingDepth = 0

    /// `true` while the proxy is asking its target something: a question reaching the proxy
    /// now came back through the target (a delegate cycle) and must not be forwarded again.
    nonisolated var isAskingTarget: Bool { askingDepth > 0 }

    /// Runs `body` (a question to ``target``) with ``isAskingTarget`` set.
    nonisolated func askingTarget<T>(_ body: () -> T) -> T {
        askingDepth += 1
        defer { askingDepth -= 1 }
        return body()
    }

    /// Makes `newTarget` the delegate messages are forwarded to, and watches it for
    /// deallocation (an associated object on `newTarget`, keyed by this proxy's address).
    func forward(to newTarget: (any NSObjectProtocol)?) {
        generation += 1
        let key = watcherKey
        if let old = target, old !== newTarget {
            // Its watcher's `deinit` runs now, sees a stale generation and does nothing.
            objc_setAssociatedObject(old, key, nil, .OBJC_ASSOCIATION_RETAIN_NONATOMIC)
            earlierTargets.removeAll { $0.value == nil || $0.value === old }
            earlierTargets.append(WeakObject(value: old))
        }
        target = newTarget
        guard let newTarget else { return }
        objc_setAssociatedObject(
            newTarget, key, TargetDeallocationWatcher(proxy: self, generation: generation),
            .OBJC_ASSOCIATION_RETAIN_NONATOMIC)
    }

    /// The app set the proxy itself back (it had saved it as "the delegate"): forwards to the
    /// target that was there before the last replacement again, if it is still alive.
    func restorePreviousTarget() {
        while let last = earlierTargets.popLast() {
            guard let earlier = last.value, earlier !== target else { continue }
            let remaining = earlierTargets
            forward(to: earlier)
            earlierTargets = remaining
            return
        }
    }

    /// The watcher of the target of `generation` deallocated.
    fileprivate func targetDidDeallocate(generation: Int) {
        guard generation == self.generation, target == nil else { return }
        onTargetDeallocated?()
    }

    private var watcherKey: UnsafeRawPointer { UnsafeRawPointer(Unmanaged.passUnretained(self).toOpaque()) }

    /// `false` for a selector the proxy never forwards (see ``PopGestureDelegateProxy``).
    nonisolated func forwards(_ aSelector: Selector) -> Bool { true }

    nonisolated override func responds(to aSelector: Selector!) -> Bool {
        if super.responds(to: aSelector) { return true }
        guard !isAskingTarget, forwards(aSelector), let target else { return false }  // a cycle ends here
        return askingTarget { target.responds(to: aSelector) }
    }

    nonisolated override func forwardingTarget(for aSelector: Selector!) -> Any? {
        if !isAskingTarget, forwards(aSelector), let target, askingTarget({ target.responds(to: aSelector) }) {
            return target
        }
        return super.forwardingTarget(for: aSelector)
    }
}

/// A weak reference to any object.
struct WeakObject {
    weak var value: (any NSObjectProtocol)?
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
