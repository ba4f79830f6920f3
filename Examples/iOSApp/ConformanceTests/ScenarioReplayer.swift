import UIKit

/// Replays a ``NavScenario`` on a real `UINavigationController` in its own `UIWindow`,
/// with a ``TraceRecorder`` as the navigation delegate (set before the window is shown, as
/// the scenario format's `delegate` means), and returns the recorded trace.
///
/// Every step runs until the screen is idle, like the simulator: no transition coordinator,
/// nothing being presented or dismissed (polled on the main run loop, 5 s at most).
@MainActor
final class ScenarioReplayer {
    private let recorder = TraceRecorder()
    private var screens: [String: RecordingViewController] = [:]
    private var window: UIWindow?
    private var navigationController: UINavigationController?

    /// Runs `scenario` and returns its trace.
    func run(_ scenario: NavScenario) -> [TraceEvent] {
        for step in scenario.steps { perform(step) }
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

    private func perform(_ step: NavScenario.Step) {
        switch step {
        case .root(let name):
            let navigationController = UINavigationController(rootViewController: screen(name))
            navigationController.delegate = recorder
            let window = UIWindow(frame: UIScreen.main.bounds)
            window.rootViewController = navigationController
            window.makeKeyAndVisible()
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
        case .present(let name, let fullScreen):
            let modal = screen(name)
            modal.modalPresentationStyle = fullScreen ? .fullScreen : .pageSheet
            navigationController?.present(modal, animated: true)
        case .dismiss:
            navigationController?.dismiss(animated: true)
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
