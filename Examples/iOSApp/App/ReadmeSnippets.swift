// The UIKit snippets of the README and of NavigationStrategies.docc/RecommendedComposition.md,
// verbatim inside functions, so that the iOS SDK check compiles them with the app (nothing calls
// them); UIKitSnippetDocsTests checks the documents carry them. Change both together.
import NavigationHooksUIKit
import UIKit

@MainActor
func readmeUseItInAnApp(
    navigationController: UINavigationController, homeViewController: UIViewController,
    editorViewController: UIViewController
) throws {
    // Once, when the navigation controller is created:
    try navigationController.installNavigationHooks()  // the recommended composition

    // Per screen:
    homeViewController.prefersNavigationBarHidden = true
    editorViewController.leaveConfirmation = LeaveConfirmation { [unowned editorViewController] attempt in
        // However the user tried to leave (attempt.trigger), ask; proceed() leaves that way.
        let alert = UIAlertController(title: "Discard changes?", message: nil, preferredStyle: .alert)
        alert.addAction(UIAlertAction(title: "Keep Editing", style: .cancel) { _ in attempt.cancel() })
        alert.addAction(UIAlertAction(title: "Discard", style: .destructive) { _ in attempt.proceed() })
        editorViewController.present(alert, animated: true)
    }
}

@MainActor
func readmeBackActionComposition(navigationController: UINavigationController) throws {
    try StrategyComposition([
        BackActionOverridePlugin(), BackMenuGuardPlugin(), PopGestureGuardPlugin(),
        BaseClassGuardPlugin(), ExitGuardPlugin(), BackKeyCommandGuardPlugin(), DelegateBarHidingPlugin(),
    ]).install(on: navigationController.navigationHooks)
}

@MainActor
func readmeVerticalBarWorstCase(navigationController: UINavigationController) throws {
    try navigationController.installNavigationHooks()
    try navigationController.navigationHooks.install(BackActionOverridePlugin(mechanism: .publicOnly))
}
