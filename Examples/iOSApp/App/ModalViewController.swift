import UIKit

/// A full-screen modal over the stack: dismissing it must not flash the covered screen's
/// bar (R11, R32).
final class ModalViewController: UIViewController {
    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Modal"
        view.backgroundColor = .systemTeal
        navigationItem.rightBarButtonItem = UIBarButtonItem(
            barButtonSystemItem: .done, target: self, action: #selector(close))
    }

    @objc private func close() {
        dismiss(animated: true)
    }
}
