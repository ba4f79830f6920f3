import NavigationHooksUIKit
import UIKit

/// The root screen: full-bleed, navigation bar hidden (a hiding strategy applies it).
final class HomeViewController: UIViewController {
    private lazy var recordSwitch = RecordSwitch(owner: self)

    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Home"
        view.backgroundColor = .systemIndigo
        prefersNavigationBarHidden = true

        let stack = UIStackView(arrangedSubviews: [
            DemoButton.make("Open the list") { [unowned self] in
                self.navigationController?.pushViewController(ListViewController(), animated: true)
            },
            DemoButton.make("Draft in a sheet") { [unowned self] in
                self.present(DraftEditorViewController.presentedInSheet(), animated: true)
            },
            DemoButton.make("Present a modal") { [unowned self] in
                let modal = UINavigationController(rootViewController: ModalViewController())
                modal.modalPresentationStyle = .fullScreen
                self.present(modal, animated: true)
            },
            DemoButton.make("SwiftUI") { [unowned self] in
                if #available(iOS 15, *) {
                    self.present(SwiftUIDemo.makeViewController(), animated: true)
                }
            },
            recordSwitch.view,
        ])
        stack.axis = .vertical
        stack.spacing = 16
        stack.translatesAutoresizingMaskIntoConstraints = false
        view.addSubview(stack)
        NSLayoutConstraint.activate([
            stack.centerXAnchor.constraint(equalTo: view.centerXAnchor),
            stack.centerYAnchor.constraint(equalTo: view.centerYAnchor),
        ])
    }
}
