/// Every forwarding decision a delegate proxy of the UIKit host takes (the navigation
/// delegate's, the pop recognizers' and the sheet's presentation controller's), as plain
/// data, so it is tested on Linux and the proxies only carry it out.
///
/// A proxy stands in front of a **chain** of delegates. ``current`` is the delegate set last
/// (the app's, UIKit's own, or another library's proxy); ``earlier`` holds the ones behind
/// it: what it displaced when it was set, what that one displaced, and so on. A message goes
/// to the proxy (UIKit only talks to the object in the slot), then to the chain. Every rule
/// below is checked against the world without the proxy by a model of UIKit's side of the
/// slot (`DelegateSlotModelTests`).
///
/// - **The chain is what the slot would hold without us.** It starts at ``current`` and goes
///   past a member only if that member is known to hand messages back (``forwardsBack``): a
///   plain replacement (the app setting a delegate of its own) ends it, as it would have
///   displaced the delegate before it. With ``current`` `nil` the chain is empty: the app
///   set `delegate = nil` (UIKit's slot then holds nothing, so no earlier delegate is asked),
///   or the front member deallocated (UIKit's slot is weak, R67).
/// - **Laps.** A library that saved "the delegate" (this proxy) before putting its own in the
///   slot forwards what it receives to what it saved: the message comes back to the proxy.
///   Each arrival that comes back is a lap: lap `n` goes to the `n`-th member, so
///   `proxy → L → proxy → A` reaches the library `L` and the delegate `A` it displaced, each
///   once, and ends at `A`.
/// - **Telling a lap from a new message.** UIKit sends some questions several times in one
///   turn, from one frame (R68), and may send again from inside a delegate's method; neither
///   is a lap. A lap comes from **inside** the delivery of the arrival before it, and the
///   library asked the proxy's `responds(to:)` about it meanwhile, as libraries do before they
///   call an optional delegate method (R69). A method the proxy implements sees the nesting in
///   its frame (``beginLap(_:)`` / ``endLap(_:)``); a message handed on by
///   `forwardingTarget(for:)` leaves no frame, and its nesting is read from where on the stack
///   it arrives (``forwardedArrival(_:at:)``: deeper is nested, level is a sibling). A library
///   whose `forwardingTarget(for:)` names the proxy resends from the same depth, and is
///   stepped over instead (R69). A repeat never marks a member as forwarding back.
///   Confidence: exact for sibling sends, re-entry and nested laps; when UIKit sends a
///   selector again later in the turn from a deeper frame, and the library in front asked
///   about it the first time, the library misses that message (the delegate behind it gets
///   it once, nothing loops: inferred, a known limit).
/// - **Never nil for a yes.** ``forwardTarget(_:kind:lap:responds:handsBack:)`` gives a
///   message that is not a lap to the front member even when no member answers it any more,
///   so a selector UIKit cached a yes for is not left without a target while a member lives.
/// - **Withheld selectors.** ``withheldGestureSelectors`` for a pop recognizer's proxy, now
///   empty (R34, R70), none for the others; every selector, underscored or not, is
///   forwarded or answered by the proxy after asking the chain.
/// - **Deallocation.** ``remove(_:)`` asks for the slot to be set again when any member it
///   had dies (R67); ``watchedMembers`` are the few the host watches.
/// - **Restore.** Removing the proxy puts back ``restoreTarget``: the first member of the
///   chain that does not forward back to the proxy (it would forward to a proxy no longer in
///   any slot), `nil` when the chain is empty (the app cleared the slot, or its delegate
///   died), never the proxy.
///
/// `Member` identifies a delegate (the UIKit host uses `ObjectIdentifier`).
public struct DelegateForwarding<Member: Hashable & Sendable>: Sendable {
    /// The delegate set last, if any.
    public private(set) var current: Member?
    /// The delegates behind ``current``, in lap order: what ``current`` displaced when it was
    /// set (what it saved, if it forwards), what that one displaced, and so on.
    public var earlier: [Member] { Array(members.dropFirst()) }
    /// What each member displaced when it was set (`nil`: the slot was empty).
    private var displaced: [Member: Member?] = [:]
    /// ``current`` and the members behind it, in lap order (empty when ``current`` is `nil`):
    /// read at every message and `responds(to:)` question, so kept, and made again
    /// (`updateMembers()`) by every change of ``current`` or `displaced`.
    private var members: [Member] = []
    /// Members known to hand messages back to the proxy (they saved it as their delegate).
    public private(set) var forwardsBack: Set<Member> = []
    /// `true` when the proxy could not take the slot: its owner (a navigation controller
    /// subclass overriding `setDelegate:`, as HBDNavigationBar's does) kept its own delegate
    /// and saved the proxy as the one it forwards to. Every message then arrives from
    /// ``current`` (the owner), so its first arrival is already lap 1.
    public private(set) var isBehindSlotOwner = false
    /// What ``current`` was before each change, most recent first (`nil` included: the app
    /// may have replaced an empty slot), for ``proxySetBack()``.
    private var history: [Member?] = []
    /// How many set-backs ``proxySetBack()`` can undo.
    public static var historyDepth: Int { 4 }
    /// Arrivals in progress per selector, for the proxy's own methods.
    private var frames: [String: [Frame]] = [:]
    /// `responds(to:)` questions in progress per selector (nested ones count laps).
    private var questions: [String: Int] = [:]

