#if canImport(UIKit)
internal import Foundation
internal import NavigationHooks
internal import ObjectiveC

/// The base of the delegate proxies (navigation delegate, rules R8–R11; pop recognizers'
/// delegates, R15–R19, R34; sheet presentation controller's, R52): an `NSObject` in the
/// delegate slot that runs the host's hooks in the methods it implements and hands every
/// message on to the chain of delegates behind it. Every decision (which delegate a message
/// goes to, a lap through a delegate cycle, a withheld selector (none since R70), what removal puts
/// back) is ``NavigationHooks/DelegateForwarding``'s, tested on Linux against a model of
/// UIKit's side of the slot and of the world without this proxy; this class only carries
/// it out.
///
/// - `responds(to:)` is `true` for the proxy's own methods and for what the chain answers
///   (never for a withheld selector), so UIKit sees what the slot would answer without us.
/// - A method the proxy implements runs through ``relay(_:_:)``: its first arrival runs the
///   hooks, and every arrival goes to the chain member of its lap, so a message that comes
///   back through a library that saved the proxy ends at the delegate that library
///   displaced, once (R54).
/// - `forwardingTarget(for:)` hands a message the proxy does not implement to the member of
///   its lap, told from a new message by where on the stack it arrives (R68; the arrivals
///   are forgotten on the next main run-loop turn), and never returns `nil` for a message
///   that is not a lap while a member lives.
/// - Members are weak, as UIKit's delegate properties are. UIKit caches `responds(to:)`
///   answers when a delegate is **set** (R55, R67); the host re-sets the proxy whenever the
///   chain changes (``DelegateSetterPatch``) and whenever **any** member deallocates
///   (``onMemberDeallocated``), so UIKit never sends a dead delegate's selector.
/// - Each member carries one deallocation watcher, shared by every proxy that has it in its
///   chain; a proxy leaves the watchers of members it no longer holds, and a watcher with no
///   proxy left is removed.
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
    /// Called on the main actor when a member of the chain deallocated (any member, not only
    /// the front one: UIKit cached the union of their answers), so the owner sets the proxy
    /// again and UIKit recomputes its cached answers.
    var onMemberDeallocated: (@MainActor () -> Void)?

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
    /// it goes in front of the chain (probed for forwarding back to the proxy). `nil` empties
    /// the chain, as it empties UIKit's slot.
    func forward(to newTarget: (any NSObjectProtocol)?) {
        guard let newTarget, newTarget !== self else {
            plan.set(nil)
            forgetUnwatchedMembers()
            return
        }
        let id = remember(newTarget)
        plan.set(id, forwardsBack: probe(newTarget))
        forgetUnwatchedMembers()
    }

    /// Assigning the proxy left `owner` in the slot (a `setDelegate:` override that saves
    /// the value instead, HBDNavigationBar's): `owner` now forwards to the proxy.
    func installedBehind(_ owner: any NSObjectProtocol) {
        plan.installedBehind(remember(owner))
        forgetUnwatchedMembers()
    }

    /// The app set the proxy itself back (it had saved it as "the delegate"): the member
    /// before the last replacement returns to the front.
    func restorePreviousTarget() {
        plan.proxySetBack()
    }

    /// The proxy leaves its slot for good: it stops watching its members.
    func detach() {
        for id in Array(members.keys) { forget(id) }
    }

    private func remember(_ member: any NSObjectProtocol) -> ObjectIdentifier {
        let id = ObjectIdentifier(member)
        if members[id]?.value == nil {
            members[id] = WeakObject(value: member)
            MemberDeallocationWatcher.watch(member, for: self)
        }
        return id
    }

    /// Stops watching members the plan no longer holds.
    private func forgetUnwatchedMembers() {
        let kept = Set(plan.watchedMembers)
        for id in Array(members.keys) where !kept.contains(id) { forget(id) }
    }

    private func forget(_ id: ObjectIdentifier) {
        if let member = members.removeValue(forKey: id)?.value {
            MemberDeallocationWatcher.unwatch(member, for: self)
        }
    }

    /// Asks `member` about a selector only this proxy knows; `true` if the question came back.
    private func probe(_ member: any NSObjectProtocol) -> Bool {
        probeCameBack = false
        _ = member.responds(to: Self.probeSelector)
        defer { probeCameBack = false }
        return probeCameBack
    }

    /// The member `id` deallocated (on any thread; this runs on the main actor).
    fileprivate func memberDidDeallocate(_ id: ObjectIdentifier) {
        // A late report (a background-thread deallocation reaches the main queue later) must
        // not remove a new object that got the same address meanwhile.
        guard let entry = members[id], entry.value == nil else { return }
        members[id] = nil
        let mustSetAgain = plan.remove(id)
        forgetUnwatchedMembers()
        if mustSetAgain { onMemberDeallocated?() }
    }

    /// Runs one arrival of `selector`, a method the proxy implements: `body` gets whether
    /// this is the first arrival (run the hooks then) and the member to hand the call to.
    nonisolated func relay<T>(
        _ selector: Selector, _ body: (_ isFirstArrival: Bool, _ next: (any NSObjectProtocol)?) -> T
    ) -> T {
        let name = NSStringFromSelector(selector)
        let lap = plan.beginLap(name)
        defer { plan.endLap(name) }
        let snapshot = plan  // a member's `responds(to:)` may come back here and update `plan`
        let next = snapshot.relayTarget(
            name, kind: kind, lap: lap, responds: { object($0)?.responds(to: selector) ?? false },
            handsBack: { object($0).map { handsBack($0, selector) } ?? false })
        if let next { plan.relayed(name, atLap: next.lap) }
        return body(lap == (plan.isBehindSlotOwner ? 1 : 0), object(next?.member))
    }

    private nonisolated func route(_ name: String, lap: Int) -> (any NSObjectProtocol)? {
        let selector = NSSelectorFromString(name)
        let snapshot = plan  // a member's `responds(to:)` may come back here and update `plan`
        return object(snapshot.route(name, kind: kind, lap: lap) { object($0)?.responds(to: selector) ?? false })
    }

    /// The address of a local in the caller's frame: where on the stack a call arrived
    /// (deeper is lower). Not inlined, so every caller measures the same way.
    @inline(never)
    private nonisolated static func stackPosition() -> UInt {
        var marker: UInt8 = 0
        return withUnsafeMutablePointer(to: &marker) { UInt(bitPattern: $0) }
    }

    nonisolated override func responds(to aSelector: Selector!) -> Bool {
        guard let aSelector else { return false }
        if aSelector == Self.probeSelector {
            probeCameBack = true
            return false
        }
        let name = NSStringFromSelector(aSelector)
        if super.responds(to: aSelector) {
            guard let lap = plan.beginOwnRespondsLap(name) else { return true }
            defer { plan.endRespondsLap(name) }
            return route(name, lap: lap) != nil
        }
        let lap = plan.beginRespondsLap(name, at: Self.stackPosition())
        defer { plan.endRespondsLap(name) }
        scheduleLapClearing()
        return route(name, lap: lap) != nil
    }

    nonisolated override func forwardingTarget(for aSelector: Selector!) -> Any? {
        guard let aSelector else { return nil }
        let name = NSStringFromSelector(aSelector)
        let lap = plan.forwardedArrival(name, at: Self.stackPosition())
        scheduleLapClearing()
        let snapshot = plan
        let target = snapshot.forwardTarget(
            name, kind: kind, lap: lap, responds: { object($0)?.responds(to: aSelector) ?? false },
            handsBack: { object($0).map { handsBack($0, aSelector) } ?? false })
        if let target { plan.forwarded(name, atLap: target.lap) }
        return object(target?.member) ?? super.forwardingTarget(for: aSelector)
    }

    /// `true` when `member` has no method for `selector` and its own `forwardingTarget(for:)`
    /// names this proxy (see ``NavigationHooks/DelegateForwarding/forwardTarget(_:kind:lap:responds:handsBack:)``).
    private nonisolated func handsBack(_ member: any NSObjectProtocol, _ selector: Selector) -> Bool {
        guard let memberClass = object_getClass(member), !class_respondsToSelector(memberClass, selector) else {
            return false
        }
        return ObjCMessage.forwardingTarget(of: member, for: selector) === self
    }

    /// Forwarded arrivals are remembered until the next main run-loop turn.
    private nonisolated func scheduleLapClearing() {
        guard !clearScheduled, plan.isCountingForwardedLaps else { return }
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

/// One per chain member, stored as an associated object on it (one key for the process):
/// released while the member deallocates (associated objects go before weak references are
/// cleared), it tells every proxy that has the member in its chain. On the main thread that
/// happens synchronously, so the proxy is set again before UIKit can send the dead member's
/// selectors; a deallocation on another thread is reported on the main queue.
/// Shared, not one per proxy, and removed when its last proxy leaves: proxies are
/// made anew on every activation, and watchers used to pile up on long-lived delegates.
@MainActor
private final class MemberDeallocationWatcher {
    private static var key: UInt8 = 0
    nonisolated(unsafe) private var proxies: [WeakProxy] = []
    private let member: ObjectIdentifier

    private struct WeakProxy {
        weak var value: ForwardingProxy?
    }

    private init(member: ObjectIdentifier) {
        self.member = member
    }

    static func watch(_ member: any NSObjectProtocol, for proxy: ForwardingProxy) {
        let watcher: MemberDeallocationWatcher
        if let existing = objc_getAssociatedObject(member, &key) as? MemberDeallocationWatcher {
            watcher = existing
        } else {
            watcher = MemberDeallocationWatcher(member: ObjectIdentifier(member))
            objc_setAssociatedObject(member, &key, watcher, .OBJC_ASSOCIATION_RETAIN_NONATOMIC)
        }
        watcher.proxies.removeAll { $0.value == nil || $0.value === proxy }
        watcher.proxies.append(WeakProxy(value: proxy))
    }

    static func unwatch(_ member: any NSObjectProtocol, for proxy: ForwardingProxy) {
        guard let watcher = objc_getAssociatedObject(member, &key) as? MemberDeallocationWatcher else { return }
        watcher.proxies.removeAll { $0.value == nil || $0.value === proxy }
        if watcher.proxies.isEmpty {
            objc_setAssociatedObject(member, &key, nil, .OBJC_ASSOCIATION_RETAIN_NONATOMIC)
        }
    }

    deinit {
        let proxies = proxies
        let member = member
        let report = {
            MainActor.assumeIsolated {
                for proxy in proxies { proxy.value?.memberDidDeallocate(member) }
            }
        }
        if Thread.isMainThread { report() } else { DispatchQueue.main.async(execute: report) }
    }
}
#endif
