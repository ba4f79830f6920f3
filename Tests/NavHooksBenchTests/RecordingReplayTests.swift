import Foundation
import NavigationRecording
import NavigationScenarioRunner
import NavigationScenarios
import NavigationSimulator
import NavigationStrategies
import ScenarioTestSupport
import Testing

@testable import NavigationBench

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// A recording replayed by the bench: divergences with their rule ids, and JUnit output.
@MainActor
struct RecordingReplayTests {
    /// A screen with a custom back button: UIKit's own gesture delegate refuses the edge swipe
    /// there, in its receive question (R15, R28, R70).
    static let flow = """
        screen Home
        screen Player back=custom
        root Home
        push Player
        swipe-back finish
        """

    static func bench(_ arguments: [String]) -> (status: Int32, out: String, err: String) {
        var out = ""
        var err = ""
        let command = BenchCommand(
            runner: SimulatorScenarioRunner(),
            availablePlugins: StrategyCatalog.names,
            recommendedPlugins: StrategyComposition.recommended.names,
            output: { out += $0 },
            errorOutput: { err += $0 }
        )
        let status = command.run(arguments)
        return (status, out, err)
    }

    static func write(_ text: String, name: String) throws -> String {
        let directory = URL(fileURLWithPath: try TestScratch.folder("recordings"))
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let path = directory.appendingPathComponent(name).path
        try TestScratch.write(text, toFile: path)
        return path
    }

    @Test func aSeededModelChangeIsReportedAsADivergenceWithItsRuleID() throws {
        let scenario = try ScenarioParser.parse(text: Self.flow, file: "flow.nav").get()
        // The seeded change: on this "device" UIKit's gesture delegate lets every swipe begin
        // (R15 flipped); the simulator replaying the recording keeps R15 (made in the receive
        // question, R70).
        let recorder = SimulatorScenarioRunner().recording(of: scenario, profile: .ios17, plugins: []) { nav in
            nav.edgePopGestureDelegate = AlwaysBeginGestureDelegate()
        }
        let text = recorder.navFile
        #expect(text.contains("swipe-back progress=0.5 finish\nexpect stack Home\n"))
        let path = try Self.write(text, name: "device.nav")
        let (status, _, err) = Self.bench([path, "--check"])
        #expect(status == 1)
        #expect(err.contains("check failed: 1 expect failure in 1 run of none"), "\(err)")
        #expect(
            err.contains(
                "\(path):14:1: note: divergence: after 'swipe-back progress=0.5 finish' (\(path):13): the device "
                    + "showed 'stack Home'; the simulator showed 'stack Home Player'; rules the simulator applied at "
                    + "the step: R15, R28, R70\n"), "\(err)")
        // Unseeded, the same recording replays clean.
        let clean = SimulatorScenarioRunner().recording(of: scenario, profile: .ios17, plugins: []).navFile
        let cleanPath = try Self.write(clean, name: "device.nav")
        #expect(Self.bench([cleanPath, "--check"]).status == 0)
    }

    @Test func timelineRuleIDsReadInferredRulesAndReasons() {
        let timeline = Timeline(events: [
            .init(frameIndex: 0, kind: .inputIgnored("edge pop gesture did not begin (R15)")),
            .init(frameIndex: 0, kind: .inferredRule("R24")),
            .init(frameIndex: 1, kind: .inputIgnored("no R2D2 here, nor XR15")),
            .init(frameIndex: 1, kind: .frozen("pop gesture began on the root (R16, R17)")),
        ])
        #expect(timeline.ruleIDs(inEventsFrom: 0) == ["R15", "R16", "R17", "R24"])
        #expect(timeline.ruleIDs(inEventsFrom: 3) == ["R16", "R17"])
        #expect(timeline.ruleIDs(inEventsFrom: 9).isEmpty)
    }

    @Test func junitOutputHasTheShapeCISystemsRead() throws {
        let scenario = try ScenarioParser.parse(text: Self.flow, file: "flow.nav").get()
        let seeded = SimulatorScenarioRunner().recording(of: scenario, profile: .ios17, plugins: []) { nav in
            nav.edgePopGestureDelegate = AlwaysBeginGestureDelegate()
        }
        let path = try Self.write(seeded.navFile, name: "seeded.nav")
        let corpusFile = try Self.write(Self.flow, name: "written.nav")
        let (status, out, _) = Self.bench([path, corpusFile, "--check", "--format", "junit"])
        #expect(status == 1)

        let document = try XMLDocument(data: Data(out.utf8))
        let root = try #require(document.rootElement())
        #expect(root.name == "testsuites")
        // seeded.nav: its own combination (none) on ios17; written.nav: the recommended one on 7 profiles.
        #expect(root.attribute(forName: "tests")?.stringValue == "8")
        #expect(root.attribute(forName: "failures")?.stringValue == "1")
        let suites = root.elements(forName: "testsuite")
        #expect(suites.map { $0.attribute(forName: "name")?.stringValue } == [path, corpusFile].sorted())
        let cases = suites.flatMap { $0.elements(forName: "testcase") }
        #expect(cases.count == 8)
        for suite in suites {
            let count = suite.elements(forName: "testcase").count
            #expect(suite.attribute(forName: "tests")?.stringValue == "\(count)")
        }
        let failures = cases.flatMap { $0.elements(forName: "failure") }
        #expect(failures.count == 1)
        let failure = try #require(failures.first)
        #expect(failure.stringValue?.hasPrefix("\(path):14:1: error: after 'swipe-back") == true)
        #expect(failure.stringValue?.hasSuffix("applied at the step: R15, R28, R70") == true)
        #expect(failure.attribute(forName: "message")?.stringValue == "expect stack Home, found stack Home Player")
        #expect((failure.parent as? XMLElement)?.attribute(forName: "name")?.stringValue == "ios17 none")
    }
}