    /// One arrival of a method the proxy implements (`DelegateForwardingFrame`).
    private typealias Frame = DelegateForwardingFrame
    /// Forwarded arrivals per selector this run-loop turn that may still be under way,
    /// outermost (highest stack address) first: each one comes from deeper than the one
    /// before (`dropReturnedArrivals(_:at:)` keeps that order).
    private var arrivals: [String: [Arrival]] = [:]

    /// One forwarded arrival (`DelegateForwardingArrival`).
    private typealias Arrival = DelegateForwardingArrival

    /// The pop recognizer's private selectors the proxy does not forward (R34, R70): none.
    ///
    /// Earlier versions withheld `_gestureRecognizer:shouldReceiveEvent:` so that UIKit would
    /// ask the public form, which the hooks answer. A decompiled `UIKitCore` (iOS 26.1 and
    /// 18.2 restore images) shows that private question is where UIKit's own pop delegate
    /// (`_UINavigationInteractiveTransition`) makes every refusal: it is the only caller of
    /// `-[UINavigationController _shouldInteractivePopGestureBeEnabled]` (the root, a hidden
    /// bar, `hidesBackButton`, a custom left item, an active search, an animating bar) and
    /// checks the running, deferred and keyboard transitions itself, while its
    /// `gestureRecognizerShouldBegin:` checks only the pan's direction. UIKit's delegate does
    /// not implement the public form, so withholding dropped all of them: with a hook that
    /// passes, a swipe at the root began and froze the UI (R16). The pop recognizer's proxy
    /// now implements the private question itself (the selector assembled at run time, see
    /// ``privateReceiveEventSelector``), asks the previous delegate with it and lets hooks
    /// override only the refusals they revive (``SystemPopGestureRefusal/revivable(on:)``).
    public static var withheldGestureSelectors: Set<String> { withheldPopGestureSelectors }

    /// UIKit's private "should receive this event" question of a recognizer's delegate
    /// (13.4+, R34, R70), assembled at run time (an underscore before the public question's
    /// name), so no private selector appears as a string in an app's binary.
    public static var privateReceiveEventSelector: String {
        ["_", "gestureRecognizer:shouldReceiveEvent:"].joined()
    }

    /// Which proxy decides: only the pop recognizers' withholds selectors.
    public enum ProxyKind: Sendable {
        /// `UINavigationControllerDelegate`.
        case navigationDelegate
        /// `UIGestureRecognizerDelegate` of a pop recognizer.
        case popGesture
        /// `UIAdaptivePresentationControllerDelegate` of a sheet.
        case sheet
    }

    /// `true` if `selector` is never forwarded by a proxy of `kind`.
    public static func withholds(_ selector: String, kind: ProxyKind) -> Bool {
        // A pattern, not `==`: no conformance of the generic `ProxyKind` to look up.
        guard case .popGesture = kind, !withheldPopGestureSelectors.isEmpty else { return false }
        return withheldPopGestureSelectors.contains(selector)
    }

    /// Starts in front of `saved`, the delegate in the slot when the proxy was installed.
    public init(saved: Member?) {
        current = saved
        updateMembers()
    }

    /// The first lap of a message UIKit sends: 0, or 1 behind a slot owner.
    private var firstLap: Int { isBehindSlotOwner ? 1 : 0 }

    /// Makes ``members`` again from ``current`` and what each member displaced.
    private mutating func updateMembers() {
        var result: [Member] = []
        var next = current
        while let member = next, !Self.contains(result, member) {
            result.append(member)
            next = behind(member)
        }
        members = result
    }

