import NavigationScenarios
import NavigationSimulator

/// The scenario's screen declarations by name, changed by `set` steps as the run plays. A
/// reference, so the app code a screen carries (its `viewDidAppear` gesture switch, a hosting
/// controller's modifiers) reads the value current when it runs.
@MainActor
final class LiveDeclarations {
    private var byName: [String: ScreenDeclaration]

    init(_ byName: [String: ScreenDeclaration]) { self.byName = byName }

    subscript(name: String) -> ScreenDeclaration? {
        get { byName[name] }
        set { byName[name] = newValue }
    }
}

extension Play {
    /// `set NAME key=value…`: the app changes the screen's preferences. The declaration changes
    /// for the screens pushed later, and each instance in the stack (or presented) gets the new
    /// values at once, as the app's property write does on a device. Nothing else happens: on
    /// UIKit a hiding plugin applies a bar preference at the next `willShow`; a SwiftUI
    /// modifier's probe applies it at once to the destination on top (NavigationHooksSwiftUI's
    /// `applyBar`), so `host swiftui` does.
    func changeScreen(_ name: String, _ change: ScreenChange) {
        guard let declared = declarations[name] else { return }
        let changed = change.applied(to: declared)
        declarations[name] = changed
        var live = nav.viewControllers.filter { $0.screenName == name }
        if let presented = nav.presentedScreen, presented.screenName == name { live.append(presented) }
        for screen in live { apply(changed, to: screen) }
        guard scenario.host.isSwiftUI, scenario.host.preferences == .modifiers, change.bar != nil,
            let top = nav.topViewController, top.screenName == name, nav.presentedScreen == nil,
            nav.isNavigationBarHidden != top.prefersNavigationBarHidden
        else { return }
        nav.setNavigationBarHidden(top.prefersNavigationBarHidden, animated: false)
    }
}
