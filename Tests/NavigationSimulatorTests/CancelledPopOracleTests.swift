import NavigationSimulator
import Testing

/// R42 and R10, settled by `-[UINavigationController
/// _didCancelTransitionFromViewController:toViewController:wrapperView:wasCustom:]`, the same
/// body in three restore images: EthanArbuckle/iPhone18-3_26.1_23B85_Restore
/// (`UIKitCore.framework/UIKitCore/UINavigationController.mm`), EthanArbuckle/iPhone17-1_18.2_22C152_Restore
/// and EthanArbuckle/iPad_10.2_18.0_22A3354_Restore (`UIKitCore.framework/UINavigationController.m`).
/// The oracle is a table written from that body, not from the simulator's code:
///
/// ```
/// [to cancelBeginAppearanceTransition]; [from cancelBeginAppearanceTransition];
/// if (dyld_program_sdk_at_least(…)) {                       // linked on or after (version hidden)
///   if (appearState is appearing or appeared) {
///     if ([delegate respondsToSelector:willShow]) [delegate …willShowViewController:from …];
///     if ([delegate respondsToSelector:didShow])  [delegate …didShowViewController:from …];
///   }
/// }
/// post UINavigationControllerDidCancelShowingViewControllerNotification
/// ```
///
/// `from` is the pop's from-controller: the screen that stays. The images are 18.0 and later;
/// before iOS 18 the table holds the radar's reading (R10, openradar 21137690: neither call), and
/// R10's alternative is the body's.
@MainActor
@Suite struct CancelledPopOracleTests {
    /// One row: a profile, whether the body's calls run there (iOS 18+, or R10's alternative
    /// before), and whether the app's delegate responds to `willShow` (R55).
    struct Row: Sendable, CustomStringConvertible {
        let profile: IOSProfile
        let playsR10Alternative: Bool
        let respondsToWillShow: Bool
        /// What the delegate hears after the cancel's appearance callbacks.
        let callsAfterCancel: [String]

        var description: String {
            "\(profile) R10 alt \(playsR10Alternative) respondsToWillShow \(respondsToWillShow)"
        }
    }

    /// The body's calls for the screen that stays ("Editor"), as the table above sends them.
    nonisolated static func bodyCalls(respondsToWillShow: Bool) -> [String] {
        (respondsToWillShow ? ["willShow Editor"] : []) + ["didShow Editor"]
    }

    nonisolated static let table: [Row] = IOSProfile.allCases.flatMap { profile in
        [false, true].flatMap { alternative in
            [true, false].map { responds in
                let bodyRuns = profile.majorVersion >= 18 || alternative
                return Row(
                    profile: profile, playsR10Alternative: alternative, respondsToWillShow: responds,
                    callsAfterCancel: bodyRuns ? bodyCalls(respondsToWillShow: responds) : [])
            }
        }
    }

    /// The app's delegate, with the `responds(to:)` answer for `willShow` UIKit caches (R55).
    final class Delegate: SimNavigationDelegate {
        var calls: [String] = []
        var animated: [Bool] = []
        let respondsToWillShow: Bool
        init(respondsToWillShow: Bool) { self.respondsToWillShow = respondsToWillShow }

        func willShow(_ screen: SimScreen, animated: Bool) {
            calls.append("willShow \(screen.screenName)")
            self.animated.append(animated)
        }

        func didShow(_ screen: SimScreen, animated: Bool) {
            calls.append("didShow \(screen.screenName)")
            self.animated.append(animated)
        }
    }

    @Test(arguments: table)
    func r42_theCancelEndsAsTheBodySays(_ row: Row) {
        let nav = SimNavigationController(profile: row.profile)
        let delegate = Delegate(respondsToWillShow: row.respondsToWillShow)
        nav.delegate = delegate
        nav.setViewControllers([SimScreen("Home"), SimScreen("Editor")], animated: false)
        nav.runUntilIdle()
        nav.ruleVariants = row.playsR10Alternative ? ["R10"] : []
        delegate.calls = []
        delegate.animated = []
        let start = nav.timeline.events.count

        nav.swipeBack(.edge, progress: 0.3, release: .cancel)
        nav.runUntilIdle()

        // R9: the swipe's own willShow names the screen underneath; then what the body sends.
        let began = row.respondsToWillShow ? ["willShow Home"] : []
        #expect(delegate.calls == began + row.callsAfterCancel, "\(row)")
        // `animated` is the last operation's (an interactive pop: animated).
        #expect(delegate.animated.allSatisfy { $0 }, "\(row)")
        #expect(nav.screens.map(\.screenName) == ["Home", "Editor"], "\(row)")

        // The body's order: both screens' cancelBeginAppearanceTransition (the appearance
        // callbacks that end the cancel, R13), then the delegate's calls.
        let events = nav.timeline.events[start...]
        guard
            let ended = events.firstIndex(where: {
                if case .transitionEnded(_, true) = $0.kind { return true }
                return false
            })
        else {
            Issue.record("no cancelled transition: \(row)")
            return
        }
        let afterEnd: [String] = events[ended...].compactMap { event in
            switch event.kind {
            case .appearance(let screen, let phase, _): "\(screen).\(phase.rawValue)"
            case .delegateCall(let call) where call.method == .didShow: "didShow \(call.screen)"
            case .delegateCall(let call) where row.respondsToWillShow: "willShow \(call.screen)"
            default: nil
            }
        }
        let appearances = afterEnd.filter { !$0.hasPrefix("willShow") && !$0.hasPrefix("didShow") }
        #expect(appearances.count == 4, "\(row): \(afterEnd)")
        #expect(Array(afterEnd.dropFirst(appearances.count)) == row.callsAfterCancel, "\(row): \(afterEnd)")
    }

    /// The body decided R42: it is no longer an inferred rule, and its alternative (the screen
    /// underneath) is gone; R10 stays inferred before iOS 18 only.
    @Test(arguments: IOSProfile.allCases)
    func r42_isObservedAndR10InferredOnlyBefore18(_ profile: IOSProfile) {
        #expect(RuleVariants.alternatives["R42"] == nil)
        #expect(RuleVariants.alternatives["R10"] != nil)
        let nav = SimNavigationController(profile: profile)
        nav.setViewControllers([SimScreen("Home"), SimScreen("Editor")], animated: false)
        nav.runUntilIdle()
        nav.swipeBack(.edge, progress: 0.3, release: .cancel)
        nav.runUntilIdle()
        let inferred = Detectors.analyze(nav.timeline).inferredRules
        #expect(!inferred.contains("R42"))
        #expect(inferred.contains("R10") == (profile.majorVersion < 18))
    }
}
