import NavigationHooks

/// A model of UIKit's side of one delegate slot and of the objects apps and libraries put in
/// it, played in two worlds: with the host's proxy (driven by ``DelegateForwarding`` exactly
/// as `ForwardingProxy` and `DelegateSetterPatch` drive it) and without it. The world
/// without the proxy is the oracle: it is plain Objective-C dispatch over the same objects,
/// and nothing in it was written by ``DelegateForwarding``.
///
/// What UIKit does here, each from a source:
/// - **Caching.** A slot's `respondsToSelector:` answers are read when the delegate is set and
///   kept (R55; the iOS 26.1 dump's `-[UIGestureRecognizer setDelegate:]` stores some twenty
///   of them in `_gestureFlags` before `objc_storeWeak` of the delegate, R67). A send checks
///   the cached answer, never the delegate again.
/// - **Weak slot.** The delegate is stored weakly (`objc_storeWeak`): a dead delegate is `nil`
///   in the slot, but the cached flags stay, and UIKit sends with no nil check: a message to
///   `nil`, whose answer is zero, **NO** (R159; `-[UIGestureRecognizer
///   _delegateShouldReceiveEvent:]` and `_delegateCanPreventGestureRecognizer:` in
///   EthanArbuckle/iPhone18-3_26.1_23B85_Restore `UIGestureRecognizer.m`: `objc_loadWeakRetained`
///   of the delegate, then `objc_msgSend` behind the flag alone).
/// - **Two-stage questions (R159).** "Should receive this event" is the private question
///   first, then the public one only after a yes (``SlotWorld/ask(_:)``); "can prevent" asks
///   the public and private prevention questions, then the public and private simultaneity
///   questions, the first that decides ending it.
/// - **Repeats.** UIKit sends some selectors several times in one run-loop turn, from one
///   frame (R68): ``SlotKind/timesPerTurn``.
///
/// The libraries (R54, R55, R68):
/// - RxCocoa's `DelegateProxy`: `respondsToSelector:` is the union with what it saved, its own
///   methods call the saved delegate, anything else goes through `forwardInvocation:`, which
///   forwards when the saved delegate responds and zeroes the answer otherwise.
/// - swiftui-navigation-transitions / QMUI's delegator: methods of its own that call the
///   saved delegate (after asking its `respondsToSelector:`, as Objective-C code and Swift's
///   optional-chained calls both do); its own `respondsToSelector:`.
/// - KMNavigationBar's proxy (and YPNavigationBar's): union `respondsToSelector:` and a
///   `forwardingTarget(for:)` that names the saved delegate for everything.
/// - HBDNavigationBar: a navigation controller subclass whose `setDelegate:` keeps its own
///   delegate in the slot and saves the new value, which its methods call.
/// - swift-navigation's `NavigationStackController`: the same slot ownership, with a union
///   `respondsToSelector:` and `forwardingTarget(for:)` forwarding, cached by UIKit when the
///   controller set it (R55).
/// - The app's own delegates, set before or after the proxy, twice, to `nil`, or saved and
///   set back (the app reads the proxy then: a known limit, R54).
final class SlotWorld {
    enum Unimplemented: Equatable {
        /// `doesNotRecognizeSelector:` (a plain object).
        case crash
        /// `forwardInvocation:`: forwards when the saved delegate responds, else zeroes.
        case forwardInvocation
        /// `forwardingTarget(for:)` names the saved delegate (the dispatch resumes there).
        case forwardingTarget
    }

    struct Object {
        var implements: Set<String>
        /// Its own methods call the saved delegate afterwards (when it responds).
        var callsSaved = false
        var unimplemented = Unimplemented.crash
        /// Its `respondsToSelector:` also asks the saved delegate.
        var respondsForwards = false
        /// A navigation controller subclass's delegate that keeps the slot.
        var ownsSlot = false
        /// Weak.
        var saved: String?
        var alive = true
        /// Methods it implements that answer NO (UIKit's pop delegate refusing at the root, R70).
        var refuses: Set<String> = []
    }

