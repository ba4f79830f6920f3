public import NavigationHooks

/// An iOS version the simulator models. Profiles differ exactly where UIKitRules.md's
/// rules say so: the back menu (R25, 14+), `backAction` (R26, 16+), the private back-button
/// hook (R27, not called on 26) and the content pop gesture (R19, 26 only).
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

    /// The major version number (13, 14, 16, 17, 18, 26).
    public var majorVersion: Int {
        switch self {
        case .ios13: 13
        case .ios14: 14
        case .ios16: 16
        case .ios17: 17
        case .ios18: 18
        case .ios26: 26
        }
    }

    /// The profile that models iOS `majorVersion`: 13 and older → ``ios13``, 14–15 →
    /// ``ios14``, 16, 17, 18–25 → ``ios18``, 26 and later → ``ios26``. A device or simulator
    /// run picks its expectations with it.
    public init(modelling majorVersion: Int) {
        switch majorVersion {
        case ..<14: self = .ios13
        case 14...15: self = .ios14
        case 16: self = .ios16
        case 17: self = .ios17
        case 18...25: self = .ios18
        default: self = .ios26
        }
    }

    /// What this iOS version offers a navigation controller (back menu R25, `backAction` R26,
    /// content pop gesture R19).
    public var capabilities: HostCapabilities { HostCapabilities(iOSMajorVersion: majorVersion) }

    /// Older first.
    public static func < (lhs: IOSProfile, rhs: IOSProfile) -> Bool { lhs.majorVersion < rhs.majorVersion }
}
