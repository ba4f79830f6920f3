import Foundation
import NavigationSimulator
import ScenarioTestSupport
import Testing

@testable import NavigationScenarios

/// The parser splits a file into lines and tokens on its UTF-8 bytes (``ScenarioLine/scans(of:)``);
/// splitting on its Characters, what it did before, is the reference: both must give the same
/// lines, tokens, columns, texts and diagnostics on any text.
struct ScenarioLineScanTests {
    /// Every `.nav` file under `Examples`, by its path there.
    static let examples: [(name: String, text: String)] = {
        let root = URL(fileURLWithPath: Corpus.packageRoot).appendingPathComponent("Examples")
        let paths = FileManager.default.enumerator(atPath: root.path)?.compactMap { $0 as? String } ?? []
        return paths.filter { $0.hasSuffix(".nav") }.sorted().compactMap { path in
            (try? String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)).map { (path, $0) }
        }
    }()

    /// What a mutation inserts: line ends, blanks, `#`, `=`, forbidden controls, and non-ASCII
    /// text, among which scalars Unicode joins to their neighbours (a combining mark, a ZWJ, a
    /// skin tone, a regional indicator, a prepended mark, Hangul jamo).
    static let insertions: [String] = [
        "\r", "\n", "\r\n", "\n\r", "\t", " ", "  ", "#", "=", "a", "push", "screen", "\u{0}", "\u{7F}", "\u{1B}",
        "\u{0B}", "é", "e\u{301}", "\u{301}", "\u{200D}", "\u{1F3FB}", "👩‍👩‍👧", "🇫🇷", "\u{1F1EB}", "\u{0600}",
        "\u{0903}", "\u{1100}", "\u{1161}", "\u{FEFF}", "\u{85}", "\u{2028}", "⌘[", "\r\u{301}", "\u{301}\r\n",
    ]

    /// The same lines, token by token, byte for byte; with `parsing`, also the same result of the
    /// parse (the scenario, or the diagnostics' texts), though the parse of the lines is the same code.
    static func expectSameSplit(
        _ text: String, file: String, parsing: Bool = true, sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) {
        let bytes = ScenarioLine.scans(of: text)
        let characters = ScenarioLine.characterScans(of: text)
        guard bytes.map(exactly) == characters.map(exactly), bytes == characters else {
            Issue.record(
                "\(file): \(String(reflecting: text))\nbytes:      \(bytes)\ncharacters: \(characters)",
                sourceLocation: sourceLocation)
            return
        }
        guard parsing else { return }
        let parsed = ScenarioParser.parse(text: text, file: file, byCharacters: false)
        let reference = ScenarioParser.parse(text: text, file: file, byCharacters: true)
        #expect(parsed == reference, "\(file)", sourceLocation: sourceLocation)
        if case .failure(let failure) = parsed, case .failure(let expected) = reference {
            #expect(Array(failure.description.utf8) == Array(expected.description.utf8), sourceLocation: sourceLocation)
        }
    }

    /// A scan's every field, as bytes (`String`'s `==` would let two spellings of "é" match).
    static func exactly(_ scan: ScenarioLine.Scan) -> [UInt8] {
        switch scan {
        case .line(let line):
            let tokens = line.tokens.map { "\($0.column):\($0.text)" }.joined(separator: "\u{0}")
            return Array("\(line.number)|\(tokens)|\(line.text)|\(line.gluedCommentColumn ?? 0)".utf8)
        case .control(let line, let column, let scalar):
            return Array("\(line):\(column):\(scalar.value)".utf8)
        }
    }

    @Test func everyExampleSplitsTheSameOnBytesAndCharacters() {
        #expect(Self.examples.count >= Corpus.files.count)
        for (name, text) in Self.examples { Self.expectSameSplit(text, file: name) }
    }

    @Test func edgeCasesSplitTheSameOnBytesAndCharacters() {
        let texts = [
            "", "\n", "\r", "\r\n", "\n\r", "\r\r\n\n", "screen A\rroot A\r\nexpect top A\n", "screen A\nroot A",
            "screen A # c\n\troot\tA\t#\nexpect top A#x", "scenario  é t\u{301}itle  \nscreen A\nroot A",
            "screen A\r\u{301}root A", "screen A bar=#hidden\nroot A", "screen é\nroot é", "\u{0}", "screen A\u{7F}",
            "a\u{301}\u{0}", "é\u{1B}x\nroot A", "screen A\u{0}\r\nroot A\u{FEFF}", "push A=\u{301}b",
            "#only a comment",
            // Non-ASCII text in a comment: read on the bytes when the `#` is a Character of its own.
            "screen A # ⌘[ — é\nroot A", "screen A #\u{301} é\nroot A", "screen A#\u{301}x\nroot A",
            "screen A bar=#é\nroot A", "screen A # é\u{0}\nroot A", "screen A\u{1B} # é\nroot A",
            "push A #\u{FE0F}\u{20E3}\nroot A", "screen é # é\nroot A", "screen A\t#\t⌘\r\nroot A # \u{0600}",
            String(repeating: "screen A\u{301} bar=hidden # é\r\n", count: 200) + "root A",
        ]
        for (index, text) in texts.enumerated() { Self.expectSameSplit(text, file: "edge-\(index).nav") }
    }

    /// Seeded mutations of a few lines of the examples: scalars inserted, deleted, duplicated;
    /// 500 in `swift test`, more with `NAVHOOKS_SCAN_MUTANTS=N` (`.ci/run` plays 40,000).
    /// One in forty is parsed both ways too (most are rejected, and the "did you mean" of every
    /// unknown keyword costs more than the split).
    @Test func mutationsSplitTheSameOnBytesAndCharacters() {
        var random = SeededGenerator(seed: 41)
        let sources = Self.examples.map { Array($0.text.unicodeScalars) }
        let mutants = ProcessInfo.processInfo.environment["NAVHOOKS_SCAN_MUTANTS"].flatMap(Int.init) ?? 500
        for mutant in 0..<mutants {
            let source = sources[Int.random(in: 0..<sources.count, using: &random)]
            let start = Int.random(in: 0..<max(1, source.count - 80), using: &random)
            var scalars = Array(source[start..<min(source.count, start + Int.random(in: 0...80, using: &random))])
            for _ in 0..<Int.random(in: 1...4, using: &random) {
                let at = Int.random(in: 0...scalars.count, using: &random)
                let end = min(scalars.count, at + Int.random(in: 1...8, using: &random))
                switch Int.random(in: 0..<4, using: &random) {
                case 0: scalars.removeSubrange(at..<end)
                case 1:
                    scalars.insert(contentsOf: scalars[at..<end], at: Int.random(in: 0...scalars.count, using: &random))
                default:
                    scalars.insert(contentsOf: Self.insertions.randomElement(using: &random)!.unicodeScalars, at: at)
                }
            }
            var text = ""
            text.unicodeScalars.append(contentsOf: scalars)
            Self.expectSameSplit(text, file: "mutant-\(mutant).nav", parsing: mutant % 40 == 0)
        }
    }
}
