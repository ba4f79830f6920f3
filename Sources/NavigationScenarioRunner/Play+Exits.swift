import NavigationHooks
import NavigationScenarios
import NavigationSimulator

extension Play {
    /// Plays an exit step (R50–R53) or the app's answer to a confirmation; the reason it
    /// cannot happen now, or `nil` when it was played.
    func performExit(_ action: ScenarioStep.Action) -> String? {
        if nav.isSheetDismissed { return "the sheet was dismissed" }
        switch action {
        case .voiceOverEscape, .voiceOverEscapeInBar, .keyBack:
            guard let top = nav.topViewController, nav.viewControllers.count > 1 || top.hasCustomBackButton else {
                return "nothing to go back to at the root"
            }
            guard nav.presentedScreen == nil else { return "a modal is over the navigation controller" }
            switch action {
            case .voiceOverEscape: nav.accessibilityEscape()
            case .voiceOverEscapeInBar: nav.accessibilityEscape(focusInNavigationBar: true)  // R57
            default: nav.pressBackKeyCommand()
            }
        case .swipeDownSheet:
            guard nav.presentedScreen == nil else { return "a modal is over the navigation controller" }
            nav.isPresentedAsSheet = true
            nav.swipeDownSheet()
        case .trackpadSwipe(let progress, let release):
            nav.trackpadSwipeBack(progress: progress, release: release == .finish ? .finish : .cancel)
        case .confirm(let answer):
            guard let attempt = nav.hooks.dispatcher.pendingLeaveAttempt else { return "no confirmation is showing" }
            if answer == .discard { attempt.proceed() } else { attempt.cancel() }
        default:
            return nil
        }
        return nil
    }
}
