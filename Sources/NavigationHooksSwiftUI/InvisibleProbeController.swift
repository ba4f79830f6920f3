#if canImport(SwiftUI) && canImport(UIKit)
    internal import SwiftUI  // on iOS it brings UIKit's types; UIKit code itself stays in NavigationHooksUIKit

    /// A view controller a SwiftUI modifier puts in the hierarchy through a representable, only
    /// to be parented where the modifier's view is (R63): its view is hidden and takes no touch.
    /// The preference probe and the recording probe build on it.
    @MainActor
    class InvisibleProbeController: UIViewController {
        init() {
            super.init(nibName: nil, bundle: nil)
        }

        @available(*, unavailable)
        required init?(coder: NSCoder) { nil }

        override func loadView() {
            let view = UIView(frame: .zero)
            view.isHidden = true
            view.isUserInteractionEnabled = false
            self.view = view
        }
    }
#endif
