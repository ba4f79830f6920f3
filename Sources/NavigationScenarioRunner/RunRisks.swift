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
        // On the sets' bits, in an index loop, the list from ``replacedLists``: every run asks,
        // and a debug build ran `filter`, `map` and `isDisjoint` unspecialized (13,000
        // instructions a run), then `SeamSet.init` and an append per seam (~2,800, callgrind).
        var installed = hooked.rawValue
        if !capabilities.hasBackKeyCommand { installed &= ~SeamSet(.backKeyCommand).rawValue }
        let bits = replacedBits
        var subset = 0
        for index in 0..<bits.count where installed & bits[index] != 0 { subset |= 1 << index }
        // R27: the bar's back-button action; R51: the key command's action.
        return (installed & privateBits != 0, replacedLists[subset])
    }

    /// The bit of each of ``replacedSeams`` in a ``SeamSet``, in their order.
    private static let replacedBits: [UInt16] = replacedSeams.map { SeamSet($0).rawValue }

    /// The seams on private API (R27, R51), as a ``SeamSet``'s bits.
    private static let privateBits = SeamSet([.privateBackButtonAction, .backKeyCommand]).rawValue

    /// ``replacedMethods`` for each subset of ``replacedSeams`` (bit `i`: `replacedSeams[i]`),
    /// made once: the runs with the same seams share one array, so two runs' risks compare
    /// equal at once (`Array`'s `==` finds the same storage), where a worker comparing each run's
    /// risks with the runs' before compared the names one by one.
    private static let replacedLists: [[String]] = (0..<(1 << replacedSeams.count)).map { subset in
        (0..<replacedSeams.count).filter { subset & (1 << $0) != 0 }.map { replacedSeams[$0].rawValue }
    }
}
