#if canImport(UIKit)
    // The UIKit bar-look snippet of NavigationHooksUIKit.docc/BarAppearance.md, verbatim, so that the
    // iOS SDK check compiles it with the app (nothing shows it). Change both together.
    import NavigationHooksUIKit
    import UIKit

    /// A photo under a transparent bar, with white items.
    final class PhotoViewController: UIViewController {
        override func viewDidLoad() {
            super.viewDidLoad()
            navigationBarLook = NavigationBarLook(background: .transparent, shadowHidden: true, tint: .white)
        }

        func showDetails() {
            navigationController?.pushViewController(PhotoDetailsViewController(), animated: true)
        }
    }

    /// The details under an opaque white bar; in the push, the pop and the swipe back, each
    /// screen's bar background moves with its screen (TransitionBarBackground, installed by
    /// `installNavigationHooks()`).
    final class PhotoDetailsViewController: UIViewController {
        override func viewDidLoad() {
            super.viewDidLoad()
            navigationBarLook = NavigationBarLook(
                background: .color(.white), tint: BarColor(red: 0, green: 0.48, blue: 1), titleColor: .black)
        }
    }
#endif