    enum Failure: Error, Equatable, CustomStringConvertible {
        case unrecognized(String, String)
        case loop(String)

        var description: String {
            switch self {
            case .unrecognized(let object, let selector): "unrecognized selector \(selector) sent to \(object)"
            case .loop(let selector): "\(selector) looped"
            }
        }
    }

    let kind: SlotKind
    /// `kind`'s ``SlotKind/selectors`` and ``SlotKind/proxyImplements``, kept: read at every
    /// set and every message (each read of the kind's table copies the table in a debug build).
    private let selectors: [String]
    private let proxyImplements: Set<String>
    let withProxy: Bool
    var objects: [String: Object]
    /// Weak, as UIKit's.
    private(set) var slot: String?
    /// UIKit's cached `respondsToSelector:` answers for what is in the slot.
    private(set) var cache: Set<String> = []
    /// The proxy's decisions while it is installed.
    var plan: DelegateForwarding<String>?
    /// The installed proxy's name (each installation makes a new proxy, as the host does).
    private(set) var proxy: String?
    private var proxyCount = 0
    /// The slot owner, when the slot belongs to a navigation controller subclass.
    let owner: String?
    /// Delegate methods that ran, in order ("name.selector").
    var log: [String] = []
    /// Objects seen handing something back to the installed proxy (a message or a
    /// `respondsToSelector:` question): the ones the proxy can know forward to it.
    private(set) var cameBack: Set<String> = []
    private var deliveries = 0

    init(kind: SlotKind, withProxy: Bool, objects: [String: Object], slot: String?) {
        self.kind = kind
        selectors = kind.selectors
        proxyImplements = kind.proxyImplements
        self.withProxy = withProxy
        self.objects = objects
        var owner: String?
        for (name, object) in objects {
            assert(!name.hasPrefix("proxy"), "a proxy's name is alive only while it is installed")
            if object.ownsSlot { owner = name }  // one at most
        }
        self.owner = owner
        uikitSet(slot)
    }

    var isProxyInstalled: Bool { plan != nil }

    /// The installed proxy is; another proxy's name is not (no object of the model is named
    /// like a proxy, see `init`).
    func isAlive(_ name: String?) -> Bool {
        guard let name else { return false }
        if isProxy(name) { return true }
        // Not `objects[name]?.alive == true`: an `Optional` compared generically in a debug build.
        guard let object = objects[name] else { return false }
        return object.alive
    }

    /// `name == proxy`, without comparing optionals (generic, in a debug build).
    private func isProxy(_ name: String) -> Bool {
        guard let proxy else { return false }
        return name == proxy
    }

    /// `a == b` for optional names, without the generic `Optional` comparison (a metadata
    /// look-up a call in a debug build; the model compares at every set).
    private static func same(_ a: String?, _ b: String?) -> Bool {
        switch (a, b) {
        case (nil, nil): true
        case (let a?, let b?): a == b
        default: false
        }
    }

    /// The value of the slot as the app reads it (`delegate`'s getter).
    var slotValue: String? { isAlive(slot) ? slot : nil }

    /// What `delegate`'s getter returns: the slot's object, except under swift-navigation's
    /// `NavigationStackController`, whose getter returns the delegate it saved (R55).
    var getterValue: String? {
        if let owner, owner == "swiftNav", Self.same(slot, owner), isAlive(owner) {
            let saved = objects[owner]?.saved
            return isAlive(saved) ? saved : nil
        }
        return slotValue
    }

    // MARK: Setting

