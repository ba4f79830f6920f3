internal import Foundation
@_spi(Runner) import NavigationScenarioRunner
public import NavigationScenarios
public import NavigationSimulator
internal import NavigationStrategies

/// What the device UI tests (`Examples/iOSApp/UITests`) compare with real UIKit: after each
/// step of a scenario, the stack and whether the bar is hidden, with the recommended
/// composition installed. The simulator's outcome is the expectation; the UI tests drive the
/// same steps with real taps, long presses and edge swipes in the demo app and record the same
/// fields. A user step after which the stack did not change was refused (or had nothing to do).
///
/// Only scenarios with at least one user step (``isUserStep(_:)``) have outcomes: the others are the conformance suite's (``ConformanceTrace``).
public struct DeviceOutcome: Codable, Hashable, Sendable {
    /// The state after one step.
    public struct Snapshot: Codable, Hashable, Sendable, CustomStringConvertible {
        /// The step's line in the scenario file.
        public var line: Int
        /// The step as written.
        public var step: String
        /// The stack's screen names, root first.
        public var stack: [String]
        /// `isNavigationBarHidden`.
        public var barHidden: Bool
        /// `true` for a user step after which the stack is what it was before it (and the
        /// sheet, if any, is still there).
        public var refused: Bool
        /// `true` once the sheet holding the stack was dismissed (R52): the stack keeps its
        /// screens, gone from the screen with it. `nil` (not written) otherwise.
        public var sheetDismissed: Bool?

        /// Creates a snapshot.
        public init(
            line: Int, step: String, stack: [String], barHidden: Bool, refused: Bool, sheetDismissed: Bool? = nil
        ) {
            self.line = line
            self.step = step
            self.stack = stack
            self.barHidden = barHidden
            self.refused = refused
            self.sheetDismissed = sheetDismissed
        }

        /// `line 12 tap-back: Home List, bar visible, refused`.
        public var description: String {
            "line \(line) \(step): \(stack.joined(separator: " ")), bar \(barHidden ? "hidden" : "visible")"
                + (refused ? ", refused" : "") + (sheetDismissed == true ? ", sheet dismissed" : "")
        }
    }

    /// The scenario's file base name.
    public var scenario: String
    /// The profile the simulator ran.
    public var profile: String
    /// The plugins installed, sorted.
    public var plugins: [String]
    /// One snapshot per step that is not an `expect` line, in order.
    public var snapshots: [Snapshot]

    /// Creates an outcome.
    public init(scenario: String, profile: String, plugins: [String], snapshots: [Snapshot]) {
        self.scenario = scenario
        self.profile = profile
        self.plugins = plugins
        self.snapshots = snapshots
    }

    /// Runs `scenario` on `profile` with the recommended composition and records a snapshot
    /// after every step that is not an `expect` line.
    @MainActor
    public init(_ scenario: Scenario, profile: ScenarioProfile) {
        let plugins = StrategyComposition.recommended.names
        var play = Play.prepared(scenario, profile: profile, plugins: plugins)
        var snapshots: [Snapshot] = []
        for step in scenario.steps {
            let before = play.nav.viewControllers.map(\.screenName)
            play.perform(step, on: profile)
            guard !step.isExpectation else { continue }
            let after = play.nav.viewControllers.map(\.screenName)
            let sheetDismissed = play.nav.isSheetDismissed
            snapshots.append(
                Snapshot(
                    line: step.location.line, step: step.text, stack: after,
                    barHidden: play.nav.isNavigationBarHidden,
                    refused: Self.isUserStep(step) && after == before && !sheetDismissed,
                    sheetDismissed: sheetDismissed ? true : nil))
        }
        self.init(
            scenario: ConformanceTrace.name(of: scenario), profile: profile.rawValue, plugins: plugins,
            snapshots: snapshots)
    }

    /// `true` for the steps a user performs: `tap-back` (`strip` too), `back-menu`, `swipe-back`,
    /// `content-swipe`, `voiceover-escape`, `key-back` and `swipe-down-sheet`.
    public static func isUserStep(_ step: ScenarioStep) -> Bool {
        switch step.action {
        case .tapBack, .tapBackInVerticalBar, .backMenu, .swipeBack, .contentSwipe, .voiceOverEscape,
            .voiceOverEscapeInBar, .keyBack,
            .swipeDownSheet:
            true
        default: false
        }
    }

    /// `true` when `scenario` has a user step, so the UI tests replay it, no step they
    /// cannot drive (``ScenarioStep/needsAssistiveInput``), and nothing the demo app's
    /// harness does not reproduce: app-side code patterns (``Scenario/appCode``) and plugin
    /// modes (``Scenario/pluginModes``) model other apps' code, not the package's; the harness
    /// does not play `set` steps (a preference the app changes mid-flow) yet.
    public static func needsDevice(_ scenario: Scenario) -> Bool {
        scenario.steps.contains(where: isUserStep) && !scenario.steps.contains(where: \.needsAssistiveInput)
            && scenario.appCode == AppCodePatterns() && scenario.pluginModes.isEmpty
            && !scenario.steps.contains { if case .setScreen = $0.action { true } else { false } }
    }

    /// `<scenario>.<profile>.json`.
    public var fileName: String { "\(scenario).\(profile).json" }

    /// The file's text: pretty-printed JSON with sorted keys, and a final newline.
    public func json() throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return String(decoding: try encoder.encode(self), as: UTF8.self) + "\n"
    }

    /// One line per snapshot that differs from `expected`'s at the same position (and one for
    /// a missing or extra snapshot); empty when they agree.
    public func differences(from expected: DeviceOutcome) -> [String] {
        var lines: [String] = []
        for index in 0..<max(snapshots.count, expected.snapshots.count) {
            let mine = index < snapshots.count ? snapshots[index] : nil
            let theirs = index < expected.snapshots.count ? expected.snapshots[index] : nil
            guard mine != theirs else { continue }
            lines.append(
                "expected \(theirs.map(\.description) ?? "nothing"), found \(mine.map(\.description) ?? "nothing")")
        }
        return lines
    }
}
