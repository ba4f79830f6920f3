/// The seams a run reached: the places where the simulator calls a seam's hooks, whether or
/// not any hook was installed. A hook on a seam that a run never reached was never called, so
/// installing it cannot have changed that run (what `navhooks-bench` uses to skip runs that
/// cannot differ).
public struct SeamSet: OptionSet, Sendable, Hashable {
    public let rawValue: UInt16
    /// Creates a set from its bits.
    public init(rawValue: UInt16) { self.rawValue = rawValue }

    /// ``NavigationHooks/NavigationSeams/backAction``.
    public static let backAction = SeamSet(rawValue: 1 << 0)
    /// ``NavigationHooks/NavigationSeams/privateBackButtonAction``.
    public static let privateBackButtonAction = SeamSet(rawValue: 1 << 1)
    /// ``NavigationHooks/NavigationSeams/shouldPopItem``.
    public static let shouldPopItem = SeamSet(rawValue: 1 << 2)
    /// ``NavigationHooks/NavigationSeams/backMenu``.
    public static let backMenu = SeamSet(rawValue: 1 << 3)
    /// ``NavigationHooks/NavigationSeams/appearance``.
    public static let appearance = SeamSet(rawValue: 1 << 4)
    /// ``NavigationHooks/NavigationSeams/popOperations``.
    public static let popOperations = SeamSet(rawValue: 1 << 5)
    /// ``NavigationHooks/NavigationSeams/interactivePop``.
    public static let interactivePop = SeamSet(rawValue: 1 << 6)
    /// ``NavigationHooks/NavigationSeams/popGesture``: reached when a swipe asks the
    /// recognizer's delegate slot, the only place the simulator reads those slots.
    public static let popGesture = SeamSet(rawValue: 1 << 7)
    /// ``NavigationHooks/NavigationSeams/accessibilityEscape`` (R50).
    public static let accessibilityEscape = SeamSet(rawValue: 1 << 8)
    /// ``NavigationHooks/NavigationSeams/backKeyCommand`` (R51).
    public static let backKeyCommand = SeamSet(rawValue: 1 << 9)
    /// ``NavigationHooks/NavigationSeams/sheetDismissal`` (R52).
    public static let sheetDismissal = SeamSet(rawValue: 1 << 10)

    /// The seams a reached-seams argument can be made about: activating them either only
    /// records that it happened, or (`popGesture`) puts proxies in slots that nothing reads
    /// until the seam is reached. `navigationDelegate` is not one: its proxy sits in the
    /// delegate slot every transition calls.
    public static let plain: SeamSet = [
        .backAction, .privateBackButtonAction, .shouldPopItem, .backMenu, .appearance, .popOperations,
        .interactivePop, .popGesture, .accessibilityEscape, .backKeyCommand, .sheetDismissal,
    ]
}

extension SimNavigationController {
    /// The plain seams (``SeamSet/plain``) with hooks installed now.
    public var seamsWithHooks: SeamSet {
        let seams = self.seams
        var set: SeamSet = []
        if !seams.backAction.isEmpty { set.insert(.backAction) }
        if !seams.privateBackButtonAction.isEmpty { set.insert(.privateBackButtonAction) }
        if !seams.shouldPopItem.isEmpty { set.insert(.shouldPopItem) }
        if !seams.backMenu.isEmpty { set.insert(.backMenu) }
        if !seams.appearance.isEmpty { set.insert(.appearance) }
        if !seams.popOperations.isEmpty { set.insert(.popOperations) }
        if !seams.interactivePop.isEmpty { set.insert(.interactivePop) }
        if !seams.popGesture.isEmpty { set.insert(.popGesture) }
        if !seams.accessibilityEscape.isEmpty { set.insert(.accessibilityEscape) }
        if !seams.backKeyCommand.isEmpty { set.insert(.backKeyCommand) }
        if !seams.sheetDismissal.isEmpty { set.insert(.sheetDismissal) }
        return set
    }

    /// `true` when the navigation-delegate seam has hooks (its proxy takes part in every
    /// transition, reached or not).
    public var hasProxySeamHooks: Bool { !seams.navigationDelegate.isEmpty }
}