    /// UIKit's own setter: store weakly, read the answers now.
    private func uikitSet(_ value: String?) {
        slot = value
        guard let value, isAlive(value) else {
            cache = []
            return
        }
        // An index loop, not `filter` (run unspecialized in a debug build, a generic metadata
        // lookup per call): this runs at every set of every sequence.
        // Room for every selector: no table grown (and every answer hashed again) while filling.
        var answered = Set<String>(minimumCapacity: selectors.count)
        if !isProxy(value), let object = objects[value], !object.respondsForwards {
            // A plain object answers from what it implements (`responds`, without asking on):
            // one look-up of it, not one a selector.
            for index in 0..<selectors.count where object.implements.contains(selectors[index]) {
                answered.insert(selectors[index])
            }
        } else {
            for index in 0..<selectors.count where responds(value, selectors[index], level: 1) {
                answered.insert(selectors[index])
            }
        }
        cache = answered
    }

    /// `delegate = value` as the app or a library writes it: through the owner's override,
    /// then the host's setter patch when the proxy is installed, then UIKit's setter.
    func setDelegate(_ value: String?) {
        if let owner, isAlive(owner), !Self.same(value, owner) {
            objects[owner]?.saved = value  // the owner keeps the slot and saves the value
            return
        }
        if withProxy, plan != nil, let proxy, Self.same(slot, proxy) {
            // DelegateSetterPatch: the chain changes, the proxy is set again (nil, then proxy).
            // The plan changes in place, as the proxy's does (a copy would copy its storage).
            if Self.same(value, proxy) {
                plan?.proxySetBack()
            } else {
                let forwardsBack = value.map(probeComesBack) ?? false
                plan?.set(value, forwardsBack: forwardsBack)
            }
            uikitSet(nil)
            uikitSet(proxy)
            return
        }
        uikitSet(value)
    }

    /// A library installing itself the usual way: save what the slot holds, take the slot.
    func install(_ name: String) {
        let value = getterValue
        objects[name]?.saved = value
        setDelegate(name)
    }

    /// The host's installation (`retainDelegateProxy`, `installPopGestureProxies`, …).
    func installProxy() {
        guard withProxy, plan == nil else { return }
        proxyCount += 1
        let proxy = "proxy\(proxyCount)"
        self.proxy = proxy
        cameBack = []
        let before = getterValue
        plan = DelegateForwarding(saved: before)
        setDelegate(proxy)
        if !Self.same(slot, proxy), let owner, Self.same(slot, owner) {
            plan?.installedBehind(owner)
            cameBack.insert(owner)
            uikitSet(nil)  // R55: set the owner again so UIKit asks it again
            uikitSet(owner)
        }
    }

    /// The host's removal: the restore target goes back (through the owner's setter when the
    /// proxy stands behind one); the proxy deallocates.
    func uninstallProxy() {
        guard let plan, let proxy else { return }
        self.plan = nil
        if Self.same(slot, proxy) {
            uikitSet(plan.restoreTarget)
        } else if plan.isBehindSlotOwner, let owner, Self.same(getterValue, proxy) || Self.same(getterValue, owner) {
            // Only while the owner still forwards to the proxy, as far as its getter tells:
            // a delegate the app set through the owner since stays (UIKitNavigationHost).
            objects[owner]?.saved = plan.restoreTarget
            self.proxy = nil
            uikitSet(nil)  // R55 again: UIKit cached the owner's answers with the proxy behind it
            uikitSet(owner)
        }
        self.proxy = nil
    }

    /// `name` deallocates on the main thread; its watcher tells the proxy at once.
    func deallocate(_ name: String) {
        guard isAlive(name) else { return }
        objects[name]?.alive = false
        guard let setAgain = plan?.remove(name) else { return }
        if setAgain { reassign() }
    }

    /// `DelegateSetterPatch.reassign`: the slot set again with what it holds.
    private func reassign() {
        guard let proxy, let plan else { return }
        if Self.same(slot, proxy) {
            uikitSet(nil)
            uikitSet(proxy)
        } else if plan.isBehindSlotOwner, let owner, Self.same(slot, owner) {
            uikitSet(nil)
            uikitSet(owner)
        }
    }

