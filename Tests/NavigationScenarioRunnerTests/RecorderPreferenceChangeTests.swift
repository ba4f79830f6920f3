import NavigationRecording
import NavigationScenarioRunner
import NavigationScenarios
import NavigationSimulator
import NavigationStrategies
import Testing

/// A screen's preferences changed mid-flow (the README's "set it while there is something to
/// lose"): the recorder writes `set NAME key=value…`, and the replay of the recording shows what
/// the recorded controller showed after every step, on every profile, with and without plugins.
/// The oracle is the recorded run itself: every `expect` line is what the recorded controller
/// showed. Without `set` in the recording the replay keeps the first preferences and diverges
/// (the confirmation that kept the editor is missing: "expected stack ContactCard EditContact").
@MainActor
struct RecorderPreferenceChangeTests {
    /// The README's pattern: a clean form, the user types (confirmation set), back and keep,
    /// saved (cleared), back leaves; a new editor, typed again (set again), escape and discard.
    nonisolated static let leaveConfirmationFlow = """
        screen ContactCard
        screen EditContact
        root ContactCard
        push EditContact
        set EditContact guard=confirm
        tap-back
        confirm keep
        swipe-back progress=0.7 finish
        confirm keep
        set EditContact guard=none
        tap-back
        push EditContact
        set EditContact guard=confirm
        voiceover-escape
        confirm discard
        """

    /// Every other key a `screen` line takes, set, cleared and set again.
    nonisolated static let otherKeysFlow = """
        screen Home
        screen Article
        screen Comments
        root Home
        push Article
        set Article gesture=disabled
        swipe-back finish
        set Article gesture=enabled back=custom
        tap-back
        push Article
        set Article guard=deny scroll=horizontal
        tap-back
        swipe-back progress=0.7 finish
        set Article guard=none bar=hidden
        push Comments
        pop
        set Article bar=visible back=custom
        push Comments
        swipe-back progress=0.3 cancel
        pop
        tap-back
        """

    /// A bar that fades in as the content scrolls, then loses its look, then gets another
    /// (`set` with the look keys, `look=none`; the recorder writes each change).
    nonisolated static let lookFlow = """
        screen Photo look=transparent
        screen Details
        screen Home
        root Home
        push Photo
        set Photo alpha=0.5
        push Details
        pop
        set Photo look=none
        push Details
        pop
        set Photo look=ffffff shadow=hidden
        swipe-back progress=0.3 cancel
        tap-back
        expect top Home
        """

    nonisolated static let swiftUIFlow = """
        host swiftui
        screen Feed
        screen Draft
        root Feed
        push Draft
        set Draft guard=confirm
        swipe-back finish
        confirm keep
        set Draft bar=hidden
        tap-back
        set Draft guard=none bar=visible
        tap-back
        """

    @Test(arguments: [leaveConfirmationFlow, otherKeysFlow, lookFlow, swiftUIFlow], [true, false])
    func setClearedAndSetAgainReplaysWithoutDivergenceOnEveryProfile(flow: String, recommended: Bool) throws {
        let scenario = try ScenarioParser.parse(text: flow, file: "flow.nav").get()
        let plugins = recommended ? StrategyComposition.recommended.names : []
        for profile in ScenarioProfile.allCases {
            let recorder = SimulatorScenarioRunner().recording(of: scenario, profile: profile, plugins: plugins)
            let text = recorder.navFile
            // The changes are in the recording as `set` steps (several changes before one step
            // are one `set`; a screen that left before its change needs none).
            let sets = scenario.steps.filter { $0.text.hasPrefix("set ") }.count
            #expect((1...sets).contains(text.components(separatedBy: "\nset ").count - 1), "\(profile)\n\(text)")
            #expect(text.contains("\nhost swiftui") == scenario.host.isSwiftUI)
            let (recording, result) = try RecorderRoundTripTests.replay(
                text, file: "flow.\(profile).nav", profile: profile)
            #expect(result.expectFailures.isEmpty, "\(profile) \(plugins): \(result.expectFailures)\n\(text)")
            #expect(recording.steps.filter(\.isExpectation).count >= 6)
        }
    }

    @Test func theRecordingWritesOnlyTheKeysThatChangedBeforeTheStepTheyPrecede() throws {
        let scenario = try ScenarioParser.parse(text: Self.leaveConfirmationFlow, file: "flow.nav").get()
        let text = SimulatorScenarioRunner().recording(
            of: scenario, profile: .ios17, plugins: StrategyComposition.recommended.names
        ).navFile
        #expect(text.contains("screen EditContact\n"))
        #expect(!text.contains("screen EditContact guard"))
        #expect(text.contains("expect bar visible\nset EditContact guard=confirm\ntap-back\n"))
        #expect(text.contains("set EditContact guard=none\ntap-back\nexpect stack ContactCard\n"))
        // The second editor is a new instance with the name's current (cleared) preferences.
        #expect(text.contains("push EditContact\nexpect stack ContactCard EditContact\n"))
        #expect(!text.contains("EditContact2"))
    }

    /// The false divergence, reproduced: the same recording without its `set` lines
    /// (what the recorder wrote before) fails its replay, blaming the step the device kept.
    @Test func withoutItsSetLinesTheRecordingDiverges() throws {
        let scenario = try ScenarioParser.parse(text: Self.leaveConfirmationFlow, file: "flow.nav").get()
        let text = SimulatorScenarioRunner().recording(
            of: scenario, profile: .ios18, plugins: StrategyComposition.recommended.names
        ).navFile
        let stripped = text.split(separator: "\n", omittingEmptySubsequences: false)
            .filter { !$0.hasPrefix("set ") }.joined(separator: "\n")
        let (_, result) = try RecorderRoundTripTests.replay(stripped, file: "stripped.nav", profile: .ios18)
        #expect(result.expectFailures.contains { $0.actual == "stack ContactCard" })
        let (_, kept) = try RecorderRoundTripTests.replay(text, file: "kept.nav", profile: .ios18)
        #expect(kept.expectFailures.isEmpty)
    }

    @Test func aChangeAfterTheLastStepIsWrittenAtTheEnd() throws {
        let scenario = try ScenarioParser.parse(
            text: "screen A\nscreen B\nroot A\npush B\nset B bar=hidden gesture=disabled\n", file: "t.nav"
        ).get()
        let text = SimulatorScenarioRunner().recording(of: scenario, profile: .ios26, plugins: []).navFile
        #expect(text.hasSuffix("expect bar visible\nset B bar=hidden gesture=disabled\n"), "\(text)")
        #expect(throws: Never.self) { try ScenarioParser.parse(text: text, file: "r.nav").get() }
    }
}
