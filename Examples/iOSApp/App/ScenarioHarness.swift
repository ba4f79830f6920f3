import NavigationConformance
import NavigationHooks
import NavigationHooksUIKit
import NavigationScenarios
import NavigationStrategies
import UIKit

/// The app side of the device UI tests (`UITests/`): launched with
/// `-NavHooksScenario NAME`, the app replays `Scenarios/NAME.nav` on a real navigation
/// controller with the recommended composition. It performs the app's steps itself; at a user
/// step (`tap-back`, `back-menu`, swipes, `voiceover-escape`, `key-back`, `swipe-down-sheet`;
/// for the last, the stack is presented as a page sheet) it waits, showing the step in a small status label
/// (accessibility identifier `navhooks.state`), for the UI test to perform it with real touches
/// and tap "Next" (`navhooks.next`). After every step it records the stack and the bar
/// (``DeviceOutcome``); when the steps are done the label reads `done` and its accessibility
/// value is the outcome's JSON, which the UI test compares with the simulator's.
@MainActor
final class ScenarioHarness {
    /// The scenario name passed at launch (`-NavHooksScenario NAME`), if any.
    static var requestedScenario: String? { UserDefaults.standard.string(forKey: "NavHooksScenario") }

    let navigationController = UINavigationController()
    /// The window's root: the navigation controller, or for a scenario with
    /// `swipe-down-sheet` a plain screen that presents it as a page sheet (R52).
    let rootViewController: UIViewController
    private var presentsAsSheet: Bool { rootViewController !== navigationController }
    private let scenario: Scenario
    private let profile = ScenarioProfile(modelling: ProcessInfo.processInfo.operatingSystemVersion.majorVersion)
    private var index = 0
    private var snapshots: [DeviceOutcome.Snapshot] = []
    private var stackBeforeUserStep: [String] = []
    private let statusWindow: UIWindow
    private let statusLabel = UILabel()
    private let ownDelegate = PlainNavigationDelegate()

    /// Loads the scenario named `name` from the app's `Scenarios` folder; `nil` when it is
    /// missing or has errors (printed). The status window joins `windowScene` (a window with
    /// no scene is never shown under the scene-based life cycle).
    init?(named name: String, in windowScene: UIWindowScene, statusFrame: CGRect) {
        guard let url = Bundle.main.url(forResource: name, withExtension: "nav", subdirectory: "Scenarios"),
            let text = try? String(contentsOf: url, encoding: .utf8)
        else {
            print("ScenarioHarness: no Scenarios/\(name).nav in the app bundle")
            return nil
        }
        switch ScenarioParser.parse(text: text, file: name + ".nav") {
        case .success(let parsed): scenario = parsed
        case .failure(let diagnostics):
            print("ScenarioHarness: \(diagnostics)")
            return nil
        }
        statusWindow = UIWindow(windowScene: windowScene)
        statusWindow.frame = statusFrame
        rootViewController =
            scenario.steps.contains { step in
                if case .swipeDownSheet = step.action { return true }
                return false
            } ? UIViewController() : navigationController
        if rootViewController !== navigationController { rootViewController.view.backgroundColor = .systemBackground }
    }

