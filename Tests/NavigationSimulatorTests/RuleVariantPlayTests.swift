import NavigationHooks
import NavigationSimulator
import Testing

/// Each playable alternative (``RuleVariants``) does what UIKitRules.md's "Alternative" for the
/// rule says, and only when asked: the same input with `ruleVariants` empty is the documented
/// reading (checked against its sources by the rule's own test).
@MainActor
struct RuleVariantPlayTests {
    /// A `shouldPopItem` hook that refuses, and how often the bar was asked.
    private func refusingBar(_ nav: SimNavigationController) -> () -> Int {
        var asked = 0
        nav.seams.shouldPopItem.add(
            ShouldPopItemHook { _ in
                asked += 1
                return false
            })
        return { asked }
    }

    private func stack(_ variants: Set<String>, _ act: (SimNavigationController) -> Void) -> ([String], Int) {
        let nav = SimNavigationController(profile: .ios17)
        nav.ruleVariants = variants
        nav.setViewControllers([SimScreen("Home"), SimScreen("Editor")], animated: false)
        nav.runUntilIdle()
        let asked = refusingBar(nav)
        act(nav)
        nav.runUntilIdle()
        return (nav.viewControllers.map(\.screenName), asked())
    }

    @Test func r50Alt_theEscapeDoesNotAskTheBar() {
        #expect(stack([]) { $0.accessibilityEscape() } == (["Home", "Editor"], 1))
        #expect(stack(["R50"]) { $0.accessibilityEscape() } == (["Home"], 0))
    }

    @Test func r24Alt_aSwipeAsksTheBarWhenItBegins() {
        #expect(stack([]) { $0.swipeBack(.edge, progress: 0.8, release: .finish) } == (["Home"], 0))
        #expect(stack(["R24"]) { $0.swipeBack(.edge, progress: 0.8, release: .finish) } == (["Home", "Editor"], 1))
    }

    /// R10 alt: a cancelled swipe ends with `willShow` and `didShow` for the staying screen before
    /// iOS 18 too, as R42's body sends them from iOS 18 (R42 has no alternative any more).
    @Test func r10Alt_theCallsAfterACancel() {
        func calls(_ profile: IOSProfile, _ variants: Set<String>) -> [String] {
            let nav = SimNavigationController(profile: profile)
            nav.ruleVariants = variants
            nav.setViewControllers([SimScreen("Home"), SimScreen("Editor")], animated: false)
            nav.runUntilIdle()
            let start = nav.timeline.events.count
            nav.swipeBack(.edge, progress: 0.3, release: .cancel)
            nav.runUntilIdle()
            return nav.timeline.events[start...].compactMap { event in
                if case .delegateCall(let call) = event.kind { return "\(call.method) \(call.screen)" }
                return nil
            }
        }
        #expect(calls(.ios17, []) == ["willShow Home"])
        #expect(calls(.ios17, ["R10"]) == ["willShow Home", "willShow Editor", "didShow Editor"])
        #expect(calls(.ios18, []) == ["willShow Home", "willShow Editor", "didShow Editor"])
        #expect(calls(.ios18, ["R10"]) == ["willShow Home", "willShow Editor", "didShow Editor"])
    }

    /// R51 and R57 lost their alternatives to the 26.1 bodies (RestoreImageOracleTests), R42 to
    /// the 18.0, 18.2 and 26.1 bodies (CancelledPopOracleTests), and no run turns on R79 any more
    /// (R80); the other nine are played.
    @Test func everyPlayableAlternativeIsAnInferredRuleTheSimulatorFlags() {
        let flagged: Set<String> = [
            "R10", "R24", "R41", "R50", "R53", "R62", "R120", "R121", "R122",
        ]
        #expect(Set(RuleVariants.alternatives.keys) == flagged)
        #expect(RuleVariants.playable(in: ["R3", "R62", "R8", "R24"]) == ["R62", "R24"])
        #expect(RuleVariants.label("R62") == "R62 alt")
    }
}
