/// The iOS behaviour profiles a scenario can run under (UIKIT_BEHAVIOR.md).
///
/// The names are the ones the `.nav` format and the command line use. The simulator has its
/// own profile type; runners map between them by ``rawValue``.
public enum ScenarioProfile: String, CaseIterable, Hashable, Sendable, Comparable,
    CustomStringConvertible
{
    /// iOS 13 (and 13.4+, where extension overrides of `shouldPop` die, R23).
    case ios13
    /// iOS 14–15: the back menu appears (R25).
    case ios14
    /// iOS 16: `navigationItem.backAction` (R26).
    case ios16
    /// iOS 17.
    case ios17
    /// iOS 18.
    case ios18
    /// iOS 26: the content-area pop gesture (R19); the private back-button hook is dead (R27).
    case ios26

    public var description: String { rawValue }

    public static func < (lhs: ScenarioProfile, rhs: ScenarioProfile) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }

    /// `true` where the long-press back menu exists (`ios14`+, R25).
    public var hasBackMenu: Bool { self != .ios13 }

    /// `true` where the content-area pop gesture exists (`ios26`, R19).
    public var hasContentSwipe: Bool { self == .ios26 }
}
