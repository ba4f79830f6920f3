public import NavigationHooks

// The 27.1 vertical bar (R120–R124): on a device that draws it (`verticalBarEdge`), the system
// back button sits in a side strip instead of the top bar. What UIKit's documentation leaves
// open is played both ways (RuleVariants): R120 (does the strip's button ask
// navigationBar(_:shouldPop:)), R121 (does setNavigationBarHidden hide the strip), R122 (does
// the edge swipe still begin over a leading strip).
extension SimNavigationController {
    /// `true` when the vertical bar is drawn for `top`'s stack, the bar's hidden state aside: iOS
    /// 27, a device edge, and `top` leaves `preferredVerticalBarBehavior` `.automatic` (R123,
    /// asked of the top view controller through the navigation controller).
    func verticalBarSlot(for top: SimScreen) -> Bool {
        profile.majorVersion >= 27 && verticalBarEdge != .none && top.allowsVerticalBar
    }

    /// `true` when the vertical bar shows while the bar is as it is now: a hidden bar hides it
    /// too (R121; its alternative keeps it). Records R121 when it decided.
    func verticalBarShows(for top: SimScreen) -> Bool {
        guard verticalBarSlot(for: top) else { return false }
        guard barHidden else { return true }
        record(.inferredRule("R121"))
        return playsAlternative(of: "R121")
    }

    /// `true` when the system back button is drawn in the vertical bar, not the top bar (R123):
    /// the bar is visible and the screen keeps the system button (a custom back item stays in
    /// the top bar, R124).
    func drawsBackButtonInVerticalBar(_ top: SimScreen) -> Bool {
        !barHidden && !top.hasCustomBackButton && verticalBarSlot(for: top)
    }

    /// `true` when the top screen's system back button is drawn in the vertical bar now, so the
    /// top bar has none to tap (R123).
    public var backButtonIsInVerticalBar: Bool { stack.last.map(drawsBackButtonInVerticalBar) ?? false }

    /// R122: whether a leading vertical bar takes the touch an edge swipe starts with. The
    /// documented model lets the edge swipe begin (records R122); its alternative does not.
    func leadingVerticalBarTakesEdgeSwipe(_ top: SimScreen) -> Bool {
        guard verticalBarEdge == .leading, verticalBarShows(for: top) else { return false }
        record(.inferredRule("R122"))
        return playsAlternative(of: "R122")
    }

    /// Why a tap on the vertical bar's back button cannot happen now, or `nil`: before iOS 27,
    /// on a device without the bar, on a screen that disables it (R123), with a custom back item,
    /// which stays in the top bar (R124), at the root, or with the bar hidden (R121).
    public func verticalBarBackUnavailableReason() -> String? {
        if profile.majorVersion < 27 { return "no vertical bar before iOS 27.1 (R123)" }
        if verticalBarEdge == .none { return "the device draws no vertical bar (bar-edge none, R123)" }
        guard let top = stack.last else { return "no screen" }
        if !top.allowsVerticalBar {
            return "\(top.screenName) disables the vertical bar (preferredVerticalBarBehavior, R123)"
        }
        if top.hasCustomBackButton { return "the custom back item stays in the top bar (R124)" }
        if stack.count < 2 { return "no back button at the root" }
        if !verticalBarShows(for: top) { return "the bar is hidden, and the vertical bar with it (R121)" }
        return nil
    }

    /// The user taps the back button in the vertical bar (iOS 27.1+, R123). The documented model
    /// reads it as the top bar's system button drawn elsewhere: `backAction` hooks (R26), then
    /// `navigationBar(_:shouldPop:)` (R21, R22) and an animated pop (R120). R120's alternative
    /// reads it as a control of its own: `backAction` still runs (it is the navigation item's),
    /// but the pop does not ask the bar.
    public func tapBackInVerticalBar() {
        reportAppAction(.userInput(.tapBack))  // a recording writes `tap-back strip` (VerticalBarRecordingHost)
        if let blocker = inputBlocker { return record(.inputIgnored("vertical bar back: \(blocker)")) }
        if let reason = verticalBarBackUnavailableReason() {
            return record(.inputIgnored("vertical bar back: \(reason)"))
        }
        guard let top = stack.last else { return }
        let id = beginAttempt(.tapBack, on: top)
        if isFrozen { return record(.inputIgnored("frozen: touches ignored (R16)")) }
        currentAttempt = id
        defer {
            currentAttempt = nil
            drainQueue()
        }
        record(.inferredRule("R120"))
        systemBackButtonTap(on: top, trigger: .backButton, asksBar: !playsAlternative(of: "R120"))
    }
}

/// A recording of the simulator writes the device's `bar-edge` and `tap-back strip` (R123).
extension SimNavigationController: VerticalBarRecordingHost {
    /// ``verticalBarEdge`` as a `.nav` file's `bar-edge` line spells it.
    public var recordedVerticalBarEdge: String { verticalBarEdge.rawValue }
}
