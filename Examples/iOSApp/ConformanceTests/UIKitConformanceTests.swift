import Foundation
import NavigationConformance
import NavigationScenarios
import XCTest

/// Replays every scenario of `Examples/Scenarios` that has an expectation for the running
/// iOS version's profile on a real `UINavigationController`, and compares the recorded
/// appearance and delegate callbacks with the simulator's (`Expected/<scenario>.<profile>.json`).
///
/// Plain UIKit, no plugins: this checks the simulator's model of UIKit (UIKitRules.md),
/// so the expectations are the simulator's traces for the plugin set `none`. The scenario
/// files are read with the package's ``ScenarioParser``, the expectations decoded as the
/// package's ``ConformanceTrace`` and compared by its ``ConformanceComparison``, so the suite
/// reads the format exactly as the bench does.
@MainActor
final class UIKitConformanceTests: XCTestCase {
    /// The profile that models the running iOS version (13 → ios13, 14–15 → ios14, …, 26 → ios26, 27 and later → ios27).
    static var runningProfile: ScenarioProfile {
        ScenarioProfile(modelling: ProcessInfo.processInfo.operatingSystemVersion.majorVersion)
    }

    func testScenariosMatchSimulatorExpectations() throws {
        let profile = Self.runningProfile
        var compared = 0
        for file in try ConformanceFiles.scenarioFiles() {
            let name = file.deletingPathExtension().lastPathComponent
            guard let expectedURL = ConformanceFiles.expectedFile(scenario: name, profile: profile.rawValue) else {
                continue
            }
            let text = try String(contentsOf: file, encoding: .utf8)
            let scenario: Scenario
            switch ScenarioParser.parse(text: text, file: file.lastPathComponent) {
            case .success(let parsed): scenario = parsed
            case .failure(let diagnostics):
                XCTFail("\(diagnostics)")
                continue
            }
            guard scenario.runs(on: profile) else { continue }
            let userSteps = ScenarioReplayer.userSteps(of: scenario)
            guard userSteps.isEmpty else {
                let lines = userSteps.map { "line \($0.location.line): \($0.text)" }.joined(separator: ", ")
                XCTContext.runActivity(named: "\(name): not replayable (\(lines))") { _ in }
                continue
            }
            let expected = try JSONDecoder().decode(ConformanceTrace.self, from: Data(contentsOf: expectedURL))
            let actual = ScenarioReplayer().run(scenario)
            let comparison = ConformanceComparison(expected: expected.events, actual: actual)
            compared += 1
            XCTContext.runActivity(named: "\(name) on \(profile.rawValue)") { activity in
                let recorded = XCTAttachment(string: actual.map(\.description).joined(separator: "\n"))
                recorded.name = "recorded trace"
                activity.add(recorded)
                XCTAssertTrue(
                    comparison.isEmpty, "\(name).\(profile.rawValue) differs from the simulator:\n\(comparison.report)")
            }
        }
        if compared == 0 {
            throw XCTSkip("no replayable scenario has an Expected/<scenario>.\(profile.rawValue).json yet")
        }
    }

    /// Every expectation file decodes, whatever its profile.
    func testExpectedFilesDecode() throws {
        let files = ConformanceFiles.allExpectedFiles()
        if files.isEmpty { throw XCTSkip("no expectation files yet") }
        for file in files {
            XCTAssertNoThrow(
                try JSONDecoder().decode(ConformanceTrace.self, from: Data(contentsOf: file)), file.lastPathComponent)
        }
    }
}

/// Where the scenario and expectation files are: copied into the test bundle (folders
/// `Scenarios` and `Expected`, see project.yml), or, on the simulator, read from the
/// source tree next to this file.
enum ConformanceFiles {
    static var sourceDirectory: URL { URL(fileURLWithPath: #filePath).deletingLastPathComponent() }

    static func directory(_ bundleFolder: String, sourceRelative: String) -> URL? {
        let bundle = Bundle(for: UIKitConformanceTests.self)
        if let url = bundle.resourceURL?.appendingPathComponent(bundleFolder),
            FileManager.default.fileExists(atPath: url.path)
        {
            return url
        }
        let url = sourceDirectory.appendingPathComponent(sourceRelative).standardizedFileURL
        return FileManager.default.fileExists(atPath: url.path) ? url : nil
    }

    static func scenarioFiles() throws -> [URL] {
        guard let directory = directory("Scenarios", sourceRelative: "../../Scenarios") else { return [] }
        return try FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "nav" }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
    }

    static func expectedFile(scenario: String, profile: String) -> URL? {
        guard let directory = directory("Expected", sourceRelative: "Expected") else { return nil }
        let url = directory.appendingPathComponent("\(scenario).\(profile).json")
        return FileManager.default.fileExists(atPath: url.path) ? url : nil
    }

    static func allExpectedFiles() -> [URL] {
        guard let directory = directory("Expected", sourceRelative: "Expected"),
            let files = try? FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil)
        else { return [] }
        return files.filter { $0.pathExtension == "json" }
    }
}
