import NavigationHooks
import NavigationScenarios
import NavigationSimulator

extension Play {
    /// The `app-bar` line: the app's appearance, set before the bar enters a window (R101, R130).
    static func applyAppBar(_ declaration: AppBarDeclaration?, to nav: SimNavigationController) {
        guard let declaration else { return }
        nav.appBarLook = declaration.look
        nav.appScrollEdgeLook = declaration.scrollEdge == .standard ? declaration.look : nil
    }

    /// `scroll NAME away|top`: the user scrolls the top screen's content (R103, R131, R132);
    /// the reason it is skipped when NAME is not on top.
    func scroll(_ name: String, awayFromTop: Bool) -> String? {
        guard let top = nav.topViewController, top.screenName == name, nav.presentedScreen == nil else {
            return "\(name) is not the top screen"
        }
        nav.scroll(top, awayFromTop: awayFromTop)
        return nil
    }

    /// The look `expect look NAME` wants: what the simulator says the screen wants (its stated
    /// look, or UIKit's own bar at its scroll position, R103) for the screen on top or in the
    /// stack; for a screen not shown, its declared look over the app's, or the app's.
    func wantedLook(of name: String) -> NavigationBarLook {
        if let screen = nav.viewControllers.last(where: { $0.screenName == name }) {
            return nav.wantedBarLook(of: screen)
        }
        return declarations[name]?.look?.over(nav.appBarLook) ?? nav.appBarLook
    }
}