    /// The members a message may reach, in order: ``current``, then the earlier ones for as
    /// long as the member before is known to forward back; empty when ``current`` is `nil`.
    public var chain: [Member] {
        var result: [Member] = []
        for member in members {
            result.append(member)
            if !forwardsBack.contains(member) { break }
        }
        return result
    }

    /// Every member the proxy may still need: the chain, the member right behind it (a lap
    /// reaches it once the chain's last member turns out to forward back), and the same for
    /// each delegate ``proxySetBack()`` may bring back. The host watches these for
    /// deallocation and forgets the others; the plan forgets them too.
    public var watchedMembers: [Member] {
        var result: [Member] = []
        // Index loops, no `[current] + history` and no `contains`, `??` on a double optional:
        // the plan is generic, so a debug build runs all of it unspecialized, each of those a
        // generic metadata lookup or more (every set and removal asks: the slot model's
        // hottest part of a change, perf).
        var start = -1
        while start < history.count {
            var next = start < 0 ? current : history[start]
            start += 1
            var plain = 0
            while let member = next, !Self.contains(result, member) {
                result.append(member)
                if !forwardsBack.contains(member) {
                    plain += 1
                    if plain == 2 { break }
                }
                next = behind(member)
            }
        }
        return result
    }

    /// What `member` displaced, `nil` when nothing (or not known).
    private func behind(_ member: Member) -> Member? {
        guard case .some(.some(let displacedMember)) = displaced[member] else { return nil }
        return displacedMember
    }

    /// `members.contains(member)` as an index loop (see ``watchedMembers``).
    private static func contains(_ members: [Member], _ member: Member) -> Bool {
        var index = 0
        while index < members.count {
            if members[index] == member { return true }
            index += 1
        }
        return false
    }

    /// Drops what no watched member can lead to any more.
    private mutating func forgetUnwatched() {
        let kept = Set(watchedMembers)
        // Most changes leave nothing to forget: looked for first, so no table is made again
        // (and no `Optional` compared generically) when nothing goes.
        var isStale = false
        for (member, behind) in displaced {
            if !kept.contains(member) {
                isStale = true
                break
            }
            if case .some(let displacedMember) = behind, !kept.contains(displacedMember) {
                isStale = true
                break
            }
        }
        if isStale {
            displaced = displaced.filter { kept.contains($0.key) }
            for (member, behind) in displaced {
                if case .some(let displacedMember) = behind, !kept.contains(displacedMember) {
                    displaced[member] = .some(nil)
                }
            }
        }
        if !forwardsBack.isSubset(of: kept) { forwardsBack.formIntersection(kept) }
    }

    /// What uninstalling the proxy puts back in the slot (see the type's documentation).
    public var restoreTarget: Member? {
        chain.first { !forwardsBack.contains($0) }
    }

    /// The app or a library set `member` as the delegate while the proxy is installed (the
    /// proxy stays in the slot and `member` goes in front of the chain). `forwardsBack`: the
    /// proxy found that `member` hands messages back to it (for instance its
    /// `responds(to:)` asked the proxy). `nil` empties the chain, as `delegate = nil` empties
    /// UIKit's slot; the member it replaced is kept for ``proxySetBack()``.
    public mutating func set(_ member: Member?, forwardsBack: Bool = false) {
        isBehindSlotOwner = false
        arrivals = [:]
        if let member {
            if forwardsBack { self.forwardsBack.insert(member) }
            if member != current { displaced[member] = current }
        }
        history.insert(current, at: 0)  // also when the same delegate is set again
        // Only a save-and-set-back nests: a few levels are kept, so the members watched for
        // deallocation do not pile up on an app that sets delegates often.
        if history.count > Self.historyDepth { history.removeLast(history.count - Self.historyDepth) }
        current = member
        forgetUnwatched()
        updateMembers()
    }

    /// The app set the proxy itself back (it had saved the proxy as "the delegate" before its
    /// own change): the member before the last replacement returns to the front.
    /// An empty slot before that change comes back empty (the world without the proxy holds
    /// `nil` again).
    public mutating func proxySetBack() {
        guard !history.isEmpty else { return }
        arrivals = [:]
        current = history.removeFirst()
        updateMembers()
    }

    /// Assigning the proxy left `owner` in the slot, and `owner` now forwards to the proxy
    /// (see ``isBehindSlotOwner``); undone by ``set(_:forwardsBack:)`` with another member.
    public mutating func installedBehind(_ owner: Member) {
        set(owner, forwardsBack: true)
        isBehindSlotOwner = true
    }

