import NavigationHooks
import NavigationHooksUIKit
import NavigationScenarios
import NavigationStrategies
import UIKit

/// One screen of a scenario replayed for the UI tests (``ScenarioHarness``): titled with its
/// name, with what its `screen` line declares (bar, gesture, custom back button, horizontal
/// scroll view). Its pop guard is the app's `shouldPop` handler, as in the simulator.
final class ScenarioScreenViewController: UIViewController {
    private let declaration: ScreenDeclaration?
    private let screenTitle: String

    init(name: String, declaration: ScreenDeclaration?) {
        self.screenTitle = name
        self.declaration = declaration
        super.init(nibName: nil, bundle: nil)
        title = name
        prefersNavigationBarHidden = declaration?.bar == .hidden
        navigationBarLook = declaration?.look
        isPopGestureEnabled = declaration?.gesture != .disabled
        hiddenBackButtonIntent = declaration?.hiddenBack == .locksSwipe ? .locksSwipe : .keepsSwipe
        if declaration?.back == .custom {
            let item = UIBarButtonItem(
                title: "Back", style: .plain, target: self, action: #selector(customBackTapped))
            item.accessibilityIdentifier = "navhooks.customBack"
            navigationItem.leftBarButtonItem = item
        }
    }

    required init?(coder: NSCoder) { nil }

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .systemBackground
        let label = UILabel()
        label.text = screenTitle
        label.font = .preferredFont(forTextStyle: .largeTitle)
        label.translatesAutoresizingMaskIntoConstraints = false
        if declaration?.scroll == .horizontal {
            let scrollView = UIScrollView()
            scrollView.isPagingEnabled = true
            scrollView.alwaysBounceHorizontal = true
            scrollView.translatesAutoresizingMaskIntoConstraints = false
            view.addSubview(scrollView)
            let content = UIView()
            content.backgroundColor = .secondarySystemBackground
            content.translatesAutoresizingMaskIntoConstraints = false
            scrollView.addSubview(content)
            NSLayoutConstraint.activate([
                scrollView.topAnchor.constraint(equalTo: view.topAnchor),
                scrollView.bottomAnchor.constraint(equalTo: view.bottomAnchor),
                scrollView.leadingAnchor.constraint(equalTo: view.leadingAnchor),
                scrollView.trailingAnchor.constraint(equalTo: view.trailingAnchor),
                content.topAnchor.constraint(equalTo: scrollView.contentLayoutGuide.topAnchor),
                content.bottomAnchor.constraint(equalTo: scrollView.contentLayoutGuide.bottomAnchor),
                content.leadingAnchor.constraint(equalTo: scrollView.contentLayoutGuide.leadingAnchor),
                content.trailingAnchor.constraint(equalTo: scrollView.contentLayoutGuide.trailingAnchor),
                content.heightAnchor.constraint(equalTo: scrollView.frameLayoutGuide.heightAnchor),
                content.widthAnchor.constraint(equalTo: scrollView.frameLayoutGuide.widthAnchor, multiplier: 3),
            ])
        }
        view.addSubview(label)
        // A field in the screen, for `key-back text`: with it first responder, ⌘[ reaches the
        // screen's own key command before the navigation controller's (R78).
        textField.placeholder = "Note"
        textField.borderStyle = .roundedRect
        textField.accessibilityIdentifier = "navhooks.textField"
        textField.translatesAutoresizingMaskIntoConstraints = false
        view.addSubview(textField)
        NSLayoutConstraint.activate([
            label.centerXAnchor.constraint(equalTo: view.centerXAnchor),
            label.centerYAnchor.constraint(equalTo: view.centerYAnchor),
            textField.topAnchor.constraint(equalTo: label.bottomAnchor, constant: 16),
            textField.centerXAnchor.constraint(equalTo: view.centerXAnchor),
            textField.widthAnchor.constraint(equalToConstant: 200),
        ])
    }

    /// The screen's text field (`navhooks.textField`).
    let textField = UITextField()

    /// The custom back button: the base-class guard's pop request, as the simulator's runner wires it.
    @objc private func customBackTapped() {
        guard let navigationController else { return }
        _ = BaseClassGuardPlugin.requestPop(on: navigationController.navigationHost)
    }
}
