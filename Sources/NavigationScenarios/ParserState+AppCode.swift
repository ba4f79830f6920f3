import NavigationStrategies

// The app-side declarations: `delegate [before-plugins|after-plugins] [custom-transitions]`,
// `gesture-delegate system|always-yes`, `gesture-switch none|sticky|every-appear`,
// `delegate-library none|cached-forwarder|bar-handler`, `gesture-library none|fullscreen-pan` and
// `plugin NAME:MODE…`.
extension ParserState {
    /// The words after `delegate`: at most one order and `custom-transitions`.
    mutating func parseDelegateWords(_ line: ScenarioLine) {
        var order: SourceLocation?
        var transitions: SourceLocation?
        for word in line.tokens.dropFirst() {
            if let value = AppCodePatterns.DelegateOrder(rawValue: word.text) {
                if let order {
                    error(line, word, "'delegate' takes one order (first at column \(order.column))")
                    continue
                }
                order = location(line, word)
                appCode.delegateOrder = value
            } else if word.text == "custom-transitions" {
                if transitions != nil {
                    error(line, word, "duplicate 'custom-transitions'")
                    continue
                }
                transitions = location(line, word)
                appCode.delegateHasTransitionMethods = true
            } else {
                error(
                    line, word,
                    "unexpected argument '\(word.text)'; expected before-plugins, after-plugins or custom-transitions"
                        + Spelling.hint(
                            for: word.text,
                            in: AppCodePatterns.DelegateOrder.allCases.map(\.rawValue) + ["custom-transitions"]))
            }
        }
    }

    mutating func parseAppCode(_ line: ScenarioLine) {
        let keyword = line.tokens[0]
        if keyword.text != "plugin", let first = appCodeLocations[keyword.text] {
            error(line, keyword, "duplicate '\(keyword.text)' (first at line \(first.line))")
            return
        }
        appCodeLocations[keyword.text] = appCodeLocations[keyword.text] ?? location(line, keyword)
        let words = Array(line.tokens.dropFirst())
        switch keyword.text {
        case "gesture-delegate":
            if let value: AppCodePatterns.GestureDelegate = single(line, words, for: keyword.text) {
                appCode.gestureDelegate = value
            }
        case "gesture-switch":
            if let value: AppCodePatterns.GestureSwitch = single(line, words, for: keyword.text) {
                appCode.gestureSwitch = value
            }
        case "delegate-library":
            if let value: AppCodePatterns.DelegateLibrary = single(line, words, for: keyword.text) {
                appCode.delegateLibrary = value
            }
        case "gesture-library":
            if let value: AppCodePatterns.GestureLibrary = single(line, words, for: keyword.text) {
                appCode.gestureLibrary = value
            }
        default:  // "plugin"
            guard !words.isEmpty else {
                error(line, keyword, "'plugin' needs NAME:MODE or NAME; modes: \(Self.modeList)")
                return
            }
            for word in words {
                let (name, mode) = StrategyCatalog.split(word.text)
                if mode == nil, word.text == "none" || StrategyCatalog.isKnown(word.text) {
                    // A recording's installed plugin (`plugin none`: it had none).
                    recordedPlugins = (recordedPlugins ?? []) + (word.text == "none" ? [] : [word.text])
                    continue
                }
                guard let mode, StrategyCatalog.isKnown(word.text) else {
                    error(
                        line, word,
                        "unknown plugin mode '\(word.text)'; expected one of \(Self.modeList)"
                            + Spelling.hint(for: word.text, in: StrategyCatalog.modeSpellings + StrategyCatalog.names))
                    continue
                }
                if pluginModes[name] != nil {
                    error(line, word, "a second mode for \(name)")
                    continue
                }
                pluginModes[name] = mode
            }
        }
    }

    static var modeList: String { StrategyCatalog.modeSpellings.joined(separator: " ") }

    /// Exactly one word, one of `Value`'s raw values.
    mutating func single<Value: RawRepresentable & CaseIterable>(
        _ line: ScenarioLine, _ words: [ScenarioToken], for keyword: String
    ) -> Value? where Value.RawValue == String {
        let expected = Value.allCases.map(\.rawValue).joined(separator: " or ")
        guard let first = words.first else {
            error(line, line.tokens[0], "'\(keyword)' needs \(expected)")
            return nil
        }
        rejectExtra(line, words, after: 1)
        guard let value = Value(rawValue: first.text) else {
            error(
                line, first,
                "invalid value '\(first.text)' for '\(keyword)'; expected \(expected)"
                    + Spelling.hint(for: first.text, in: Value.allCases.map(\.rawValue)))
            return nil
        }
        return value
    }
}
