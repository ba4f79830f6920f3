import Foundation
import NavigationConformance
import NavigationScenarios
import ScenarioTestSupport
import Testing

/// The conformance traces and the committed expectation files of the device suite (`Examples/iOSApp/ConformanceTests/Expected`).
@MainActor
struct ConformanceTraceTests {
    typealias Event = ConformanceTrace.Event

    nonisolated static let expectedDirectory = Corpus.packageRoot + "/Examples/iOSApp/ConformanceTests/Expected"

    /// The committed `<scenario>.<profile>.json` files.
    nonisolated static func committedFiles() -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: expectedDirectory)) ?? []
        return names.filter { $0.hasSuffix(".json") }.sorted()
    }

    // MARK: The committed files

    @Test(arguments: committedFiles())
    func aCommittedFileIsWhatTheSimulatorExportsNow(file: String) throws {
        let parts = file.split(separator: ".")
        try #require(parts.count == 3)
        let profile = try #require(ScenarioProfile(rawValue: String(parts[1])))
        let scenario = try Corpus.scenario(String(parts[0]))
        #expect(scenario.runs(on: profile), "\(file): the scenario does not run on \(profile)")
        let exported = try ConformanceTrace(scenario, profile: profile).json()
        let committed = try Data(contentsOf: URL(fileURLWithPath: Self.expectedDirectory + "/" + file))
        guard committed != Data(exported.utf8) else { return }
        let committedLines = String(decoding: committed, as: UTF8.self).split(separator: "\n")
        let exportedLines = exported.split(separator: "\n")
        let line = committedLines.indices.first { $0 >= exportedLines.count || committedLines[$0] != exportedLines[$0] }
        Issue.record(
            """
            \(file) differs from the simulator's trace from line \((line ?? committedLines.count) + 1) on; \
            regenerate the files with \
            `swift run navhooks-bench export-traces Examples/iOSApp/ConformanceTests/Expected`
            """)
    }

    @Test func everyScenarioHasAFilePerProfileItRunsOn() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Corpus.directory.path).filter {
            $0.hasSuffix(".nav")
        }
        var wanted: [String] = []
        for name in names {
            let scenario = try Corpus.scenario(String(name.dropLast(4)))
            for profile in ScenarioProfile.allCases where scenario.runs(on: profile) {
                wanted.append("\(ConformanceTrace.name(of: scenario)).\(profile).json")
            }
        }
        let committed = Set(Self.committedFiles())
        #expect(Set(wanted).subtracting(committed).sorted() == [], "missing: export the traces again")
        #expect(committed.subtracting(wanted).sorted() == [], "left over: delete them")
    }

    // MARK: Traces, event by event

    @Test func pushThenPop() throws {
        let scenario = try Corpus.parse(
            """
            screen Home
            screen List
            root Home
            push List
            pop
            """)
        let trace = ConformanceTrace(scenario, profile: .ios17)
        #expect(trace.scenario == "flow")
        #expect(trace.profile == "ios17")
        #expect(trace.plugins.isEmpty)
        #expect(
            trace.events == [
                // First appearance (R8, inferred): a non-animated transition to the root.
                Event(event: .willShow, screen: "Home", animated: false, rule: "R8"),
                Event(event: .viewWillAppear, screen: "Home", animated: false),
                Event(event: .viewDidAppear, screen: "Home", animated: false),
                Event(event: .didShow, screen: "Home", animated: false, rule: "R8"),
                // Push: willShow before the animation (R8), appearance order R1, didShow after.
                Event(event: .willShow, screen: "List", animated: true, rule: "R8"),
                Event(event: .viewWillDisappear, screen: "Home", animated: true, rule: "R1"),
                Event(event: .viewWillAppear, screen: "List", animated: true, rule: "R1"),
                Event(event: .viewDidDisappear, screen: "Home", animated: true, rule: "R1"),
                Event(event: .viewDidAppear, screen: "List", animated: true, rule: "R1"),
                Event(event: .didShow, screen: "List", animated: true, rule: "R8"),
                // Pop: the same, mirrored.
                Event(event: .willShow, screen: "Home", animated: true, rule: "R8"),
                Event(event: .viewWillDisappear, screen: "List", animated: true, rule: "R1"),
                Event(event: .viewWillAppear, screen: "Home", animated: true, rule: "R1"),
                Event(event: .viewDidDisappear, screen: "List", animated: true, rule: "R1"),
                Event(event: .viewDidAppear, screen: "Home", animated: true, rule: "R1"),
                Event(event: .didShow, screen: "Home", animated: true, rule: "R8"),
            ])
    }

    @Test func nonAnimatedPushAndCancelledSwipe() throws {
        let scenario = try Corpus.parse(
            """
            screen Home
            screen List
            root Home
            push List animated=false
            swipe-back progress=0.3 cancel
            """)
        let events = Array(ConformanceTrace(scenario, profile: .ios18).events.dropFirst(4))
        #expect(
            events == [
                Event(event: .willShow, screen: "List", animated: false, rule: "R8"),
                Event(event: .viewWillDisappear, screen: "Home", animated: false, rule: "R3"),
                Event(event: .viewWillAppear, screen: "List", animated: false, rule: "R3"),
                Event(event: .viewDidDisappear, screen: "Home", animated: false, rule: "R3"),
                Event(event: .viewDidAppear, screen: "List", animated: false, rule: "R3"),
                Event(event: .didShow, screen: "List", animated: false, rule: "R8"),
                // The gesture begins: willShow for the screen underneath (R9), then R13's order;
                // on iOS 18 the cancel ends with willShow and didShow for the screen that stays (R42).
                Event(event: .willShow, screen: "Home", animated: true, rule: "R9"),
                Event(event: .viewWillDisappear, screen: "List", animated: true, rule: "R13"),
                Event(event: .viewWillAppear, screen: "Home", animated: true, rule: "R13"),
                Event(event: .viewWillDisappear, screen: "Home", animated: true, rule: "R13"),
                Event(event: .viewDidDisappear, screen: "Home", animated: true, rule: "R13"),
                Event(event: .viewWillAppear, screen: "List", animated: true, rule: "R13"),
                Event(event: .viewDidAppear, screen: "List", animated: true, rule: "R13"),
                Event(event: .willShow, screen: "List", animated: true, rule: "R42"),
                Event(event: .didShow, screen: "List", animated: true, rule: "R42"),
            ])
    }

    @Test func fullScreenModal() throws {
        let scenario = try Corpus.parse(
            """
            screen Home
            screen Player
            root Home
            present Player style=fullscreen
            dismiss
            """)
        let events = Array(ConformanceTrace(scenario, profile: .ios26).events.dropFirst(4))
        #expect(
            events == [
                Event(event: .viewWillDisappear, screen: "Home", animated: true, rule: "R32"),
                Event(event: .viewWillAppear, screen: "Player", animated: true),
                Event(event: .viewDidDisappear, screen: "Home", animated: true, rule: "R32"),
                Event(event: .viewDidAppear, screen: "Player", animated: true),
                Event(event: .viewWillDisappear, screen: "Player", animated: true),
                Event(event: .viewWillAppear, screen: "Home", animated: true, rule: "R11"),
                Event(event: .viewDidDisappear, screen: "Player", animated: true),
                Event(event: .viewDidAppear, screen: "Home", animated: true, rule: "R11"),
            ])
    }

    @Test func jsonHasSortedKeysAndOmitsAMissingRule() throws {
        let trace = ConformanceTrace(
            scenario: "s", profile: "ios13",
            events: [Event(event: .viewWillAppear, screen: "Home", animated: false)])
        #expect(
            try trace.json() == """
                {
                  "events" : [
                    {
                      "animated" : false,
                      "event" : "viewWillAppear",
                      "screen" : "Home"
                    }
                  ],
                  "plugins" : [

                  ],
                  "profile" : "ios13",
                  "scenario" : "s"
                }

                """)
    }
}