    /// A run-loop turn ends: the proxy's arrivals are forgotten (its main-queue block).
    func endTurn() {
        plan?.clearForwardedLaps()
    }

    /// The proxy's probe (`ForwardingProxy.probe`): a selector only the proxy knows, asked of
    /// `member`; it comes back when `member`'s `respondsToSelector:` asks the proxy.
    private func probeComesBack(_ member: String) -> Bool {
        var seen: Set<String> = []
        var next: String? = member
        while let name = next, let object = objects[name], object.alive, object.respondsForwards,
            !seen.contains(name)
        {
            seen.insert(name)
            if Self.same(object.saved, proxy) {
                cameBack.insert(name)
                return true
            }
            next = object.saved
        }
        return false
    }

    // MARK: Messages

    /// Where a frame at `level` is on a downward-growing stack.
    private func position(_ level: Int) -> UInt { UInt(1_000_000 - level * 4) }

    func responds(_ name: String, _ selector: String, level: Int) -> Bool {
        guard level < 400 else { return false }
        if isProxy(name) { return proxyResponds(selector, level: level) }
        // `isAlive` and the object, from one lookup.
        guard let object = objects[name], object.alive else { return false }
        if object.implements.contains(selector) { return true }
        guard object.respondsForwards, let saved = object.saved, isAlive(saved) else { return false }
        if isProxy(saved) { cameBack.insert(name) }
        return responds(saved, selector, level: level + 1)
    }

    /// `ForwardingProxy.responds(to:)`. The plan changes in place and routes from a snapshot,
    /// as the proxy's does (a member's `respondsToSelector:` may come back and change it).
    private func proxyResponds(_ selector: String, level: Int) -> Bool {
        guard plan != nil else { return proxyImplements.contains(selector) }
        let lap: Int
        if proxyImplements.contains(selector) {
            guard let own = plan?.beginOwnRespondsLap(selector) else { return true }
            lap = own
        } else {
            lap = plan?.beginRespondsLap(selector, at: position(level + 1)) ?? 0
        }
        defer { plan?.endRespondsLap(selector) }
        guard let snapshot = plan else { return false }
        return snapshot.route(selector, kind: kind.proxyKind, lap: lap) {
            self.responds($0, selector, level: level + 2)
        } != nil
    }

    /// Sends that reached a dead delegate behind cached flags (answered NO, R159).
    private(set) var deadSlotAnswers = 0

    /// UIKit sends `selector` to its slot (once): the answer it gets, `"default"` when it does
    /// not send (no delegate, or its cached answer is no) or nobody answers, `"NO"` when the
    /// delegate it cached the answers of died (R159). A two-stage question
    /// (``SlotKind/questions``) is asked as UIKit asks it (``ask(_:)``).
    /// `reentering`: the first delegate method that runs makes UIKit send the selector again
    /// from inside it (a delegate's work that makes UIKit ask again, before it returns).
    func send(_ selector: String, reentering: Bool = false) throws -> String {
        deliveries = 0
        reenter = reentering ? selector : nil
        if SlotKind.questions[selector] != nil { return try ask(selector) }
        return try uikitSend(selector, level: 0)
    }

    /// The verdict of a two-stage question's answer (its last word, YES or NO).
    static func verdict(of answer: String) -> String {
        // The last word on the bytes of an ASCII answer (every name and selector of the model
        // is): `split` on the Characters made an array of every word, unspecialized in a debug
        // build, at each two-stage question.
        var text = answer
        let bounds = text.withUTF8 { bytes -> (Int, Int)? in
            let space = UInt8(ascii: " ")
            var end = bytes.count
            while end > 0 && bytes[end - 1] == space { end -= 1 }
            var start = end
            while start > 0 && bytes[start - 1] != space {
                if bytes[start - 1] >= 0x80 { return nil }
                start -= 1
            }
            var index = 0
            while index < start {
                if bytes[index] >= 0x80 { return nil }
                index += 1
            }
            return (start, end)
        }
        guard let (start, end) = bounds else { return String(answer.split(separator: " ").last ?? "") }
        let utf8 = answer.utf8
        return String(answer[utf8.index(utf8.startIndex, offsetBy: start)..<utf8.index(utf8.startIndex, offsetBy: end)])
    }

