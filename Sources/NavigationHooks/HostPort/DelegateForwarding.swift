/// Every forwarding decision a delegate proxy of the UIKit host takes (the navigation
/// delegate's, the pop recognizers' and the sheet's presentation controller's), as plain
/// data, so it is tested on Linux and the proxies only carry it out.
///
/// A proxy stands in front of a **chain** of delegates. ``current`` is the delegate set last
/// (the app's, UIKit's own, or another library's proxy); ``earlier`` holds the ones it
/// replaced, most recent first. A message goes to the proxy (UIKit only talks to the object
/// in the slot), then to the chain:
///
/// - **Laps.** A library that saved "the delegate" (this proxy) before putting its own in the
///   slot forwards what it receives to what it saved: the message comes back to the proxy.
///   Each arrival of one message is a lap; lap `n` goes to the `n`-th member of the chain,
///   so `proxy → L → proxy → A` reaches the library `L` and the delegate `A` it displaced,
///   each once, and the message ends at `A`, which does not forward back. A member seen to
///   hand a message back is remembered (``forwardsBack``); only past such a member does the
///   chain go on, so a plain replacement (the app setting a new delegate of its own) ends it.
/// - **Where the lap count comes from.** A method the proxy implements has a frame of its own:
///   the proxy counts arrivals with ``beginLap(_:)`` / ``endLap(_:)``, exact. A message the
///   proxy does not implement is handed on by `forwardingTarget(for:)`, which returns before
///   the message is delivered, so no frame of the proxy's sees the second lap; the proxy
///   then counts arrivals per selector with ``nextForwardedLap(_:)`` and clears the counts on
///   the next main run-loop turn (``clearForwardedLaps()``). A lap past the chain's end can
///   only be a new message (the last member does not forward back), so the count restarts.
///   Confidence: exact for the proxy's own methods; for forwarded ones, right whenever a
///   library forwards every message it receives within the same turn (RxCocoa's
///   `DelegateProxy` forwards in `forwardInvocation:` always; HBDNavigationBar and
///   swiftui-navigation-transitions call the saved delegate from the method itself), and
///   never a loop or a lost end delegate otherwise.
/// - **Withheld selectors.** ``withheldGestureSelectors`` for a pop recognizer's proxy, now
///   empty (R34, R70), none for the others; every selector, underscored or not, is
///   forwarded or answered by the proxy after asking the chain.
/// - **Restore.** Removing the proxy puts back ``restoreTarget``: the delegate the proxy
///   saved or the app set since, never `nil` when one is alive, never the proxy, and never a
///   member that forwards back to the proxy (it would forward to a proxy no longer in any
///   slot); then the delegate at the end of the chain returns, the one real delegate.
///
/// `Member` identifies a delegate (the UIKit host uses `ObjectIdentifier`).
public struct DelegateForwarding<Member: Hashable & Sendable>: Sendable {
    /// The delegate set last, if any.
    public private(set) var current: Member?
    /// The delegates ``current`` and its predecessors replaced, most recent first, without
    /// duplicates.
    public private(set) var earlier: [Member] = []
    /// Members known to hand messages back to the proxy (they saved it as their delegate).
    public private(set) var forwardsBack: Set<Member> = []
    /// `true` when the proxy could not take the slot: its owner (a navigation controller
    /// subclass overriding `setDelegate:`, as HBDNavigationBar's does) kept its own delegate
    /// and saved the proxy as the one it forwards to. Every message then arrives from
    /// ``current`` (the owner), so its first arrival is already lap 1.
    public private(set) var isBehindSlotOwner = false
    /// Arrivals in progress per selector, for the proxy's own methods.
    private var framedLaps: [String: Int] = [:]
    /// Arrivals this run-loop turn per selector, for forwarded messages.
    private var forwardedLaps: [String: Int] = [:]

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
    public static var withheldGestureSelectors: Set<String> { [] }

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
        kind == .popGesture && withheldGestureSelectors.contains(selector)
    }

    /// Starts in front of `saved`, the delegate in the slot when the proxy was installed.
    public init(saved: Member?) {
        current = saved
    }

    /// The members a message may reach, in order: ``current``, then the earlier ones for as
    /// long as the member before is known to forward back.
    public var chain: [Member] {
        var result: [Member] = []
        for member in [current].compactMap({ $0 }) + earlier {
            if result.contains(member) { continue }
            result.append(member)
            if !forwardsBack.contains(member) { break }
        }
        return result
    }

    /// What uninstalling the proxy puts back in the slot (see the type's documentation).
    public var restoreTarget: Member? {
        let members = chain
        return members.first { !forwardsBack.contains($0) }
    }

    /// The app or a library set `member` as the delegate while the proxy is installed (the
    /// proxy stays in the slot and `member` goes in front of the chain). `forwardsBack`: the
    /// proxy found that `member` hands messages back to it (for instance its
    /// `responds(to:)` asked the proxy).
    public mutating func set(_ member: Member?, forwardsBack: Bool = false) {
        isBehindSlotOwner = false
        if let old = current, old != member {
            earlier.removeAll { $0 == old }
            earlier.insert(old, at: 0)
        }
        if let member {
            earlier.removeAll { $0 == member }
            if forwardsBack { self.forwardsBack.insert(member) }
        }
        current = member
    }

    /// The app set the proxy itself back (it had saved the proxy as "the delegate" before its
    /// own change): the member before the last replacement returns to the front.
    public mutating func proxySetBack() {
        guard !earlier.isEmpty else { return }
        let previous = earlier.removeFirst()
        if let old = current, old != previous { earlier.insert(old, at: 0) }
        current = previous
    }

    /// Assigning the proxy left `owner` in the slot, and `owner` now forwards to the proxy
    /// (see ``isBehindSlotOwner``); undone by ``set(_:forwardsBack:)`` with another member.
    public mutating func installedBehind(_ owner: Member) {
        set(owner, forwardsBack: true)
        isBehindSlotOwner = true
    }

    /// `member` deallocated: it leaves the chain.
    public mutating func remove(_ member: Member) {
        if current == member { current = nil }
        earlier.removeAll { $0 == member }
        forwardsBack.remove(member)
    }

    /// `member` was seen to hand a message back to the proxy.
    public mutating func noteForwardsBack(_ member: Member) {
        forwardsBack.insert(member)
    }

    /// Where lap `lap` of `selector` goes: the first member from the `lap`-th on that
    /// `responds` to it, stopping at a member that does not forward back; `nil` when no
    /// member answers (the proxy then uses its own default) or the selector is withheld.
    public func route(
        _ selector: String, kind: ProxyKind, lap: Int, responds: (Member) -> Bool
    ) -> Member? {
        guard !Self.withholds(selector, kind: kind) else { return nil }
        let members = chain
        guard lap < members.count else { return nil }
        for member in members[lap...] {
            if responds(member) { return member }
            if !forwardsBack.contains(member) { return nil }
        }
        return nil
    }

    /// The proxy's own method for `selector` starts; returns its lap (0 for UIKit's call).
    /// A lap above 0 proves the member of the lap before forwards back, which is noted.
    public mutating func beginLap(_ selector: String) -> Int {
        let lap = framedLaps[selector, default: 0] + (framedLaps[selector] == nil && isBehindSlotOwner ? 1 : 0)
        framedLaps[selector] = lap + 1
        if lap > 0 {
            let members = [current].compactMap { $0 } + earlier
            if lap - 1 < members.count { forwardsBack.insert(members[lap - 1]) }
        }
        return lap
    }

    /// The proxy's own method for `selector` returns.
    public mutating func endLap(_ selector: String) {
        let lap = framedLaps[selector, default: 1] - 1
        framedLaps[selector] = lap > (isBehindSlotOwner ? 1 : 0) ? lap : nil
    }

    /// A message the proxy does not implement arrived (`forwardingTarget(for:)`): its lap,
    /// counted per selector since ``clearForwardedLaps()``; a count past the chain's end
    /// starts again at 0 (the end member does not forward back, so it is a new message).
    /// A second arrival within the turn is taken as a lap, like a framed one: the member of
    /// the lap before is noted as forwarding back, unless it is the last member there is.
    public mutating func nextForwardedLap(_ selector: String) -> Int {
        var lap = forwardedLaps[selector, default: isBehindSlotOwner ? 1 : 0]
        if lap > 0 {
            let members = [current].compactMap { $0 } + earlier
            if lap < members.count { forwardsBack.insert(members[lap - 1]) }
        }
        if lap >= max(chain.count, 1) { lap = isBehindSlotOwner ? 1 : 0 }
        forwardedLaps[selector] = lap + 1
        return lap
    }

    /// `responds(to:)` for a selector the proxy does not implement starts; returns the lap
    /// to answer for. Nested questions (a member whose `responds(to:)` asks its saved
    /// delegate, this proxy) count laps like a framed method; a question asked while a
    /// forwarded message of the selector is under way (a library checking its saved
    /// delegate before calling it) answers for that message's next lap.
    public mutating func beginRespondsLap(_ selector: String) -> Int {
        let key = "?" + selector
        let framed = framedLaps[key, default: 0]
        framedLaps[key] = framed + 1
        let start = isBehindSlotOwner ? 1 : 0
        var base = forwardedLaps[selector, default: start]
        if base >= max(chain.count, 1) { base = start }
        let lap = base + framed
        if framed > 0 {
            let members = [current].compactMap { $0 } + earlier
            if lap - 1 < members.count { forwardsBack.insert(members[lap - 1]) }
        }
        return lap
    }

    /// The `responds(to:)` of ``beginRespondsLap(_:)`` returns.
    public mutating func endRespondsLap(_ selector: String) {
        let key = "?" + selector
        let framed = framedLaps[key, default: 1] - 1
        framedLaps[key] = framed > 0 ? framed : nil
    }

    /// `true` while forwarded laps are counted (the proxy schedules one clearing per turn).
    public var isCountingForwardedLaps: Bool { !forwardedLaps.isEmpty }

    /// Forgets the forwarded-lap counts (the proxy calls it on the next main run-loop turn).
    public mutating func clearForwardedLaps() {
        forwardedLaps = [:]
    }
}
