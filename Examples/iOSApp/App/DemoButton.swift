import ObjectiveC
import UIKit

/// A filled button running a closure: `UIButton.Configuration` and `UIAction` from iOS 15,
/// a system button with a target-action closure before (the app runs from iOS 13).
enum DemoButton {
    @MainActor
    static func make(_ title: String, action: @escaping @MainActor () -> Void) -> UIButton {
        if #available(iOS 15.0, *) {
            var configuration = UIButton.Configuration.filled()
            configuration.title = title
            return UIButton(configuration: configuration, primaryAction: UIAction { _ in action() })
        }
        let button = UIButton(type: .system)
        button.setTitle(title, for: .normal)
        onTap(button, action)
        return button
    }

    /// Runs `action` on every tap of `button` (target-action: `addAction(_:for:)` is iOS 14+).
    @MainActor
    static func onTap(_ button: UIButton, _ action: @escaping @MainActor () -> Void) {
        let target = TapTarget(action)
        button.addTarget(target, action: #selector(TapTarget.fire), for: .touchUpInside)
        objc_setAssociatedObject(button, &TapTarget.key, target, .OBJC_ASSOCIATION_RETAIN_NONATOMIC)
    }
}

/// The target of ``DemoButton/onTap(_:_:)``, kept alive by its button.
@MainActor
private final class TapTarget: NSObject {
    static var key: UInt8 = 0
    private let action: @MainActor () -> Void

    init(_ action: @escaping @MainActor () -> Void) { self.action = action }

    @objc func fire() { action() }
}
