public import NavigationHooks

extension SimScreen {
    /// Ask before the user leaves this screen (``ScreenPreferences/leaveConfirmation``):
    /// every user path the installed plugins own stops and calls it once.
    public var leaveConfirmation: LeaveConfirmation? {
        get { navigationPreferences.leaveConfirmation }
        set { navigationPreferences.leaveConfirmation = newValue }
    }
}
