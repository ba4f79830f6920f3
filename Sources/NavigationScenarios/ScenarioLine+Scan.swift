/// Splitting a file into lines and tokens, on its UTF-8 bytes.
///
/// The reference is the text's Characters (``characterScans(of:)``: what the parser always did,
/// and still does for a line that is not all ASCII). Bytes give the same answer, faster:
/// - **Lines.** LF and CR are control characters: Unicode never joins them into one Character
///   with their neighbours, except CR LF, which is one Character (UAX #29, rules GB3–GB5). So
///   splitting the bytes at LF, CR LF and a lone CR gives the lines that splitting the
///   Characters at "\n", "\r\n" and "\r" gives, and no line holds a CR or an LF.
/// - **Tokens.** In a line of ASCII bytes without CR or LF, every byte is one Character (of two
///   ASCII characters, only CR LF make one Character), so a byte's offset + 1 is its column; the
///   blanks, `#` and the forbidden controls are ASCII, and each token and the trimmed text are
///   the same bytes. A line with any byte ≥ 0x80 goes through the Characters.
///
/// `ScenarioLineScanTests` checks both ways agree on the corpus and on mutations of it.
extension ScenarioLine {
    /// What one line of a file gives the parser.
    enum Scan: Equatable {
        /// A line to parse (it may have no tokens).
        case line(ScenarioLine)
        /// The line's first forbidden control character (``ParserState/isForbiddenControl(_:)``)
        /// and its column: the line is reported and not parsed.
        case control(line: Int, column: Int, Unicode.Scalar)
    }

    /// The lines of `text`, numbered from 1, from its bytes.
    static func scans(of text: String) -> [Scan] {
        let (lineFeed, carriageReturn) = (UInt8(ascii: "\n"), UInt8(ascii: "\r"))
        var text = text
        return text.withUTF8 { bytes in
            var scans: [Scan] = []
            var lineStart = 0
            var index = 0
            while true {
                let atEnd = index == bytes.count
                if atEnd || bytes[index] == lineFeed || bytes[index] == carriageReturn {
                    let line = UnsafeBufferPointer(rebasing: bytes[lineStart..<index])
                    scans.append(scan(number: scans.count + 1, line))
                    if atEnd { return scans }
                    if bytes[index] == carriageReturn && index + 1 < bytes.count && bytes[index + 1] == lineFeed {
                        index += 1
                    }
                    lineStart = index + 1
                }
                index += 1
            }
        }
    }

    /// The lines of `text`, numbered from 1, from its Characters: the reference ``scans(of:)``
    /// must match (the parser uses it when tests ask for it).
    static func characterScans(of text: String) -> [Scan] {
        // LF, CRLF and lone CR all end a line ("\r\n" is one Character in Swift).
        text.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }
            .enumerated().map { offset, raw in scan(number: offset + 1, characters: raw) }
    }

    /// One line, from its bytes (no CR or LF among them).
    private static func scan(number: Int, _ bytes: UnsafeBufferPointer<UInt8>) -> Scan {
        var control: Int?
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            guard byte < 0x80 else {
                // Cut at ASCII bytes, the line is whole scalars; cut at line ends, its Characters are the text's.
                return scan(number: number, characters: Substring(String(decoding: bytes, as: UTF8.self)))
            }
            // (A forbidden control is below 0x20 or 0x7F: the first test spares the others a call.)
            if (byte < 0x20 || byte == 0x7F) && control == nil && ParserState.isForbiddenControl(Unicode.Scalar(byte)) {
                control = index
            }
            index += 1
        }
        if let control {
            return .control(line: number, column: control + 1, Unicode.Scalar(bytes[control]))
        }
        return .line(ScenarioLine(number: number, ascii: bytes))
    }

    /// One line, from its Characters.
    private static func scan(number: Int, characters raw: Substring) -> Scan {
        if let column = ParserState.controlCharacterColumn(in: raw) {
            let scalar = raw.unicodeScalars.first { ParserState.isForbiddenControl($0) }!
            return .control(line: number, column: column, scalar)
        }
        return .line(ScenarioLine(number: number, raw: raw))
    }

    /// ``init(number:raw:)`` for a line of ASCII bytes with no CR, LF or forbidden control:
    /// each byte is one Character, so the same loop runs on bytes, and the trimmed text runs
    /// from the first token's start to the last token's end (blanks separate tokens).
    private init(number: Int, ascii bytes: UnsafeBufferPointer<UInt8>) {
        func token(_ range: Range<Int>) -> ScenarioToken {
            let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
            return ScenarioToken(text: text, column: range.lowerBound + 1)
        }
        let (numberSign, space, tab) = (UInt8(ascii: "#"), UInt8(ascii: " "), UInt8(ascii: "\t"))
        self.number = number
        var tokens: [ScenarioToken] = []
        var start: Int?
        var end = 0
        while end < bytes.count && bytes[end] != numberSign {
            if bytes[end] == space || bytes[end] == tab {
                if let tokenStart = start { tokens.append(token(tokenStart..<end)) }
                start = nil
            } else if start == nil {
                start = end
            }
            end += 1
        }
        if let tokenStart = start {
            tokens.append(token(tokenStart..<end))
            if end < bytes.count { gluedCommentColumn = end + 1 }
        }
        self.tokens = tokens
        // From the first token's first byte to the last token's last byte.
        let textEnd = tokens.last.map { $0.column - 1 + $0.text.utf8.count } ?? 0
        text = tokens.isEmpty ? "" : token(tokens[0].column - 1..<textEnd).text
    }
}
