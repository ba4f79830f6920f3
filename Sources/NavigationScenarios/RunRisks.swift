/// What a run shows about a combination's risk, beyond its defects: facts about *how* it
/// intercepts, which the ranking weighs after the defects (README, "How combinations are
/// ranked").
public struct RunRisks: Codable, Hashable, Sendable {
    /// The combination has hooks on a private mechanism that exists on this profile: the
    /// bar's back-button action (`_UINavigationBarContentView.__backButtonAction:`, R27) or
    /// the ⌘[ key command's action (`_performBackKeyCommand:`, iOS 15+, R51).
    public var usesPrivateAPI = false
    /// The mechanisms with hooks that the UIKit host installs by replacing a method's
    /// implementation process-wide (NavigationHooksUIKit, "Installing seams"): sorted seam
    /// names (`accessibilityEscape`, `appearance`, `backKeyCommand`, `popOperations`,
    /// `privateBackButtonAction`, `shouldPopItem`).
    public var replacedMethods: [String] = []
    /// For each user input the scenario played (`tap-back`, `back-menu`, `swipe-back`,
    /// `content-swipe`), the pop-deciding points (`shouldPop`, `backButtonAction`,
    /// `gestureShouldBegin`) dispatched while it was handled: where an app's handlers would
    /// have been asked.
    public var pointsByInput: [String: [String]] = [:]

    /// Creates an empty record.
    public init() {}
}