    /// `member` deallocated: it leaves the chain. When it was ``current`` the chain is empty,
    /// as UIKit's weak slot would be `nil` without the proxy; when it stood inside the chain,
    /// the members behind it go too (the member before it saved it, weakly, and now holds
    /// `nil`). Returns `true` when the proxy must be set again: for **any** member it had,
    /// not only the front one, because UIKit cached the union of their answers when the slot
    /// was set, and a selector only the dead member answered would be sent to a chain where
    /// nobody takes it (R67).
    @discardableResult
    public mutating func remove(_ member: Member) -> Bool {
        let watched = watchedMembers.contains(member)
        if current == member { current = nil }
        displaced[member] = nil
        for (other, behind) in displaced where behind == member { displaced[other] = .some(nil) }
        forwardsBack.remove(member)
        history.removeAll { $0 == member }
        arrivals = [:]
        forgetUnwatched()
        updateMembers()
        return watched
    }

    /// `member` was seen to hand a message back to the proxy.
    public mutating func noteForwardsBack(_ member: Member) {
        forwardsBack.insert(member)
    }

    /// Where lap `lap` of `selector` goes: the `lap`-th member if it `responds` to it, else
    /// `nil` (the proxy then uses its own default), and `nil` for a withheld selector.
    ///
    /// Why not on to the members behind it: without the proxy, UIKit would only send a member
    /// what that member's own `responds(to:)` says yes to. A library that forwards what it
    /// does not implement says yes for what its saved delegate answers (RxCocoa's union, the
    /// `forwardingTarget(for:)` forwarders), and that question reaches the proxy's next lap;
    /// one that forwards only from its own methods (swiftui-navigation-transitions) says no,
    /// and the delegate behind it never gets that selector without us either.
    public func route(
        _ selector: String, kind: ProxyKind, lap: Int, responds: (Member) -> Bool
    ) -> Member? {
        guard !Self.withholds(selector, kind: kind) else { return nil }
        guard lap < members.count, responds(members[lap]) else { return nil }
        return members[lap]
    }

    /// What `forwardingTarget(for:)` returns for lap `lap` of a forwarded `selector`.
    ///
    /// - A member that `handsBack` the selector (it has no method for it and its own
    ///   `forwardingTarget(for:)` names this proxy: KMNavigationBar's and YPNavigationBar's
    ///   forwarders) is stepped over: the runtime would resend the message to the proxy at
    ///   once and from the same stack depth (`forwardingTarget(for:)` resumes the dispatch,
    ///   it does not call), where it could not be told from a new message and would loop.
    ///   Stepping over it is what it would have done, minus the loop.
    /// - Then ``route(_:kind:lap:responds:)`` from there.
    /// - For a message that is not a lap, when that member no longer says yes, it still gets
    ///   the message (UIKit asked because the proxy said yes when the slot was set; a
    ///   forwarding library, whose answers change as it is observed, takes it, while `nil`
    ///   here raises an unrecognized-selector exception).
    /// - A lap no member answers gets `nil`: the member it came back from forwarded without
    ///   asking, and would have sent it to a delegate that does not implement it without the
    ///   proxy too.
    ///
    /// Returns the member and the lap it stands at (past the members stepped over); tell the
    /// plan with ``forwarded(_:atLap:)``, so a lap coming back from it is counted from there.
    public func forwardTarget(
        _ selector: String, kind: ProxyKind, lap: Int, responds: (Member) -> Bool,
        handsBack: (Member) -> Bool = { _ in false }
    ) -> (member: Member, lap: Int)? {
        guard !Self.withholds(selector, kind: kind) else { return nil }
        var index = lap
        while index < members.count, handsBack(members[index]) { index += 1 }
        guard index < members.count else { return nil }
        if responds(members[index]) || lap == firstLap { return (members[index], index) }
        return nil
    }

    /// The forwarded `selector` that arrived last went to the member at lap `lap`
    /// (``forwardTarget(_:kind:lap:responds:handsBack:)``).
    public mutating func forwarded(_ selector: String, atLap lap: Int) {
        // In place: a copy taken out of the dictionary would copy the array to change it.
        guard let count = arrivals[selector]?.count, count > 0 else { return }
        arrivals[selector]?[count - 1].lap = lap
    }

