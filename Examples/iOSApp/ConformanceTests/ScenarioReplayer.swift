import NavigationConformance
import NavigationScenarios
import UIKit

/// Replays a parsed scenario (the package's ``Scenario``, from ``ScenarioParser``) on a real
/// `UINavigationController` in its own `UIWindow`, with a ``TraceRecorder`` as the navigation
/// delegate (set before the window is shown, as the scenario format's `delegate` means), and
/// returns the recorded trace.
///
/// Only the app's own steps can be replayed from a unit test: stack changes, modals and
/// `wait`. User gestures (`tap-back`, `back-menu`, `swipe-back`, `content-swipe`) need
/// synthesized touches, which XCTest unit tests cannot make (``userSteps(of:)`` lists them;
/// an XCUITest runner is the follow-up). `expect` lines are not checked here: the trace
/// comparison is the check.
///
/// Every step runs until the screen is idle, like the simulator: no transition coordinator,
/// nothing being presented or dismissed (polled on the main run loop, 5 s at most).
@MainActor
final class ScenarioReplayer {
    private let recorder = TraceRecorder()
    private var screens: [String: RecordingViewController] = [:]
    private var window: UIWindow?
    private var navigationController: UINavigationController?

    /// A window in the host app's window scene: under the scene-based life cycle (the demo
    /// app's, TN3187) a window that belongs to no scene is never shown, so its controllers
    /// would get no appearance callbacks. Found through `connectedScenes`, the foreground one
    /// first; `UIScreen.main` is never consulted. `nil` without a scene (the replay then shows
    /// nothing, and the trace comparison reports every missing callback).
    private static func makeWindow() -> UIWindow? {
        let scenes = UIApplication.shared.connectedScenes.compactMap { $0 as? UIWindowScene }
        guard let scene = scenes.first(where: { $0.activationState == .foregroundActive }) ?? scenes.first else {
            print("ScenarioReplayer: the host app has no window scene; nothing is shown")
            return nil
        }
        return UIWindow(windowScene: scene)
    }

    /// The steps of `scenario` that need a user's touch, and so cannot be replayed here.
    static func userSteps(of scenario: Scenario) -> [ScenarioStep] {
        scenario.steps.filter(\.isUserInitiated)
    }

    /// Runs `scenario`, which must have no ``userSteps(of:)``, and returns its trace.
    func run(_ scenario: Scenario) -> [ConformanceTrace.Event] {
        for step in scenario.steps { perform(step.action) }
        let trace = recorder.events
        window?.isHidden = true
        window = nil
        return trace
    }

    private func screen(_ name: String) -> RecordingViewController {
        if let existing = screens[name] { return existing }
        let created = RecordingViewController(name: name, recorder: recorder)
        screens[name] = created
        return created
    }

    private func perform(_ action: ScenarioStep.Action) {
        switch action {
        case .root(let name):
            let navigationController = UINavigationController(rootViewController: screen(name))
            navigationController.delegate = recorder
            let window = Self.makeWindow()
            window?.rootViewController = navigationController
            window?.makeKeyAndVisible()
            self.window = window
            self.navigationController = navigationController
        case .push(let name, let animated):
            navigationController?.pushViewController(screen(name), animated: animated)
        case .pop(let animated):
            navigationController?.popViewController(animated: animated)
        case .popTo(let name, let animated):
            if let target = screens[name] { navigationController?.popToViewController(target, animated: animated) }
        case .popToRoot(let animated):
            navigationController?.popToRootViewController(animated: animated)
        case .setStack(let names, let animated):
            navigationController?.setViewControllers(names.map(screen), animated: animated)
        case .present(let name, let style):
            let modal = screen(name)
            modal.modalPresentationStyle = style == .fullScreen ? .fullScreen : .pageSheet
            navigationController?.present(modal, animated: true)
        case .dismiss:
            navigationController?.dismiss(animated: true)
        case .wait(let seconds):
            RunLoop.main.run(until: Date().addingTimeInterval(seconds))
        case .tapBack, .tapBackInVerticalBar, .backMenu, .swipeBack, .contentSwipe, .voiceOverEscape,
            .voiceOverEscapeInBar, .keyBack, .swipeDownSheet, .trackpadSwipe:
            preconditionFailure("user steps cannot be replayed from a unit test; check userSteps(of:) first")
        case .expectStack, .expectTop, .expectBar, .expectPath, .expectSheet, .expectLook, .confirm, .setScreen,
            .swiftUIUpdate, .scroll:
            return  // the trace comparison is the check; no confirmation shows without a user step
        }
        waitUntilIdle()
    }

    private func waitUntilIdle() {
        let deadline = Date().addingTimeInterval(5)
        repeat {
            RunLoop.main.run(until: Date().addingTimeInterval(0.05))
        } while isBusy && Date() < deadline
        RunLoop.main.run(until: Date().addingTimeInterval(0.1))  // let didShow / didAppear land
    }

    private var isBusy: Bool {
        guard let navigationController else { return false }
        if navigationController.transitionCoordinator != nil { return true }
        if let presented = navigationController.presentedViewController {
            return presented.isBeingPresented || presented.isBeingDismissed
        }
        return false
    }
}
