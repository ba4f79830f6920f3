extension ScenarioStep {
    /// `true` for the steps the device UI tests cannot drive: a trackpad swipe (XCUITest has
    /// no trackpad) and `confirm` (the demo's scenario screens show no alert). VoiceOver's
    /// escape (through the demo app's harness: XCUITest has no two-finger scrub), ⌘[
    /// (`typeKey("[", modifierFlags: .command)`) and a sheet's swipe-down (a drag on the
    /// sheet) are driven. The simulator runs them all.
    public var needsAssistiveInput: Bool {
        switch action {
        case .trackpadSwipe, .confirm: true
        default: false
        }
    }
}
