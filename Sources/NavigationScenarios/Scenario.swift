public import NavigationSimulator

/// A parsed `.nav` file: the app's intent (screens) and what happens (steps).
///
/// Produced by ``ScenarioParser``; a `Scenario` is always valid: every pushed or presented
/// screen is declared, the first step is `root`, and every value is in range.
///
/// ```
/// scenario Draft editor refuses back
/// screen Home   bar=hidden
/// screen Editor guard=deny
/// root Home
/// push Editor
/// tap-back
/// expect top Editor
/// ```
public struct Scenario: Hashable, Sendable {
    /// The `scenario` title, or the file name without its extension.
    public var title: String
    /// The file as named to the parser.
    public var file: String
    /// The `profile` filter; `nil` when the file has none (every profile).
    public var profiles: [ScenarioProfile]?
    /// The declared screens, in declaration order.
    public var screens: [ScreenDeclaration] {
        didSet { statesLook = Self.statesLook(screens) }
    }
    /// `true` when the app installs its own navigation delegate before any plugin.
    public var installsOwnDelegate: Bool
    /// The steps, in order; the first is always `root`.
    public var steps: [ScenarioStep] {
        didSet { stepTraits = Self.traits(of: steps) }
    }
    /// Each step's ``ScenarioStep/Traits``, in order, as bytes: a runner asks them of the steps
    /// around every step it plays, and a debug build's `steps[index]` copies the whole step out
    /// (even through the array's buffer) where `[UInt8]`'s subscript is specialized.
    private(set) var stepTraits: [UInt8]
    /// What the app's own code does besides its screens (`gesture-delegate`, `gesture-switch`,
    /// `delegate after-plugins|custom-transitions`).
    public var appCode = AppCodePatterns()
    /// `plugin NAME:MODE` lines: the mode each named plugin runs in, in every combination of
    /// this file that includes it (``StrategyCatalog/modes``).
    public var pluginModes: [String: String] = [:]
    /// The `host` line: a UIKit stack (the default) or a SwiftUI one.
    public var host = HostDeclaration()
    /// The `bar-edge` line: where the device draws the 27.1 vertical bar (R123); `none` (the
    /// default): no vertical bar, on every profile. It acts on `ios27` only.
    public var barEdge = VerticalBarEdge.none
    /// The `app-bar` line: the app's own appearance of the bar (R130); `nil`: the system's.
    public var appBar: AppBarDeclaration?
    /// `plugin NAME` lines without a mode (a recording's installed plugins; `plugin none`:
    /// none): `--check` without `--plugins` checks this combination. `nil` without such lines.
    public var recordedPlugins: [String]?

    /// Creates a scenario. Prefer ``ScenarioParser/parse(text:file:)``.
    public init(
        title: String,
        file: String,
        profiles: [ScenarioProfile]? = nil,
        screens: [ScreenDeclaration],
        installsOwnDelegate: Bool = false,
        steps: [ScenarioStep]
    ) {
        self.title = title
        self.file = file
        self.profiles = profiles
        self.screens = screens
        self.statesLook = Self.statesLook(screens)
        self.installsOwnDelegate = installsOwnDelegate
        self.steps = steps
        self.stepTraits = Self.traits(of: steps)
    }

    private static func traits(of steps: [ScenarioStep]) -> [UInt8] {
        var traits: [UInt8] = []
        traits.reserveCapacity(steps.count)
        for index in 0..<steps.count { traits.append(steps[index].traits.rawValue) }
        return traits
    }

    /// `true` when a screen states a bar look: the file's runs then install an appearance
    /// strategy beside their combination (`StrategyCatalog.defaultAppearance` unless the
    /// combination names one). Kept, set with the screens: every run asks (twice), and a debug
    /// build copied each declaration out to read its look (~1,500 instructions a run).
    public private(set) var statesLook: Bool

    private static func statesLook(_ screens: [ScreenDeclaration]) -> Bool {
        for index in 0..<screens.count where screens[index].look != nil { return true }
        return false
    }

    /// The declaration of a screen, by name.
    public func screen(named name: String) -> ScreenDeclaration? {
        screens.first { $0.name == name }
    }

    /// `true` when the scenario runs under `profile` (its filter allows it).
    public func runs(on profile: ScenarioProfile) -> Bool {
        profiles?.contains(profile) ?? true
    }

    /// The `expect` steps.
    public var expectations: [ScenarioStep] { steps.filter(\.isExpectation) }
}

extension Scenario {
    /// The group of consecutive `expect` steps that starts at the first `expect` at or after
    /// step `index` (empty at the end of the steps when none follows): the lines a runner
    /// probes between them and `index` to tell which step broke one.
    public func expectationGroup(from index: Int) -> Range<Int> {
        let expectation = ScenarioStep.Traits.expectation
        var start = index
        while start < stepTraits.count, stepTraits[start] & expectation == 0 { start += 1 }
        var end = start
        while end < stepTraits.count, stepTraits[end] & expectation != 0 { end += 1 }
        return start..<end
    }

    /// Whether a screen may get a custom back button: one is declared `back=custom`, or a `set`
    /// step makes one so. The steps by their traits, as ``mayDenyUserPops``.
    public var mayShowCustomBackButton: Bool {
        for index in 0..<screens.count where screens[index].back == .custom { return true }
        let setScreen = ScenarioStep.Traits.setScreen
        for index in 0..<stepTraits.count where stepTraits[index] & setScreen != 0 {
            if case .setScreen(_, let change) = steps[index].action, change.back == .custom { return true }
        }
        return false
    }

    /// `true` when a screen refuses user pops (`guard=deny`), declared so or set so by a `set`
    /// step: the runner then registers the app's `shouldPop` handler. Every run the bench plays
    /// asks: the steps by their traits, a `set` step's change only.
    public var mayDenyUserPops: Bool {
        for index in 0..<screens.count where screens[index].popGuard == .deny { return true }
        let setScreen = ScenarioStep.Traits.setScreen
        for index in 0..<stepTraits.count where stepTraits[index] & setScreen != 0 {
            if case .setScreen(_, let change) = steps[index].action, change.popGuard == .deny { return true }
        }
        return false
    }
}
