#if canImport(SwiftUI) && canImport(UIKit)
    internal import NavigationHooks
    internal import SwiftUI  // on iOS it brings UIKit's types; UIKit code itself stays in NavigationHooksUIKit

    /// One preference a SwiftUI modifier declares: how to write it into a screen's
    /// ``NavigationHooks/ScreenPreferences`` and how to take it back out.
    @MainActor
    struct DeclaredPreference {
        /// Writes the declared value.
        var apply: @MainActor (ScreenPreferences) -> Void
        /// Restores UIKit's default when the view leaves its destination.
        var reset: @MainActor (ScreenPreferences) -> Void
        /// `true` when the preference concerns the navigation bar, which is applied at once
        /// while the destination is on top (the hiding plugins only act in `willShow`).
        var affectsBar: Bool = false
    }

    /// The zero-size representable every modifier of this module adds behind its view.
    @MainActor
    struct NavigationPreferenceProbe: UIViewControllerRepresentable {
        var preference: DeclaredPreference
        var composition: @MainActor () -> StrategyComposition

        func makeUIViewController(context: Context) -> NavigationPreferenceProbeController {
            NavigationPreferenceProbeController(preference: preference, composition: composition)
        }

        func updateUIViewController(
            _ controller: NavigationPreferenceProbeController, context: Context
        ) {
            // Its parent may still be nil here at the first update (R63): `update` only stores
            // the value and applies it to a destination already resolved.
            controller.update(preference)
        }

        static func dismantleUIViewController(
            _ controller: NavigationPreferenceProbeController, coordinator: ()
        ) {
            controller.detach()
        }
    }

    /// The probe's controller: resolves its destination hosting controller in
    /// `didMove(toParent:)` and `viewWillAppear(_:)` (R63), holds it weakly, re-resolves when
    /// re-parented, and applies the declared preference to it on every appearance (R62). Where
    /// navigation controllers nest, it installs on every one above it (the outer one owns the
    /// back button, the swipe and the bar of a collapsed split view, R75, R76) and the
    /// enclosing stacks' children carry the preference while the screen is shown. The
    /// bookkeeping is ``NavigationHooks/PreferenceAttachment``'s and
    /// ``NavigationHooks/NavigationExits``', tested on Linux; this class only walks UIKit's parents.
    @MainActor
    final class NavigationPreferenceProbeController: InvisibleProbeController {
        private var preference: DeclaredPreference
        private let composition: @MainActor () -> StrategyComposition
        private let attachment: PreferenceAttachment<UIViewController>

        init(preference: DeclaredPreference, composition: @escaping @MainActor () -> StrategyComposition) {
            self.preference = preference
            self.composition = composition
            self.attachment = PreferenceAttachment(
                apply: Self.writing(preference.apply), reset: Self.writing(preference.reset))
            super.init()
        }

        override func didMove(toParent parent: UIViewController?) {
            super.didMove(toParent: parent)
            // Parented is not shown (a tab not selected yet): the carriers wait for an appearance.
            resolve(animated: false, carries: false)
        }

        override func viewWillAppear(_ animated: Bool) {
            super.viewWillAppear(animated)
            resolve(animated: animated, carries: true)
        }

        override func viewDidAppear(_ animated: Bool) {
            super.viewDidAppear(animated)
            // Hosting controllers rewrite their navigation item and bar between viewWillAppear
            // and viewDidAppear (R62): apply once more when the transition is over.
            resolve(animated: false, carries: true)
        }

        override func viewWillDisappear(_ animated: Bool) {
            super.viewWillDisappear(animated)
            // Covered or leaving: the enclosing stacks' exits no longer lead out of this screen
            // (R75). A cancelled swipe brings viewWillAppear again (R13), which carries it back.
            attachment.dropCarriers()
        }

        /// Stores a new value from SwiftUI and applies it to the resolved destination and
        /// carriers, if any.
        func update(_ newPreference: DeclaredPreference) {
            preference = newPreference
            attachment.update(apply: Self.writing(newPreference.apply))
            if attachment.destination != nil { applyBar(exits(), animated: false) }
        }

        /// Writes into a destination's preferences; a changed look reaches the installed
        /// appearance strategy as `UIViewController.navigationBarLook`'s setter makes it (R155):
        /// the composition is installed before the first write, and a look driven by SwiftUI
        /// state changes while the screen is shown.
        private static func writing(
            _ write: @escaping @MainActor (ScreenPreferences) -> Void
        ) -> @MainActor (UIViewController) -> Void {
            { destination in
                guard destination.navigationPreferences.write(write),
                    let stack = destination.navigationController, stack.viewControllers.contains(destination)
                else { return }
                stack.navigationHost.lookChangeHandler?(destination)
            }
        }

        /// The view left: its destination goes back to UIKit's default for this preference.
        func detach() { attachment.detach() }

        /// Every navigation controller above the probe (R75), found afresh each time: holding
        /// them would retain the probe's own ancestors from inside one of them.
        private func exits() -> NavigationExits<UIViewController> {
            NavigationExits(
                above: self, parent: { $0.parent }, isStack: { $0 is UINavigationController },
                sharesBarWithEnclosingStack: Self.sharesBarWithEnclosingStack)
        }

        /// R76: a navigation controller that is the direct child of another is nested (UIKit
        /// sets its private nested flag when a collapsing split view puts it there, and its
        /// `isNavigationBarHidden` then reads the outermost one's); from iOS 27.3 a stack also
        /// shows its bar content in an enclosing one's bar when neither opted out with
        /// `barContainerBehavior = .local` (`.automatic` lets the system integrate them).
        private static func sharesBarWithEnclosingStack(_ stack: UIViewController) -> Bool {
            if stack.parent is UINavigationController { return true }
            if #available(iOS 27.3, *) {
                guard let inner = stack as? UINavigationController, let outer = inner.navigationController else {
                    return false
                }
                return inner.barContainerBehavior != .local && outer.barContainerBehavior != .local
            }
            return false
        }

        /// Safe to run repeatedly: finds the destination (the first ancestor whose parent is a
        /// navigation controller, R61) and the stacks enclosing it, installs the composition
        /// once on each (R75), moves the preference if the probe was re-parented, applies it
        /// to the destination and, when `carries` (the screen is appearing), to the enclosing
        /// stacks' children.
        private func resolve(animated: Bool, carries: Bool) {
            let found = exits()
            for case let navigationController as UINavigationController in found.stacks {
                NavigationHooksInstaller.installOnce(on: navigationController, composition)
            }
            guard attachment.resolve(found.destination) else { return }
            if carries { attachment.carry(found.carriers(affectsBar: preference.affectsBar)) }
            applyBar(found, animated: animated)
        }

        /// The hiding plugins apply a screen's bar preference in `willShow`, which may come before
        /// the probe has a parent (R63): a destination its bar shows gets its bar state at once,
        /// on the navigation controller that owns that bar (the outermost of nested ones, R76).
        private func applyBar(_ found: NavigationExits<UIViewController>, animated: Bool) {
            guard preference.affectsBar, let destination = found.destination,
                let owner = found.barOwner(isTop: { ($0 as? UINavigationController)?.topViewController === $1 })
                    as? UINavigationController
            else { return }
            let hidden = destination.navigationPreferences.prefersNavigationBarHidden
            guard owner.isNavigationBarHidden != hidden else { return }
            owner.navigationHost.setNavigationBarHidden(hidden, animated: animated)
        }
    }

    /// Installs the composition a modifier asks for once per navigation controller: the host
    /// wraps the delegates SwiftUI set (navigation, pop gesture, sheet presentation) and forwards
    /// to them (R64), so the path binding keeps being updated.
    @MainActor
    enum NavigationHooksInstaller {
        static func installOnce(
            on navigationController: UINavigationController,
            _ composition: @MainActor () -> StrategyComposition
        ) {
            let hooks = navigationController.navigationHooks
            let wanted = composition()
            // A navigation controller the app already gave plugins to keeps its own choice.
            guard !wanted.plugins.contains(where: { hooks.installation(named: type(of: $0).pluginName) != nil })
            else { return }
            do {
                try navigationController.installNavigationHooks(wanted)
            } catch {
                assertionFailure("NavigationHooksSwiftUI: installing \(wanted.names) failed: \(error)")
            }
        }
    }
#endif
