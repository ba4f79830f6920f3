import UIKit

/// A filled button running a closure (`UIAction`, iOS 14+).
enum DemoButton {
    @MainActor
    static func make(_ title: String, action: @escaping @MainActor () -> Void) -> UIButton {
        var configuration = UIButton.Configuration.filled()
        configuration.title = title
        return UIButton(configuration: configuration, primaryAction: UIAction { _ in action() })
    }
}
