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

    /// The seams whose activation only records that it happened (no proxy in a slot): the
    /// ones a reached-seams argument can be made about. `navigationDelegate` and `popGesture`
    /// put proxies in delegate slots when activated, which changes behaviour by itself.
    public static let plain: SeamSet = [
        .backAction, .privateBackButtonAction, .shouldPopItem, .backMenu, .appearance, .popOperations,
        .interactivePop,
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
        return set
    }

    /// `true` when a proxy seam (`navigationDelegate`, `popGesture`) has hooks.
    public var hasProxySeamHooks: Bool { !seams.navigationDelegate.isEmpty || !seams.popGesture.isEmpty }
}
