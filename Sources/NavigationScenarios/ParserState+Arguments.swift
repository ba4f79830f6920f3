import Foundation

/// A `key=value` argument, with both halves located.
struct ScenarioOption {
    var key: ScenarioToken
    var value: ScenarioToken
}

extension ParserState {
    /// Splits arguments into bare words and `key=value` options; reports empty keys or values.
    mutating func split(
        _ line: ScenarioLine,
        _ arguments: ArraySlice<ScenarioToken>
    ) -> (words: [ScenarioToken], options: [ScenarioOption]) {
        var words: [ScenarioToken] = []
        words.reserveCapacity(arguments.count)  // (one allocation; appending grew it up to three times)
        var options: [ScenarioOption] = []
        // An index loop: in a debug build each step of a `for … in` looks up an Optional's metadata.
        var index = arguments.startIndex
        while index < arguments.endIndex {
            let token = arguments[index]
            index += 1
            guard let (key, value, keyLength) = Self.cutAtEquals(token.text) else {
                words.append(token)
                continue
            }
            if key.isEmpty {
                error(line, token, "expected key=value, found '\(token.text)'")
                continue
            }
            let valueToken = ScenarioToken(text: value, column: token.column + keyLength + 1)
            if value.isEmpty {
                // `look=#000000`: the `#` started a comment and took the value with it.
                let glued = line.gluedCommentColumn == valueToken.column
                error(
                    line, valueToken,
                    "missing value for '\(key)'"
                        + (glued ? "; '#' starts a comment: write a colour without it (\(key)=000000)" : ""))
                continue
            }
            options.append(
                ScenarioOption(key: ScenarioToken(text: key, column: token.column), value: valueToken))
        }
        return (words, options)
    }

    /// `text` cut at its first `=`: the key, the value and the key's length in Characters; `nil`
    /// without a `=`. An ASCII text is searched on its bytes (`firstIndex(of: "=")` on the
    /// Characters, unspecialized in a debug build, was 4,000 instructions a token: callgrind);
    /// another on its Characters, where a `=` may be part of a Character (`=\u{301}`).
    static func cutAtEquals(_ text: String) -> (key: String, value: String, keyLength: Int)? {
        let equalsSign = UInt8(ascii: "=")
        // The offset of the first `=`, -1 without one, -2 for text that is not ASCII.
        let equals = text.withUTF8Bytes { bytes in
            // Most tokens have no `=` byte, so no `=` Character either: `memchr` says so at once
            // (the byte loop below cost a debug build ~1,000 instructions a token: callgrind).
            guard let base = bytes.baseAddress, memchr(base, Int32(equalsSign), bytes.count) != nil else { return -1 }
            var (equals, index) = (-1, 0)
            while index < bytes.count {
                if bytes[index] >= 0x80 { return -2 }
                if bytes[index] == equalsSign && equals < 0 { equals = index }
                index += 1
            }
            return equals
        }
        if equals == -2 {
            guard let index = text.firstIndex(of: "=") else { return nil }
            let key = String(text[..<index])
            return (key, String(text[text.index(after: index)...]), key.count)
        }
        guard equals >= 0 else { return nil }
        let index = text.utf8.index(text.startIndex, offsetBy: equals)
        let key = String(text[text.startIndex..<index])
        return (key, String(text[text.utf8.index(after: index)..<text.endIndex]), equals)
    }

    /// Reports options whose key is not in `allowed`, and repeated keys; returns the rest by key.
    mutating func checkOptions(
        _ line: ScenarioLine,
        _ options: [ScenarioOption],
        allowed: [String],
        for keyword: String
    ) -> [String: ScenarioOption] {
        var byKey: [String: ScenarioOption] = [:]
        if options.isEmpty { return byKey }
        for option in options {
            guard Self.position(of: option.key.text, in: allowed) != nil else {
                let expected =
                    allowed.isEmpty ? "it takes no keys" : "expected " + allowed.joined(separator: ", ")
                error(
                    line, option.key,
                    "unknown key '\(option.key.text)' for '\(keyword)'; \(expected)"
                        + Spelling.hint(for: option.key.text, in: allowed))
                continue
            }
            if byKey[option.key.text] != nil {
                error(line, option.key, "duplicate key '\(option.key.text)'")
                continue
            }
            byKey[option.key.text] = option
        }
        return byKey
    }

