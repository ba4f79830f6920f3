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
///   the same bytes. A line with any byte ≥ 0x80 goes through the Characters, unless all such
///   bytes follow its first `#`, the byte after that `#` is ASCII and the line has no forbidden
///   control: the bytes up to the `#` are then ASCII Characters, and the `#` is a Character of
///   its own (no ASCII character joins a neighbour but CR LF; a combining mark after it would
///   make it part of another Character), which starts the comment as on the Characters. (Most
///   of the corpus's lines with non-ASCII text have it in a comment: a `⌘[` or a `—`.)
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
    ///
    /// One pass over the bytes finds each line's end, its first forbidden control, whether it is
    /// all ASCII and its tokens' bounds (up to a `#`); the rest of a word and of a comment are
    /// skipped by inner loops that carry only the index. (In a debug build, each variable a loop
    /// carries is copied at each step: the three passes of before, lines, then controls, then
    /// tokens, cost ~400 instructions a byte, 27 M of the corpus's 95 M: callgrind.)
    static func scans(of text: String) -> [Scan] {
        let (lineFeed, carriageReturn) = (UInt8(ascii: "\n"), UInt8(ascii: "\r"))
        let (numberSign, space, tab) = (UInt8(ascii: "#"), UInt8(ascii: " "), UInt8(ascii: "\t"))
        var text = text
        return text.withUTF8 { bytes in
            var scans: [Scan] = []
            var lineStart = 0
            // The line so far: its tokens' bounds (start, end, start, end…, kept from line to line
            // so the array is allocated once), the token being read, where the comment starts,
            // the first forbidden control and the first byte ≥ 0x80 (-1: none yet).
            var bounds: [Int] = []
            var tokenStart = -1
            var comment = -1
            var control = -1
            var nonASCII = -1
            var index = 0
            while true {
                let atEnd = index == bytes.count
                let byte = atEnd ? lineFeed : bytes[index]
                if byte > space && byte < 0x7F && byte != numberSign {
                    // A word's first byte (in a comment, nothing to note), then the word's other bytes.
                    if tokenStart < 0 && comment < 0 { tokenStart = index }
                    index += 1
                    while index < bytes.count {
                        let next = bytes[index]
                        guard next > space && next < 0x7F && next != numberSign else { break }
                        index += 1
                    }
                    continue
                } else if byte == space || byte == tab {
                    if tokenStart >= 0 {
                        bounds.append(tokenStart)
                        bounds.append(index)
                        tokenStart = -1
                    }
                } else if byte == lineFeed || byte == carriageReturn {
                    if tokenStart >= 0 {
                        bounds.append(tokenStart)
                        bounds.append(index)
                    }
                    let line = UnsafeBufferPointer(rebasing: bytes[lineStart..<index])
                    let number = scans.count + 1
                    // Non-ASCII only in a comment that starts with a `#` Character (see above).
                    let inComment =
                        nonASCII > comment && comment >= 0 && bytes[comment + 1] < 0x80 && control < 0
                    if nonASCII >= 0 && !inComment {
                        // Cut at ASCII bytes, the line is whole scalars; cut at line ends, its Characters are the text's.
                        let raw = Substring(String(decoding: line, as: UTF8.self))
                        // A forbidden control is an ASCII byte: with none, no need to look for one.
                        let scan =
                            control < 0
                            ? .line(ScenarioLine(number: number, raw: raw)) : scan(number: number, characters: raw)
                        scans.append(scan)
                    } else if control >= 0 {
                        let column = control - lineStart + 1
                        scans.append(.control(line: number, column: column, Unicode.Scalar(bytes[control])))
                    } else {
                        let parsed = ScenarioLine(number: number, ascii: line, offset: lineStart, bounds: bounds)
                        scans.append(.line(parsed))
                    }
                    if atEnd { return scans }
                    if byte == carriageReturn && index + 1 < bytes.count && bytes[index + 1] == lineFeed {
                        index += 1
                    }
                    lineStart = index + 1
                    bounds.removeAll(keepingCapacity: true)
                    (tokenStart, comment, control, nonASCII) = (-1, -1, -1, -1)
                } else if byte == numberSign {
                    if comment < 0 {
                        comment = index
                        if tokenStart >= 0 {
                            // A `#` glued to the word before it (``gluedCommentColumn``).
                            bounds.append(tokenStart)
                            bounds.append(index)
                            tokenStart = -1
                        }
                    }
                    // The comment's printable bytes and tabs (nothing to note).
                    index += 1
                    while index < bytes.count {
                        let next = bytes[index]
                        guard (next >= space && next < 0x7F) || next == tab else { break }
                        index += 1
                    }
                    continue
                } else if byte >= 0x80 {
                    if nonASCII < 0 { nonASCII = index }
                } else if control < 0 {
                    // Below 0x20 and not a tab, LF or CR, or 0x7F: ``ParserState/isForbiddenControl(_:)``.
                    control = index
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

    /// One line, from its Characters.
    private static func scan(number: Int, characters raw: Substring) -> Scan {
        if let column = ParserState.controlCharacterColumn(in: raw) {
            let scalar = raw.unicodeScalars.first { ParserState.isForbiddenControl($0) }!
            return .control(line: number, column: column, scalar)
        }
        return .line(ScenarioLine(number: number, raw: raw))
    }

    /// ``init(number:raw:)`` for a line of ASCII bytes with no CR, LF or forbidden control, whose
    /// tokens ``scans(of:)`` found: `bounds` holds each token's start and end, as offsets in the
    /// text (the line starts at `offset`). Each byte is one Character, so a byte's offset in the
    /// line + 1 is its column, and the trimmed text runs from the first token's start to the
    /// last token's end (blanks separate tokens).
    private init(number: Int, ascii line: UnsafeBufferPointer<UInt8>, offset: Int, bounds: [Int]) {
        self.number = number
        var tokens: [ScenarioToken] = []
        // Sized once (appending grew it up to three times a line).
        tokens.reserveCapacity(bounds.count / 2)
        var index = 0
        while index < bounds.count {
            let (start, end) = (bounds[index] - offset, bounds[index + 1] - offset)
            let text = String(decoding: UnsafeBufferPointer(rebasing: line[start..<end]), as: UTF8.self)
            tokens.append(ScenarioToken(text: text, column: start + 1))
            index += 2
        }
        if bounds.count >= 2 {
            let end = bounds[bounds.count - 1] - offset
            if end < line.count && line[end] == UInt8(ascii: "#") { gluedCommentColumn = end + 1 }
            let start = bounds[0] - offset
            text =
                tokens.count == 1
                ? tokens[0].text : String(decoding: UnsafeBufferPointer(rebasing: line[start..<end]), as: UTF8.self)
        } else {
            text = ""
        }
        self.tokens = tokens
    }
}
