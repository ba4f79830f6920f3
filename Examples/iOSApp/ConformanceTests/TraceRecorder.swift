import NavigationConformance
import NavigationScenarios
import UIKit

/// Records appearance and navigation-delegate callbacks, in order, as the events of a
/// ``ConformanceTrace`` (the package's type, so the comparison is the package's too).
@MainActor
final class TraceRecorder: NSObject, UINavigationControllerDelegate {
    private(set) var events: [ConformanceTrace.Event] = []

    func record(_ kind: ConformanceTrace.Event.Kind, _ screen: UIViewController, animated: Bool) {
        events.append(ConformanceTrace.Event(event: kind, screen: screen.title ?? "?", animated: animated))
    }

    func navigationController(
        _ navigationController: UINavigationController, willShow viewController: UIViewController, animated: Bool
    ) {
        record(.willShow, viewController, animated: animated)
    }

    func navigationController(
        _ navigationController: UINavigationController, didShow viewController: UIViewController, animated: Bool
    ) {
        record(.didShow, viewController, animated: animated)
    }
}

/// A scenario screen: reports its four appearance callbacks to the recorder.
final class RecordingViewController: UIViewController {
    private weak var recorder: TraceRecorder?

    init(name: String, recorder: TraceRecorder) {
        self.recorder = recorder
        super.init(nibName: nil, bundle: nil)
        title = name
    }

    @available(*, unavailable)
    required init?(coder: NSCoder) { fatalError("not used") }

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .systemBackground
    }

    override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        recorder?.record(.viewWillAppear, self, animated: animated)
    }

    override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        recorder?.record(.viewDidAppear, self, animated: animated)
    }

    override func viewWillDisappear(_ animated: Bool) {
        super.viewWillDisappear(animated)
        recorder?.record(.viewWillDisappear, self, animated: animated)
    }

    override func viewDidDisappear(_ animated: Bool) {
        super.viewDidDisappear(animated)
        recorder?.record(.viewDidDisappear, self, animated: animated)
    }
}
