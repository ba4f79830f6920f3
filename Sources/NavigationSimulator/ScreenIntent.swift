/// What the app **wants** for one screen. Only the ``Detectors`` read it: the simulator's
/// behaviour never depends on it, so a defect shows up as a gap between intent and what
/// the timeline recorded.
public struct ScreenIntent: Sendable, Equatable {
    /// The screen wants the navigation bar hidden while it is on top.
    public var barHidden: Bool
    /// The app refuses every user-initiated pop of this screen (an unsaved draft).
    public var refusesUserPop: Bool
    /// The app disabled the pop gestures on this screen.
    public var popGestureDisabled: Bool
    /// The app asks before the user leaves (a ``LeaveConfirmation``): every user attempt
    /// should reach it or leave after it proceeded.
    public var confirmsLeave: Bool = false

    /// Creates an intent; the defaults are a plain screen.
    public init(
        barHidden: Bool = false, refusesUserPop: Bool = false, popGestureDisabled: Bool = false,
        confirmsLeave: Bool = false
    ) {
        self.confirmsLeave = confirmsLeave
        self.barHidden = barHidden
        self.refusesUserPop = refusesUserPop
        self.popGestureDisabled = popGestureDisabled
    }
}
