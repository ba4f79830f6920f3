import NavigationHooks
import NavigationHooksUIKit
import UIKit

/// An editor that asks "Discard changes?" however the user tries to leave while the draft has
/// unsaved text: the back button, a back-menu pick, the edge swipe (and the iOS 26 content
/// swipe), VoiceOver's escape, ⌘[ on a hardware keyboard and, when the editor is in a sheet
/// (``presentedInSheet()``), the sheet's swipe-down. One `leaveConfirmation`, set while there
/// is something to lose and cleared once saved; "Discard" leaves the way the user asked.
final class DraftEditorViewController: UIViewController, UITextViewDelegate {
    private let textView = UITextView()
    private let hint = UILabel()
    /// The text as last saved: the draft has unsaved changes while the text differs.
    private var savedText = ""
    private var hasUnsavedChanges: Bool { textView.text != savedText }

    /// A navigation controller with the recommended composition, presented as a page sheet
    /// with this editor as its root: swiping the sheet down asks too (R52).
    static func presentedInSheet() -> UINavigationController {
        let editor = DraftEditorViewController()
        let sheet = UINavigationController(rootViewController: editor)
        sheet.modalPresentationStyle = .pageSheet
        do {
            // Before it is presented, so the sheet seam sees the presentation (R8, R52).
            try sheet.installNavigationHooks()
        } catch {
            print("NavigationHooks: installation failed: \(error)")
        }
        editor.navigationItem.leftBarButtonItem = UIBarButtonItem(
            title: "Close", style: .plain, target: editor, action: #selector(close))
        return sheet
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Draft"
        view.backgroundColor = .systemBackground
        hint.text = "Type, then leave any way you like: you are asked once. Save, and nothing asks."
        hint.font = .preferredFont(forTextStyle: .footnote)
        hint.textColor = .secondaryLabel
        hint.numberOfLines = 0
        textView.font = .preferredFont(forTextStyle: .body)
        textView.delegate = self
        textView.accessibilityIdentifier = "draft.text"
        let stack = UIStackView(arrangedSubviews: [hint, textView])
        stack.axis = .vertical
        stack.spacing = 8
        stack.translatesAutoresizingMaskIntoConstraints = false
        view.addSubview(stack)
        NSLayoutConstraint.activate([
            stack.topAnchor.constraint(equalTo: view.safeAreaLayoutGuide.topAnchor, constant: 8),
            stack.leadingAnchor.constraint(equalTo: view.layoutMarginsGuide.leadingAnchor),
            stack.trailingAnchor.constraint(equalTo: view.layoutMarginsGuide.trailingAnchor),
            stack.bottomAnchor.constraint(equalTo: view.bottomAnchor),
        ])
        navigationItem.rightBarButtonItem = UIBarButtonItem(
            title: "Save", style: .done, target: self, action: #selector(save))
        draftDidChange()
    }

    func textViewDidChange(_ textView: UITextView) {
        draftDidChange()
    }

    /// Asks while there is something to lose, and only then.
    private func draftDidChange() {
        navigationItem.rightBarButtonItem?.isEnabled = hasUnsavedChanges
        guard hasUnsavedChanges != (leaveConfirmation != nil) else { return }
        leaveConfirmation =
            hasUnsavedChanges
            ? LeaveConfirmation { [weak self] attempt in
                guard let self else { return attempt.cancel() }
                self.askToDiscard(leavingBy: attempt.trigger, discard: attempt.proceed, keepEditing: attempt.cancel)
            }
            : nil
    }

    @objc private func save() {
        savedText = textView.text
        draftDidChange()
    }

    /// The sheet's own Close button: the app's code, which asks the same question itself.
    @objc private func close() {
        let dismiss: @MainActor () -> Void = { [weak self] in
            self?.navigationController?.dismiss(animated: true)
        }
        guard hasUnsavedChanges else { return dismiss() }
        askToDiscard(leavingBy: nil, discard: dismiss, keepEditing: {})
    }

    /// The alert. Delivered on the main queue's next turn by the UIKit host, never inside the
    /// UIKit callback that saw the user's gesture, so presenting here is safe.
    private func askToDiscard(
        leavingBy trigger: PopTrigger?, discard: @escaping @MainActor () -> Void,
        keepEditing: @escaping @MainActor () -> Void
    ) {
        guard presentedViewController == nil else { return keepEditing() }
        let alert = UIAlertController(
            title: "Discard changes?",
            message: trigger.map { "You tried to leave by \($0)." } ?? "Your draft is not saved.",
            preferredStyle: .alert)
        alert.addAction(UIAlertAction(title: "Keep Editing", style: .cancel) { _ in keepEditing() })
        alert.addAction(UIAlertAction(title: "Discard", style: .destructive) { _ in discard() })
        present(alert, animated: true)
    }
}
