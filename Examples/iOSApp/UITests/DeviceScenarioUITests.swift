import Foundation
import NavigationConformance
import NavigationScenarios
import XCTest

/// Replays the corpus scenarios that need a user (back taps, back-menu picks, edge and content
/// swipes, VoiceOver's escape, ⌘[, a sheet's swipe-down) in the demo app with the recommended composition installed, driving real taps,
/// long presses and drags, and compares the stack and the bar after every step with the
/// simulator's (`Expected/<scenario>.<profile>.json`, written by the package's
/// `DeviceOutcomeTests`).
///
/// The app replays the app's own steps itself (`ScenarioHarness`, launched with
/// `-NavHooksScenario NAME`); at each user step it shows `pending N: STEP` in its status label
/// (`navhooks.state`), this test performs the step and taps `navhooks.next`; at the end the
/// label reads `done` and carries the device's ``DeviceOutcome`` as its accessibility value.
@MainActor
final class DeviceScenarioUITests: XCTestCase {
    /// The profile that models the running iOS version.
    private var runningProfile: ScenarioProfile {
        ScenarioProfile(modelling: ProcessInfo.processInfo.operatingSystemVersion.majorVersion)
    }

    func testUserStepsMatchTheSimulatorWithTheRecommendedComposition() throws {
        continueAfterFailure = true
        let profile = runningProfile
        let files = try DeviceFiles.expectedFiles(profile: profile.rawValue)
        if files.isEmpty { throw XCTSkip("no Expected/*.\(profile.rawValue).json") }
        for file in files {
            let expected = try JSONDecoder().decode(DeviceOutcome.self, from: Data(contentsOf: file))
            try XCTContext.runActivity(named: "\(expected.scenario) on \(profile.rawValue)") { _ in
                try replay(expected)
            }
        }
    }

    /// Launches the app on `expected.scenario`, performs its user steps and compares.
    private func replay(_ expected: DeviceOutcome) throws {
        let scenario = try DeviceFiles.scenario(named: expected.scenario)
        let app = XCUIApplication()
        app.launchArguments = ["-NavHooksScenario", expected.scenario]
        app.launch()
        defer { app.terminate() }
        let state = app.staticTexts["navhooks.state"]
        XCTAssertTrue(state.waitForExistence(timeout: 10), "\(expected.scenario): the app shows no status label")
        var performed = 0
        while true {
            let text = waitForPendingOrDone(state)
            if text == "done" { break }
            guard text.hasPrefix("pending "), let index = Self.stepIndex(in: text), index < scenario.steps.count else {
                XCTFail("\(expected.scenario): the app did not finish (status: \(text))")
                return
            }
            perform(scenario.steps[index], in: app)
            app.buttons["navhooks.next"].tap()
            performed += 1
            // Let the app leave the pending state before polling again.
            waitUntil { state.label != text }
        }
        let json = (state.value as? String) ?? ""
        let actual = try JSONDecoder().decode(DeviceOutcome.self, from: Data(json.utf8))
        let differences = actual.differences(from: expected)
        XCTAssertTrue(
            differences.isEmpty,
            "\(expected.scenario).\(expected.profile) (\(performed) user steps) differs from the simulator:\n"
                + differences.joined(separator: "\n"))
    }

    // MARK: User steps

