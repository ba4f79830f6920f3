import Foundation
import XCTest

/// Replays every scenario of `Examples/Scenarios` that has an expectation for the running
/// iOS version's profile on a real `UINavigationController`, and compares the recorded
/// appearance and delegate callbacks with the simulator's (`Expected/<scenario>.<profile>.json`).
///
/// Plain UIKit, no plugins: this checks the simulator's model of UIKit (UIKIT_BEHAVIOR.md),
/// so the expectations are the simulator's traces for the plugin set `none`.
@MainActor
final class UIKitConformanceTests: XCTestCase {
    /// The profile of the running iOS version (UIKIT_BEHAVIOR.md's profiles).
    static var runningProfile: String {
        switch ProcessInfo.processInfo.operatingSystemVersion.majorVersion {
        case ..<14: "ios13"
        case 14...15: "ios14"
        case 16: "ios16"
        case 17: "ios17"
        case 18...25: "ios18"
        default: "ios26"
        }
    }

    func testScenariosMatchSimulatorExpectations() throws {
        let profile = Self.runningProfile
        let scenarioFiles = try ConformanceFiles.scenarioFiles()
        var compared = 0
        for file in scenarioFiles {
            let name = file.deletingPathExtension().lastPathComponent
            guard let expectedURL = ConformanceFiles.expectedFile(scenario: name, profile: profile) else { continue }
            let scenario = NavScenario(name: name, text: try String(contentsOf: file, encoding: .utf8))
            if !scenario.profiles.isEmpty && !scenario.profiles.contains(profile) { continue }
            guard scenario.isReplayable else {
                XCTContext.runActivity(named: "\(name): not replayable") { _ in }
                continue
            }
            let expected = try JSONDecoder().decode(ExpectedTrace.self, from: Data(contentsOf: expectedURL))
            let actual = ScenarioReplayer().run(scenario)
            let comparison = TraceComparison(expected: expected.events, actual: actual)
            compared += 1
            XCTContext.runActivity(named: "\(name) on \(profile)") { activity in
                let recorded = XCTAttachment(string: actual.map(\.description).joined(separator: "\n"))
                recorded.name = "recorded trace"
                activity.add(recorded)
                XCTAssertTrue(
                    comparison.isEmpty, "\(name).\(profile) differs from the simulator:\n\(comparison.report)")
            }
        }
        if compared == 0 {
            throw XCTSkip("no replayable scenario has an Expected/<scenario>.\(profile).json yet")
        }
    }

    /// Every expectation file decodes, whatever its profile.
    func testExpectedFilesDecode() throws {
        let files = ConformanceFiles.allExpectedFiles()
        if files.isEmpty { throw XCTSkip("no expectation files yet") }
        for file in files {
            XCTAssertNoThrow(
                try JSONDecoder().decode(ExpectedTrace.self, from: Data(contentsOf: file)), file.lastPathComponent)
        }
    }

    /// The comparison itself, on a hand-made pair: a missing `didShow` is one R8 difference.
    func testComparisonReportsPerRule() {
        let expected = [
            TraceEvent(event: .willShow, screen: "List", animated: true),
            TraceEvent(event: .viewWillAppear, screen: "List", animated: true),
            TraceEvent(event: .didShow, screen: "List", animated: true),
        ]
        let actual = Array(expected.prefix(2))
        let comparison = TraceComparison(expected: expected, actual: actual)
        XCTAssertEqual(comparison.byRule.map(\.rule), ["R8"])
        XCTAssertEqual(comparison.differences.count, 1)
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