    /// `responds(to:)` for a method the proxy implements starts: `nil` means answer `true`
    /// (UIKit asks, and the hooks run), otherwise the lap to answer for with
    /// ``route(_:kind:lap:responds:)`` (end it with ``endRespondsLap(_:)``). It is a lap while
    /// an arrival of the method is under way: a member is asking before it hands the message
    /// back (Objective-C code and Swift's optional-chained calls both ask), and without the
    /// proxy it would have asked the delegate it displaced. Questions nested in that one (a
    /// member whose `responds(to:)` asks its saved delegate, this proxy) go one lap further
    /// each. A plain `true` there made a library such as KMNavigationBar's proxy hand its
    /// `gestureRecognizerShouldBegin:` on and return the proxy's default instead of its own
    /// answer (found by the slot model).
    public mutating func beginOwnRespondsLap(_ selector: String) -> Int? {
        guard let count = frames[selector]?.count, count > 0, let outer = frames[selector]?[count - 1] else {
            return nil
        }
        let nested = questions[selector, default: 0]
        questions[selector] = nested + 1
        if nested == 0 { frames[selector]?[count - 1].asked = true }
        return outer.lap + 1 + nested
    }

    /// The proxy's own method for `selector` starts; returns its lap (the first lap for
    /// UIKit's call). An arrival nested in one under way is a lap when the member of that
    /// one asked the proxy's `responds(to:)` about the method meanwhile, as every library
    /// does before it calls an optional delegate method (the member is then noted as
    /// forwarding back); otherwise it is UIKit sending again from inside a delegate's method
    /// (re-entry), a new message whose hooks run again. Nesting alone never marks a member
    /// (the app's delegate was marked for good). Members that hand the
    /// method back through `forwardingTarget(for:)` are stepped over before
    /// (``relayTarget(_:kind:lap:responds:handsBack:)``).
    public mutating func beginLap(_ selector: String) -> Int {
        var lap = firstLap
        var isReentry = false
        if let outer = frames[selector]?.last {
            // A second re-entry in a row is not UIKit: a member that hands the method back
            // without asking first (unusual: it would crash on a delegate that lacks it). It
            // is a lap, so it cannot loop.
            if outer.lap < members.count, outer.asked || outer.isReentry {
                lap = outer.lap + 1
                forwardsBack.insert(members[outer.lap])
            } else {
                isReentry = true
            }
        }
        frames[selector, default: []].append(Frame(lap: lap, isReentry: isReentry))
        return lap
    }

    /// Where lap `lap` of a method the proxy implements goes: members that hand it back
    /// (see ``forwardTarget(_:kind:lap:responds:handsBack:)``) are stepped over, then
    /// ``route(_:kind:lap:responds:)``; with the lap the member stands at, for
    /// ``relayed(_:atLap:)``.
    public func relayTarget(
        _ selector: String, kind: ProxyKind, lap: Int, responds: (Member) -> Bool,
        handsBack: (Member) -> Bool = { _ in false }
    ) -> (member: Member, lap: Int)? {
        var index = lap
        while index < members.count, handsBack(members[index]) { index += 1 }
        return route(selector, kind: kind, lap: index, responds: responds).map { ($0, index) }
    }

    /// The arrival of `selector` under way went to the member at lap `lap`.
    public mutating func relayed(_ selector: String, atLap lap: Int) {
        guard let count = frames[selector]?.count, count > 0 else { return }
        frames[selector]?[count - 1].lap = lap
    }

    /// The proxy's own method for `selector` returns.
    public mutating func endLap(_ selector: String) {
        guard let count = frames[selector]?.count, count > 0 else { return }
        if count == 1 {
            frames[selector] = nil
        } else {
            frames[selector]?.removeLast()
        }
    }

    /// Keeps the arrivals in `open` that a frame at `position` can be nested in: those
    /// deeper or level with it have returned (or are siblings) and are dropped. Each arrival
    /// is deeper than the one before (it was added after dropping those level or deeper), so
    /// they are the last ones.
    private func dropReturnedArrivals(_ open: inout [Arrival], at position: UInt) {
        while let last = open.last, last.position <= position { open.removeLast() }
    }

    /// The lap that comes back from `outer`, or `nil` when an arrival nested in it is not a
    /// lap (its member neither forwards back nor asked about the selector: UIKit re-entered).
    private func lapComingBack(from outer: Arrival) -> Int? {
        guard outer.lap < members.count else { return nil }
        return outer.asked || outer.isReentry ? outer.lap + 1 : nil
    }

