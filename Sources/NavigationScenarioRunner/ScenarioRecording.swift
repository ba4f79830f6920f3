public import NavigationRecording
public import NavigationScenarios
public import NavigationSimulator

extension SimulatorScenarioRunner {
    /// Plays `scenario` on `profile` with `plugins` (as ``run(_:profile:plugins:)`` does) while a
    /// ``NavigationRecorder`` records the simulator through the host port, and returns the
    /// recording: a `.nav` file whose `expect` lines say what the simulator showed after each
    /// step. The scenario's own `expect` lines are played, not copied.
    ///
    /// What the app's code does that no host reports (`delegate`, `gesture-delegate`,
    /// `gesture-switch`) is handed to the recorder as ``NavigationRecorder/appCodeLines``, as an
    /// app states it, and a SwiftUI stack's `host swiftui`, as NavigationHooksSwiftUI's
    /// recording modifier writes it; everything else comes from the recorder.
    ///
    /// `device` changes the recorded controller before the steps play: a test seeds a model
    /// change with it (a device whose UIKit behaves otherwise) to see a replay report the
    /// divergence.
    public func recording(
        of scenario: Scenario, profile: ScenarioProfile, plugins: [String],
        stepLimit: Int = NavigationRecorder.defaultStepLimit,
        device: ((SimNavigationController) -> Void)? = nil
    ) -> NavigationRecorder {
        var play = Play.prepared(scenario, profile: profile, plugins: plugins.sorted())
        device?(play.nav)
        let recorder = NavigationRecorder(stepLimit: stepLimit)
        // For a SwiftUI stack its `host` line first, as `.navigationRecording(_:)` writes on a
        // device (NavigationHooksSwiftUI).
        recorder.appCodeLines = scenario.appCodeLines
        do { try recorder.attach(to: play.nav) } catch { preconditionFailure("the simulator reports its events") }
        for step in scenario.steps { play.perform(step, on: profile) }
        _ = recorder.navFile  // the last step's expectations, while the simulator is at rest
        recorder.detach()
        return recorder
    }
}

extension Scenario {
    /// The declarations of ``appCode`` and ``installsOwnDelegate``, as `.nav` lines; for a
    /// SwiftUI stack its `host` line first (SwiftUI's own delegate and bar calls, R60, R77, are
    /// framework code no host reports either).
    public var appCodeLines: [String] {
        var lines: [String] = []
        if host.isSwiftUI { lines.append("host swiftui preferences=\(host.preferences.rawValue)") }
        if installsOwnDelegate {
            var words = ["delegate", appCode.delegateOrder.rawValue]
            if appCode.delegateHasTransitionMethods { words.append("custom-transitions") }
            lines.append(words.joined(separator: " "))
        }
        if appCode.gestureDelegate != .system { lines.append("gesture-delegate \(appCode.gestureDelegate.rawValue)") }
        if appCode.gestureSwitch != .none { lines.append("gesture-switch \(appCode.gestureSwitch.rawValue)") }
        if appCode.gestureLibrary != .none { lines.append("gesture-library \(appCode.gestureLibrary.rawValue)") }
        return lines
    }
}