    /// A two-stage question, stage by stage, as the iOS 26.1 dump's bodies ask them (R159):
    /// `"receiveEvent"` is `-[UIGestureRecognizer _delegateShouldReceiveEvent:]`: the private
    /// `_gestureRecognizer:shouldReceiveEvent:` if its flag is set (else yes), then the public
    /// `gestureRecognizer:shouldReceiveEvent:` if its flag is set and the private answered yes
    /// (else the private answer, or NO when the private said no). `"canPrevent"` is
    /// `_delegateCanPreventGestureRecognizer:`: public then private `canPrevent` (a NO ends it:
    /// cannot prevent), public then private simultaneity (a yes ends it: cannot prevent; the
    /// private's answer is inverted). The answer is the stages' answers, in order, then the
    /// verdict (``verdict(of:)``).
    func ask(_ question: String) throws -> String {
        var trace: [String] = []
        func stage(_ selector: String) throws -> String? {
            guard cache.contains(selector) else { return nil }
            let answer = try uikitSend(selector, level: 0)
            trace.append("\(selector)=\(answer)")
            return answer
        }
        func isNo(_ answer: String) -> Bool { ["NO", "swallowed", "default"].contains(answer) }
        switch question {
        case "receiveEvent":
            // "default" here is a relaying proxy's "the hooks pass": UIKit's default, yes (R34).
            if let privateAnswer = try stage("_shouldReceiveEvent"), ["NO", "swallowed"].contains(privateAnswer) {
                trace.append("NO")
            } else if let publicAnswer = try stage("shouldReceiveEvent") {
                trace.append(["NO", "swallowed"].contains(publicAnswer) ? "NO" : "YES")
            } else {
                trace.append("YES")
            }
        case "canPrevent":
            for selector in ["canPrevent", "_canPrevent"] {
                if let answer = try stage(selector), answer == "NO" {
                    trace.append("NO")
                    return trace.joined(separator: " ")
                }
            }
            for selector in ["simultaneous", "_simultaneous"] {
                if let answer = try stage(selector), !isNo(answer) {
                    trace.append("NO")
                    return trace.joined(separator: " ")
                }
            }
            trace.append("YES")
        default:
            break
        }
        return trace.joined(separator: " ")
    }

    private var reenter: String?

    private func uikitSend(_ selector: String, level: Int) throws -> String {
        guard cache.contains(selector) else { return kind.returnsVoid(selector) ? "void" : "default" }
        guard let target = slotValue else {
            // R159: the flag was cached while the delegate lived; the send has no nil check.
            deadSlotAnswers += 1
            return kind.returnsVoid(selector) ? "void" : "NO"
        }
        let answer = try deliver(selector, to: target, level: level) ?? "default"
        return kind.returnsVoid(selector) ? "void" : answer
    }

