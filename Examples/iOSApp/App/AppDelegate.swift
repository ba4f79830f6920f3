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
    /// The scenario replay the UI tests asked for, if any.
    private var harness: ScenarioHarness?

    func application(
        _ application: UIApplication,
        didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]? = nil
    ) -> Bool {
        let window = UIWindow(frame: UIScreen.main.bounds)
        // Launched by the UI tests with `-NavHooksScenario NAME`: replay that scenario instead.
        if let name = ScenarioHarness.requestedScenario {
            let bounds = window.bounds
            let statusFrame = CGRect(x: bounds.maxX - 170, y: bounds.maxY - 110, width: 160, height: 80)
            if let harness = ScenarioHarness(named: name, statusFrame: statusFrame) {
                self.harness = harness
                window.rootViewController = harness.rootViewController
                window.makeKeyAndVisible()
                self.window = window
                harness.start()
                return true
            }
        }

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
