import NavigationScenarios
import NavigationSimulator

/// The scenario's screen declarations by name, changed by `set` steps as the run plays. A
/// reference, so the app code a screen carries (its `viewDidAppear` gesture switch, a hosting
/// controller's modifiers) reads the value current when it runs.
@MainActor
final class LiveDeclarations {
    /// The scenario's declarations, their names and the changes of `set` steps by name. The
    /// declarations as the scenario holds them, searched by name, not a dictionary made for each
    /// run: the first of a name counts, as in `Dictionary(_:uniquingKeysWith:)` keeping the first,
    /// which cost a debug build ~11,000 instructions a run (callgrind of a bench worker), where a
    /// scenario declares a few screens and a run makes a few.
    private let declared: [ScreenDeclaration]
    private let names: [String]
    private var changed: [String: ScreenDeclaration] = [:]

    init(_ declared: [ScreenDeclaration]) {
        self.declared = declared
        var names: [String] = []
        names.reserveCapacity(declared.count)
        for index in 0..<declared.count { names.append(declared[index].name) }
        self.names = names
    }

    /// The declaration of the screen `name` now: as the scenario declares it, or as a `set`
    /// step last changed it.
    subscript(name: String) -> ScreenDeclaration? {
        if changed.count != 0, let changed = changed[name] { return changed }
        for index in 0..<names.count where names[index] == name { return declared[index] }
        return nil
    }

    /// A `set` step changed the declaration of the screen `name` to `declaration`.
    func change(_ name: String, to declaration: ScreenDeclaration) { changed[name] = declaration }
}

extension Play {
    /// `set NAME key=value…`: the app changes the screen's preferences. The declaration changes
    /// for the screens pushed later, and each instance in the stack (or presented) gets the new
    /// values at once, as the app's property write does on a device. Nothing else happens: on
    /// UIKit a hiding plugin applies a bar preference at the next `willShow`; a SwiftUI
    /// modifier's probe applies it at once to the destination on top (NavigationHooksSwiftUI's
    /// `applyBar`), so `host swiftui` does.
    mutating func changeScreen(_ name: String, _ change: ScreenChange) {
        guard let declared = declarations[name] else { return }
        let changed = change.applied(to: declared)
        declarations.change(name, to: changed)
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
