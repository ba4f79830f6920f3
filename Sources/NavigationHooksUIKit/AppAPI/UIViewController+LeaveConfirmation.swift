#if canImport(UIKit)
public import NavigationHooks
public import UIKit

extension UIViewController {
    /// Ask before the user leaves this screen: the back button, a back-menu pick, the edge
    /// and content swipes, a custom back button (through `BaseClassGuardPlugin.requestPop(on:)`),
    /// VoiceOver's escape, ⌘[ and the swipe-down of the sheet the stack is presented in each
    /// stop and call it once, with the recommended composition installed. `attempt.proceed()`
    /// leaves the way the user asked; `attempt.cancel()` stays.
    ///
    /// ```swift
    /// editor.leaveConfirmation = LeaveConfirmation { [weak editor] attempt in
    ///     guard let editor else { return attempt.cancel() }
    ///     let alert = UIAlertController(title: "Discard changes?", message: nil, preferredStyle: .alert)
    ///     alert.addAction(UIAlertAction(title: "Keep Editing", style: .cancel) { _ in attempt.cancel() })
    ///     alert.addAction(UIAlertAction(title: "Discard", style: .destructive) { _ in attempt.proceed() })
    ///     editor.present(alert, animated: true)
    /// }
    /// ```
    ///
    /// Stored in `navigationPreferences.leaveConfirmation`, like the other preferences: reading
    /// it returns exactly what was set. The UIKit host runs the closure on the main queue's
    /// next turn after the user's input, never inside the UIKit callback that reported it (a
    /// gesture delegate, the bar's delegate), so presenting an alert from it is safe; by then
    /// the attempt is skipped if it was settled, and cancelled if the screen left
    /// (`UIKitNavigationHost.deliverLeaveConfirmation(_:)`). Set it while there is something to
    /// lose and back to `nil` once saved.
    public var leaveConfirmation: LeaveConfirmation? {
        get { navigationPreferences.leaveConfirmation }
        set { navigationPreferences.leaveConfirmation = newValue }
    }
}
#endif
