import NavigationScenarios
import NavigationSimulator

// The runner's set-up of the app-side patterns (``AppCodePatterns``).
extension Play {
    /// What the app does once the plugins are installed and before the root appears: sets its
    /// navigation delegate (`delegate after-plugins`) and its always-yes pop-gesture delegate
    /// (`gesture-delegate always-yes`, seed 000's base class, Seeds.md). Both go through the slots'
    /// setters, as app code does.
    ///
    /// `mutating` though it changes nothing of `Play`, as ``registerAppGuard()``.
    mutating func applyAppCodeAfterPlugins() {
        if scenario.installsOwnDelegate, scenario.appCode.delegateOrder == .afterPlugins {
            nav.delegate = appDelegate
        }
        if scenario.appCode.gestureDelegate == .alwaysYes {
            nav.edgePopGestureDelegate = AlwaysBeginGestureDelegate()  // R16 when it begins at the root
        }
    }

    /// `gesture-switch`: the app's `viewDidAppear` switches the edge recognizer itself.
    /// - `sticky`: a `gesture=disabled` screen turns it off; nothing turns it on again
    ///   (wix/react-native-navigation #5502).
    /// - `every-appear`: every screen sets it, off on the root and on `gesture=disabled`
    ///   screens (seed 000's fix for R16).
    ///
    /// Each reads the screen's declaration when it runs, so a `set` step's `gesture=` counts
    /// from the screen's next appearance on, as the app's `viewDidAppear` would see it.
    mutating func applyGestureSwitch(to screen: SimScreen) {
        let declarations = declarations
        let name = screen.screenName
        switch scenario.appCode.gestureSwitch {
        case .none:
            return
        case .sticky:
            screen.onViewDidAppear = { [unowned nav] _ in
                if declarations[name]?.gesture == .disabled { nav.isEdgePopGestureEnabled = false }
            }
        case .everyAppear:
            screen.onViewDidAppear = { [unowned nav, unowned screen] _ in
                let disabled = declarations[name]?.gesture == .disabled
                nav.isEdgePopGestureEnabled = !disabled && nav.viewControllers.first !== screen
            }
        }
    }
}

extension Scenario {
    /// `name`, or `name:mode` when the file gives the plugin a mode (`plugin NAME:MODE`).
    func pluginSpelling(_ name: String) -> String {
        pluginModes[name].map { "\(name):\($0)" } ?? name
    }
}
