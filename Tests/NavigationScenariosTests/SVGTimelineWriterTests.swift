import Foundation
import NavigationScenarios
import Testing

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
        ]
    )

    @Test func drawsTheBarTransitionsEventsAndAxes() {
        let svg = SVGTimelineWriter().svg(for: Self.sketch)
        #expect(svg.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\""))
        #expect(svg.hasSuffix("</svg>\n"))
        #expect(svg.contains("<polyline points=\""))
        #expect(svg.contains("<title>transition</title>"))
        #expect(svg.contains(">push Editor</text>") && svg.contains(">didShow Editor</text>"))
        #expect(svg.contains("A+B &lt;x&gt;"))
        #expect(svg.contains(">0 s</text>") && svg.contains(">1 s</text>"))
    }

    @Test func staggersLabelsAtTheSameMoment() throws {
        let svg = SVGTimelineWriter().svg(for: Self.sketch)
        let rows = svg.split(separator: "\n").filter { $0.contains("fill=\"#c0392b\">") }
        let ys = rows.compactMap { row -> Substring? in
            guard let range = row.range(of: "y=\"") else { return nil }
            return row[range.upperBound...].prefix { $0 != "\"" }
        }
        #expect(ys.count == 3)
        #expect(ys[0] != ys[1])
    }

    @Test func writesOneFileNamedAfterTheRun() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("svg-\(UUID().uuidString)").path
        let name = SVGTimelineWriter.fileName(
            file: "Examples/Scenarios/draft.nav", profile: "ios16", plugins: ["PopGestureGuard", "BackMenuGuard"]
        )
        #expect(name == "draft--ios16--BackMenuGuard+PopGestureGuard.svg")
        #expect(SVGTimelineWriter.fileName(file: "x.nav", profile: "ios13", plugins: []) == "x--ios13--none.svg")
        let path = try SVGTimelineWriter().write(Self.sketch, to: directory, fileName: name)
        #expect(FileManager.default.fileExists(atPath: path))
        try? FileManager.default.removeItem(atPath: directory)
    }
}
