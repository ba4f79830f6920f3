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
    /// The string without leading and trailing spaces, tabs and carriage returns.
    func trimmingBlanks() -> String {
        let blanks: Set<Character> = [" ", "\t", "\r"]
        guard let first = firstIndex(where: { !blanks.contains($0) }),
            let last = lastIndex(where: { !blanks.contains($0) })
        else { return "" }
        return String(self[first...last])
    }

    /// `true` for `[A-Za-z][A-Za-z0-9_]*`.
    var isScenarioName: Bool {
        guard let first = unicodeScalars.first, first.isASCIILetter else { return false }
        return unicodeScalars.allSatisfy { $0.isASCIILetter || ("0"..."9").contains($0) || $0 == "_" }
    }
}

extension Unicode.Scalar {
    fileprivate var isASCIILetter: Bool { ("a"..."z").contains(self) || ("A"..."Z").contains(self) }
}
