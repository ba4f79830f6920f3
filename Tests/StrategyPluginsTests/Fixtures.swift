import NavigationHooks
import NavigationSimulator
import NavigationStrategies

/// Builders shared by the plugin tests.
@MainActor
enum Fixture {
    /// A screen whose app refuses every user-initiated pop (through its own `popGuard`,
    /// the one place every plugin reads), marked `refusesUserPop` for the detectors.
    static func guardedScreen(_ name: String, customBack: Bool = false) -> SimScreen {
        let screen = SimScreen(
            name, refusesUserPop: true, hasCustomBackButton: customBack)
        screen.popGuard = { context in
            context.trigger.isUserInitiated ? .deny(reason: "unsaved draft") : .pass
        }
        return screen
    }

    /// A screen that asks before the user leaves it: its confirmation keeps every attempt
    /// in `attempts` for the test to answer (the detectors read that it has one).
    static func confirmingScreen(
        _ name: String, customBack: Bool = false, attempts: LeaveAttemptLog
    ) -> SimScreen {
        let screen = SimScreen(name, hasCustomBackButton: customBack)
        screen.leaveConfirmation = LeaveConfirmation { attempt in attempts.asked.append(attempt) }
        return screen
    }

    /// A screen that wants its bar hidden.
    static func hiddenBarScreen(_ name: String) -> SimScreen {
        SimScreen(name, prefersNavigationBarHidden: true)
    }

    /// A controller showing `screens`, idle.
    static func navigation(_ profile: IOSProfile, _ screens: [SimScreen]) -> SimNavigationController {
        let nav = SimNavigationController(profile: profile)
        nav.setViewControllers(screens, animated: false)
        nav.runUntilIdle()
        return nav
    }

    /// The custom back button's action, as seed 003 (Seeds.md) writes it: the base-class guard's
    /// pop request where that plugin is installed, a plain pop otherwise.
    static func wireCustomBack(_ screen: SimScreen, on nav: SimNavigationController) {
        screen.customBackAction = { [unowned nav] in
            if nav.hooks.isInstalled(BaseClassGuardPlugin.self) {
                BaseClassGuardPlugin.requestPop(on: nav)
            } else {
                nav.popViewController(animated: true)
            }
        }
    }

    /// `true` while `screen` is on top and its sheet, if any, was not dismissed.
    static func stays(_ screen: SimScreen, on nav: SimNavigationController) -> Bool {
        nav.screens.last === screen && !nav.isSheetDismissed
    }

    /// Performs a user's "back" by `trigger` on the top screen, if the profile has it.
    /// - Returns: `false` when the trigger does not exist on this profile.
    static func performUserBack(_ trigger: PopTrigger, on nav: SimNavigationController) -> Bool {
        switch trigger {
        case .backButton, .customBackButton: nav.tapBack()
        case .backMenu:
            guard nav.profile.majorVersion >= 14 else { return false }
            if let root = nav.backMenuDestinations().last { nav.chooseFromBackMenu(root) }
        case .edgeGesture: nav.swipeBack(.edge, progress: 0.7, release: .finish)
        case .contentGesture:
            guard nav.profile.majorVersion >= 26 else { return false }
            nav.swipeBack(.content, progress: 0.7, release: .finish)
        case .accessibilityEscape: nav.accessibilityEscape()
        case .backKeyCommand:
            guard nav.capabilities.hasBackKeyCommand else { return false }
            nav.pressBackKeyCommand()
        case .sheetDismissal:
            nav.isPresentedAsSheet = true
            nav.swipeDownSheet()
        case .programmatic, .popToRoot, .setViewControllers: return false
        }
        nav.runUntilIdle()
        return true
    }
}

/// The attempts a confirming screen was asked about, in order.
@MainActor
final class LeaveAttemptLog {
    var asked: [LeaveAttempt] = []
}