    /// Installs the composition and the app's guard, shows the status window and starts.
    func start() {
        do {
            try navigationController.installNavigationHooks()
            // The default install guards ⌘[ with the screen's own key command (R78), never with
            // UIKit's private action (R51): the UI test's ⌘[ presses drive the public path.
            if !navigationController.navigationHost.seams.backKeyCommand.isEmpty {
                statusLabel.text = "error: the private ⌘[ action is hooked"
                return
            }
            let denied = Set(scenario.screens.filter { $0.popGuard == .deny }.map(\.name))
            if !denied.isEmpty {
                try navigationController.navigationHooks.dispatcher.shouldPopHandlers.add(name: "app") { context in
                    context.trigger.isUserInitiated && denied.contains(context.leaving.screenName)
                        ? .deny(reason: "guard=deny") : .pass
                }
            }
        } catch {
            print("ScenarioHarness: installation failed: \(error)")
        }
        if scenario.installsOwnDelegate { navigationController.delegate = ownDelegate }

        let next = UIButton(type: .system)
        next.setTitle("Next", for: .normal)
        next.accessibilityIdentifier = "navhooks.next"
        DemoButton.onTap(next) { [weak self] in self?.userStepDone() }
        statusLabel.accessibilityIdentifier = "navhooks.state"
        statusLabel.font = .preferredFont(forTextStyle: .caption2)
        statusLabel.numberOfLines = 2
        // VoiceOver's escape: XCUITest cannot perform the two-finger scrub, so the UI test taps
        // this button and the app performs the escape as UIKit does (see `performEscape()`).
        let escape = UIButton(type: .system)
        escape.setTitle("Escape", for: .normal)
        escape.accessibilityIdentifier = "navhooks.escape"
        DemoButton.onTap(escape) { [weak self] in self?.performEscape() }
        let stack = UIStackView(arrangedSubviews: [statusLabel, escape, next])
        stack.axis = .vertical
        stack.frame = statusWindow.bounds
        stack.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        let controller = UIViewController()
        controller.view.addSubview(stack)
        statusWindow.rootViewController = controller
        statusWindow.windowLevel = .alert + 1
        statusWindow.isHidden = false
        guard presentsAsSheet else { return advance() }
        navigationController.modalPresentationStyle = .pageSheet
        rootViewController.present(navigationController, animated: false) { [weak self] in self?.advance() }
    }

    /// VoiceOver's escape as UIKit performs it (R50): the visible screen's
    /// `accessibilityPerformEscape()` first (where the escape seam is); if it declines, UIKit's
    /// own escape: the custom left button's action (R28), or a pop through the bar, which asks
    /// `navigationBar(_:shouldPop:)` (the bar's own escape with the focus in the bar, R57, takes
    /// that path too). Nothing at the root or without a back button.
    private func performEscape() {
        let nav = navigationController
        guard let top = nav.topViewController else { return }
        var focusInBar = false
        if index < scenario.steps.count, case .voiceOverEscapeInBar = scenario.steps[index].action { focusInBar = true }
        // R57: with the focus in the bar, the bar's own escape never asks the view controller.
        if !focusInBar, top.accessibilityPerformEscape() { return }
        if let left = top.navigationItem.leftBarButtonItem, let action = left.action {
            UIApplication.shared.sendAction(action, to: left.target, from: left, for: nil)
            return
        }
        guard nav.viewControllers.count > 1, !top.navigationItem.hidesBackButton else { return }
        let bar = nav.navigationBar
        guard let item = bar.topItem, bar.delegate?.navigationBar?(bar, shouldPop: item) ?? true else { return }
        if nav.topViewController === top { nav.popViewController(animated: true) }
    }

    /// Puts the first responder where a `key-back` step says before the UI test presses ⌘[
    /// (R78, R79): the top screen's text field, or nothing. `bar` (a title view being edited)
    /// is not in the corpus the UI test plays.
    private func prepareFocus(for step: ScenarioStep) {
        switch step.action {
        case .keyBack(.textFieldInScreen):
            (navigationController.topViewController as? ScenarioScreenViewController)?.textField.becomeFirstResponder()
        case .keyBack:
            navigationController.view.window?.endEditing(true)
        default:
            break
        }
    }

    /// Performs app steps until a user step or the end.
    private func advance() {
        while index < scenario.steps.count {
            let step = scenario.steps[index]
            if step.isExpectation || step.unavailableReason(on: profile) != nil {
                index += 1
                continue
            }
            if DeviceOutcome.isUserStep(step) {
                stackBeforeUserStep = stackNames
                prepareFocus(for: step)
                statusLabel.text = "pending \(index): \(step.text)"
                return
            }
            perform(step)
            statusLabel.text = "running \(index): \(step.text)"
            var delay = 0.1
            if case .wait(let seconds) = step.action { delay = max(delay, seconds) }
            afterIdle(waiting: delay) { [weak self] in
                guard let self else { return }
                self.record(step, refused: false)
                self.index += 1
                self.advance()
            }
            return
        }
        let outcome = DeviceOutcome(
            scenario: ConformanceTrace.name(of: scenario), profile: profile.rawValue,
            plugins: StrategyComposition.recommended.names, snapshots: snapshots)
        statusLabel.text = "done"
        statusLabel.accessibilityValue = (try? outcome.json()) ?? ""
    }

