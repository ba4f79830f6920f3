import NavigationHooks
import NavigationSimulator
import Testing

/// Rules settled by reading the method bodies in the iOS 26.1 restore image
/// (EthanArbuckle/iPhone18-3_26.1_23B85_Restore, `UIKitCore.framework/UIKitCore/…` and
/// `UIKit.axbundle/UIKit/…`). Each oracle is a table written from a decompiled method's logic,
/// not from the simulator's code; the simulator must agree with it, on every rule variant.
@MainActor
@Suite struct RestoreImageOracleTests {
    /// Every playable alternative at once: an observed rule's reading must not move with them.
    nonisolated static let everyAlternative = Set(RuleVariants.alternatives.keys)

    // MARK: R51, `_canPerformBackKeyCommandToPopViewController` / `_performBackKeyCommand:`

    /// One row of `-[UINavigationController _canPerformBackKeyCommandToPopViewController]`:
    /// `childViewControllersCount >= 2 && _isNavigationBarVisible && !topItem.hidesBackButton`,
    /// and `_performBackKeyCommand:` then calls `popViewControllerAnimated:YES` (no seam asked).
    struct KeyCommandRow: Sendable, CustomStringConvertible {
        let screens: Int
        let barHidden: Bool
        let backButtonHidden: Bool
        /// What the body does: `true` pops one screen.
        let pops: Bool

        var description: String {
            "\(screens) screens, bar \(barHidden ? "hidden" : "shown"), back button \(backButtonHidden ? "hidden" : "shown")"
        }
    }

    nonisolated static let keyCommandTable: [KeyCommandRow] = [
        KeyCommandRow(screens: 2, barHidden: false, backButtonHidden: false, pops: true),
        KeyCommandRow(screens: 3, barHidden: false, backButtonHidden: false, pops: true),
        KeyCommandRow(screens: 2, barHidden: true, backButtonHidden: false, pops: false),
        KeyCommandRow(screens: 2, barHidden: false, backButtonHidden: true, pops: false),
        KeyCommandRow(screens: 2, barHidden: true, backButtonHidden: true, pops: false),
        KeyCommandRow(screens: 1, barHidden: false, backButtonHidden: false, pops: false),
    ]

    @Test(arguments: keyCommandTable)
    func r51_backKeyCommandFollowsTheBody(_ row: KeyCommandRow) {
        for variants in [Set<String>(), Self.everyAlternative] {
            let screens = (0..<row.screens).map { SimScreen("S\($0)") }
            screens.last?.isBackButtonHidden = row.backButtonHidden
            let nav = navigation(.ios26, screens)
            nav.ruleVariants = variants
            nav.setNavigationBarHidden(row.barHidden, animated: false)
            nav.runUntilIdle()
            var barAsked = 0
            nav.seams.shouldPopItem.add(
                ShouldPopItemHook { _ in
                    barAsked += 1
                    return false
                })
            nav.pressBackKeyCommand()
            nav.runUntilIdle()
            #expect(nav.screens.count == row.screens - (row.pops ? 1 : 0), "\(row) \(variants)")
            #expect(barAsked == 0, "_performBackKeyCommand: asks no seam: \(row)")
        }
    }

    /// `canPerformAction:withSender:` offers the command only where the body would pop: the
    /// ⌘[ seam's command, which stands in for UIKit's (R80), is not reached elsewhere either.
    @Test(arguments: keyCommandTable)
    func r51_theSeamsCommandIsOfferedWhereUIKitsIs(_ row: KeyCommandRow) {
        let screens = (0..<row.screens).map { SimScreen("S\($0)") }
        screens.last?.isBackButtonHidden = row.backButtonHidden
        let nav = navigation(.ios18, screens)
        nav.setNavigationBarHidden(row.barHidden, animated: false)
        nav.runUntilIdle()
        var reached = 0
        nav.seams.responderKeyCommand.add(
            ExitHook { _ in
                reached += 1
                return .handled
            })
        nav.pressBackKeyCommand()
        nav.runUntilIdle()
        #expect(reached == (row.pops ? 1 : 0), "\(row)")
    }

    // MARK: R57, the bar's VoiceOver escape

