// Installs the recommended composition plus a custom handler on the headless simulator,
// drives a few user steps, and prints the decision trace. CI runs it, so it cannot rot:
// it exits with status 1 if the navigation does not end as described.

import Foundation
import NavigationHooks
import NavigationSimulator
import NavigationStrategies

/// A draft editor's guard: the back button asks for confirmation instead of popping, the
/// swipes and the back menu are refused while the draft is unsaved, and the app's own
/// code pop (after "Discard") stays free.
@MainActor
final class DraftGuard: NavigationHandler {
    let editorName: String
    var hasUnsavedText = true
    private(set) var confirmationsShown = 0

    init(editorName: String) { self.editorName = editorName }

    func backButtonAction(_ context: PopContext) -> BackButtonDecision {
        guard context.leaving.screenName == editorName, hasUnsavedText else { return .pass }
        confirmationsShown += 1
        print("  DraftGuard: shows \"Discard this draft?\" instead of popping (\(context.trigger))")
        return .handled
    }

    func shouldPop(_ context: PopContext) -> PopDecision {
        guard context.leaving.screenName == editorName, hasUnsavedText, context.trigger.isUserInitiated
        else { return .pass }
        return .deny(reason: "unsaved draft")
    }
}

@MainActor
func runExample() throws -> Bool {
    let nav = SimNavigationController(profile: .ios26)
    // One record per screen: the plugins apply it, the detectors check the outcome against it.
    let home = SimScreen("Home", prefersNavigationBarHidden: true)
    let list = SimScreen("List")
    let editor = SimScreen("Editor")

    // At launch: the composition, the app's own handler on every point, then the root.
    let hooks = nav.hooks
    try StrategyComposition.recommended.install(on: hooks)
    let draftGuard = DraftGuard(editorName: "Editor")
    try hooks.dispatcher.addToEveryPoint(draftGuard, name: "DraftGuard")
    let trace = DecisionTrace()
    hooks.dispatcher.trace = trace
    nav.setViewControllers([home], animated: false)
    nav.runUntilIdle()

    func step(_ title: String, _ body: () -> Void) {
        body()
        nav.runUntilIdle()
        let stack = nav.screens.map(\.screenName).joined(separator: " > ")
        print("\(title)\n  stack: \(stack)   bar: \(nav.isNavigationBarHidden ? "hidden" : "visible")")
    }

    step("push List, push Editor") {
        nav.pushViewController(list, animated: true)
        nav.runUntilIdle()
        nav.pushViewController(editor, animated: true)
    }
    step("tap back on the unsaved draft") { nav.tapBack() }
    step("swipe back from the edge") { nav.swipeBack(.edge, progress: 0.7, release: .finish) }
    step("swipe back on the content (iOS 26)") { nav.swipeBack(.content, progress: 0.7, release: .finish) }
    step("long-press back: the menu offers \(nav.backMenuDestinations().map(\.screenName))") {}
    step("user confirms \"Discard\"; the app pops from code") {
        draftGuard.hasUnsavedText = false
        nav.popViewController(animated: true)
    }
    step("swipe back to Home") { nav.swipeBack(.edge, progress: 0.8, release: .finish) }

    print("\nDecision trace:")
    print(trace.text.split(separator: "\n").map { "  \($0)" }.joined(separator: "\n"))

    let report = Detectors.analyze(nav.timeline)
    if CommandLine.arguments.contains("--timeline") { print(nav.timeline.dump()) }
    print(
        "\nDetectors: unguardedPops \(report.unguardedPops), barGlitches \(report.barGlitches),"
            + " wrongBarAtRest \(report.wrongBarAtRest), frozen \(report.frozen)")
    return nav.screens.map(\.screenName) == ["Home"] && draftGuard.confirmationsShown == 1
        && nav.isNavigationBarHidden && report.unguardedPops == 0 && report.frozen == 0 && report.barGlitches == 0
        && report.wrongBarAtRest == 0
}

MainActor.assumeIsolated {
    do {
        if try runExample() {
            print("\nOK: the draft was guarded on every path and the app's own pop went through.")
        } else {
            print("\nFAILED: the navigation did not end as described.")
            exit(1)
        }
    } catch {
        print("error: \(error)")
        exit(1)
    }
}