    /// `true|false`, or an error at the value.
    mutating func bool(_ line: ScenarioLine, _ option: ScenarioOption?, default fallback: Bool)
        -> Bool
    {
        guard let option else { return fallback }
        switch option.value.text {
        case "true": return true
        case "false": return false
        default:
            error(
                line, option.value,
                "invalid value '\(option.value.text)' for '\(option.key.text)'; expected true or false"
            )
            return fallback
        }
    }

    /// One of an enum's raw values, or an error at the value.
    mutating func choice<Value: RawRepresentable & CaseIterable>(
        _ line: ScenarioLine,
        _ option: ScenarioOption?,
        default fallback: Value
    ) -> Value where Value.RawValue == String {
        // (Without an Optional of `Value` here: in a debug build its metadata was looked up at
        // every call, 600 instructions, most calls having no option: callgrind.)
        guard let option else { return fallback }
        return choice(line, option, default: fallback)
    }

    /// ``choice(_:_:default:)`` for an option that is there.
    private mutating func choice<Value: RawRepresentable & CaseIterable>(
        _ line: ScenarioLine,
        _ option: ScenarioOption,
        default fallback: Value
    ) -> Value where Value.RawValue == String {
        if let value = Value(rawValue: option.value.text) { return value }
        let expected = Value.allCases.map(\.rawValue).joined(separator: " or ")
        error(
            line, option.value,
            "invalid value '\(option.value.text)' for '\(option.key.text)'; expected \(expected)"
                + Spelling.hint(for: option.value.text, in: Value.allCases.map(\.rawValue)))
        return fallback
    }

    /// A number in `range`, or an error at the token.
    mutating func number(
        _ line: ScenarioLine,
        _ token: ScenarioToken,
        named name: String,
        in range: ClosedRange<Double>
    ) -> Double? {
        guard let value = Double(token.text), value.isFinite else {
            error(line, token, "invalid number '\(token.text)' for '\(name)'")
            return nil
        }
        guard range.contains(value) else {
            error(
                line, token,
                "\(name) \(token.text) is out of range; expected \(range.lowerBound.formattedShort)…\(range.upperBound.formattedShort)"
            )
            return nil
        }
        return value
    }

    /// Reports bare words beyond the first `kept`, the ones a statement takes.
    mutating func rejectExtra(_ line: ScenarioLine, _ words: [ScenarioToken], after kept: Int = 0) {
        var index = kept
        while index < words.count {
            error(line, words[index], "unexpected argument '\(words[index].text)'")
            index += 1
        }
    }

    /// Checks that every token of `words` names a declared screen; reports each that does not.
    mutating func declaredScreens(_ line: ScenarioLine, _ words: [ScenarioToken]) -> Bool {
        var valid = true
        var index = 0
        while index < words.count {
            if !declaredScreen(line, words[index]) { valid = false }
            index += 1
        }
        return valid
    }

    /// The tokens' texts.
    static func texts(of tokens: [ScenarioToken]) -> [String] {
        var texts: [String] = []
        texts.reserveCapacity(tokens.count)
        var index = 0
        while index < tokens.count {
            texts.append(tokens[index].text)
            index += 1
        }
        return texts
    }

    /// Checks that `token` names a declared screen; reports it otherwise.
    @discardableResult
    mutating func declaredScreen(_ line: ScenarioLine, _ token: ScenarioToken) -> Bool {
        guard token.text.isScenarioName else {
            error(line, token, "invalid screen name '\(token.text)'; names are [A-Za-z][A-Za-z0-9_]*")
            return false
        }
        guard declaredNames.contains(token.text) else {
            if let near = Spelling.nearest(to: token.text, in: declaredNames) {
                error(
                    line, token,
                    "unknown screen '\(token.text)'; did you mean '\(near)'? (or declare it with 'screen \(token.text)')"
                )
            } else {
                error(line, token, "unknown screen '\(token.text)'; declare it with 'screen \(token.text)'")
            }
            return false
        }
        return true
    }
}

extension Double {
    /// `1` rather than `1.0`; used in messages and reports.
    var formattedShort: String {
        self == rounded() && abs(self) < 1e15 ? String(Int(self)) : String(self)
    }
}
