import NavigationHooks
import NavigationScenarios
import NavigationSimulator

/// SwiftUI's navigation delegate on the stack of a `host swiftui` scenario (R60): set before any
/// plugin, as SwiftUI sets it when it creates its navigation controller. It keeps the path
/// binding: the app's own path changes set it first (``Play/appChangesPath(to:)``), and a pop
/// the user made is heard only here, after UIKit popped, when the transition shows the new top
/// (R65). A cancelled swipe ends with the old top shown again (R10, R42: from iOS 18 a `willShow`
/// and a `didShow` for it), so the path stays.
@MainActor
final class SwiftUIStackDelegate: SimNavigationDelegate {
    /// The path binding the app last heard: the screens above the root.
    private(set) var path: [String] = []
    /// The stack, weak: it owns its delegate slot.
    weak var nav: SimNavigationController?

    func willShow(_ screen: SimScreen, animated: Bool) {}

    func didShow(_ screen: SimScreen, animated: Bool) {
        guard let nav else { return }
        // R65: SwiftUI writes the binding from the stack UIKit now shows.
        path = nav.viewControllers.dropFirst().map(\.screenName)
    }

    /// The app writes the binding (`path.append`, `removeLast`, …) before the stack follows.
    func set(_ newPath: [String]) { path = newPath }
}

extension Play {
    /// `host swiftui`: the app's own `push`, `pop`, `pop-to`, `pop-to-root` and `set-stack` are
    /// path changes; the binding holds the new path before SwiftUI moves the stack.
    /// `stack` is computed only for a SwiftUI host (an autoclosure): a UIKit scenario's app
    /// steps cost no copy of the stack, so a file's time stays linear in its steps.
    func appChangesPath(to stack: @autoclosure () -> [String]) {
        guard isSwiftUI else { return }
        swiftUIDelegate.set(Array(stack().dropFirst()))
    }

    /// `host swiftui`: the screen is a hosting controller that rewrites its item and bar state on
    /// every appearance (R62), so its preferences go back to a hosting controller's defaults in
    /// `viewWillAppear`; with `preferences=modifiers` or `probe` NavigationHooksSwiftUI's probe,
    /// resolved in the same callback (R63), writes the declared ones again at once (the view's
    /// current values: a `set` step's from then on). SwiftUI then sets the bar from its own
    /// toolbar state (R77), which says hidden only where the screen stated it in SwiftUI's terms
    /// (`preferences=modifiers`); the probe applies the screen's bar once more in
    /// `viewDidAppear` (R62).
    mutating func makeHostingController(_ screen: SimScreen) {
        guard isSwiftUI else { return }  // `scenario.…` from here copied the whole scenario
        let reapplies = scenario.host.preferences != .once
        let statesInSwiftUITerms = scenario.host.preferences == .modifiers
        let declarations = declarations
        let name = screen.screenName
        let appOwn = screen.onViewWillAppear
        let keepsItem = nav.playsAlternative(of: "R62")  // R62 alt: nothing is rewritten
        screen.onViewWillAppear = { [unowned screen, unowned nav] animated in
            nav.noteInferredRule("R62")
            if !keepsItem {
                screen.prefersNavigationBarHidden = false  // R62
                screen.isPopGestureEnabled = true
            }
            if reapplies || keepsItem {  // R63
                let declaration = declarations[name]
                screen.prefersNavigationBarHidden = declaration?.bar == .hidden
                screen.isPopGestureEnabled = declaration?.gesture != .disabled
            }
            appOwn?(animated)
            let swiftUIHidden = statesInSwiftUITerms && declarations[name]?.bar == .hidden
            nav.hostSetsNavigationBarHidden(swiftUIHidden, animated: animated, for: screen)  // R77
        }
        guard reapplies else { return }
        let appDidAppear = screen.onViewDidAppear
        screen.onViewDidAppear = { [unowned screen, unowned nav] animated in
            appDidAppear?(animated)
            // The probe's second resolution (NavigationPreferenceProbeController.viewDidAppear).
            if nav.topViewController === screen, nav.isNavigationBarHidden != screen.prefersNavigationBarHidden {
                nav.setNavigationBarHidden(screen.prefersNavigationBarHidden, animated: false)
            }
        }
    }

    /// SwiftUI's own toolbar state for a screen: hidden only where the screen stated it in
    /// SwiftUI's terms, as `preferences=modifiers` does (R77).
    func swiftUIStatesBarHidden(_ declaration: ScreenDeclaration?) -> Bool {
        declaration?.bar == .hidden && scenario.host.preferences == .modifiers
    }

    /// `swiftui-update`: SwiftUI updates the top destination without an appearance callback and
    /// sets the bar from its own toolbar state (R77); no probe runs, so nothing re-applies the
    /// screen's preference.
    func swiftUIUpdatesTop() -> String? {
        guard let top = nav.topViewController else { return "no screen to update" }
        guard nav.presentedScreen == nil else { return "a modal is over the navigation controller" }
        nav.hostSetsNavigationBarHidden(
            swiftUIStatesBarHidden(declarations[top.screenName]), animated: false, for: top)
        return nil
    }
}
