import Foundation
import NavigationConformance
import NavigationScenarios
import ScenarioTestSupport
import Testing

/// The device UI tests' expectations (`Examples/iOSApp/UITests/Expected`): the simulator's
/// outcome of every corpus scenario with a user step, on every profile it runs on, with the
/// recommended composition. `NAVHOOKS_WRITE_OUTCOMES=1 swift test --filter DeviceOutcomeTests`
/// writes them; without it the tests fail when a committed file differs, is missing or is left over.
@MainActor
struct DeviceOutcomeTests {
    nonisolated static let directory = Corpus.packageRoot + "/Examples/iOSApp/UITests/Expected"

    /// Every outcome the corpus produces now, by file name.
    static func exportedNow() throws -> [String: String] {
        let names = try FileManager.default.contentsOfDirectory(atPath: Corpus.directory.path)
            .filter { $0.hasSuffix(".nav") }
        var files: [String: String] = [:]
        for name in names {
            let scenario = try Corpus.scenario(String(name.dropLast(4)))
            guard DeviceOutcome.needsDevice(scenario) else { continue }
            for profile in ScenarioProfile.allCases where scenario.runs(on: profile) {
                let outcome = DeviceOutcome(scenario, profile: profile)
                files[outcome.fileName] = try outcome.json()
            }
        }
        return files
    }

    @Test func theCommittedOutcomesAreWhatTheSimulatorProducesNow() throws {
        let exported = try Self.exportedNow()
        #expect(!exported.isEmpty)
        if ProcessInfo.processInfo.environment["NAVHOOKS_WRITE_OUTCOMES"] != nil {
            try FileManager.default.createDirectory(atPath: Self.directory, withIntermediateDirectories: true)
            for (name, text) in exported {
                try text.write(toFile: Self.directory + "/" + name, atomically: true, encoding: .utf8)
            }
        }
        let committed = Set(
            (try? FileManager.default.contentsOfDirectory(atPath: Self.directory))?.filter { $0.hasSuffix(".json") }
                ?? [])
        #expect(committed == Set(exported.keys), "regenerate with NAVHOOKS_WRITE_OUTCOMES=1")
        for (name, text) in exported where committed.contains(name) {
            let file = try String(contentsOfFile: Self.directory + "/" + name, encoding: .utf8)
            #expect(
                file == text, "\(name) differs from the simulator's outcome; regenerate with NAVHOOKS_WRITE_OUTCOMES=1")
        }
    }

    /// A refused back tap: the snapshot keeps the stack and says so; the UI tests compare the
    /// same fields, and one differing snapshot is one line.
    @Test func aRefusedTapKeepsTheStackAndOneDifferenceIsOneLine() throws {
        let scenario = try Corpus.parse(
            """
            scenario A guarded editor
            screen Home
            screen Editor guard=deny
            root Home
            push Editor
            tap-back
            expect top Editor
            """)
        let outcome = DeviceOutcome(scenario, profile: .ios17)
        #expect(outcome.plugins.contains("ShouldPopItemGuard"))
        #expect(
            outcome.snapshots == [
                .init(line: 4, step: "root Home", stack: ["Home"], barHidden: false, refused: false),
                .init(line: 5, step: "push Editor", stack: ["Home", "Editor"], barHidden: false, refused: false),
                .init(line: 6, step: "tap-back", stack: ["Home", "Editor"], barHidden: false, refused: true),
            ])
        #expect(DeviceOutcome.needsDevice(scenario))
        var device = outcome
        device.snapshots[2] = .init(line: 6, step: "tap-back", stack: ["Home"], barHidden: false, refused: false)
        #expect(
            device.differences(from: outcome) == [
                "expected line 6 tap-back: Home Editor, bar visible, refused, found line 6 tap-back: Home, bar visible"
            ])
        #expect(outcome.differences(from: outcome).isEmpty)
    }

    /// VoiceOver's escape, ⌘[ and a sheet's swipe-down are driven on the device now; a dismissed
    /// sheet is no refusal.
    @Test func escapeKeyBackAndSheetScenariosRunOnTheDevice() throws {
        for name in ["voiceover-escape-guarded", "sheet-swipe-down-unguarded", "sheet-swipe-down-guard-below"] {
            #expect(DeviceOutcome.needsDevice(try Corpus.scenario(name)), "\(name)")
        }
        let sheet = DeviceOutcome(
            try Corpus.scenario("sheet-swipe-down-unguarded"), profile: .ios13)
        let last = try #require(sheet.snapshots.last)
        #expect(last.sheetDismissed == true && !last.refused, "\(last)")
        let trackpad = try Corpus.scenario("voiceover-escape-unguarded")
        #expect(!DeviceOutcome.needsDevice(trackpad), "a trackpad swipe still needs a trackpad")
    }
}
