import NavigationScenarioRunner
import NavigationScenarios
import NavigationStrategies
import ScenarioTestSupport
import Testing

/// The field's bar-look reports written as `.nav` files (issue 38): each reproduces with the
/// reporter's approach and not with the recommended strategy. The oracle is the report (quoted
/// in each file) and Apple's documentation (UIKitRules.md R103, R130–R133), not the model.
@MainActor
struct FieldLookReportTests {
    static func run(_ name: String, _ profile: String, appearance: String) throws -> RunResult {
        let scenario = try Corpus.scenario(name)
        return SimulatorScenarioRunner().run(
            scenario, profile: profile, plugins: StrategyComposition.recommended.names + [appearance])
    }

    /// Every new look file: every `expect look` holds with the recommended strategy on every
    /// profile, with no look defect.
    @Test(arguments: [
        "look-tint-after-pop", "look-scroll-edge-ios15", "look-naive-colour-scroll-edge", "look-large-title-collapse",
        "look-toolbar-background-standard-only", "look-faded-bar-pop", "look-swipe-blend-quick-release",
    ])
    func theRecommendedStrategyShowsWhatUIKitShows(_ name: String) throws {
        for profile in ScenarioProfile.allCases {
            let result = try Self.run(name, profile.rawValue, appearance: StrategyCatalog.defaultAppearance)
            #expect(result.expectFailures.isEmpty, "\(name) \(profile): \(result.expectFailures)")
            #expect(result.metrics.wrongLookAtRest == 0, "\(name) \(profile)")
            #expect(result.metrics.wrongLookAfterCancel == 0, "\(name) \(profile)")
            #expect(result.metrics.lookGlitches == 0, "\(name) \(profile)")
        }
    }

    /// Two screens that state no look show UIKit's own bar, in a transition too: however it goes
    /// from a scrolled screen to one at its top edge, no strategy is at fault (no glitch), with or
    /// without an appearance strategy.
    @Test(arguments: ["look-scroll-edge-ios15", "look-large-title-collapse"])
    func uikitsOwnBarIsNeverAGlitch(_ name: String) throws {
        let scenario = try Corpus.scenario(name)
        for profile in ScenarioProfile.allCases {
            let result = SimulatorScenarioRunner(defaultAppearance: nil).run(
                scenario, profile: profile.rawValue, plugins: [])
            #expect(result.metrics.defects == 0, "\(name) \(profile): \(result.metrics)")
            #expect(result.expectFailures.isEmpty, "\(name) \(profile)")
        }
    }

    /// Finding 1 (issue 38) through the runner: with the order before the fix the list keeps the
    /// browser's white tint after the pop, on every profile; with the fix it does not.
    @Test(arguments: ScenarioProfile.allCases)
    func theOldOrderKeepsTheBrowsersTint(_ profile: ScenarioProfile) throws {
        let old = try Self.run("look-tint-after-pop", profile.rawValue, appearance: "ItemBarAppearance:leavingLast")
        #expect(old.expectFailures.map(\.expectation).contains("expect look List"))
        #expect(old.metrics.wrongLookAtRest > 0)
        let fixed = try Self.run("look-tint-after-pop", profile.rawValue, appearance: "ItemBarAppearance")
        #expect(fixed.expectFailures.isEmpty, "\(fixed.expectFailures)")
        // The README's example, Photo → Details: white on white with the old order.
        let photo = try Self.run(
            "look-transparent-photo-push", profile.rawValue, appearance: "ItemBarAppearance:leavingLast")
        #expect(photo.expectFailures.map(\.expectation).contains("expect look Details"))
    }

    /// The iOS 15 scroll edge (R103): the naive strategy's colour is missing at the top from
    /// iOS 15 and present before; SwiftUI's standard-only appearance likewise (R133).
    @Test(arguments: [
        ("look-naive-colour-scroll-edge", "LifecycleBarAppearance"),
        ("look-toolbar-background-standard-only", "ItemBarAppearance:standardOnly"),
    ])
    func theColourIsMissingAtTheTopFromIOS15(_ name: String, _ appearance: String) throws {
        for profile in ScenarioProfile.allCases {
            let result = try Self.run(name, profile.rawValue, appearance: appearance)
            let failed = result.expectFailures.map(\.location.line)
            if ["ios13", "ios14"].contains(profile.rawValue) {
                #expect(failed.isEmpty, "\(name) \(profile): \(result.expectFailures)")
            } else {
                // the first `expect look` (at the top) fails, the one after scrolling holds
                #expect(failed.first == (try Corpus.scenario(name)).steps[1].location.line, "\(profile)")
                #expect(!failed.contains((try Corpus.scenario(name)).steps[3].location.line), "\(profile)")
            }
        }
    }

    /// HBDNavigationBar #204 with the reporter's approach: the "same look" decision taken at the
    /// push shows the feed's white over the faded profile during the pop (a bleed); deciding
    /// again, or a background per screen, does not.
    @Test func aSameLookDecisionCachedAtThePushBleedsOnThePop() throws {
        for profile in ScenarioProfile.allCases {
            let cached = try Self.run(
                "look-faded-bar-pop", profile.rawValue, appearance: "TransitionBarBackground:cachedSameLook")
            #expect(cached.metrics.lookGlitches == 1, "\(profile)")
            #expect(cached.metrics.wrongLookAtRest == 0, "\(profile)")
            let standard = try Self.run("look-faded-bar-pop", profile.rawValue, appearance: "TransitionBarBackground")
            #expect(standard.metrics.lookGlitches == 0, "\(profile)")
        }
    }

    /// A late-bound fake bar: the arriving screen has no background during the push, so the
    /// cleared bar shows a look neither screen states (the "flash on push" reports); the default
    /// binding at `willShow` has none.
    @Test func aLateBoundFakeBarFlashesDuringThePush() throws {
        let late = try Self.run(
            "look-transparent-photo-push", "ios17", appearance: "TransitionBarBackground:lateBinding")
        #expect(late.metrics.lookGlitches > 0)
        #expect(late.metrics.wrongLookAtRest == 0)
        let standard = try Self.run("look-transparent-photo-push", "ios17", appearance: "TransitionBarBackground")
        #expect(standard.metrics.lookGlitches == 0)
    }

    /// R135 with the reporter's approach (a blend by the swipe's progress, no release path): the
    /// shop after a swipe released early keeps a mix (JZNavigationExtension #90); the cart, which
    /// states a look, gets it back from its own `viewWillAppear` after the cancel (R13). The plain
    /// `viewWillAppear` writer passes. iOS 13–14: from iOS 15 both legacy writers miss the
    /// scroll-edge appearance at rest anyway (R103, `look-naive-colour-scroll-edge.nav`).
    @Test(arguments: [ScenarioProfile.ios13, .ios14])
    func aBlendByTheSwipesProgressStaysAfterAQuickRelease(_ profile: ScenarioProfile) throws {
        let name = "look-swipe-blend-quick-release"
        let steps = try Corpus.scenario(name).steps
        let blended = try Self.run(name, profile.rawValue, appearance: "LifecycleBarAppearance:swipeProgress")
        #expect(blended.expectFailures.map(\.location.line) == [steps[5].location.line])
        #expect(blended.metrics.wrongLookAtRest > 0)
        #expect(blended.metrics.wrongLookAfterCancel == 0)
        let plain = try Self.run(name, profile.rawValue, appearance: "LifecycleBarAppearance")
        #expect(plain.expectFailures.isEmpty, "\(plain.expectFailures)")
    }
}
