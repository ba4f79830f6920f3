import NavigationHooks
import NavigationHooksUIKit
import UIKit

/// An editor that refuses every user-initiated "back" (button, menu, swipes) while the
/// draft has unsaved text; "Discard" pops from code, which the guard lets through.
final class DraftEditorViewController: UIViewController {
    private let textView = UITextView()
    private var hasUnsavedChanges: Bool { !textView.text.isEmpty }

    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Draft"
        view.backgroundColor = .systemBackground
        textView.font = .preferredFont(forTextStyle: .body)
        textView.text = "Type here, then try to go back."
        textView.translatesAutoresizingMaskIntoConstraints = false
        view.addSubview(textView)
        NSLayoutConstraint.activate([
            textView.topAnchor.constraint(equalTo: view.safeAreaLayoutGuide.topAnchor),
            textView.leadingAnchor.constraint(equalTo: view.leadingAnchor),
            textView.trailingAnchor.constraint(equalTo: view.trailingAnchor),
            textView.bottomAnchor.constraint(equalTo: view.bottomAnchor),
        ])
        navigationItem.rightBarButtonItem = UIBarButtonItem(
            title: "Discard", style: .plain, target: self, action: #selector(discard))

        popGuard = { [weak self] context in
            guard let self, context.trigger.isUserInitiated, self.hasUnsavedChanges else { return .pass }
            self.showRefusal()
            return .deny(reason: "unsaved draft")
        }
    }

    @objc private func discard() {
        textView.text = ""
        navigationController?.popViewController(animated: true)  // code pop: allowed
    }

    private func showRefusal() {
        guard presentedViewController == nil else { return }
        let alert = UIAlertController(
            title: "Unsaved draft", message: "Tap Discard to leave without saving.", preferredStyle: .alert)
        alert.addAction(UIAlertAction(title: "OK", style: .default))
        // Presenting from inside a guard is a request made during a callback: defer it.
        DispatchQueue.main.async { [weak self] in self?.present(alert, animated: true) }
    }
}
