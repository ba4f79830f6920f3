import NavigationHooks
import NavigationHooksUIKit
import UIKit

/// The demo app's process: it names the scene delegate that builds the UI.
///
/// The app adopts the scene-based life cycle, which apps built with the iOS 27 SDK must do or
/// they do not launch (TN3187, "Migrating to the UIKit scene-based life cycle"): the
/// Info.plist's scene manifest lists one window-scene configuration (`project.yml`), and
/// ``application(_:configurationForConnecting:options:)`` returns the same in code. Scenes
/// exist from iOS 13, the app's deployment target, so there is no app-delegate window path.
@main
final class AppDelegate: UIResponder, UIApplicationDelegate {
    func application(
        _ application: UIApplication,
        didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]? = nil
    ) -> Bool {
        true
    }

    func application(
        _ application: UIApplication, configurationForConnecting connectingSceneSession: UISceneSession,
        options: UIScene.ConnectionOptions
    ) -> UISceneConfiguration {
        let configuration = UISceneConfiguration(name: "Default", sessionRole: connectingSceneSession.role)
        configuration.delegateClass = SceneDelegate.self
        return configuration
    }
}

/// One window per scene: one navigation controller with the recommended strategies installed,
/// or the scenario replay the UI tests asked for.
final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
    var window: UIWindow?
    /// The scenario replay the UI tests asked for, if any.
    private var harness: ScenarioHarness?

    func scene(
        _ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions
    ) {
        guard let windowScene = scene as? UIWindowScene else { return }
        // The window belongs to its scene (never `UIScreen.main` or the application's windows).
        let window = UIWindow(windowScene: windowScene)
        self.window = window
        // Launched by the UI tests with `-NavHooksScenario NAME`: replay that scenario instead.
        if let name = ScenarioHarness.requestedScenario {
            let bounds = windowScene.coordinateSpace.bounds
            let statusFrame = CGRect(x: bounds.maxX - 170, y: bounds.maxY - 110, width: 160, height: 80)
            if let harness = ScenarioHarness(named: name, in: windowScene, statusFrame: statusFrame) {
                self.harness = harness
                window.rootViewController = harness.rootViewController
                window.makeKeyAndVisible()
                harness.start()
                return
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
    }

    /// `true` when XCTest launched the app as the host of a unit-test bundle.
    private static var isHostingUnitTests: Bool {
        ProcessInfo.processInfo.environment["XCTestConfigurationFilePath"] != nil
    }
}
