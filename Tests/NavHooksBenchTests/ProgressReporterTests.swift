import Testing

@testable import NavigationBench

/// The progress line: one writer, counts that only grow, an ETA that does not swing. The
/// counts fed here are the ones the issue saw (81,920 of 318,464, then 39,936): a worker's
/// progress read mid-rewrite, or the matrix starting over on one process.
@MainActor
struct ProgressReporterTests {
    final class Clock {
        var nanoseconds: UInt64 = 0
        func advance(_ seconds: Double) { nanoseconds += UInt64(seconds * 1e9) }
    }

    static func shown(_ line: String) -> (done: Int, eta: Int)? {
        let words = line.split(separator: " ")
        guard let counts = words.first(where: { $0.contains("/") && $0.first?.isNumber == true }),
            let eta = words.firstIndex(of: "ETA").map({ words[$0 + 1].dropLast() })
        else { return nil }
        return (Int(counts.split(separator: "/")[0]) ?? -1, Int(eta) ?? -1)
    }

    @Test func aLowerCountNeverShowsAndTheETAMovesSmoothly() {
        let clock = Clock()
        var lines: [String] = []
        let progress = ProgressReporter(
            total: 318_464, enabled: true, write: { lines.append($0) }, now: { clock.nanoseconds })
        let fed = [20_000, 40_960, 81_920, 39_936, 90_000, 45_000, 120_000, 160_000, 318_464]
        for done in fed {
            clock.advance(0.5)
            progress.update(done: done)
        }
        let shown = lines.compactMap(Self.shown)
        #expect(shown.count >= 7)
        #expect(zip(shown, shown.dropFirst()).allSatisfy { $0.done <= $1.done }, "\(shown)")
        #expect(shown.last?.done == 318_464 && shown.last?.eta == 0)
        // Between two draws the ETA moves by at most a quarter of the raw estimate's change plus
        // the time that passed: no swing from 4 s to 12 s and back.
        let etas = shown.map(\.eta)
        let swings = zip(etas, etas.dropFirst()).map { abs($0 - $1) }
        #expect(swings.dropLast().allSatisfy { $0 <= 3 }, "\(etas)")
    }

    @Test func nothingIsDrawnInTheFirstSecondOrWhenNotATerminal() {
        let clock = Clock()
        var lines: [String] = []
        let quiet = ProgressReporter(
            total: 10, enabled: false, write: { lines.append($0) }, now: { clock.nanoseconds })
        clock.advance(5)
        quiet.update(done: 5)
        let early = ProgressReporter(
            total: 10, enabled: true, write: { lines.append($0) }, now: { clock.nanoseconds })
        clock.advance(0.5)
        early.update(done: 5)
        #expect(lines.isEmpty)
    }
}