    /// `selector` dispatched to `name` from a frame at `level`.
    private func deliver(_ selector: String, to name: String, level: Int) throws -> String? {
        deliveries += 1
        guard level < 400, deliveries < 200 else { throw Failure.loop(selector) }
        guard isAlive(name) else { return nil }  // a message to nil
        if isProxy(name) { return try proxyReceives(selector, level: level) }
        guard let object = objects[name] else { return nil }
        if object.implements.contains(selector) {
            log.append("\(name).\(selector)")
            if object.refuses.contains(selector) { return "NO" }
            if reenter == selector {
                reenter = nil
                _ = try uikitSend(selector, level: level + 2)
            }
            guard object.callsSaved, let saved = object.saved, isAlive(saved),
                responds(saved, selector, level: level + 2)
            else { return name }
            if isProxy(saved) { cameBack.insert(name) }
            return try deliver(selector, to: saved, level: level + 1) ?? name
        }
        switch object.unimplemented {
        case .crash:
            throw Failure.unrecognized(name, selector)
        case .forwardInvocation:  // frames: the forwarding trampoline, then forwardInvocation:
            // RxCocoa tells its observers of every void message it receives (`_sentMessage:`).
            if kind.returnsVoid(selector) { log.append("\(name).\(selector) (observed)") }
            guard let saved = object.saved, isAlive(saved), responds(saved, selector, level: level + 3) else {
                return "swallowed"
            }
            if isProxy(saved) { cameBack.insert(name) }
            return try deliver(selector, to: saved, level: level + 4)
        case .forwardingTarget:  // the dispatch resumes at the same level
            guard let saved = object.saved, isAlive(saved) else { throw Failure.unrecognized(name, selector) }
            if isProxy(saved) { cameBack.insert(name) }
            return try deliver(selector, to: saved, level: level)
        }
    }

    /// The proxy receives `selector`: `relay` for its own methods, `forwardingTarget(for:)`
    /// for the others (as `ForwardingProxy` does).
    private func proxyReceives(_ selector: String, level: Int) throws -> String? {
        guard plan != nil else { return nil }
        // In place, then routed from a snapshot, as `ForwardingProxy` does.
        if proxyImplements.contains(selector) {
            guard let lap = plan?.beginLap(selector), let snapshot = plan else { return nil }
            defer { self.plan?.endLap(selector) }
            let next = snapshot.relayTarget(
                selector, kind: kind.proxyKind, lap: lap, responds: { self.responds($0, selector, level: level + 2) },
                handsBack: { self.handsBack($0, selector) })
            guard let next else { return "default" }  // the hooks pass: UIKit's default
            self.plan?.relayed(selector, atLap: next.lap)
            return try deliver(selector, to: next.member, level: level + 1) ?? "default"
        }
        guard let lap = plan?.forwardedArrival(selector, at: position(level + 2)), let snapshot = plan else {
            return nil
        }
        let target = snapshot.forwardTarget(
            selector, kind: kind.proxyKind, lap: lap,
            responds: { self.responds($0, selector, level: level + 3) },
            handsBack: { self.handsBack($0, selector) })
        guard let target, isAlive(target.member) else { throw Failure.unrecognized("the proxy", selector) }
        self.plan?.forwarded(selector, atLap: target.lap)
        return try deliver(selector, to: target.member, level: level)
    }

    /// `ForwardingProxy.handsBack`: no method for it, and `forwardingTarget(for:)` names the proxy.
    private func handsBack(_ name: String, _ selector: String) -> Bool {
        guard let object = objects[name], object.alive else { return false }
        guard let saved = object.saved, isProxy(saved) else { return false }  // saved == proxy, proxy != nil
        return !object.implements.contains(selector) && object.unimplemented == .forwardingTarget
    }

    // MARK: Comparing

    /// The slot's objects and who saved whom, with every reference to the (gone) proxy
    /// reading `nil`, so the world with the proxy can be compared with the one without.
    var graph: [String: String?] {
        var result: [String: String?] = ["slot": slotValue]
        for (name, object) in objects where object.alive {
            result[name] = isAlive(object.saved) ? object.saved : nil
        }
        return result
    }

    /// Objects alive that saved the installed proxy as their delegate.
    var savedTheProxy: Set<String> {
        Set(objects.filter { $0.value.alive && $0.value.saved == proxy && proxy != nil }.keys)
    }

