import NavigationHooks
import NavigationSimulator
import Testing

/// The 27.1 vertical bar (UIKitRules.md R120–R124). The oracles are Apple's documentation
/// (R123, R124: where the bar exists, which items it shows) and, for the unknowns, the two
/// readings the rules state: a test checks that each reading does what its text says.
@MainActor
struct VerticalBarRuleTests {
    /// A stack Home → Editor on `profile` with the bar at `edge`, playing `variants`; the
    /// editor refuses every pop its bar's delegate is asked about.
    func editor(
        _ profile: IOSProfile = .ios27, edge: VerticalBarEdge = .trailing, variants: Set<String> = [],
        configure: (SimScreen) -> Void = { _ in }
    ) -> (SimNavigationController, asked: () -> Int) {
        let nav = SimNavigationController(profile: profile)
        nav.ruleVariants = variants
        nav.verticalBarEdge = edge
        let editor = SimScreen("Editor")
        configure(editor)
        nav.setViewControllers([SimScreen("Home"), editor], animated: false)
        nav.runUntilIdle()
        var asked = 0
        nav.seams.shouldPopItem.add(
            ShouldPopItemHook { _ in
                asked += 1
                return false
            })
        return (nav, { asked })
    }

    /// R123: `verticalBarEdge` is `.unspecified` where no vertical bar is used, and the API is
    /// 27.1+: no strip before ios27, none with `bar-edge none`, none for a screen that returns
    /// `.disabled`; there the top bar keeps its back button.
    @Test(arguments: [
        (IOSProfile.ios26, VerticalBarEdge.trailing, true), (.ios27, .none, true), (.ios27, .trailing, false),
    ])
    func r123_theBackButtonMovesToTheStripOnlyWhereTheDeviceDrawsOne(
        profile: IOSProfile, edge: VerticalBarEdge, topBarHasIt: Bool
    ) {
        let (nav, _) = editor(profile, edge: edge)
        #expect(nav.backButtonIsInVerticalBar == !topBarHasIt)
        #expect((nav.verticalBarBackUnavailableReason() == nil) == !topBarHasIt)
        let (disabled, _) = editor(profile, edge: edge) { $0.allowsVerticalBar = false }
        #expect(!disabled.backButtonIsInVerticalBar)
        #expect(disabled.verticalBarBackUnavailableReason() != nil)
    }

    /// R123: with the button in the strip, the top bar has none: a tap there does nothing.
    @Test func r123_theTopBarHasNoBackButtonWhileTheStripShowsIt() {
        let (nav, asked) = editor()
        nav.tapBack()
        nav.runUntilIdle()
        #expect(nav.viewControllers.map(\.screenName) == ["Home", "Editor"])
        #expect(asked() == 0)
    }

    /// R124: a custom back item stays in the top bar; the strip shows no back button for it.
    @Test func r124_aCustomBackItemStaysInTheTopBar() {
        let (nav, _) = editor { $0.hasCustomBackButton = true }
        #expect(!nav.backButtonIsInVerticalBar)
        #expect(nav.verticalBarBackUnavailableReason()?.contains("R124") == true)
    }

    /// R120: the strip's tap asks `navigationBar(_:shouldPop:)` (a refusal keeps the screen);
    /// R120 alt pops without asking.
    @Test(
        arguments: [(Set<String>(), 1, ["Home", "Editor"]), (Set(["R120"]), 0, ["Home"])]
            as [(Set<String>, Int, [String])])
    func r120_theStripsTapAndTheBarsQuestion(variants: Set<String>, questions: Int, stack: [String]) {
        let (nav, asked) = editor(variants: variants)
        nav.tapBackInVerticalBar()
        nav.runUntilIdle()
        #expect(asked() == questions)
        #expect(nav.viewControllers.map(\.screenName) == stack)
        #expect(Detectors.analyze(nav.timeline).inferredRules.contains("R120"))
    }

    /// R120 and its alternative both run the navigation item's `backAction` (R26).
    @Test(arguments: [Set<String>(), Set(["R120"])])
    func r120_bothReadingsRunBackAction(variants: Set<String>) {
        let (nav, _) = editor(variants: variants)
        var taps = 0
        nav.seams.backAction.add(
            BackTapHook { _ in
                taps += 1
                return .handled
            })
        nav.tapBackInVerticalBar()
        nav.runUntilIdle()
        #expect(taps == 1)
        #expect(nav.viewControllers.count == 2)
    }

    /// R121: a hidden bar hides the strip (no tap reaches anything); R121 alt keeps it, and its
    /// tap still asks the bar's delegate (R120).
    @Test(arguments: [(Set<String>(), 0), (Set(["R121"]), 1)])
    func r121_aHiddenBarAndTheStrip(variants: Set<String>, questions: Int) {
        let (nav, asked) = editor(variants: variants)
        nav.setNavigationBarHidden(true, animated: false)
        nav.runUntilIdle()
        #expect((nav.verticalBarBackUnavailableReason() == nil) == !variants.isEmpty)
        nav.tapBackInVerticalBar()
        nav.runUntilIdle()
        #expect(asked() == questions)
        #expect(nav.viewControllers.count == 2)
        #expect(Detectors.analyze(nav.timeline).inferredRules.contains("R121"))
    }

    /// R122: the edge swipe begins over a leading strip (and pops the unguarded screen); R122
    /// alt: it does not begin. A trailing strip never takes it.
    @Test(
        arguments: [
            (VerticalBarEdge.leading, Set<String>(), ["Home"]), (.leading, Set(["R122"]), ["Home", "Editor"]),
            (.trailing, Set(["R122"]), ["Home"]),
        ] as [(VerticalBarEdge, Set<String>, [String])])
    func r122_theEdgeSwipeOverALeadingStrip(edge: VerticalBarEdge, variants: Set<String>, stack: [String]) {
        let nav = SimNavigationController(profile: .ios27)
        nav.ruleVariants = variants
        nav.verticalBarEdge = edge
        nav.setViewControllers([SimScreen("Home"), SimScreen("Editor")], animated: false)
        nav.runUntilIdle()
        nav.swipeBack(.edge, progress: 0.8, release: .finish)
        nav.runUntilIdle()
        #expect(nav.viewControllers.map(\.screenName) == stack)
        #expect(Detectors.analyze(nav.timeline).inferredRules.contains("R122") == (edge == .leading))
    }
}
