import NavigationHooks
import NavigationRecording
import NavigationSimulator
import Testing

/// The UIKit host's reading of the app's navigation from `willShow`, driven by the simulator's
/// delegate calls: the world here is UIKit's callback order as the simulator models it (R9:
/// `willShow` with the stack without the leaving screen when a swipe begins; R10: no `didShow`
/// when it is cancelled through iOS 17; R42: a `willShow` and a `didShow` for the staying screen
/// from iOS 18, during the user's swipe), not the tracker.
@MainActor
struct AppNavigationTrackerTests {
    /// Forwards the delegate calls as the UIKit host does while a recorder is attached.
    final class HostWiring: SimNavigationDelegate {
        weak var nav: SimNavigationController?
        var tracker = AppNavigationTracker(stack: [])
        var userInput = false
        var reported: [String] = []

        func willShow(_ screen: SimScreen, animated: Bool) {
            guard let nav else { return }
            let event = tracker.willShow(nav.viewControllers, animated: animated, isAppNavigation: !userInput)
            switch event {
            case .pushed(let screen, _)?: reported.append("push \(screen.screenName)")
            case .popped?: reported.append("pop")
            case .stackSet(let screens, _)?:
                reported.append("set-stack " + screens.map(\.screenName).joined(separator: " "))
            case nil: break
            default: reported.append("other")
            }
        }

        func didShow(_ screen: SimScreen, animated: Bool) {
            guard let nav else { return }
            tracker.settled(nav.viewControllers)
        }
    }

    /// `refreshesOnCancel`: the host re-reads the stack when the cancelled transition ended.
    static func pushAfterACancelledSwipe(_ profile: IOSProfile, refreshesOnCancel: Bool) -> [String] {
        let nav = SimNavigationController(profile: profile)
        let wiring = HostWiring()
        wiring.nav = nav
        nav.delegate = wiring
        nav.setViewControllers([SimScreen("Inbox")], animated: false)
        nav.runUntilIdle()
        wiring.tracker = AppNavigationTracker(stack: nav.viewControllers)  // the recorder attaches here
        wiring.reported = []
        nav.pushViewController(SimScreen("Thread"), animated: true)
        nav.runUntilIdle()
        wiring.userInput = true
        nav.swipeBack(.edge, progress: 0.3, release: .cancel)
        nav.runUntilIdle()
        wiring.userInput = false
        if refreshesOnCancel { wiring.tracker.settled(nav.viewControllers) }
        nav.pushViewController(SimScreen("Reply"), animated: true)
        nav.runUntilIdle()
        return wiring.reported
    }

    @Test(arguments: IOSProfile.allCases)
    func afterACancelledSwipeTheAppsPushIsAPush(_ profile: IOSProfile) {
        #expect(Self.pushAfterACancelledSwipe(profile, refreshesOnCancel: true) == ["push Thread", "push Reply"])
    }

    /// What the host did before: through iOS 17 nothing tells it the screen came back, so the
    /// push after the cancelled swipe reads as a stack replacement; from iOS 18 the cancel's
    /// `willShow` and `didShow` do (R42).
    @Test(arguments: IOSProfile.allCases)
    func withoutTheRefreshUIKitsMissingDidShowMakesItASetStack(_ profile: IOSProfile) {
        let reported = Self.pushAfterACancelledSwipe(profile, refreshesOnCancel: false)
        if profile >= .ios18 {
            #expect(reported == ["push Thread", "push Reply"])
        } else {
            #expect(reported == ["push Thread", "set-stack Inbox Thread Reply"])
        }
    }
}