    /// Makes this world's objects and slot the same as `other`'s (after a removal that
    /// cannot give a library that saved the proxy its place back, a known limit).
    func adopt(_ other: SlotWorld) {
        objects = other.objects
        for name in objects.keys where objects[name]?.saved?.hasPrefix("proxy") == true {
            objects[name]?.saved = nil
        }
        uikitSet(other.slotValue)
        cache = other.cache
    }

    /// The objects a message from the slot goes through, following saved delegates of
    /// objects that forward (the first is the slot's).
    var path: [String] {
        var result: [String] = []
        var next = slotValue
        while let name = next, let object = objects[name], object.alive, !result.contains(name) {
            result.append(name)
            let forwards = object.callsSaved || object.unimplemented != .crash || object.respondsForwards
            next = forwards && isAlive(object.saved) ? object.saved : nil
        }
        return result
    }
}

/// The three slots the host stands in, with the selectors UIKit sends (short names).
enum SlotKind: CaseIterable, CustomStringConvertible {
    case navigation, popGesture, sheet

    var description: String {
        switch self {
        case .navigation: "navigation"
        case .popGesture: "popGesture"
        case .sheet: "sheet"
        }
    }

    var proxyKind: DelegateForwarding<String>.ProxyKind {
        switch self {
        case .navigation: .navigationDelegate
        case .popGesture: .popGesture
        case .sheet: .sheet
        }
    }

    /// `true` for the methods that return nothing (their answer is not compared).
    func returnsVoid(_ selector: String) -> Bool { Self.voidSelectors.contains(selector) }

    private static let voidSelectors: Set<String> = [
        "willShow", "didShow", "didAttempt", "willPresent", "willDismiss", "didDismiss",
    ]

    /// Every selector UIKit reads an answer for when the slot is set.
    var selectors: [String] { table.selectors }

    /// The methods the host's proxy implements (NavigationDelegateProxy,
    /// PopGestureDelegateProxy, SheetDismissalDelegateProxy).
    var proxyImplements: Set<String> { table.proxyImplements }

    /// ``selectors``, ``proxyImplements`` and the ``libraries()``, made once per kind: the
    /// model reads them at every set and send of thousands of sequences, and every case is
    /// drawn from them.
    private struct Table {
        let selectors: [String]
        let proxyImplements: Set<String>
        let libraries: [String: SlotWorld.Object]
        /// The libraries' names, sorted.
        let libraryNames: [String]

        init(_ kind: SlotKind) {
            proxyImplements = kind.proxyImplementsTable
            selectors = proxyImplements.sorted() + kind.forwardedTable
            libraries = kind.librariesTable
            libraryNames = libraries.keys.sorted()
        }
    }

    private static let navigationTable = Table(.navigation)
    private static let popGestureTable = Table(.popGesture)
    private static let sheetTable = Table(.sheet)

    private var table: Table {
        switch self {
        case .navigation: Self.navigationTable
        case .popGesture: Self.popGestureTable
        case .sheet: Self.sheetTable
        }
    }

    private var proxyImplementsTable: Set<String> {
        switch self {
        case .navigation: ["willShow", "didShow"]
        case .popGesture:
            ["shouldBegin", "shouldReceiveTouch", "shouldReceiveEvent", "_shouldReceiveEvent", "requiredToFailBy"]
        case .sheet: ["shouldDismiss", "didAttempt"]
        }
    }

    /// The others (forwarded by `forwardingTarget(for:)`), with the underscored prevention and
    /// simultaneity questions (R159). The private "should receive this event" (R34, R70) is
    /// one the proxy implements and asks the previous delegate, like the public one.
    private var forwardedTable: [String] {
        switch self {
        case .navigation: ["orientations", "preferredOrientation", "animation", "interaction"]
        case .popGesture:
            [
                "simultaneous", "_simultaneous", "canPrevent", "_canPrevent", "requireFailureOf", "_requireFailureOf",
                "_requiredToFailBy",
            ]
        case .sheet: ["willPresent", "willDismiss", "didDismiss", "adaptiveStyle"]
        }
    }

