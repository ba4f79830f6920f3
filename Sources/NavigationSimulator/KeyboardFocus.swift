/// Where the first responder is when the user presses a key command (R78, R79): it decides
/// which responders' key commands UIKit looks at, and in what order.
public enum KeyboardFocus: String, Sendable, CaseIterable {
    /// Nothing is first responder: where UIKit starts looking is R79's question.
    case none
    /// A text field (or any responder) inside the top screen's view: the chain runs through
    /// the screen, then its navigation controller. iOS 15+ gives the text input system the
    /// key first; it does not take ⌘[ (R78).
    case textFieldInScreen
    /// A text field in the navigation bar (a `titleView`): the chain runs from the bar to the
    /// navigation controller's view and the navigation controller, and never passes the screen
    /// (R78).
    case textFieldInNavigationBar
}
