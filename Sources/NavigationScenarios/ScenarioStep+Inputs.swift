extension ScenarioStep {
    /// The step's keyword when it is a user's attempt to go back (`tap-back`, `back-menu`,
    /// `swipe-back`, `content-swipe`); `nil` for app actions, waits and expectations.
    public var userInputKeyword: String? {
        // Every step the runner plays asks: the `switch` copies the action in a debug build.
        guard traits.rawValue & Traits.userInput != 0 else { return nil }
        return switch action {
        case .tapBack: "tap-back"
        case .tapBackInVerticalBar: "tap-back strip"
        case .backMenu: "back-menu"
        case .swipeBack: "swipe-back"
        case .contentSwipe: "content-swipe"
        default: nil
        }
    }
}

extension ScenarioStep {
    /// `true` for the steps the device UI tests cannot drive: a trackpad swipe (XCUITest has
    /// no trackpad) and `confirm` (the demo's scenario screens show no alert). VoiceOver's
    /// escape (through the demo app's harness: XCUITest has no two-finger scrub), ⌘[
    /// (`typeKey("[", modifierFlags: .command)`) and a sheet's swipe-down (a drag on the
    /// sheet) are driven. `swiftui-update` (SwiftUI updating a destination on its own, R77) has
    /// no input to drive; `tap-back strip` needs an iOS 27.1 device with the vertical bar, which
    /// CI's simulators are not. The simulator runs them all.
    public var needsAssistiveInput: Bool {
        switch action {
        case .trackpadSwipe, .confirm, .swiftUIUpdate, .tapBackInVerticalBar: true
        default: false
        }
    }
}
