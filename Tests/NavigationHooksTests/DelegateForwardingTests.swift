import NavigationHooks
import Testing

/// A small model of the Objective-C delegate slot, the host's proxy (driven by
/// ``DelegateForwarding`` exactly as the UIKit proxies drive it) and the libraries that
/// install delegates beside it. Messages are names; "implements" is a set of names.
private final class DelegateRuntime {
    /// How a delegate hands on what it receives to the delegate it saved.
    enum Forwarding {
        /// It does not (a real delegate: the app's, UIKit's).
        case none
        /// Its methods call the saved delegate after their own work (HBDNavigationBar,
        /// swiftui-navigation-transitions, QMUI's delegator).
        case byCall
        /// Its methods call the saved delegate, and what it does not implement goes there
        /// too (`forwardInvocation:` / `forwardingTarget(for:)`, RxCocoa's `DelegateProxy`).
        case byCallAndForwarding
    }

    struct Delegate {
        var implements: Set<String>
        var forwarding: Forwarding = .none
        /// Its `responds(to:)` also asks the saved delegate (RxCocoa).
        var respondsForwards = false
        /// It owns the slot: a navigation controller subclass whose `setDelegate:` keeps it
        /// there and saves the new value instead (HBDNavigationBar).
        var ownsSlot = false
        var saved: String?
    }

    static let proxy = "proxy"
    /// The messages the proxy implements itself (it has a frame for them).
    let proxyImplements: Set<String>
    let kind: DelegateForwarding<String>.ProxyKind
    var delegates: [String: Delegate] = [:]
    var slot: String?
    var forwarding: DelegateForwarding<String>?
    /// Who handled each message: delegate names, and "hooks" for the proxy's own work.
    var log: [String] = []
    var depth = 0
    var looped = false
    /// Where on the (downward-growing) stack the current frame is: deeper calls are lower.
    var position: UInt { UInt(10_000 - depth) }

    init(proxyImplements: Set<String> = ["willShow"], kind: DelegateForwarding<String>.ProxyKind = .navigationDelegate)
    {
        self.proxyImplements = proxyImplements
        self.kind = kind
    }

    func add(_ name: String, _ delegate: Delegate) { delegates[name] = delegate }

    /// `slot.delegate = value` as the app or a library writes it.
    func setDelegate(_ value: String?) {
        if let owner = slot, delegates[owner]?.ownsSlot == true, value != owner {
            delegates[owner]?.saved = value
            return
        }
        if var proxy = forwarding, slot == Self.proxy {  // the setter patch keeps the proxy in the slot
            if value == Self.proxy {
                proxy.proxySetBack()
            } else {
                proxy.set(value, forwardsBack: value.map(probeComesBack) ?? false)
            }
            forwarding = proxy
            return
        }
        slot = value
    }

    /// A library installing itself the usual way: save the delegate, take the slot.
    func install(_ name: String) {
        delegates[name]?.saved = slot
        setDelegate(name)
    }

    /// The host's installation: save what is there, assign the proxy; if the slot's owner
    /// kept it, the proxy stands behind the owner.
    func installProxy() {
        forwarding = DelegateForwarding(saved: slot)
        let before = slot
        setDelegate(Self.proxy)
        if slot != Self.proxy, let owner = before {
            forwarding?.installedBehind(owner)
        }
    }

    /// The host's removal: put back ``DelegateForwarding/restoreTarget``.
    func uninstallProxy() {
        guard let proxy = forwarding else { return }
        forwarding = nil
        if slot == Self.proxy { slot = proxy.restoreTarget }
        for name in delegates.keys where delegates[name]?.saved == Self.proxy {
            delegates[name]?.saved = nil  // weak: the proxy is gone
        }
    }

    /// The UIKit proxy's probe: ask `member.responds(to:)` for a selector only the proxy
    /// knows; it coming back to the proxy means `member` forwards to it.
    private func probeComesBack(_ member: String) -> Bool {
        var seen: Set<String> = []
        var next: String? = member
        while let name = next, let delegate = delegates[name], delegate.respondsForwards, !seen.contains(name) {
            seen.insert(name)
            if delegate.saved == Self.proxy { return true }
            next = delegate.saved
        }
        return false
    }

    // MARK: Messages

