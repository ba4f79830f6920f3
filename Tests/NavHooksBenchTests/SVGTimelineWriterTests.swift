import Foundation
import NavigationConformance
import NavigationScenarioRunner
import NavigationScenarios
import ScenarioTestSupport
import Testing

@testable import NavigationBench

struct SVGTimelineWriterTests {
    static let sketch = TimelineSketch(
        title: "draft.nav · ios16 · A+B <x>",
        frames: (0...60).map { frame in
            let time = Double(frame) / 60
            return .init(
                time: time, barVisibleFraction: time < 0.5 ? 1 : max(0, 1 - (time - 0.5) * 5),
                transitionActive: (0.5...0.8).contains(time)
            )
        },
        events: [
            .init(time: 0.5, label: "push Editor"), .init(time: 0.5, label: "willShow Editor"),
            .init(time: 0.8, label: "didShow Editor"),
        ],
        problems: [.init(start: 0.5, end: 0.8, label: "bar glitch: visible while both ends want it hidden")]
    )

    @Test func drawsTheBarTransitionsEventsAndAxes() {
        let svg = SVGTimelineWriter().svg(for: Self.sketch)
        #expect(svg.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\""))
        #expect(svg.hasSuffix("</svg>\n"))
        #expect(svg.contains("<polyline points=\""))
        #expect(svg.contains("<title>transition</title>"))
        #expect(svg.contains(">push Editor</text>") && svg.contains(">didShow Editor</text>"))
        #expect(svg.contains(">bar glitch: visible while both ends want it hidden</text>"))
        #expect(svg.contains("fill=\"#e74c3c\""))
        #expect(svg.contains("A+B &lt;x&gt;"))
        #expect(svg.contains(">0 s</text>") && svg.contains(">1 s</text>"))
    }

    /// Events at one moment share one numbered marker; the list under the chart gives each
    /// its own line, so no label sits on another.
    @Test func eventsAtOneMomentShareAMarkerAndGetALineEach() throws {
        let svg = SVGTimelineWriter().svg(for: Self.sketch)
        #expect(svg.contains(">1–2</text>"))
        #expect(svg.contains(">3</text>"))
        let listed = svg.split(separator: "\n").filter { $0.contains(" s</text><text x=") }
        #expect(listed.count == 4)  // three events and one problem
        let ys = listed.compactMap { row -> Substring? in
            guard let range = row.range(of: "y=\"") else { return nil }
            return row[range.upperBound...].prefix { $0 != "\"" }
        }
        #expect(Set(ys).count == 4)
    }

    /// A long title wraps instead of running off the picture.
    @Test func wrapsALongTitle() {
        let title =
            "Examples/Scenarios/draft.nav · ios26 · " + (1...8).map { "PluginNumber\($0)" }.joined(separator: "+")
        let lines = SVGTimelineWriter.wrap(title, columns: 60)
        #expect(lines.count > 1)
        #expect(lines.allSatisfy { $0.count <= 60 })
        #expect(lines.joined(separator: " ").replacingOccurrences(of: "+ ", with: "+") == title)
    }

    @Test func writesOneFileNamedAfterTheRun() throws {
        let directory = try TestScratch.folder("svg")
        let name = SVGTimelineWriter.fileName(
            file: "Examples/Scenarios/draft.nav", profile: "ios16", plugins: ["PopGestureGuard", "BackMenuGuard"]
        )
        #expect(name == "draft--ios16--BackMenuGuard+PopGestureGuard.svg")
        #expect(SVGTimelineWriter.fileName(file: "x.nav", profile: "ios13", plugins: []) == "x--ios13--none.svg")
        let path = try SVGTimelineWriter().write(Self.sketch, to: directory, fileName: name)
        #expect(FileManager.default.fileExists(atPath: path))
        TestScratch.remove(directory)
    }
}
