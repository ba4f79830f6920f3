import NavigationHooksUIKit
import NavigationRecording
import UIKit

/// The demo's Record switch: on, a `NavigationRecorder` records the navigation controller;
/// off, the recording (a `.nav` file) is printed to the console and offered through the
/// share sheet, to replay with `navhooks-bench recording.nav --check`.
@MainActor
final class RecordSwitch: NSObject {
    private weak var owner: UIViewController?
    private var recorder: NavigationRecorder?
    /// The row: a label and the switch.
    let view: UIStackView

    init(owner: UIViewController) {
        self.owner = owner
        let label = UILabel()
        label.text = "Record"
        label.textColor = .white
        let toggle = UISwitch()
        view = UIStackView(arrangedSubviews: [label, toggle])
        view.spacing = 12
        super.init()
        toggle.addTarget(self, action: #selector(toggled(_:)), for: .valueChanged)  // iOS 13: no addAction
    }

    @objc private func toggled(_ toggle: UISwitch) { switched(on: toggle.isOn) }

    private func switched(on: Bool) {
        guard let navigationController = owner?.navigationController else { return }
        if on {
            recorder = try? navigationController.startNavigationRecording()
            return
        }
        guard let recorder else { return }
        self.recorder = nil
        let text = recorder.navFile
        recorder.detach()
        print(text)
        let share = UIActivityViewController(activityItems: [text], applicationActivities: nil)
        share.popoverPresentationController?.sourceView = view
        owner?.present(share, animated: true)
    }
}