    func responds(_ name: String, _ message: String) -> Bool {
        depth += 1
        defer { depth -= 1 }
        guard depth < 40 else {
            looped = true
            return false
        }
        if name == Self.proxy { return proxyResponds(message) }
        guard let delegate = delegates[name] else { return false }
        if delegate.implements.contains(message) { return true }
        guard delegate.respondsForwards, let saved = delegate.saved else { return false }
        return responds(saved, message)
    }

    private func proxyResponds(_ message: String) -> Bool {
        guard forwarding != nil else { return proxyImplements.contains(message) }
        if proxyImplements.contains(message) {  // `super.responds(to:)`, then the lap under way
            guard let lap = forwarding!.beginOwnRespondsLap(message) else { return true }
            defer { forwarding?.endRespondsLap(message) }
            return forwarding!.route(message, kind: kind, lap: lap) { self.responds($0, message) } != nil
        }
        let lap = forwarding!.beginRespondsLap(message, at: position)
        defer { forwarding?.endRespondsLap(message) }
        return forwarding!.route(message, kind: kind, lap: lap) { self.responds($0, message) } != nil
    }

    /// UIKit sends `message` to whatever is in the slot, if it responds; one run-loop turn.
    func send(_ message: String) {
        defer { forwarding?.clearForwardedLaps() }
        guard let target = slot, responds(target, message) else { return }
        deliver(message, to: target)
    }

    func deliver(_ message: String, to name: String) {
        depth += 1
        defer { depth -= 1 }
        guard depth < 40 else {
            looped = true
            return
        }
        if name == Self.proxy { return proxyReceives(message) }
        guard let delegate = delegates[name] else { return }
        if delegate.implements.contains(message) {
            log.append(name)
            guard delegate.forwarding != .none, let saved = delegate.saved, responds(saved, message) else { return }
            deliver(message, to: saved)
        } else if delegate.forwarding == .byCallAndForwarding, let saved = delegate.saved {
            deliver(message, to: saved)
        }
    }

    private func proxyReceives(_ message: String) {
        guard var proxy = forwarding else { return }
        if proxyImplements.contains(message) {
            let lap = proxy.beginLap(message)
            forwarding = proxy
            defer { forwarding?.endLap(message) }
            if lap == 0 || (lap == 1 && proxy.isBehindSlotOwner) { log.append("hooks") }
            if let next = forwarding!.route(message, kind: kind, lap: lap, responds: { self.responds($0, message) }) {
                deliver(message, to: next)
            }
        } else {
            let lap = proxy.forwardedArrival(message, at: position)
            forwarding = proxy
            guard
                let next = proxy.forwardTarget(message, kind: kind, lap: lap, responds: { self.responds($0, message) })?
                    .member
            else {
                log.append("unrecognized")
                return
            }
            deliver(message, to: next)
        }
    }

    /// Sends `message` once and returns who handled it.
    func handlers(of message: String) -> [String] {
        log = []
        send(message)
        return log
    }
}

/// The five installation patterns of the libraries apps put beside this package.
private enum Library {
    /// The app's own delegate: implements what it needs, forwards nothing.
    static let app = DelegateRuntime.Delegate(implements: ["willShow", "didShow", "orientations"])
    /// RxCocoa's `DelegateProxy`: installs after what is there (`_setForwardToDelegate:`),
    /// `responds(to:)` is the union, forwards every message (observed ones by call,
    /// others through `forwardInvocation:`).
    static let rx = DelegateRuntime.Delegate(
        implements: ["didShow"], forwarding: .byCallAndForwarding, respondsForwards: true)
    /// QMUI's `_QMUINavigationControllerDelegator`: the navigation controller's delegate from
    /// its init, calls the delegate the app set after doing its own work.
    static let qmui = DelegateRuntime.Delegate(implements: ["willShow", "didShow"], forwarding: .byCall)
    /// HBDNavigationBar's `HBDNavigationControllerDelegate`: its navigation controller's
    /// `setDelegate:` keeps it in the slot and saves any other value as `proxiedDelegate`.
    static let hbd = DelegateRuntime.Delegate(
        implements: ["willShow", "didShow", "orientations", "animation"], forwarding: .byCall, ownsSlot: true)
    /// swiftui-navigation-transitions' `NavigationTransitionDelegate`: saves the delegate
    /// there as `baseDelegate` and calls it from `willShow`/`didShow`; owns the animations.
    static let transitions = DelegateRuntime.Delegate(
        implements: ["willShow", "didShow", "animation"], forwarding: .byCall)
}

