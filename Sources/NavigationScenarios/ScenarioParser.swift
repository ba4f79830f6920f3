/// Parses the `.nav` scenario format (Examples/Scenarios/README.md) into a ``Scenario``.
///
/// ```
/// text ──► lines ──► tokens (with columns) ──► declarations ──► steps ──► Scenario
///                                                   │                │
///                                                   └── diagnostics ◄┘  (every error, not the first)
/// ```
///
/// Rules the parser enforces, each reported as `FILE:LINE:COLUMN: error: MESSAGE` at the
/// offending token:
/// - keywords are lower-case; `#` starts a comment anywhere; names are `[A-Za-z][A-Za-z0-9_]*`;
/// - declarations (`scenario`, `profile`, `screen`, `delegate`) come before the first step;
/// - `root NAME` is the first step, and only one;
/// - every screen a step names is declared, once;
/// - values are in range: booleans `true|false`, enums as documented, `progress` in 0…1,
///   `wait` seconds in 0…3600;
/// - `pop-to NAME` names a screen in the stack at that point, **when the stack is statically
///   known**. The parser follows the stack through `root`, `push`, `pop`, `pop-to`,
///   `pop-to-root` and `set-stack`. User steps (`tap-back`, `back-menu`, `swipe-back`,
///   `content-swipe`) may or may not pop, depending on the plugins and the profile, so after
///   them the parser tracks every stack that could result and reports `pop-to NAME` only if
///   NAME is in none of them. The same holds for pushing a screen that is certainly already in
///   the stack (a screen is one view controller).
public enum ScenarioParser {
    /// Parses `text`; `file` names the file in diagnostics and in ``Scenario/file``.
    ///
    /// - Returns: the scenario, or every error found in it.
    public static func parse(text: String, file: String) -> Result<Scenario, ScenarioDiagnostics> {
        parse(text: text, file: file, byCharacters: false)
    }

    /// ``parse(text:file:)``; `byCharacters` splits the text on its Characters rather than its
    /// bytes (the reference the tests hold the bytes to: ``ScenarioLine/scans(of:)``).
    static func parse(text: String, file: String, byCharacters: Bool) -> Result<Scenario, ScenarioDiagnostics> {
        var state = ParserState(file: file)
        state.parse(text, byCharacters: byCharacters)
        return state.result()
    }
}

// MARK: - Tokens

/// A word of a line and the 1-based column it starts at.
struct ScenarioToken: Hashable {
    var text: String
    var column: Int
}

/// One line, split into tokens, with its comment removed.
struct ScenarioLine: Equatable {
    var number: Int
    var tokens: [ScenarioToken]
    /// The line without its comment, trimmed.
    var text: String
    /// The column of a `#` that follows a word with no blank between them (`look=#000000`):
    /// the word's author likely meant the `#` as part of it.
    var gluedCommentColumn: Int?

    /// The tokens after the keyword (a parsed line has at least one token).
    var arguments: ArraySlice<ScenarioToken> { tokens[1..<tokens.count] }

    /// Splits `raw` at blanks; `#` ends the line. Works on Characters (a line of ASCII bytes
    /// takes ``init(number:ascii:)``, which gives the same line).
    init(number: Int, raw: Substring) {
        self.number = number
        var tokens: [ScenarioToken] = []
        var current = ""
        var start = 0
        var column = 0
        var content = ""
        for character in raw {
            column += 1
            if character == "#" {
                if !current.isEmpty { gluedCommentColumn = column }
                break
            }
            content.append(character)
            if character == " " || character == "\t" || character == "\r" {
                if !current.isEmpty { tokens.append(ScenarioToken(text: current, column: start)) }
                current = ""
            } else {
                if current.isEmpty { start = column }
                current.append(character)
            }
        }
        if !current.isEmpty { tokens.append(ScenarioToken(text: current, column: start)) }
        self.tokens = tokens
        self.text = content.trimmingBlanks()
    }
}

extension String {
    /// Calls `body` with the string's UTF-8 bytes. (In a debug build, `for byte in utf8` steps
    /// a generic `IndexingIterator`: ~500 instructions a byte, callgrind; an index into the
    /// bytes, a few dozen.)
    func withUTF8Bytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        var text = self
        return text.withUTF8(body)
    }

    /// The string without leading and trailing spaces, tabs and carriage returns.
    func trimmingBlanks() -> String {
        // ASCII text on its bytes, where each byte is one Character (13,000 instructions a
        // `scenario` title on the Characters in a debug build: callgrind).
        let (space, tab, carriageReturn) = (UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"))
        // The first and last byte that is not a blank; (-2, -2) for text that is not ASCII.
        let (first, last) = withUTF8Bytes { bytes in
            var (first, last, index) = (-1, -1, 0)
            while index < bytes.count {
                let byte = bytes[index]
                if byte >= 0x80 { return (-2, -2) }
                if byte != space && byte != tab && byte != carriageReturn {
                    if first < 0 { first = index }
                    last = index
                }
                index += 1
            }
            return (first, last)
        }
        if first == -2 { return trimmingBlankCharacters() }
        guard first >= 0 else { return "" }
        return String(self[utf8.index(startIndex, offsetBy: first)..<utf8.index(startIndex, offsetBy: last + 1)])
    }

    /// ``trimmingBlanks()`` on the Characters.
    private func trimmingBlankCharacters() -> String {
        let blanks: Set<Character> = [" ", "\t", "\r"]
        guard let first = firstIndex(where: { !blanks.contains($0) }),
            let last = lastIndex(where: { !blanks.contains($0) })
        else { return "" }
        return String(self[first...last])
    }

    /// `true` for `[A-Za-z][A-Za-z0-9_]*`.
    ///
    /// On the UTF-8 bytes (a scalar outside ASCII has bytes ≥ 0x80, none of which match): on the
    /// scalars, with `allSatisfy` and `ClosedRange.contains`, it was 4,000 instructions a name in
    /// a debug build (callgrind).
    var isScenarioName: Bool {
        let (a, z, capitalA, capitalZ) = (UInt8(ascii: "a"), UInt8(ascii: "z"), UInt8(ascii: "A"), UInt8(ascii: "Z"))
        let (zero, nine, underscore) = (UInt8(ascii: "0"), UInt8(ascii: "9"), UInt8(ascii: "_"))
        return withUTF8Bytes { bytes in
            var index = 0
            while index < bytes.count {
                let byte = bytes[index]
                let letter = (byte >= a && byte <= z) || (byte >= capitalA && byte <= capitalZ)
                guard letter || (index > 0 && ((byte >= zero && byte <= nine) || byte == underscore)) else {
                    return false
                }
                index += 1
            }
            return index > 0
        }
    }
}
