import Foundation
import NavigationConformance
import NavigationHooks
import NavigationScenarioRunner
import NavigationScenarios
import NavigationSimulator
import NavigationStrategies

/// Draws a ``TimelineSketch`` as a standalone SVG: the bar's visibility (0…1) as a line over
/// time, transitions shaded blue, bar problems (glitches, the wrong bar at rest) shaded red,
/// and the events as numbered markers explained in a list under the chart, so labels never
/// pile up where events share a moment.
///
/// ```
///  title (wrapped)
///  ①      ②–④          ⑤             markers: one per moment
///  ┌──────────────────────────────────────┐ visible
///  │   ░░░░░╲___________▓▓▓▓▓/‾‾‾‾‾‾‾     │
///  └──────────────────────────────────────┘ hidden
///  0 s      0.5 s      1 s      1.5 s
///  1  0.00 s  push List
///  2  0.35 s  #1 tap-back on Editor …
///  !  0.70 s  bar glitch: visible while both ends hidden
/// ```
struct SVGTimelineWriter: Sendable {
    /// Width of the drawing in pixels.
    var width: Double
    /// Rows for the numbered markers above the chart, used where markers are close.
    var labelRows: Int

    /// Creates a writer.
    init(width: Double = 960, labelRows: Int = 3) {
        self.width = width
        self.labelRows = max(1, labelRows)
    }

    /// A file name for a run: `STEM--PROFILE--PLUGINS.svg`, safe on every file system. With
    /// `root` (the bench passes ``commonFolder(of:)`` of its inputs), the folders of `file`
    /// below `root` come first (`a/x--ios17--none.svg`, `b/x--ios17--none.svg`), so two
    /// inputs with the same name never share a timeline; without it, the base name alone.
    static func fileName(file: String, profile: String, plugins: [String], relativeTo root: String? = nil)
        -> String
    {
        var components = file.split(separator: "/").map(String.init)
        if let root {
            let rootComponents = root.split(separator: "/").map(String.init)
            if components.starts(with: rootComponents), components.count > rootComponents.count {
                components.removeFirst(rootComponents.count)
            }
        } else {
            components = Array(components.suffix(1))
        }
        let base = components.popLast() ?? file
        let stem = base.hasSuffix(".nav") ? String(base.dropLast(4)) : base
        let raw = "\(stem)--\(profile)--\(PluginCombination(plugins).label)"
        // The folders the file is in below `root` stay folders, so two inputs with the same
        // name never share a timeline; `.` goes, `..` becomes `__`.
        let folders = components.filter { $0 != "." }.map { $0 == ".." ? "__" : safe($0) }
        return (folders + [safe(raw) + ".svg"]).joined(separator: "/")
    }

    /// The deepest folder every one of `files` is in ("" when they share none): timelines are
    /// named relative to it.
    public static func commonFolder(of files: [String]) -> String {
        guard let first = files.first else { return "" }
        var common = Array(first.split(separator: "/").dropLast())
        for file in files.dropFirst() {
            let folders = Array(file.split(separator: "/").dropLast())
            var shared = 0
            while shared < min(common.count, folders.count), common[shared] == folders[shared] { shared += 1 }
            common.removeLast(common.count - shared)
        }
        return (first.hasPrefix("/") ? "/" : "") + common.joined(separator: "/")
    }

    private static func safe(_ text: String) -> String {
        String(text.map { $0.isLetter || $0.isNumber || "-_+.".contains($0) ? $0 : "_" })
    }

    /// Writes `sketch` into `directory` (created if needed) and returns the file's path. The
    /// file is written whole or not at all (``OutputFile``); `fileName` may name folders.
    @discardableResult
    func write(_ sketch: TimelineSketch, to directory: String, fileName: String) throws
        -> String
    {
        let path = (directory as NSString).appendingPathComponent(fileName)
        try OutputFile.write(svg(for: sketch), to: path)
        return path
    }

