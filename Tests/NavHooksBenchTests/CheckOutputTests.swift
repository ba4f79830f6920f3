import NavigationScenarioRunner
import NavigationScenarios
import NavigationStrategies
import Testing

@testable import NavigationBench

/// What `--check` prints for a failed `expect`: one error per distinct outcome with the
/// profiles sharing it on one line, and a note that says "expected" for a file a person wrote
/// and "the device showed" only for a recording.
@MainActor
struct CheckOutputTests {
    /// Without a plugin nothing refuses the tap: on every profile the form is popped.
    static let handWritten = """
        screen Card
        screen Form guard=deny
        root Card
        push Form
        tap-back
        expect top Form
        """

    @Test func aHandWrittenFileGetsOneErrorPerOutcomeAndSaysExpected() throws {
        let path = try RecordingReplayTests.write(Self.handWritten, name: "form.nav")
        let (status, _, err) = RecordingReplayTests.bench([path, "--plugins", "none", "--check"])
        #expect(status == 1)
        let lines = err.split(separator: "\n").map(String.init)
        let errors = lines.filter { $0.contains(": error: ") }
        #expect(
            errors == [
                "\(path):6:1: error: expect top Form failed on ios13, ios14, ios16, ios17, ios18, ios26, ios27 with none: "
                    + "found top Card"
            ], "\(err)")
        let notes = lines.filter { $0.contains(": note: ") }
        #expect(notes.count == 1, "\(err)")
        #expect(
            notes.first?.hasPrefix("\(path):6:1: note: after 'tap-back' (\(path):5): expected 'top Form'; ") == true)
        #expect(!err.contains("device"), "\(err)")
        #expect(err.contains("check failed: 7 expect failures in 7 runs of none"))
    }

    @Test func aRecordingSaysTheDeviceShowed() throws {
        let recording = Self.handWritten.replacingOccurrences(of: "screen Card", with: "plugin none\nscreen Card")
        let path = try RecordingReplayTests.write(recording, name: "recorded.nav")
        let (status, _, err) = RecordingReplayTests.bench([path, "--profiles", "ios17,ios18", "--check"])
        #expect(status == 1)
        #expect(err.contains("\(path):7:1: error: expect top Form failed on ios17, ios18 with none: found top Card\n"))
        #expect(
            err.contains("\(path):7:1: note: divergence: after 'tap-back' (\(path):6): the device showed 'top Form'"))
    }

    /// The README's pattern recorded (a confirmation set, cleared, set again), written to a file
    /// and checked by the bench on every profile: no divergence.
    @Test func aRecordingWithSetStepsPassesTheCheckOnEveryProfile() throws {
        let scenario = try ScenarioParser.parse(text: RecorderSetFlow.text, file: "flow.nav").get()
        for profile in ScenarioProfile.allCases {
            let text = SimulatorScenarioRunner().recording(
                of: scenario, profile: profile, plugins: StrategyComposition.recommended.names
            ).navFile
            #expect(text.contains("\nset EditContact guard=confirm\n"))
            let path = try RecordingReplayTests.write(text, name: "contact.nav")
            let (status, _, err) = RecordingReplayTests.bench([path, "--check"])
            #expect(status == 0, "\(profile): \(err)\n\(text)")
        }
    }
}

/// The README's "set it while there is something to lose", as a flow.
enum RecorderSetFlow {
    static let text = """
        screen ContactCard
        screen EditContact
        root ContactCard
        push EditContact
        set EditContact guard=confirm
        tap-back
        confirm keep
        set EditContact guard=none
        tap-back
        push EditContact
        set EditContact guard=confirm
        swipe-back progress=0.6 finish
        confirm discard
        """
}