    /// How many times UIKit sends `selector` in one turn, at most (R68): the simultaneity
    /// question goes out for each recognizer pair from both `-[UIGestureRecognizer
    /// _delegateCanPreventGestureRecognizer:]` and `…CanBePreventedByGestureRecognizer:`
    /// (iOS 26.1 dump), so twice per pair, for several pairs; the failure questions once per
    /// pair; the orientation questions several times per rotation or presentation.
    func timesPerTurn(_ selector: String) -> Int {
        switch selector {
        case "simultaneous": 4
        case "requireFailureOf", "_requireFailureOf", "_requiredToFailBy", "requiredToFailBy": 2
        case "orientations", "preferredOrientation", "adaptiveStyle": 3
        case "shouldReceiveTouch", "shouldReceiveEvent": 2
        default: 1
        }
    }

    /// UIKit's two-stage questions (R159), by name, with the selectors they ask in order.
    static let questions: [String: [String]] = [
        "receiveEvent": ["_shouldReceiveEvent", "shouldReceiveEvent"],
        "canPrevent": ["canPrevent", "_canPrevent", "simultaneous", "_simultaneous"],
    ]

    /// The libraries that install themselves in this slot, by name.
    func libraries() -> [String: SlotWorld.Object] { table.libraries }

    /// The names of ``libraries()``, sorted.
    var libraryNames: [String] { table.libraryNames }

    private var librariesTable: [String: SlotWorld.Object] {
        switch self {
        case .navigation:
            [
                "rx": .init(
                    implements: ["didShow"], callsSaved: true, unimplemented: .forwardInvocation, respondsForwards: true
                ),
                "transitions": .init(
                    implements: ["willShow", "didShow", "animation", "interaction"], callsSaved: true),
                "qmui": .init(implements: ["willShow", "didShow"], callsSaved: true),
                "km": .init(
                    implements: ["willShow"], callsSaved: true, unimplemented: .forwardingTarget, respondsForwards: true
                ),
            ]
        case .popGesture:
            [
                "rx": .init(implements: [], unimplemented: .forwardInvocation, respondsForwards: true),
                "km": .init(
                    implements: ["shouldBegin"], callsSaved: true, unimplemented: .forwardingTarget,
                    respondsForwards: true),
            ]
        case .sheet:
            [
                "rx": .init(
                    implements: ["didDismiss"], callsSaved: true, unimplemented: .forwardInvocation,
                    respondsForwards: true),
                "km": .init(implements: [], unimplemented: .forwardingTarget, respondsForwards: true),
            ]
        }
    }

    /// The names of ``owners``, sorted.
    static let ownerNames = owners.keys.sorted()

    /// The names of ``questions``, sorted.
    static let questionNames = questions.keys.sorted()

    /// Slot owners (navigation controller subclasses), navigation slot only.
    static let owners: [String: SlotWorld.Object] = [
        "hbd": .init(
            implements: ["willShow", "didShow", "orientations", "animation"], callsSaved: true, ownsSlot: true),
        "swiftNav": .init(
            implements: ["didShow"], callsSaved: true, unimplemented: .forwardingTarget, respondsForwards: true,
            ownsSlot: true),
    ]

    /// UIKit's (or SwiftUI's) own delegate in the slot before anyone else, if any.
    var systemDelegate: SlotWorld.Object? {
        switch self {
        case .navigation: nil
        case .popGesture:
            // `_UINavigationInteractiveTransition`: the private receive question and not the
            // public one for events (R70).
            .init(implements: [
                "shouldBegin", "_shouldReceiveEvent", "requiredToFailBy", "_requireFailureOf", "_requiredToFailBy",
                "simultaneous",
            ])
        case .sheet: .init(implements: ["shouldDismiss", "didAttempt", "willDismiss", "didDismiss"])
        }
    }
}
