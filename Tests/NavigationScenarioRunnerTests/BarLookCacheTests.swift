@_spi(Runner) import NavigationScenarioRunner
import NavigationScenarios
@_spi(Testing) import NavigationSimulator
import NavigationStrategies
import ScenarioTestSupport
import Testing

/// The simulator reuses the bar's look of the frame before when nothing it reads changed
/// (`SimNavigationController.recordBarLook()`). The oracle is the simulator with that cache off,
/// computing the look on every frame as it did before the cache: each run must give the same
/// timeline, event for event and frame for frame.
@MainActor
struct BarLookCacheTests {
    /// The profiles played: in `swift test` one of each way the bar's look is drawn (iOS 13's
    /// legacy scroll edge, R132; the cross-fade of item looks before iOS 26 and the arriving
    /// look at once from iOS 26, R102); every profile with `NAVHOOKS_FULL_TESTS=1` (`.ci/run`).
    static var profiles: [ScenarioProfile] { FullTests.enabled ? ScenarioProfile.allCases : [.ios13, .ios18, .ios26] }

    /// Every corpus file that states a look or is a look file, on ``profiles``, with each
    /// appearance strategy in the slot and with none, beside the recommended composition.
    @Test func theCachedLookGivesTheTimelinesOfTheLookComputedOnEveryFrame() throws {
        let scenarios = try Corpus.scenarios().filter { $0.statesLook || $0.file.hasPrefix("look-") }
        #expect(scenarios.count >= 10)
        var runs = 0
        var looksRecorded = 0
        var computed = (cached: 0, uncached: 0)
        let plugins = StrategyComposition.recommended.names
        defer { SimNavigationController.cachesShownBarLook = true }
        for scenario in scenarios {
            for profile in Self.profiles {
                for appearance in StrategyCatalog.appearanceNames.map(Optional.some) + [nil] {
                    SimNavigationController.cachesShownBarLook = false
                    let uncached = played(scenario, profile: profile, plugins: plugins, appearance: appearance)
                    SimNavigationController.cachesShownBarLook = true
                    let cached = played(scenario, profile: profile, plugins: plugins, appearance: appearance)
                    // Compared whole; on a difference the message names the run and the first
                    // event that differs, not both timelines.
                    let same = cached.timeline == uncached.timeline
                    let run = "\(scenario.file) \(profile) \(appearance ?? "no appearance strategy")"
                    #expect(same, "\(run): \(firstDifference(cached.timeline, uncached.timeline))")
                    runs += 1
                    looksRecorded += cached.timeline.events.count { event in
                        if case .barLook(.shown) = event.kind { true } else { false }
                    }
                    computed.cached += cached.computedBarLooks
                    computed.uncached += uncached.computedBarLooks
                }
            }
        }
        #expect(runs == scenarios.count * Self.profiles.count * (StrategyCatalog.appearanceNames.count + 1))
        // The runs record looks, and the cache skips frames: the comparison is not of two
        // identical computations.
        #expect(looksRecorded > 1000)
        #expect(computed.cached < computed.uncached)
    }

    private func firstDifference(_ cached: Timeline, _ uncached: Timeline) -> String {
        let events = (cached.events, uncached.events)
        for index in 0..<min(events.0.count, events.1.count) where events.0[index] != events.1[index] {
            return "event \(index): \(events.0[index]) (cached) vs \(events.1[index])"
        }
        if events.0.count != events.1.count { return "\(events.0.count) events (cached) vs \(events.1.count)" }
        return "the frames differ"
    }

    private func played(_ scenario: Scenario, profile: ScenarioProfile, plugins: [String], appearance: String?)
        -> SimNavigationController
    {
        var play = Play.prepared(scenario, profile: profile, plugins: plugins, appearance: appearance)
        for step in scenario.steps { play.perform(step, on: profile) }
        return play.nav
    }
}
