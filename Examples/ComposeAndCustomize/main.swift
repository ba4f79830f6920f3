// Installs the recommended composition on the headless simulator, gives a draft editor a leave
// confirmation, drives every way out, and prints the decision trace. CI runs it, so it cannot
// rot: it exits with status 1 if the navigation does not end as described.

import Foundation
import NavigationHooks
import NavigationSimulator
import NavigationStrategies

/// The app's "Discard changes?" alert, headless: it remembers the attempt it was shown for,
/// and the user answers it later with a button.
@MainActor
final class DiscardAlert {
    private(set) var shown: [PopTrigger] = []
    private var discard: (@MainActor () -> Void)?
    private var keepEditing: (@MainActor () -> Void)?

    func present(for attempt: LeaveAttempt) {
        shown.append(attempt.trigger)
        discard = attempt.proceed
        keepEditing = attempt.cancel
        print("  alert \"Discard changes?\" for \(attempt.trigger)")
    }

    func tapDiscard() { discard?() }
    func tapKeepEditing() { keepEditing?() }
}

/// A custom handler still answers first: while the list's search is active, VoiceOver's
/// escape ends the search instead of leaving (as UIKit does for a search controller, R50).
@MainActor
final class EscapeEndsSearch: BackButtonActionHandler {
    var isSearching = true
    func backButtonAction(_ context: PopContext) -> BackButtonDecision {
        guard context.trigger == .accessibilityEscape, isSearching else { return .pass }
        isSearching = false
        return .handled
    }
}

@MainActor
func runExample() throws -> Bool {
    let nav = SimNavigationController(profile: .ios26)
    // One record per screen: the plugins apply it, the detectors check the outcome against it.
    let home = SimScreen("Home", prefersNavigationBarHidden: true)
    let list = SimScreen("List")
    let editor = SimScreen("Editor")
    let alert = DiscardAlert()
    editor.leaveConfirmation = LeaveConfirmation { attempt in alert.present(for: attempt) }

    // At launch: the composition, the app's own handler, then the root.
    let hooks = nav.hooks
    try StrategyComposition.recommended.install(on: hooks)
    let search = EscapeEndsSearch()
    try hooks.dispatcher.backButtonActionHandlers.add(search, name: "search")
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

    step("push List; VoiceOver escape while its search is active: the app's handler ends the search") {
        nav.pushViewController(list, animated: true)
        nav.runUntilIdle()
        nav.accessibilityEscape()
    }
    step("push Editor") { nav.pushViewController(editor, animated: true) }
    step("tap back; \"Keep editing\"") {
        nav.tapBack()
        alert.tapKeepEditing()
    }
    step("swipe back from the edge: the swipe does not begin; \"Keep editing\"") {
        nav.swipeBack(.edge, progress: 0.7, release: .finish)
        alert.tapKeepEditing()
    }
    step("swipe back on the content (iOS 26); \"Keep editing\"") {
        nav.swipeBack(.content, progress: 0.7, release: .finish)
        alert.tapKeepEditing()
    }
    step("⌘[ on a keyboard; \"Keep editing\"") {
        nav.pressBackKeyCommand()
        alert.tapKeepEditing()
    }
    step("long-press back, pick Home; \"Discard\": leaves to Home, without asking again") {
        nav.chooseFromBackMenu(home)
        alert.tapDiscard()
        alert.tapDiscard()  // a second tap does nothing
    }

    print("\nDecision trace:")
    print(trace.text.split(separator: "\n").map { "  \($0)" }.joined(separator: "\n"))

    let report = Detectors.analyze(nav.timeline)
    if CommandLine.arguments.contains("--timeline") { print(nav.timeline.dump()) }
    print(
        "\nDetectors: unguardedPops \(report.unguardedPops), unansweredAttempts \(report.unansweredAttempts),"
            + " barGlitches \(report.barGlitches), wrongBarAtRest \(report.wrongBarAtRest), frozen \(report.frozen)")
    return nav.screens.map(\.screenName) == ["Home"]
        && !search.isSearching
        && alert.shown == [.backButton, .edgeGesture, .contentGesture, .backKeyCommand, .backMenu]
        && nav.isNavigationBarHidden && report.unguardedPops == 0 && report.unansweredAttempts == 0
        && report.frozen == 0 && report.barGlitches == 0 && report.wrongBarAtRest == 0
}

MainActor.assumeIsolated {
    do {
        if try runExample() {
            print("\nOK: every way out asked once, and \"Discard\" left the way the user asked.")
        } else {
            print("\nFAILED: the navigation did not end as described.")
            exit(1)
        }
    } catch {
        print("error: \(error)")
        exit(1)
    }
}
