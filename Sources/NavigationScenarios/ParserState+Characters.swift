/// Characters a `.nav` file may not contain: control characters other than tab (a NUL byte
/// usually means the file is not text at all). The line is reported and not parsed.
extension ParserState {
    static func isForbiddenControl(_ scalar: Unicode.Scalar) -> Bool {
        (scalar.value < 0x20 && scalar != "\t") || scalar.value == 0x7F
    }

    /// The 1-based column of the first forbidden control character in `raw`, if any.
    static func controlCharacterColumn(in raw: Substring) -> Int? {
        var column = 0
        for character in raw {
            column += 1
            if character.unicodeScalars.contains(where: isForbiddenControl) { return column }
        }
        return nil
    }

    /// `NUL byte (U+0000): a .nav file is plain text; is this a binary file?`
    static func describeControl(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        let code = "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
        if scalar.value == 0 { return "NUL byte (\(code)): a .nav file is plain text; is this a binary file?" }
        return "control character \(code) is not allowed in a .nav file (only tab and space separate words)"
    }
}
