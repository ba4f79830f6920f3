import NavigationConformance
import NavigationScenarioRunner
import NavigationScenarios

@testable import NavigationBench

/// A runner for tests: records every call and answers with metrics a closure decides.
@MainActor
final class FakeScenarioRunner: ScenarioRunning {
    struct Call: Hashable {
        var file: String
        var profile: String
        var plugins: [String]
    }

    private(set) var calls: [Call] = []
    /// Decides the metrics and failed expects of a run.
    var outcome: (Scenario, String, [String]) -> (RunMetrics, [RunResult.ExpectFailure])

    init(
        outcome: @escaping (Scenario, String, [String]) -> (RunMetrics, [RunResult.ExpectFailure]) = { _, _, _ in
            (RunMetrics(dispatches: 4, nsPerDispatch: 10), [])
        }
    ) {
        self.outcome = outcome
    }

    func run(_ scenario: Scenario, profile: String, plugins: [String]) -> RunResult {
        calls.append(Call(file: scenario.file, profile: profile, plugins: plugins))
        let (metrics, failures) = outcome(scenario, profile, plugins)
        return RunResult(
            scenario: scenario.title, file: scenario.file, profile: profile, plugins: plugins, metrics: metrics,
            inferredRules: ["R24"], expectFailures: failures,
            timeline: TimelineSketch(
                title: scenario.title,
                frames: [.init(time: 0, barVisibleFraction: 1, transitionActive: false)],
                events: [.init(time: 0, label: "root")]
            )
        )
    }
}
