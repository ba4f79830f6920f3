public import NavigationHooks

/// The seams a run reached: the places where the simulator calls a seam's hooks, whether or
/// not any hook was installed. A hook on a seam that a run never reached was never called, so
/// installing it cannot have changed that run (what `navhooks-bench` uses to skip runs that
/// cannot differ).
///
/// One bit per ``NavigationHooks/NavigationSeams/Member``, in that list's order: the seams are
/// listed once, there.
public struct SeamSet: OptionSet, Sendable, Hashable {
    public let rawValue: UInt16
    /// Creates a set from its bits.
    public init(rawValue: UInt16) { self.rawValue = rawValue }

    /// The set of one seam: the bit of the member's position in `Member.allCases`.
    public init(_ member: NavigationSeams.Member) {
        self.init(rawValue: 1 << Self.position(of: member))
    }

    /// `member`'s position in `Member.allCases`, without reading `allCases`: a synthesized
    /// `allCases` builds a new array on every read, and every appearance callback and pop of a
    /// run inserts its seam here (perf: `SeamSet.init` was 3% of a debug run). `SeamListTests`
    /// checks the positions against `allCases`.
    static func position(of member: NavigationSeams.Member) -> UInt16 {
        switch member {
        case .backAction: 0
        case .privateBackButtonAction: 1
        case .shouldPopItem: 2
        case .backMenu: 3
        case .navigationDelegate: 4
        case .popGesture: 5
        case .appearance: 6
        case .popOperations: 7
        case .interactivePop: 8
        case .accessibilityEscape: 9
        case .backKeyCommand: 10
        case .responderKeyCommand: 11
        case .sheetDismissal: 12
        }
    }

    /// The set of the seams `members` names.
    public init(_ members: [NavigationSeams.Member]) {
        self = []
        for index in 0..<members.count { insert(members[index]) }
    }

    /// The seams in the set, in ``NavigationHooks/NavigationSeams/Member`` order.
    public var members: [NavigationSeams.Member] {
        // Loops, not `filter`: a debug build does not specialize it (see `seamsWithHooks`).
        let all = NavigationSeams.Member.allCases
        var found: [NavigationSeams.Member] = []
        for index in 0..<all.count where contains(all[index]) { found.append(all[index]) }
        return found
    }

    // The bits spelled out: a debug build calls OptionSet's generic `contains` and `formUnion`
    // (~340 instructions an insert, made by every appearance callback and pop stage).

    /// `true` when the set holds `member`.
    public func contains(_ member: NavigationSeams.Member) -> Bool {
        rawValue & (1 << Self.position(of: member)) != 0
    }

    /// Adds `member`.
    public mutating func insert(_ member: NavigationSeams.Member) {
        self = SeamSet(rawValue: rawValue | (1 << Self.position(of: member)))
    }

    /// Removes `member`.
    public mutating func remove(_ member: NavigationSeams.Member) {
        self = SeamSet(rawValue: rawValue & ~(1 << Self.position(of: member)))
    }

    /// The seams a reached-seams argument can be made about: activating them either only
    /// records that it happened, or (`popGesture`) puts proxies in slots that nothing reads
    /// until the seam is reached (the simulator reads them only when a swipe asks). Every seam
    /// but `navigationDelegate`: its proxy sits in the delegate slot every transition calls.
    public static let plain = SeamSet(NavigationSeams.Member.allCases.filter { $0 != .navigationDelegate })
}

extension SimNavigationController {
    /// The plain seams (``SeamSet/plain``) with hooks installed now.
    ///
    /// A loop over the members: two `filter`s with their closures cost ~60,000 instructions a
    /// call in a debug build, read once or twice a run (callgrind of a debug bench shard: 2.6%).
    public var seamsWithHooks: SeamSet {
        let seams = self.seams
        let plain = SeamSet.plain
        let all = NavigationSeams.Member.allCases
        var found = SeamSet(rawValue: 0)  // not `[]`: a debug build's `init(arrayLiteral:)` is generic
        for index in 0..<all.count where plain.contains(all[index]) && seams.hasHooks(all[index]) {
            found.insert(all[index])
        }
        return found
    }

    /// `true` when the navigation-delegate seam has hooks (its proxy takes part in every
    /// transition, reached or not).
    public var hasProxySeamHooks: Bool { seams.hasHooks(.navigationDelegate) }
}
