import NavigationHooks
import NavigationScenarios
import NavigationSimulator

/// What a run shows about a combination's risk, beyond its defects: facts about *how* it
/// intercepts, which the ranking weighs after the defects (NavigationBench.docc/BenchGuide.md,
/// "How combinations are ranked").
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
    /// The run tried to leave a guarded screen (``DetectorReport/guardedAttempts``): without
    /// one in any run, no guard plugin can change a result, and a composition that drops
    /// protection ranks as well as one that keeps it.
    public var triesGuardedExit = false

    /// Creates an empty record.
    public init() {}
}

extension RunRisks {
    /// The UIKit host's process-wide method replacements among the plain seams
    /// (NavigationHooksUIKit.docc/InstallingSeams.md), by the names ``replacedMethods`` uses,
    /// sorted by those names (``installed(_:on:)`` lists them in this order).
    static let replacedSeams: [NavigationSeams.Member] = [
        .accessibilityEscape, .appearance, .backKeyCommand, .popOperations, .privateBackButtonAction, .shouldPopItem,
    ]

    /// What hooks on the seams `hooked` mean on a device with `capabilities`: whether they
    /// rest on private API and which methods they replace process-wide, sorted as
    /// ``replacedMethods`` lists them (in ``replacedSeams``' order: no `Set` to fill and sort,
    /// which cost a debug build ~11,000 instructions a run, callgrind of a bench worker). A seam
    /// the version does not have (⌘[ before iOS 15, R51) installs nothing there.
    static func installed(_ hooked: SeamSet, on capabilities: HostCapabilities) -> (
        usesPrivateAPI: Bool, replacedMethods: [String]
    ) {
        // On the sets' bits, in an index loop: every run asks, and a debug build ran `filter`,
        // `map` and `isDisjoint` unspecialized (13,000 instructions a run, callgrind).
        var installed = hooked.rawValue
        if !capabilities.hasBackKeyCommand { installed &= ~SeamSet(.backKeyCommand).rawValue }
        var replaced: [String] = []
        let seams = replacedSeams
        for index in 0..<seams.count where installed & SeamSet(seams[index]).rawValue != 0 {
            replaced.append(seams[index].rawValue)
        }
        // R27: the bar's back-button action; R51: the key command's action.
        let privateSeams = SeamSet(.privateBackButtonAction).rawValue | SeamSet(.backKeyCommand).rawValue
        let usesPrivateAPI = installed & privateSeams != 0
        return (usesPrivateAPI, replaced)
    }
}
