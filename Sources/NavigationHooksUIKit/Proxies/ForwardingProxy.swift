#if canImport(UIKit)
internal import Foundation
internal import NavigationHooks
internal import ObjectiveC

/// The base of the delegate proxies (navigation delegate, rules R8–R11; pop recognizers'
/// delegates, R15–R19, R34; sheet presentation controller's, R52): an `NSObject` in the
/// delegate slot that runs the host's hooks in the methods it implements and hands every
/// message on to the chain of delegates behind it. Every decision (which delegate a message
/// goes to, a lap through a delegate cycle, a withheld selector (none since R70), what removal puts
/// back) is ``NavigationHooks/DelegateForwarding``'s, tested on Linux; this class only
/// carries it out (issue #20, points 1–3).
///
/// - `responds(to:)` is `true` for the proxy's own methods and for what the chain answers
///   (never for a withheld selector), so UIKit sees the union.
/// - A method the proxy implements runs through ``relay(_:_:)``: its first arrival runs the
///   hooks, and every arrival goes to the chain member of its lap, so a message that comes
///   back through a library that saved the proxy ends at the delegate that library
///   displaced, once (R54).
/// - `forwardingTarget(for:)` hands a message the proxy does not implement to the member of
///   its lap (counted per selector until the next main run-loop turn).
/// - Members are weak, as UIKit's delegate properties are. UIKit caches `responds(to:)`
///   answers when a delegate is **set**; the host re-sets the proxy whenever the chain
///   changes (``DelegateSetterPatch``) and when the front member deallocates
///   (``onTargetDeallocated``), so UIKit never sends a dead delegate's selector.
/// - A delegate set while the proxy is installed is probed: the proxy asks its
///   `responds(to:)` for a selector only the proxy knows; the question coming back shows
///   the delegate forwards to the proxy (RxCocoa's `DelegateProxy` does).
///
/// The `NSObject` overrides are `nonisolated`: they override nonisolated
/// `NSObjectProtocol` requirements; UIKit calls them on the main thread.
@MainActor
class ForwardingProxy: NSObject {
    typealias Plan = DelegateForwarding<ObjectIdentifier>

    /// Which proxy this is (only the pop recognizers' withholds a selector).
    nonisolated let kind: Plan.ProxyKind
    nonisolated(unsafe) private var plan = Plan(saved: nil)
    nonisolated(unsafe) private var members: [ObjectIdentifier: WeakObject] = [:]
    nonisolated(unsafe) private var probeCameBack = false
    nonisolated(unsafe) private var clearScheduled = false
    /// Called on the main actor when the front member deallocates while it is in front, so
    /// the owner can set the proxy again and UIKit recomputes its cached answers.
    var onTargetDeallocated: (@MainActor () -> Void)?

    nonisolated private static let probeSelector = NSSelectorFromString("navigationHooks_forwardingProbe")

    init(kind: Plan.ProxyKind) {
        self.kind = kind
        super.init()
    }

    /// The delegate in front of the chain (set last), if alive.
    nonisolated var target: (any NSObjectProtocol)? { object(plan.current) }

    /// What removing the proxy puts back in the slot (``NavigationHooks/DelegateForwarding/restoreTarget``).
    var restoreTarget: (any NSObjectProtocol)? { object(plan.restoreTarget) }

    /// `true` when the slot's owner kept its own delegate and saved the proxy instead.
    var isBehindSlotOwner: Bool { plan.isBehindSlotOwner }

    private nonisolated func object(_ id: ObjectIdentifier?) -> (any NSObjectProtocol)? {
        id.flatMap { members[$0]?.value }
    }

    /// `newTarget` was in the slot when the proxy was installed, or was set while it is:
    /// it goes in front of the chain (probed for forwarding back to the proxy).
    func forward(to newTarget: (any NSObjectProtocol)?) {
        guard let newTarget, newTarget !== self else {
            plan.set(nil)
            return
        }
        let id = remember(newTarget)
        plan.set(id, forwardsBack: probe(newTarget))
    }

    /// Assigning the proxy left `owner` in the slot (a `setDelegate:` override that saves
    /// the value instead, HBDNavigationBar's): `owner` now forwards to the proxy.
    func installedBehind(_ owner: any NSObjectProtocol) {
        plan.installedBehind(remember(owner))
    }

