import NavigationHooks
import NavigationSimulator

/// A navigation controller already showing `stack`, idle.
@MainActor
func navigation(_ stack: [SimScreen]) -> SimNavigationController { navigation(.ios17, stack) }

/// A navigation controller of `profile` already showing `stack`, idle.
@MainActor
func navigation(_ profile: IOSProfile, _ stack: [SimScreen]) -> SimNavigationController {
    let nav = SimNavigationController(profile: profile)
    nav.setViewControllers(stack, animated: false)
    nav.runUntilIdle()
    return nav
}

/// The app's own navigation delegate, recording what it was told.
@MainActor
final class RecordingDelegate: SimNavigationDelegate {
    var calls: [String] = []
    var onWillShow: ((SimScreen) -> Void)?

    func willShow(_ screen: SimScreen, animated: Bool) {
        calls.append("willShow \(screen.screenName)")
        onWillShow?(screen)
    }

    func didShow(_ screen: SimScreen, animated: Bool) { calls.append("didShow \(screen.screenName)") }
}

extension Timeline {
    /// Appearance callbacks recorded from event `index` on, as `Screen.phase`.
    func callbacks(from index: Int = 0) -> [String] {
        events[index...].compactMap { event in
            if case .appearance(let screen, let phase, _) = event.kind {
                return "\(screen).\(phase.rawValue)"
            }
            return nil
        }
    }

    /// The `animated` arguments of appearance callbacks from event `index` on.
    func animatedFlags(from index: Int = 0) -> [Bool] {
        events[index...].compactMap { event in
            if case .appearance(_, _, let animated) = event.kind { return animated }
            return nil
        }
    }

    /// Delegate calls UIKit made on the slot from event `index` on.
    func delegateCalls(from index: Int = 0) -> [String] {
        events[index...].compactMap { event in
            if case .delegateCall(let call) = event.kind {
                return "\(call.method.rawValue) \(call.screen)"
            }
            return nil
        }
    }

    func contains(from index: Int = 0, where predicate: (TimelineEvent.Kind) -> Bool) -> Bool {
        events[index...].contains { predicate($0.kind) }
    }
}

extension SimNavigationController {
    var names: [String] { viewControllers.map(\.screenName) }
    var mark: Int { timeline.events.count }
}

/// The naive "whoever changes it restores it" bar hiding of seed 001 (Seeds.md), as app code.
@MainActor
func hideBarWhileOnTop(
    _ screen: SimScreen, in nav: SimNavigationController, animatedOnDisappear: Bool? = nil
) {
    screen.onViewWillAppear = { [unowned nav] animated in
        nav.setNavigationBarHidden(true, animated: animated)
    }
    screen.onViewWillDisappear = { [unowned nav] animated in
        nav.setNavigationBarHidden(false, animated: animatedOnDisappear ?? animated)
    }
}