    private func perform(_ step: ScenarioStep, in app: XCUIApplication) {
        switch step.action {
        case .tapBack:
            backButton(in: app)?.tap()
        case .backMenu(let destination):
            guard let back = backButton(in: app) else { return }
            back.press(forDuration: 1.2)
            if let row = menuRow(named: destination, in: app) {
                row.tap()
            } else {
                // No menu, or no such row: dismiss whatever appeared, as a user would.
                app.coordinate(withNormalizedOffset: CGVector(dx: 0.5, dy: 0.15)).tap()
            }
        case .swipeBack(let progress, let release):
            drag(in: app, from: 0.0, progress: progress, finish: release == .finish)
        case .contentSwipe(let progress, let release):
            drag(in: app, from: 0.3, progress: progress, finish: release == .finish)
        case .voiceOverEscape, .voiceOverEscapeInBar:
            // XCUITest cannot perform VoiceOver's two-finger scrub (nor call an element's
            // accessibilityPerformEscape): the app's harness performs the escape as UIKit does.
            app.buttons["navhooks.escape"].tap()
        case .keyBack:
            // ⌘[ from the simulator's hardware keyboard. The app put the first responder where
            // the step says (`key-back text`: the screen's text field); the recommended
            // composition's key command on the screen takes it before UIKit's (R78), public API
            // only (the app refuses to start with UIKit's private ⌘[ action hooked, R51).
            app.typeKey("[", modifierFlags: .command)
        case .swipeDownSheet:
            // A fast drag down from the sheet's top part (R52).
            let top = app.coordinate(withNormalizedOffset: CGVector(dx: 0.5, dy: 0.2))
            let bottom = app.coordinate(withNormalizedOffset: CGVector(dx: 0.5, dy: 0.98))
            if #available(iOS 16.0, *) {
                top.press(forDuration: 0.05, thenDragTo: bottom, withVelocity: .fast, thenHoldFor: 0)
            } else {
                top.press(forDuration: 0.05, thenDragTo: bottom)
            }
        default:
            break
        }
    }

    /// The custom back button where the screen has one, else the system back button.
    private func backButton(in app: XCUIApplication) -> XCUIElement? {
        let custom = app.buttons["navhooks.customBack"]
        if custom.exists && custom.isHittable { return custom }
        let bar = app.navigationBars.firstMatch
        guard bar.exists else { return nil }
        let system = bar.buttons["BackButton"]
        if system.exists && system.isHittable { return system }
        let first = bar.buttons.element(boundBy: 0)
        return first.exists && first.isHittable ? first : nil
    }

    /// A row of the back menu titled `name`: menus show their rows as buttons or cells of a
    /// collection view, or as menu items, depending on the iOS version.
    private func menuRow(named name: String, in app: XCUIApplication) -> XCUIElement? {
        let candidates = [
            app.collectionViews.buttons[name], app.collectionViews.cells[name], app.menuItems[name],
            app.menus.buttons[name],
        ]
        for candidate in candidates where candidate.waitForExistence(timeout: 1) && candidate.isHittable {
            return candidate
        }
        return nil
    }

    /// A horizontal drag at mid height from `start` (fraction of the width; 0 = the left
    /// edge) over `progress` of the rest of the width; fast and released at once to finish,
    /// slow and held to cancel (UIKit completes a pop past half the width or with speed).
    private func drag(in app: XCUIApplication, from start: Double, progress: Double, finish: Bool) {
        let origin = app.coordinate(withNormalizedOffset: CGVector(dx: start, dy: 0.5))
            .withOffset(CGVector(dx: start == 0 ? 2 : 0, dy: 0))
        let endX = min(0.98, start + progress * (1 - start))
        let end = app.coordinate(withNormalizedOffset: CGVector(dx: endX, dy: 0.5))
        if #available(iOS 16.0, *) {
            origin.press(
                forDuration: 0.05, thenDragTo: end, withVelocity: finish ? .fast : .slow,
                thenHoldFor: finish ? 0 : 0.5)
        } else {
            origin.press(forDuration: 0.05, thenDragTo: end)
        }
    }

    // MARK: Waiting

    /// The status label's text once it reads `pending …` or `done` (at most 30 s).
    private func waitForPendingOrDone(_ state: XCUIElement) -> String {
        var text = state.label
        waitUntil(timeout: 30) {
            text = state.label
            return text == "done" || text.hasPrefix("pending ")
        }
        return text
    }

    /// Polls `condition` every 0.2 s until it holds or `timeout` passes.
    private func waitUntil(timeout: TimeInterval = 10, _ condition: () -> Bool) {
        let deadline = Date().addingTimeInterval(timeout)
        while !condition() && Date() < deadline {
            Thread.sleep(forTimeInterval: 0.2)
        }
    }

    /// `N` in `pending N: STEP`.
    static func stepIndex(in text: String) -> Int? {
        let afterPrefix = text.dropFirst("pending ".count)
        guard let colon = afterPrefix.firstIndex(of: ":") else { return nil }
        return Int(afterPrefix[..<colon])
    }
}

/// Where the scenario and expectation files are: copied into the test bundle (folders
/// `Scenarios` and `Expected`, see project.yml), or read from the source tree next to this file.
enum DeviceFiles {
    static var sourceDirectory: URL { URL(fileURLWithPath: #filePath).deletingLastPathComponent() }

    static func directory(_ bundleFolder: String, sourceRelative: String) -> URL? {
        let bundle = Bundle(for: DeviceScenarioUITests.self)
        if let url = bundle.resourceURL?.appendingPathComponent(bundleFolder),
            FileManager.default.fileExists(atPath: url.path)
        {
            return url
        }
        let url = sourceDirectory.appendingPathComponent(sourceRelative).standardizedFileURL
        return FileManager.default.fileExists(atPath: url.path) ? url : nil
    }

    /// `Expected/*.<profile>.json`, sorted.
    static func expectedFiles(profile: String) throws -> [URL] {
        guard let directory = directory("Expected", sourceRelative: "Expected") else { return [] }
        return try FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil)
            .filter { $0.lastPathComponent.hasSuffix(".\(profile).json") }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
    }

    /// The parsed `Scenarios/<name>.nav`.
    static func scenario(named name: String) throws -> Scenario {
        guard let directory = directory("Scenarios", sourceRelative: "../../Scenarios") else {
            throw CocoaError(.fileNoSuchFile)
        }
        let file = directory.appendingPathComponent(name + ".nav")
        let text = try String(contentsOf: file, encoding: .utf8)
        return try ScenarioParser.parse(text: text, file: file.lastPathComponent).get()
    }
}
