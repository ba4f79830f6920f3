extension ScenarioStep {
    /// The step's keyword when it is a user's attempt to go back (`tap-back`, `back-menu`,
    /// `swipe-back`, `content-swipe`); `nil` for app actions, waits and expectations.
    public var userInputKeyword: String? {
        switch action {
        case .tapBack: "tap-back"
        case .backMenu: "back-menu"
        case .swipeBack: "swipe-back"
        case .contentSwipe: "content-swipe"
        default: nil
        }
    }
}
