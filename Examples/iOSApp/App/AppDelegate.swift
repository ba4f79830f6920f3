import NavigationHooks
import NavigationHooksUIKit
import UIKit

/// The demo app: one navigation controller with the recommended strategies installed.
///
/// No scene manifest (the generated Info.plist has none), so the app delegate owns the
/// window, which keeps the demo to one file of setup.
@main
final class AppDelegate: UIResponder, UIApplicationDelegate {
    var window: UIWindow?

    func application(
        _ application: UIApplication,
        didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]? = nil
    ) -> Bool {
        let navigationController = UINavigationController(rootViewController: HomeViewController())
        // The conformance suite is hosted by this app and checks plain UIKit: install nothing
        // (no process-wide method replacement either) when XCTest launched the app.
        if !Self.isHostingUnitTests {
            do {
                // Before the controller is shown, so the seams see its first transition (R8).
                try navigationController.installNavigationHooks()
                // Print the decisions in the console after each transition while you play.
                try navigationController.navigationHooks.install(TraceConsolePlugin())
            } catch {
                print("NavigationHooks: installation failed: \(error)")
            }
        }

        let window = UIWindow(frame: UIScreen.main.bounds)
        window.rootViewController = navigationController
        window.makeKeyAndVisible()
        self.window = window
        return true
    }

    /// `true` when XCTest launched the app as the host of a unit-test bundle.
    private static var isHostingUnitTests: Bool {
        ProcessInfo.processInfo.environment["XCTestConfigurationFilePath"] != nil
    }
}