    /// A message the proxy does not implement arrived (`forwardingTarget(for:)`) with the
    /// proxy's frame at stack address `position` (the stack grows down: deeper is lower).
    /// Returns its lap: one more than the arrival it is nested in when that one's member
    /// forwards back or asked about it, otherwise the first lap (a new message from UIKit,
    /// however many times it was sent this turn). A lap that comes back notes the
    /// member it came back from as forwarding back; a repeat never does.
    public mutating func forwardedArrival(_ selector: String, at position: UInt) -> Int {
        // Taken out of the dictionary, so it is changed in place, and put back.
        var open = arrivals.removeValue(forKey: selector) ?? []
        dropReturnedArrivals(&open, at: position)
        var lap = firstLap
        if let outer = open.last, let back = lapComingBack(from: outer) { lap = back }
        var isReentry = false
        if let outer = open.last {
            if lap == outer.lap + 1 {
                // It came back from inside the delivery, after asking about it: the member
                // forwards to the proxy (a nested return, unlike a repeat, is proof).
                if outer.lap < members.count { forwardsBack.insert(members[outer.lap]) }
            } else {
                isReentry = true
            }
        }
        open.append(Arrival(position: position, lap: lap, isReentry: isReentry))
        arrivals[selector] = open
        return lap
    }

    /// `responds(to:)` for a selector the proxy does not implement starts at stack address
    /// `position`; returns the lap to answer for. A question asked from inside the delivery
    /// of a forwarded message of that selector comes from the member it went to, checking its
    /// saved delegate (this proxy) before forwarding: it answers for the next lap, and marks
    /// the arrival as asked about. Nested questions (a member whose `responds(to:)` asks its
    /// saved delegate, this proxy) count laps like a framed method and note that member as
    /// forwarding back (what the probe finds).
    public mutating func beginRespondsLap(_ selector: String, at position: UInt) -> Int {
        // No question under way (every `responds(to:)` UIKit asks when the slot is set): one
        // look-up, not two.
        let framed = questions.isEmpty ? 0 : questions[selector, default: 0]
        questions[selector] = framed + 1
        // No arrival this turn (every `responds(to:)` UIKit asks when the slot is set): no
        // look-up.
        var open = arrivals.isEmpty ? [] : arrivals.removeValue(forKey: selector) ?? []
        dropReturnedArrivals(&open, at: position)
        var base = firstLap
        if let outer = open.last {
            if framed == 0 { open[open.count - 1].asked = true }
            base = outer.lap + 1
        }
        if !open.isEmpty { arrivals[selector] = open }
        let lap = base + framed
        if framed > 0 {
            if lap - 1 < members.count { forwardsBack.insert(members[lap - 1]) }
        }
        return lap
    }

    /// The `responds(to:)` of ``beginRespondsLap(_:at:)`` or ``beginOwnRespondsLap(_:)`` (when
    /// it gave a lap) returns.
    public mutating func endRespondsLap(_ selector: String) {
        // Taken out (one look-up) and put back only while nested.
        let nested = (questions.removeValue(forKey: selector) ?? 1) - 1
        if nested > 0 { questions[selector] = nested }
    }

    /// `true` while forwarded arrivals are remembered (the proxy schedules one clearing per turn).
    public var isCountingForwardedLaps: Bool { !arrivals.isEmpty }

    /// Forgets the forwarded arrivals (the proxy calls it on the next main run-loop turn:
    /// every delivery of the turn before has returned by then).
    public mutating func clearForwardedLaps() {
        arrivals = [:]
    }
}

/// ``DelegateForwarding/withheldGestureSelectors``, made once (a stored property: the generic
/// type cannot hold a static one).
private let withheldPopGestureSelectors: Set<String> = []

/// One arrival of a method a ``DelegateForwarding`` proxy implements, in progress: its lap,
/// and whether a member asked the proxy's `responds(to:)` for it since (it is about to hand it
/// back). Outside the generic type, so a debug build does not look its metadata up at every use.
private struct DelegateForwardingFrame: Sendable {
    var lap: Int
    var asked = false
    /// Taken as UIKit sending again from inside a delegate's method.
    var isReentry = false
}

/// One forwarded arrival at a ``DelegateForwarding`` proxy: where on the stack it came, its
/// lap, and whether the member it went to asked the proxy's `responds(to:)` for the selector
/// since (it is forwarding). Outside the generic type, like `DelegateForwardingFrame`.
private struct DelegateForwardingArrival: Sendable {
    var position: UInt
    var lap: Int
    var asked = false
    var isReentry = false
}