    /// The app set the proxy itself back (it had saved it as "the delegate"): the member
    /// before the last replacement returns to the front.
    func restorePreviousTarget() {
        plan.proxySetBack()
    }

    private func remember(_ member: any NSObjectProtocol) -> ObjectIdentifier {
        let id = ObjectIdentifier(member)
        if members[id]?.value == nil {
            members[id] = WeakObject(value: member)
            objc_setAssociatedObject(
                member, watcherKey, MemberDeallocationWatcher(proxy: self, member: id),
                .OBJC_ASSOCIATION_RETAIN_NONATOMIC)
        }
        return id
    }

    /// Asks `member` about a selector only this proxy knows; `true` if the question came back.
    private func probe(_ member: any NSObjectProtocol) -> Bool {
        probeCameBack = false
        _ = member.responds(to: Self.probeSelector)
        defer { probeCameBack = false }
        return probeCameBack
    }

    /// `member` deallocated.
    fileprivate func memberDidDeallocate(_ id: ObjectIdentifier) {
        let wasFront = plan.current == id
        plan.remove(id)
        members[id] = nil
        if wasFront { onTargetDeallocated?() }
    }

    private var watcherKey: UnsafeRawPointer { UnsafeRawPointer(Unmanaged.passUnretained(self).toOpaque()) }

    /// Runs one arrival of `selector`, a method the proxy implements: `body` gets whether
    /// this is the first arrival (run the hooks then) and the member to hand the call to.
    nonisolated func relay<T>(
        _ selector: Selector, _ body: (_ isFirstArrival: Bool, _ next: (any NSObjectProtocol)?) -> T
    ) -> T {
        let name = NSStringFromSelector(selector)
        let lap = plan.beginLap(name)
        defer { plan.endLap(name) }
        let next = route(name, lap: lap)
        return body(lap == (plan.isBehindSlotOwner ? 1 : 0), next)
    }

    private nonisolated func route(_ name: String, lap: Int) -> (any NSObjectProtocol)? {
        let selector = NSSelectorFromString(name)
        let snapshot = plan  // a member's `responds(to:)` may come back here and update `plan`
        return object(snapshot.route(name, kind: kind, lap: lap) { object($0)?.responds(to: selector) ?? false })
    }

    nonisolated override func responds(to aSelector: Selector!) -> Bool {
        guard let aSelector else { return false }
        if aSelector == Self.probeSelector {
            probeCameBack = true
            return false
        }
        if super.responds(to: aSelector) { return true }
        let name = NSStringFromSelector(aSelector)
        let lap = plan.beginRespondsLap(name)
        defer { plan.endRespondsLap(name) }
        return route(name, lap: lap) != nil
    }

    nonisolated override func forwardingTarget(for aSelector: Selector!) -> Any? {
        guard let aSelector else { return nil }
        let name = NSStringFromSelector(aSelector)
        let lap = plan.nextForwardedLap(name)
        scheduleLapClearing()
        return route(name, lap: lap) ?? super.forwardingTarget(for: aSelector)
    }

    /// Forwarded laps are counted until the next main run-loop turn.
    private nonisolated func scheduleLapClearing() {
        guard !clearScheduled else { return }
        clearScheduled = true
        DispatchQueue.main.async { [weak self] in
            MainActor.assumeIsolated {
                self?.plan.clearForwardedLaps()
                self?.clearScheduled = false
            }
        }
    }
}

/// A weak reference to any object.
struct WeakObject {
    weak var value: (any NSObjectProtocol)?
}

/// Stored as an associated object on a chain member: released while the member deallocates
/// (associated objects go before weak references are cleared), it tells the proxy. Normally
/// that happens on the main thread, synchronously, so the proxy is set again before UIKit
/// can send the dead member's selectors.
private final class MemberDeallocationWatcher {
    private weak var proxy: ForwardingProxy?
    private let member: ObjectIdentifier

    init(proxy: ForwardingProxy, member: ObjectIdentifier) {
        self.proxy = proxy
        self.member = member
    }

    deinit {
        let proxy = proxy
        let member = member
        if Thread.isMainThread {
            MainActor.assumeIsolated { proxy?.memberDidDeallocate(member) }
        } else {
            DispatchQueue.main.async {
                MainActor.assumeIsolated { proxy?.memberDidDeallocate(member) }
            }
        }
    }
}
#endif