    /// Which seams the bar's escape reaches, from the bodies: `UINavigationBarAccessibility
    /// accessibilityPerformEscape` → `-[UINavigationBar _accessibility_triggerBackButton]` →
    /// `_sendNavigationPopForBackBarButtonItem:` → `-[UINavigationController
    /// _popNavigationBar:item:]`, which asks `navigationBar:shouldPopItem:` and pops. The
    /// content view's `__backButtonAction:` (`backAction`, the private hook) is not on it, and
    /// the view controller's `accessibilityPerformEscape` is never asked.
    nonisolated static let barEscapeReaches: [NavigationSeams.Member: Bool] = [
        .shouldPopItem: true,
        .backAction: false,
        .privateBackButtonAction: false,
        .accessibilityEscape: false,
    ]

    @Test(arguments: [IOSProfile.ios13, .ios16, .ios18, .ios26])
    func r57_theBarsEscapeReachesWhatTheBodiesCall(_ profile: IOSProfile) {
        for variants in [Set<String>(), Self.everyAlternative] {
            let nav = navigation(profile, [SimScreen("Home"), SimScreen("Form")])
            nav.ruleVariants = variants
            var reached: Set<NavigationSeams.Member> = []
            nav.seams.shouldPopItem.add(
                ShouldPopItemHook { _ in
                    reached.insert(.shouldPopItem)
                    return false
                })
            nav.seams.backAction.add(
                BackTapHook { _ in
                    reached.insert(.backAction)
                    return .handled
                })
            nav.seams.privateBackButtonAction.add(
                BackTapHook { _ in
                    reached.insert(.privateBackButtonAction)
                    return .handled
                })
            nav.seams.accessibilityEscape.add(
                ExitHook { _ in
                    reached.insert(.accessibilityEscape)
                    return .handled
                })
            nav.accessibilityEscape(focusInNavigationBar: true)
            nav.runUntilIdle()
            for (seam, expected) in Self.barEscapeReaches {
                #expect(reached.contains(seam) == expected, "\(profile) \(seam) \(variants)")
            }
            #expect(nav.screens.count == 2, "navigationBar(_:shouldPop:) refused it")
        }
    }

    // MARK: R79, R80: where the key-command search runs

    /// The responder chains UIKit searches for ⌘[, written from the 26.1 bodies: with a first
    /// responder, the chain from it (its `nextResponder`s); with none, from
    /// `-[UIWindow _responderForKeyEvents]` = the window's `_deepestActionResponder`
    /// `_responderForEditing` (the responder itself), which `-[UINavigationController
    /// _deepestActionResponder]` resolves to the top view controller when that one
    /// `_hasDeepestActionResponder` (R79's documented reading) and to itself otherwise (its
    /// alternative). UIKit's own command is in the navigation controller's `keyCommands`
    /// (`_setupBackKeyCommand`), so the host's command that takes its place is found when the
    /// chain passes `navigationController`.
    private static func chain(_ focus: KeyboardFocus, searchStartsAtNavigationController: Bool) -> [String] {
        switch focus {
        case .textFieldInScreen:
            ["textField", "screenView", "screen", "transitionView", "navigationView", "navigationController"]
        case .textFieldInNavigationBar: ["textField", "navigationBar", "navigationView", "navigationController"]
        case .none:
            searchStartsAtNavigationController
                ? ["navigationController", "window"]
                : ["screen", "transitionView", "navigationView", "navigationController"]
        }
    }

    @Test(arguments: KeyboardFocus.allCases)
    func r80_theHostsCommandIsOnEveryChainTheBodiesSearch(_ focus: KeyboardFocus) {
        for startsAtNavigationController in [false, true] {
            let found = Self.chain(focus, searchStartsAtNavigationController: startsAtNavigationController)
                .contains("navigationController")
            let nav = navigation(.ios26, [SimScreen("Home"), SimScreen("Album")])
            nav.ruleVariants = startsAtNavigationController ? ["R79"] : []
            var reached = 0
            nav.seams.responderKeyCommand.add(
                ExitHook { _ in
                    reached += 1
                    return .handled
                })
            nav.pressBackKeyCommand(focus: focus)
            nav.runUntilIdle()
            #expect(
                (reached == 1) == found,
                "\(focus), starts at the navigation controller: \(startsAtNavigationController)")
        }
    }
}
