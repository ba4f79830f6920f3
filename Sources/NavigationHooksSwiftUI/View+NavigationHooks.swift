#if canImport(SwiftUI) && canImport(UIKit)
    public import NavigationHooks
    public import SwiftUI

    extension View {
        /// Ask before the user leaves this destination while `isActive`: the back button, a
        /// back-menu pick, the edge and content swipes, VoiceOver's escape, ⌘[ and the
        /// swipe-down of the sheet the stack is presented in each stop and call `ask` once.
        ///
        /// ```swift
        /// DraftEditor()
        ///     .leaveConfirmation(isActive: hasUnsavedChanges) { attempt in showDiscardDialog(attempt) }
        /// ```
        ///
        /// `attempt.proceed()` pops the way the user asked, and SwiftUI then sets the path binding
        /// to match the stack (R65); `attempt.cancel()` stays. Pops the app makes by changing the
        /// path or calling `dismiss` are its own and never ask. The first modifier of this module
        /// on a stack installs ``NavigationStrategies/StrategyComposition/recommended`` on its
        /// navigation controller (unless the app installed plugins there itself).
        public func leaveConfirmation(
            isActive: Bool, _ ask: @escaping @MainActor (LeaveAttempt) -> Void
        ) -> some View {
            let confirmation = isActive ? LeaveConfirmation(ask) : nil
            return navigationPreference(
                DeclaredPreference(
                    apply: { $0.leaveConfirmation = confirmation },
                    reset: { $0.leaveConfirmation = nil }))
        }

        /// The destination wants the navigation bar hidden while it is on top, without killing
        /// the swipe back (the recommended composition keeps it alive, R66). Applied again on
        /// every appearance, because hosting controllers rewrite their bar state (R62), and
        /// stated in SwiftUI's own terms too (`.toolbar(.hidden, for: .navigationBar)` on iOS
        /// 16+, `navigationBarHidden(true)` before): SwiftUI sets the bar from its own state on
        /// later updates, outside the appearance callbacks, and would show it again (R77).
        public func prefersNavigationBarHidden(_ hidden: Bool) -> some View {
            navigationPreference(
                DeclaredPreference(
                    apply: { $0.prefersNavigationBarHidden = hidden },
                    reset: { $0.prefersNavigationBarHidden = false },
                    affectsBar: true)
            )
            .modifier(SwiftUIBarVisibility(hidden: hidden))
        }

        /// How the bar looks while this destination is on top (``NavigationBarLook``: a colour or
        /// transparent, an alpha, the shadow, tint, title and style); `nil` leaves the app's
        /// appearance alone. The recommended composition's `TransitionBarBackground` gives the
        /// destination's hosting controller its own bar background that moves with it in a push,
        /// a pop and a swipe (R100–R104), on iOS 13 and later.
        ///
        /// SwiftUI's own `toolbarBackground(_:for:)` and `toolbarColorScheme(_:for:)` (iOS 16+)
        /// set the same thing another way: the hosting controller writes them into its navigation
        /// item's appearances, which UIKit cross-fades between two destinations (on iOS 26 applies
        /// at once, R102) and which cannot carry an alpha between 0 and 1. Use one or the other on
        /// a destination, not both: each writes the item's appearance, and the hosting controller
        /// rewrites its item when it appears (R62).
        public func navigationBarLook(_ look: NavigationBarLook?) -> some View {
            navigationPreference(
                DeclaredPreference(
                    apply: { $0.navigationBarLook = look },
                    reset: { $0.navigationBarLook = nil }))
        }

        /// `false` turns the pop gestures (edge and, on iOS 26, content) off on this destination
        /// only; `true` (the default) keeps them, also behind a hidden back button.
        public func popGestureEnabled(_ enabled: Bool) -> some View {
            navigationPreference(
                DeclaredPreference(
                    apply: { $0.isPopGestureEnabled = enabled },
                    reset: { $0.isPopGestureEnabled = true }))
        }

        /// What this destination means by hiding its back button
        /// (`navigationBarBackButtonHidden(true)`, a toolbar back button, a hidden bar):
        /// `.keepsSwipe` (the default) keeps the swipe back alive behind it (R66); `.locksSwipe`
        /// keeps the user here (a checkout step), and the swipe stays refused. Put it beside
        /// the modifier that hides the button:
        ///
        /// ```swift
        /// PaymentView()
        ///     .navigationBarBackButtonHidden(true)
        ///     .hiddenBackButtonIntent(.locksSwipe)
        /// ```
        public func hiddenBackButtonIntent(_ intent: HiddenBackButtonIntent) -> some View {
            navigationPreference(
                DeclaredPreference(
                    apply: { $0.hiddenBackButtonIntent = intent },
                    reset: { $0.hiddenBackButtonIntent = .keepsSwipe }))
        }

        /// The destination's own pop guard, asked for every user "back" the installed plugins
        /// intercept: `.deny` refuses (the path binding is not changed), `.pass` has no opinion.
        public func popGuard(_ guard: @escaping @MainActor (PopContext) -> PopDecision) -> some View {
            navigationPreference(
                DeclaredPreference(
                    apply: { $0.popGuard = `guard` },
                    reset: { $0.popGuard = nil }))
        }

        private func navigationPreference(_ preference: DeclaredPreference) -> some View {
            background(
                NavigationPreferenceProbe(preference: preference, composition: { .recommended })
                    .frame(width: 0, height: 0)
                    .accessibility(hidden: true))
        }
    }

    /// The bar state in SwiftUI's own terms (R77), so SwiftUI's re-assertions agree with the
    /// hooks: `.hidden` or `.automatic` (another view may still ask for it) on iOS 16+; before,
    /// `navigationBarHidden(true)` only when hidden (`false` is SwiftUI's default).
    struct SwiftUIBarVisibility: ViewModifier {
        let hidden: Bool

        @ViewBuilder
        func body(content: Content) -> some View {
            if #available(iOS 16, *) {
                content.toolbar(hidden ? .hidden : .automatic, for: .navigationBar)
            } else if hidden {
                content.navigationBarHidden(true)
            } else {
                content
            }
        }
    }
#endif