    /// The SVG document for `sketch`.
    func svg(for sketch: TimelineSketch) -> String {
        let left = 70.0
        let right = width - 20
        // About 9 pixels a character in bold 14-pixel type.
        let titleLines = Self.wrap(sketch.title, columns: max(20, Int((width - left) / 9)))
        let markerTop = 26.0 + Double(titleLines.count) * 17
        let rowHeight = 13.0
        let plotTop = markerTop + Double(labelRows) * rowHeight + 4
        let plotBottom = plotTop + 160
        let moments = Self.moments(of: sketch.events)
        let listTop = plotBottom + 50
        let listLines = sketch.events.count + sketch.problems.count
        let height = listTop + Double(listLines) * 15 + 10
        let end = max(
            sketch.frames.last?.time ?? 0, sketch.events.map(\.time).max() ?? 0,
            sketch.problems.map(\.end).max() ?? 0, 0.1
        )
        func x(_ time: Double) -> Double { left + (right - left) * min(max(time, 0), end) / end }
        func y(_ fraction: Double) -> Double {
            plotBottom - (plotBottom - plotTop) * min(max(fraction, 0), 1)
        }

        var out: [String] = []
        out.append(
            ##"<svg xmlns="http://www.w3.org/2000/svg" width="\##(f(width))" height="\##(f(height))" "##
                + ##"viewBox="0 0 \##(f(width)) \##(f(height))" font-family="Helvetica, Arial, sans-serif" font-size="11">"##
        )
        out.append(##"<rect width="100%" height="100%" fill="white"/>"##)
        for (index, line) in titleLines.enumerated() {
            out.append(
                ##"<text x="\##(f(left))" y="\##(f(22 + Double(index) * 17))" font-size="14" font-weight="bold">"##
                    + ##"\##(escape(line))</text>"##)
        }

        // Transitions, shaded; then bar problems over them.
        // The clock only runs while something moves, so transitions often follow each other
        // directly: alternate shades and a line at each start keep them apart.
        for (index, (start, stop)) in transitionSpans(sketch.frames).enumerated() {
            out.append(
                ##"<rect x="\##(f(x(start)))" y="\##(f(plotTop))" width="\##(f(max(x(stop) - x(start), 1)))" "##
                    + ##"height="\##(f(plotBottom - plotTop))" fill="\##(index % 2 == 0 ? "#e3ecf7" : "#cfdcee")">"##
                    + ##"<title>transition</title></rect>"##
            )
            out.append(
                ##"<line x1="\##(f(x(start)))" y1="\##(f(plotTop))" x2="\##(f(x(start)))" y2="\##(f(plotBottom))" "##
                    + ##"stroke="#9bb3d3" stroke-width="1"/>"##)
        }
        for problem in sketch.problems {
            let width = max(x(problem.end) - x(problem.start), 4)
            out.append(
                ##"<rect x="\##(f(x(problem.start) - (problem.end > problem.start ? 0 : 2)))" y="\##(f(plotTop))" "##
                    + ##"width="\##(f(width))" height="\##(f(plotBottom - plotTop))" fill="#e74c3c" fill-opacity="0.28">"##
                    + ##"<title>\##(escape(problem.label))</title></rect>"##)
            out.append(
                ##"<text x="\##(f(x(problem.start) + width / 2))" y="\##(f(plotBottom - 6))" text-anchor="middle" "##
                    + ##"font-weight="bold" fill="#c0392b">!</text>"##)
        }

        // Axes and grid.
        out.append(
            ##"<rect x="\##(f(left))" y="\##(f(plotTop))" width="\##(f(right - left))" height="\##(f(plotBottom - plotTop))" "##
                + ##"fill="none" stroke="#888"/>"##
        )
        out.append(
            ##"<text x="\##(f(left - 6))" y="\##(f(plotTop + 4))" text-anchor="end">visible</text>"##)
        out.append(
            ##"<text x="\##(f(left - 6))" y="\##(f(plotBottom + 4))" text-anchor="end">hidden</text>"##)
        out.append(
            ##"<text x="14" y="\##(f((plotTop + plotBottom) / 2))" transform="rotate(-90 14 \##(f((plotTop + plotBottom) / 2)))" "##
                + ##"text-anchor="middle">bar</text>"##
        )
        let step = Self.tickStep(for: end)
        for index in 0...Int((end / step + 0.001).rounded(.down)) {
            let tick = (Double(index) * step * 1e6).rounded() / 1e6
            let tx = x(tick)
            out.append(
                ##"<line x1="\##(f(tx))" y1="\##(f(plotBottom))" x2="\##(f(tx))" y2="\##(f(plotBottom + 5))" stroke="#888"/>"##
            )
            out.append(
                ##"<text x="\##(f(tx))" y="\##(f(plotBottom + 18))" text-anchor="middle">\##(tick.formattedShort) s</text>"##
            )
        }
        out.append(
            ##"<text x="\##(f(right))" y="\##(f(plotBottom + 34))" text-anchor="end" fill="#555">"##
                + ##"seconds (virtual clock; a user input at rest comes after a 0.25 s pause); blue: a transition runs; red: a bar glitch, the wrong bar at rest or an unguarded pop</text>"##
        )

        // Markers: one per moment, numbered, staggered over `labelRows` rows when close.
        var rowEnds = Array(repeating: -Double.infinity, count: labelRows)
        for moment in moments {
            let mx = x(moment.time)
            let text = moment.number
            let labelWidth = Double(text.count) * 6.5 + 4
            let start = mx - labelWidth / 2
            let row =
                rowEnds.firstIndex { $0 < start - 1 } ?? rowEnds.indices.min { rowEnds[$0] < rowEnds[$1] }!
            rowEnds[row] = start + labelWidth
            let my = markerTop + Double(row) * rowHeight
            out.append(
                ##"<line x1="\##(f(mx))" y1="\##(f(my + 2))" x2="\##(f(mx))" y2="\##(f(plotBottom))" stroke="#555" "##
                    + ##"stroke-width="0.7" stroke-dasharray="2,2"/>"##)
            let textX = min(max(mx, left + labelWidth / 2), width - labelWidth / 2 - 2)  // inside the picture
            out.append(
                ##"<text x="\##(f(textX))" y="\##(f(my))" text-anchor="middle" font-weight="bold" fill="#333">"##
                    + ##"\##(escape(text))</text>"##)
        }

        // Bar visibility.
        if !sketch.frames.isEmpty {
            let points = sketch.frames.map { "\(f(x($0.time))),\(f(y($0.barVisibleFraction)))" }
            out.append(
                ##"<polyline points="\##(points.joined(separator: " "))" fill="none" stroke="#1f6fb2" stroke-width="2"/>"##
            )
        }

        // The list: every event by number, then every problem.
        var line = 0
        for moment in moments {
            for (offset, label) in moment.labels.enumerated() {
                let number = String(moment.first + offset)
                out.append(listLine(number, time: moment.time, label, top: listTop + Double(line) * 15, left: left))
                line += 1
            }
        }
        for problem in sketch.problems {
            out.append(
                listLine(
                    "!", time: problem.start, problem.label, top: listTop + Double(line) * 15, left: left, red: true))
            line += 1
        }
        out.append("</svg>")
        return out.joined(separator: "\n") + "\n"
    }

    /// `1  0.35 s  #1 tap-back on Editor`, in the list under the chart.
    private func listLine(_ number: String, time: Double, _ label: String, top: Double, left: Double, red: Bool = false)
        -> String
    {
        let color = red ? ##" fill="#c0392b""## : ""
        return
            ##"<text x="\##(f(left - 6))" y="\##(f(top))" text-anchor="end" font-weight="bold"\##(color)>\##(escape(number))</text>"##
            + ##"<text x="\##(f(left + 4))" y="\##(f(top))"\##(color)>\##(String(format: "%.2f", time)) s</text>"##
            + ##"<text x="\##(f(left + 56))" y="\##(f(top))"\##(color)>\##(escape(label))</text>"##
    }

    /// Events grouped by moment: the numbers `first…` they get in the list.
    struct Moment {
        var time: Double
        var first: Int
        var labels: [String]
        /// `3`, or `3–5` for several events at one moment.
        var number: String { labels.count == 1 ? "\(first)" : "\(first)–\(first + labels.count - 1)" }
    }

    static func moments(of events: [TimelineSketch.Event]) -> [Moment] {
        var moments: [Moment] = []
        var number = 1
        for event in events {
            if let last = moments.last, abs(last.time - event.time) < 1e-9 {
                moments[moments.count - 1].labels.append(event.label)
            } else {
                moments.append(Moment(time: event.time, first: number, labels: [event.label]))
            }
            number += 1
        }
        return moments
    }

    /// `text` in lines of at most `columns` characters, broken at spaces (or `+`).
    static func wrap(_ text: String, columns: Int) -> [String] {
        var lines: [String] = []
        var current = ""
        for word in text.split(separator: " ", omittingEmptySubsequences: false).map(String.init) {
            var word = word
            while word.count > columns {  // a long plugin list: break after a `+`
                let head = word.prefix(columns)
                let cut = head.lastIndex(of: "+").map { word.index(after: $0) } ?? head.endIndex
                if !current.isEmpty {
                    lines.append(current)
                    current = ""
                }
                lines.append(String(word[..<cut]))
                word = String(word[cut...])
            }
            if current.isEmpty {
                current = word
            } else if current.count + 1 + word.count <= columns {
                current += " " + word
            } else {
                lines.append(current)
                current = word
            }
        }
        if !current.isEmpty { lines.append(current) }
        return lines
    }

    /// Start and end times of runs of frames with a transition active.
    func transitionSpans(_ frames: [TimelineSketch.Frame]) -> [(Double, Double)] {
        var spans: [(Double, Double)] = []
        var start: Double?
        for (index, frame) in frames.enumerated() {
            if frame.transitionActive, start == nil { start = frame.time }
            let next = index + 1 < frames.count ? frames[index + 1] : nil
            let continues = next?.transitionActive == true && next?.transitionID == frame.transitionID
            if let begun = start, !continues {
                spans.append((begun, next?.time ?? frame.time))
                start = nil
            }
        }
        return spans
    }

    /// A round tick interval giving at most about ten ticks over `end` seconds.
    static func tickStep(for end: Double) -> Double {
        let candidates: [Double] = [
            0.01, 0.02, 0.05, 0.1, 0.2, 0.25, 0.5, 1, 2, 5, 10, 15, 30, 60, 120, 300, 600,
        ]
        return candidates.first { end / $0 <= 10 } ?? (end / 10).rounded(.up)
    }

    private func f(_ value: Double) -> String {
        let rounded = (value * 10).rounded() / 10
        return rounded.formattedShort
    }

    private func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }
}

extension Double {
    /// `1` rather than `1.0`, for tick labels.
    fileprivate var formattedShort: String {
        self == rounded() && abs(self) < 1e15 ? String(Int(self)) : String(self)
    }
}
