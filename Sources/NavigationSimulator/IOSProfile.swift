public import NavigationHooks

/// An iOS version the simulator models. Profiles differ exactly where UIKitRules.md's
/// rules say so: the back menu (R25, 14+), `backAction` (R26, 16+), the private back-button
/// hook (R27, not called on 26) and the content pop gesture (R19, 26 and later). ``ios27``
/// carries the ``ios26`` rules and adds the 27.1 vertical bar (R120–R124) where a device has it
/// (``VerticalBarEdge``).
///
/// ``ios13`` models iOS 13.4 and later minors: an extension override of
/// `navigationBar(_:shouldPop:)` is never called on any profile (R23).
public enum IOSProfile: String, CaseIterable, Sendable, Comparable {
    /// iOS 13.4 and later minors.
    case ios13
    /// iOS 14.
    case ios14
    /// iOS 16.
    case ios16
    /// iOS 17.
    case ios17
    /// iOS 18.
    case ios18
    /// iOS 26.
    case ios26
    /// iOS 27 (27.1 and later minors: the vertical bar, R120–R124, on a device that has it).
    case ios27

    /// The major version number (13, 14, 16, 17, 18, 26, 27).
    public var majorVersion: Int {
        switch self {
        case .ios13: 13
        case .ios14: 14
        case .ios16: 16
        case .ios17: 17
        case .ios18: 18
        case .ios26: 26
        case .ios27: 27
        }
    }

    /// The profile that models iOS `majorVersion`: 13 and older → ``ios13``, 14–15 →
    /// ``ios14``, 16, 17, 18–25 → ``ios18``, 26 → ``ios26``, 27 and later → ``ios27``. A device or simulator
    /// run picks its expectations with it.
    public init(modelling majorVersion: Int) {
        switch majorVersion {
        case ..<14: self = .ios13
        case 14...15: self = .ios14
        case 16: self = .ios16
        case 17: self = .ios17
        case 18...25: self = .ios18
        case 26: self = .ios26
        default: self = .ios27
        }
    }

    /// What this iOS version offers a navigation controller (back menu R25, `backAction` R26,
    /// content pop gesture R19).
    public var capabilities: HostCapabilities { HostCapabilities(iOSMajorVersion: majorVersion) }

    /// Older first.
    public static func < (lhs: IOSProfile, rhs: IOSProfile) -> Bool { lhs.majorVersion < rhs.majorVersion }
}