    /// The UI test performed the pending user step and tapped Next.
    private func userStepDone() {
        guard index < scenario.steps.count, DeviceOutcome.isUserStep(scenario.steps[index]) else { return }
        let step = scenario.steps[index]
        afterIdle { [weak self] in
            guard let self else { return }
            self.record(step, refused: self.stackNames == self.stackBeforeUserStep)
            self.index += 1
            self.advance()
        }
    }

    private var stackNames: [String] { navigationController.viewControllers.map(\.screenName) }

    private func record(_ step: ScenarioStep, refused: Bool) {
        let sheetDismissed = presentsAsSheet && navigationController.presentingViewController == nil
        snapshots.append(
            DeviceOutcome.Snapshot(
                line: step.location.line, step: step.text, stack: stackNames,
                barHidden: navigationController.isNavigationBarHidden, refused: refused && !sheetDismissed,
                sheetDismissed: sheetDismissed ? true : nil))
    }

    /// Runs `body` after `delay` seconds, once no transition or presentation animates (polled
    /// every 0.1 s).
    private func afterIdle(waiting delay: Double = 0.1, _ body: @escaping @MainActor () -> Void) {
        DispatchQueue.main.asyncAfter(deadline: .now() + delay) { [weak self] in
            guard let self else { return }
            let busy =
                self.navigationController.transitionCoordinator != nil
                || self.navigationController.presentedViewController?.isBeingPresented == true
                || self.navigationController.presentedViewController?.isBeingDismissed == true
            if busy { self.afterIdle(body) } else { body() }
        }
    }

    private func makeScreen(_ name: String) -> UIViewController {
        ScenarioScreenViewController(name: name, declaration: scenario.screen(named: name))
    }

    /// The app's steps, as the simulator's runner performs them.
    private func perform(_ step: ScenarioStep) {
        let nav = navigationController
        switch step.action {
        case .root(let name):
            nav.setViewControllers([makeScreen(name)], animated: false)
        case .push(let name, let animated):
            nav.pushViewController(makeScreen(name), animated: animated)
        case .pop(let animated):
            nav.popViewController(animated: animated)
        case .popTo(let name, let animated):
            if let target = nav.viewControllers.last(where: { $0.screenName == name }) {
                nav.popToViewController(target, animated: animated)
            }
        case .popToRoot(let animated):
            nav.popToRootViewController(animated: animated)
        case .setStack(let names, let animated):
            var available = nav.viewControllers
            let screens = names.map { name -> UIViewController in
                if let index = available.firstIndex(where: { $0.screenName == name }) {
                    return available.remove(at: index)
                }
                return makeScreen(name)
            }
            nav.setViewControllers(screens, animated: animated)
        case .present(let name, let style):
            let modal = makeScreen(name)
            modal.modalPresentationStyle = style == .fullScreen ? .fullScreen : .pageSheet
            nav.present(modal, animated: true)
        case .dismiss:
            nav.dismiss(animated: true)
        case .wait:
            break  // `advance()` waits
        case .tapBack, .tapBackInVerticalBar, .backMenu, .swipeBack, .contentSwipe, .expectStack, .expectTop,
            .expectBar, .expectPath,
            .expectSheet, .expectLook, .voiceOverEscape, .voiceOverEscapeInBar, .keyBack, .swipeDownSheet,
            .trackpadSwipe, .confirm,
            .swiftUIUpdate:
            // The UI test performs user steps; expectations are the simulator's business; SwiftUI's
            // own updates (R77) have no input to drive.
            break
        case .setScreen:
            break  // not replayed here: DeviceOutcome.needsDevice leaves files with `set` steps out
        case .scroll:
            break  // a scroll position changes only the bar's look, which the outcome does not record
        }
    }
}

/// The app's own navigation delegate for scenarios with a `delegate` line: implements
/// nothing, so the host's proxy forwards to it (R8–R11).
final class PlainNavigationDelegate: NSObject, UINavigationControllerDelegate {}
