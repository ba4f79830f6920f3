import Foundation
import NavigationScenarioRunner
import NavigationScenarios
import NavigationStrategies
import Testing

/// `Examples/Recordings/`: recordings of the demo app's screens, made by recording the
/// simulator while it plays the equivalent flows in `Examples/Recordings/flows/` with the
/// recommended composition (nothing here runs UIKit). Regenerate them with
/// `NAVHOOKS_WRITE_RECORDINGS=1 swift test --filter RecordedExamplesTests`.
@MainActor
struct RecordedExamplesTests {
    static let profiles: [ScenarioProfile] = [.ios17, .ios26]

    static func directory() throws -> URL {
        let corpus = try #require(
            ScenarioCorpus.defaultDirectory(currentDirectory: FileManager.default.currentDirectoryPath))
        return URL(fileURLWithPath: corpus).deletingLastPathComponent().appendingPathComponent("Recordings")
    }

    @Test func theCommittedRecordingsAreWhatTheRecorderWritesAndReplayClean() throws {
        let directory = try Self.directory()
        let flows = try FileManager.default.contentsOfDirectory(atPath: directory.appendingPathComponent("flows").path)
            .filter { $0.hasSuffix(".nav") }.sorted()
        #expect(flows.count == 4)
        let writes = ProcessInfo.processInfo.environment["NAVHOOKS_WRITE_RECORDINGS"] == "1"
        for flow in flows {
            let path = directory.appendingPathComponent("flows").appendingPathComponent(flow).path
            let scenario = try ScenarioParser.parse(text: String(contentsOfFile: path, encoding: .utf8), file: path)
                .get()
            for profile in Self.profiles {
                let text = SimulatorScenarioRunner().recording(
                    of: scenario, profile: profile, plugins: StrategyComposition.recommended.names
                ).navFile
                let name = "\(flow.dropLast(4)).\(profile.rawValue).nav"
                let target = directory.appendingPathComponent(name).path
                if writes { try text.write(toFile: target, atomically: true, encoding: .utf8) }
                let committed = try String(contentsOfFile: target, encoding: .utf8)
                #expect(committed == text, "\(name) is stale: regenerate it")
                let recording = try ScenarioParser.parse(text: committed, file: target).get()
                let result = SimulatorScenarioRunner().run(
                    recording, profile: profile.rawValue, plugins: recording.recordedPlugins ?? [])
                #expect(result.expectFailures.isEmpty, "\(name): \(result.expectFailures)")
            }
        }
    }
}
