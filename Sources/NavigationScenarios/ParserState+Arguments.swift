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
        var options: [ScenarioOption] = []
        for token in arguments {
            guard let equals = token.text.firstIndex(of: "=") else {
                words.append(token)
                continue
            }
            let key = String(token.text[..<equals])
            let value = String(token.text[token.text.index(after: equals)...])
            if key.isEmpty {
                error(line, token, "expected key=value, found '\(token.text)'")
                continue
            }
            let valueToken = ScenarioToken(text: value, column: token.column + key.count + 1)
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

    /// Reports options whose key is not in `allowed`, and repeated keys; returns the rest by key.
    mutating func checkOptions(
        _ line: ScenarioLine,
        _ options: [ScenarioOption],
        allowed: [String],
        for keyword: String
    ) -> [String: ScenarioOption] {
        var byKey: [String: ScenarioOption] = [:]
        for option in options {
            guard allowed.contains(option.key.text) else {
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
        guard let option else { return fallback }
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

    /// Reports bare words beyond the ones a statement takes.
    mutating func rejectExtra(_ line: ScenarioLine, _ words: ArraySlice<ScenarioToken>) {
        for word in words { error(line, word, "unexpected argument '\(word.text)'") }
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