struct DelegateForwardingTests {
    /// Every message: each delegate at most once, the real delegate reached, no loop.
    private func expectSound(
        _ runtime: DelegateRuntime, real: String, messages: [String] = ["willShow", "didShow", "orientations"],
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        for message in messages {
            let handlers = runtime.handlers(of: message)
            #expect(!runtime.looped, "\(message) looped", sourceLocation: sourceLocation)
            #expect(
                Set(handlers).count == handlers.count, "\(message) reached \(handlers)",
                sourceLocation: sourceLocation)
            #expect(!handlers.contains("unrecognized"), "\(message): \(handlers)", sourceLocation: sourceLocation)
            if runtime.delegates[real]?.implements.contains(message) == true {
                #expect(handlers.last == real, "\(message) ended at \(handlers)", sourceLocation: sourceLocation)
            }
        }
    }

    /// After removal, the slot's chain reaches exactly one real delegate, `real`, last.
    private func expectRestored(
        _ runtime: DelegateRuntime, real: String, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        runtime.uninstallProxy()
        let handlers = runtime.handlers(of: "willShow")
        #expect(!runtime.looped, sourceLocation: sourceLocation)
        #expect(handlers.last == real, "after removal: \(handlers)", sourceLocation: sourceLocation)
        #expect(handlers.filter { $0 == real }.count == 1, sourceLocation: sourceLocation)
        #expect(runtime.slot != DelegateRuntime.proxy, sourceLocation: sourceLocation)
    }

    @Test func appDelegateBeforeTheProxy() {
        let runtime = DelegateRuntime()
        runtime.add("app", Library.app)
        runtime.setDelegate("app")
        runtime.installProxy()
        #expect(runtime.handlers(of: "willShow") == ["hooks", "app"])
        #expect(runtime.handlers(of: "orientations") == ["app"])
        expectSound(runtime, real: "app")
        expectRestored(runtime, real: "app")
    }

    @Test func appDelegateAfterTheProxyAndSaveRestore() {
        let runtime = DelegateRuntime()
        runtime.add("app", Library.app)
        runtime.add("other", Library.app)
        runtime.setDelegate("app")
        runtime.installProxy()
        // The app saves "the delegate" (the proxy), sets a temporary one, sets the saved back.
        runtime.setDelegate("other")
        #expect(runtime.handlers(of: "willShow") == ["hooks", "other"])
        runtime.setDelegate(DelegateRuntime.proxy)
        #expect(runtime.handlers(of: "willShow") == ["hooks", "app"])
        expectSound(runtime, real: "app")
        expectRestored(runtime, real: "app")
    }

    @Test func r54_rxCocoaAfterTheProxyIsACycleThatEndsAtTheApp() {
        let runtime = DelegateRuntime()
        runtime.add("app", Library.app)
        runtime.add("rx", Library.rx)
        runtime.setDelegate("app")
        runtime.installProxy()
        runtime.install("rx")  // saves the proxy: proxy → rx → proxy
        #expect(runtime.forwarding?.forwardsBack.contains("rx") == true)  // found by the probe
        #expect(runtime.handlers(of: "willShow") == ["hooks", "app"])
        #expect(runtime.handlers(of: "didShow") == ["rx", "app"])
        #expect(runtime.handlers(of: "orientations") == ["app"])  // forwarded twice, fast path
        expectSound(runtime, real: "app")
        #expect(runtime.forwarding?.restoreTarget == "app")  // never rx, which forwards to us
        expectRestored(runtime, real: "app")
    }

    @Test func rxCocoaBeforeTheProxy() {
        let runtime = DelegateRuntime()
        runtime.add("app", Library.app)
        runtime.add("rx", Library.rx)
        runtime.setDelegate("app")
        runtime.install("rx")
        runtime.installProxy()
        #expect(runtime.handlers(of: "didShow") == ["rx", "app"])
        #expect(runtime.handlers(of: "willShow") == ["hooks", "app"])
        expectSound(runtime, real: "app")
        expectRestored(runtime, real: "app")
        #expect(runtime.slot == "rx")
    }

    @Test func qmuiDelegatorBeforeTheProxy() {
        let runtime = DelegateRuntime()
        runtime.add("app", Library.app)
        runtime.add("qmui", Library.qmui)
        runtime.install("qmui")
        runtime.delegates["qmui"]?.saved = "app"  // the app's delegate, kept by the delegator
        runtime.installProxy()
        #expect(runtime.handlers(of: "willShow") == ["hooks", "qmui", "app"])
        expectSound(runtime, real: "app", messages: ["willShow", "didShow"])
        runtime.uninstallProxy()
        #expect(runtime.slot == "qmui")
    }

    @Test func transitionsAfterTheProxyForwardingByCall() {
        let runtime = DelegateRuntime()
        runtime.add("app", Library.app)
        runtime.add("transitions", Library.transitions)
        runtime.setDelegate("app")
        runtime.installProxy()
        runtime.install("transitions")  // saves the proxy, forwards by call: no probe sees it
        #expect(runtime.forwarding?.forwardsBack.contains("transitions") == false)
        #expect(runtime.handlers(of: "willShow") == ["hooks", "transitions", "app"])
        #expect(runtime.forwarding?.forwardsBack.contains("transitions") == true)  // the second lap
        #expect(runtime.handlers(of: "animation") == ["transitions"])
        // Without the proxy the slot holds transitions, whose `responds(to:)` is its own: UIKit
        // never sends it the orientation question, so the app behind it never gets it either.
        #expect(runtime.handlers(of: "orientations") == [])
        expectSound(runtime, real: "app", messages: ["willShow", "didShow"])
        expectRestored(runtime, real: "app")
    }

    @Test func r54_hbdOwnsTheSlotAndSavesTheProxy() {
        let runtime = DelegateRuntime()
        runtime.add("hbd", Library.hbd)
        runtime.slot = "hbd"  // set in the navigation controller's viewDidLoad
        runtime.installProxy()
        #expect(runtime.slot == "hbd")
        #expect(runtime.forwarding?.isBehindSlotOwner == true)
        #expect(runtime.handlers(of: "willShow") == ["hbd", "hooks"])  // each once, no loop
        #expect(runtime.handlers(of: "animation") == ["hbd"])
        #expect(!runtime.looped)
        runtime.uninstallProxy()
        #expect(runtime.handlers(of: "willShow") == ["hbd"])
    }

    @Test func rxCocoaAndTransitionsTogether() {
        let runtime = DelegateRuntime()
        runtime.add("app", Library.app)
        runtime.add("rx", Library.rx)
        runtime.add("transitions", Library.transitions)
        runtime.setDelegate("app")
        runtime.installProxy()
        runtime.install("transitions")
        runtime.install("rx")
        #expect(runtime.handlers(of: "willShow") == ["hooks", "transitions", "app"])
        #expect(runtime.handlers(of: "didShow") == ["rx", "transitions", "app"])
        expectSound(runtime, real: "app", messages: ["willShow", "didShow"])  // orientations: as above
        expectRestored(runtime, real: "app")
    }

    @Test func qmuiAndRxCocoaTogether() {
        let runtime = DelegateRuntime()
        runtime.add("app", Library.app)
        runtime.add("qmui", Library.qmui)
        runtime.add("rx", Library.rx)
        runtime.install("qmui")
        runtime.delegates["qmui"]?.saved = "app"
        runtime.installProxy()
        runtime.install("rx")
        #expect(runtime.handlers(of: "didShow") == ["rx", "qmui", "app"])
        expectSound(runtime, real: "app", messages: ["willShow", "didShow"])
        #expect(runtime.forwarding?.restoreTarget == "qmui")
        runtime.uninstallProxy()
        #expect(runtime.handlers(of: "willShow") == ["qmui", "app"])
    }

    /// HBDNavigationBar #23's suggested fix: `forwardingTarget(for:)` to what it saved, no
    /// `responds(to:)` of its own; installed after the proxy (it saved the proxy).
    @Test func r54_aForwardingTargetLibraryAfterTheProxyEndsAtTheApp() {
        let runtime = DelegateRuntime()
        runtime.add("app", Library.app)
        runtime.add("fix", .init(implements: ["willShow"], forwarding: .byCallAndForwarding))
        runtime.setDelegate("app")
        runtime.installProxy()
        runtime.install("fix")
        #expect(runtime.forwarding?.forwardsBack.contains("fix") == false)  // its responds(to:) is its own
        #expect(runtime.handlers(of: "willShow") == ["hooks", "fix", "app"])
        #expect(runtime.handlers(of: "didShow") == [])  // its own `responds(to:)` says no, as without us
        expectSound(runtime, real: "app", messages: ["willShow"])
        expectRestored(runtime, real: "app")
    }

    /// A known limit: the app's delegate set through a slot owner's setter replaces the proxy
    /// the owner saved (it keeps one); the app still gets its calls, once, and nothing loops.
    @Test func hbdWithTheAppsDelegateSetAfterTheProxy() {
        let runtime = DelegateRuntime()
        runtime.add("hbd", Library.hbd)
        runtime.add("app", Library.app)
        runtime.slot = "hbd"
        runtime.installProxy()
        runtime.setDelegate("app")  // HBD's setter: proxiedDelegate = app
        #expect(runtime.handlers(of: "willShow") == ["hbd", "app"])
        expectSound(runtime, real: "app", messages: ["willShow", "didShow"])
    }

    @Test func restoreAfterACycleThenTheAppSetsBackTheProxy() {
        let runtime = DelegateRuntime()
        runtime.add("app", Library.app)
        runtime.add("rx", Library.rx)
        runtime.setDelegate("app")
        runtime.installProxy()
        runtime.install("rx")
        _ = runtime.handlers(of: "willShow")
        runtime.setDelegate(DelegateRuntime.proxy)  // rx's removal puts back what it saved
        #expect(runtime.handlers(of: "didShow") == ["app"])
        expectSound(runtime, real: "app")
        expectRestored(runtime, real: "app")
    }

    @Test func restoreIsNeverNilWhileTheSavedDelegateLivesAndNeverTheProxy() {
        var plan = DelegateForwarding<String>(saved: "system")
        plan.set("rx", forwardsBack: true)
        #expect(plan.chain == ["rx", "system"])
        #expect(plan.restoreTarget == "system")
        plan.remove("system")
        #expect(plan.restoreTarget == nil)  // only a member that forwards to the proxy is left
        var plain = DelegateForwarding<String>(saved: "system")
        plain.set("app")
        #expect(plain.chain == ["app"])
        #expect(plain.restoreTarget == "app")
        plain.proxySetBack()
        #expect(plain.restoreTarget == "system")
    }

    /// R34, R70: no selector is withheld any more: UIKit's own pop delegate makes its
    /// refusals in the private receive question (decompiled 26.1 and 18.2), so that question
    /// reaches it like every other private one.
    @Test func r70_noSelectorIsWithheld() {
        typealias Plan = DelegateForwarding<String>
        #expect(Plan.privateReceiveEventSelector == "_gestureRecognizer:shouldReceiveEvent:")
        for selector in [
            "_gestureRecognizer:shouldReceiveEvent:",
            "_gestureRecognizer:shouldRequireFailureOfGestureRecognizer:",
            "_gestureRecognizer:shouldBeRequiredToFailByGestureRecognizer:",
            "_gestureRecognizer:shouldReceiveDragEvent:",
            "gestureRecognizer:shouldReceiveTouch:",
        ] {
            #expect(!Plan.withholds(selector, kind: .popGesture), "\(selector)")
        }
        let plan = Plan(saved: "system")
        #expect(
            plan.route("_gestureRecognizer:shouldReceiveEvent:", kind: .popGesture, lap: 0) { _ in true } == "system")
    }

    /// The gesture proxy in a cycle with a library that forwards the private failure question.
    @Test func privateFailureQuestionReachesUIKitsDelegateOnceThroughACycle() {
        let question = "_gestureRecognizer:shouldBeRequiredToFailByGestureRecognizer:"
        let receive = "_gestureRecognizer:shouldReceiveEvent:"
        let runtime = DelegateRuntime(proxyImplements: ["shouldBegin", receive], kind: .popGesture)
        runtime.add("system", .init(implements: ["shouldBegin", question, receive]))
        runtime.add("rx", Library.rx)
        runtime.setDelegate("system")
        runtime.installProxy()
        runtime.install("rx")
        #expect(runtime.handlers(of: question) == ["system"])
        #expect(runtime.handlers(of: "shouldBegin") == ["hooks", "system"])
        #expect(runtime.handlers(of: receive) == ["hooks", "system"])  // R70: UIKit's refusals are asked
        #expect(!runtime.looped)
    }
}
