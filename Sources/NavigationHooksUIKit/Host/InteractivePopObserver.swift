#if canImport(UIKit)
internal import Foundation
internal import NavigationHooks
internal import UIKit

/// The interactive-pop seam's mechanism (rules R12–R14): a target-action on each pop
/// recognizer, and on a library's own pop recognizer that drives the pop (R71), plus the
/// transition coordinator.
///
/// - `.began` (or the first `.changed` if this target ran before UIKit's own, which
///   starts the pop): once `transitionCoordinator` is interactive, reports `.began` with
///   the coordinator's `from`/`to` view controllers and registers
///   `notifyWhenInteractionChanges`, which reports `.finished` or `.cancelled` when the
///   finger lifts (R14).
/// - `.changed`: reports the coordinator's `percentComplete`. Apple documents that value as
///   the completion "when it moves to its noninteractive phase"; that it updates live
///   during the drag is observed, not documented.
/// Adding a target does not change the recognizer's behaviour; it is removed on deactivate.
@MainActor
final class InteractivePopObserver: NSObject {
    private weak var host: UIKitNavigationHost?
    private var attached: [(kind: PopGestureKind, recognizer: WeakRecognizer)] = []
    private var running: (kind: PopGestureKind, leaving: UIViewController, arriving: UIViewController)?

    init(host: UIKitNavigationHost) {
        self.host = host
        super.init()
    }

    func attach(_ recognizer: UIGestureRecognizer, kind: PopGestureKind) {
        guard !attached.contains(where: { $0.recognizer.value === recognizer }) else { return }
        recognizer.addTarget(self, action: #selector(recognizerChanged(_:)))
        attached.append((kind, WeakRecognizer(value: recognizer)))
    }

    func detachAll() {
        for entry in attached {
            entry.recognizer.value?.removeTarget(self, action: #selector(recognizerChanged(_:)))
        }
        attached = []
        running = nil
    }

    @objc private func recognizerChanged(_ recognizer: UIGestureRecognizer) {
        guard let host,
            let kind = attached.first(where: { $0.recognizer.value === recognizer })?.kind,
            let coordinator = host.navigationController?.transitionCoordinator,
            coordinator.isInteractive
        else { return }
        switch recognizer.state {
        case .began, .changed:
            if running == nil {
                guard let leaving = coordinator.viewController(forKey: .from),
                    let arriving = coordinator.viewController(forKey: .to)
                else { return }
                running = (kind, leaving, arriving)
                report(.began)
                coordinator.notifyWhenInteractionChanges { [weak self] context in
                    self?.report(context.isCancelled ? .cancelled : .finished)
                    self?.running = nil
                }
            } else if recognizer.state == .changed {
                report(.changed(progress: Double(coordinator.percentComplete)))
            }
        default:
            break
        }
    }

    private func report(_ stage: InteractivePopStage) {
        guard let host, let running else { return }
        let hooks = host.seams.interactivePop.hooks
        let event = InteractivePopEvent(
            host: host, kind: running.kind, stage: stage, leaving: running.leaving,
            arriving: running.arriving)
        host.handlingEvent {
            for hook in hooks { hook.onStage(event) }
        }
    }
}
#endif
