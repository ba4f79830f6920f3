extension ScenarioStep {
    /// `true` for the ways-out steps (R50–R53) the device UI tests cannot drive yet: VoiceOver's
    /// escape (XCUITest has no two-finger scrub), ⌘[ (a hardware keyboard), a sheet's
    /// swipe-down (the demo app does not present its stack as a sheet), a trackpad swipe, and
    /// `confirm` (the demo's scenario screens show no alert). The simulator runs them.
    public var needsAssistiveInput: Bool {
        switch action {
        case .voiceOverEscape, .keyBack, .swipeDownSheet, .trackpadSwipe, .confirm: true
        default: false
        }
    }
}
