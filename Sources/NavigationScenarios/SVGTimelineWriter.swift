import Foundation

/// Draws a ``TimelineSketch`` as a standalone SVG: the bar's visibility (0…1) as a line over
/// time, transitions shaded, events as labelled vertical markers, seconds on the x axis.
///
/// ```
///  title
///  label rows (staggered so labels do not overlap)
///  ┌──────────────────────────────────────┐ visible
///  │   ░░░░░╲___________░░░░░/‾‾‾‾‾‾‾     │
///  └──────────────────────────────────────┘ hidden
///  0 s      0.5 s      1 s      1.5 s
/// ```
public struct SVGTimelineWriter: Sendable {
    /// Width of the drawing in pixels.
    public var width: Double
    /// Rows available for event labels before they repeat.
    public var labelRows: Int

    /// Creates a writer.
    public init(width: Double = 960, labelRows: Int = 5) {
        self.width = width
        self.labelRows = max(1, labelRows)
    }

    /// A file name for a run: `STEM--PROFILE--PLUGINS.svg`, safe on every file system.
    public static func fileName(file: String, profile: String, plugins: [String]) -> String {
        let base = file.split(separator: "/").last.map(String.init) ?? file
        let stem = base.hasSuffix(".nav") ? String(base.dropLast(4)) : base
        let raw = "\(stem)--\(profile)--\(PluginCombination(plugins).label)"
        let safe = String(raw.map { $0.isLetter || $0.isNumber || "-_+.".contains($0) ? $0 : "_" })
        return safe + ".svg"
    }

    /// Writes `sketch` into `directory` (created if needed) and returns the file's path.
    @discardableResult
    public func write(_ sketch: TimelineSketch, to directory: String, fileName: String) throws
        -> String
    {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let path = (directory as NSString).appendingPathComponent(fileName)
        try svg(for: sketch).write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// The SVG document for `sketch`.
    public func svg(for sketch: TimelineSketch) -> String {
        let left = 70.0
        let right = width - 20
        let labelTop = 44.0
        let rowHeight = 14.0
        let plotTop = labelTop + Double(labelRows) * rowHeight + 6
        let plotBottom = plotTop + 160
        let height = plotBottom + 40
        let end = max(
            sketch.frames.last?.time ?? 0, sketch.events.map(\.time).max() ?? 0, 0.1
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
        out.append(
            ##"<text x="\##(f(left))" y="22" font-size="14" font-weight="bold">\##(escape(sketch.title))</text>"##
        )

        // Transitions, shaded.
        for (start, stop) in transitionSpans(sketch.frames) {
            out.append(
                ##"<rect x="\##(f(x(start)))" y="\##(f(plotTop))" width="\##(f(max(x(stop) - x(start), 1)))" "##
                    + ##"height="\##(f(plotBottom - plotTop))" fill="#dbe7f5"><title>transition</title></rect>"##
            )
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
            ##"<text x="\##(f(right))" y="\##(f(plotBottom + 34))" text-anchor="end" fill="#555">seconds (virtual clock); shaded: transition running</text>"##
        )

        // Events: markers and staggered labels.
        var rowEnds = Array(repeating: -Double.infinity, count: labelRows)
        for event in sketch.events {
            let ex = x(event.time)
            let labelWidth = Double(event.label.count) * 6 + 6
            // Near the right edge a label ends at its marker instead of starting there.
            let flipped = ex + labelWidth > width
            let start = flipped ? ex - labelWidth : ex
            let row =
                rowEnds.firstIndex { $0 < start - 2 } ?? rowEnds.indices.min { rowEnds[$0] < rowEnds[$1] }!
            rowEnds[row] = start + labelWidth
            let ly = labelTop + Double(row) * rowHeight
            out.append(
                ##"<line x1="\##(f(ex))" y1="\##(f(ly + 2))" x2="\##(f(ex))" y2="\##(f(plotBottom))" stroke="#c0392b" "##
                    + ##"stroke-width="0.8" stroke-dasharray="3,2"/>"##
            )
            let anchor = flipped ? ##" text-anchor="end""## : ""
            out.append(
                ##"<text x="\##(f(flipped ? ex - 2 : ex + 2))" y="\##(f(ly))"\##(anchor) fill="#c0392b">"##
                    + ##"\##(escape(event.label))</text>"##
            )
        }

        // Bar visibility.
        if !sketch.frames.isEmpty {
            let points = sketch.frames.map { "\(f(x($0.time))),\(f(y($0.barVisibleFraction)))" }
            out.append(
                ##"<polyline points="\##(points.joined(separator: " "))" fill="none" stroke="#1f6fb2" stroke-width="2"/>"##
            )
        }
        out.append("</svg>")
        return out.joined(separator: "\n") + "\n"
    }

    /// Start and end times of runs of frames with a transition active.
    func transitionSpans(_ frames: [TimelineSketch.Frame]) -> [(Double, Double)] {
        var spans: [(Double, Double)] = []
        var start: Double?
        for (index, frame) in frames.enumerated() {
            if frame.transitionActive, start == nil { start = frame.time }
            let next = index + 1 < frames.count ? frames[index + 1] : nil
            if let begun = start, next?.transitionActive != true {
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
