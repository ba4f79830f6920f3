import NavigationSimulator

extension ParserState {
    mutating func parseDeclaration(_ line: ScenarioLine) {
        let keyword = line.tokens[0]
        switch keyword.text {
        case "scenario":
            if let titleLocation {
                error(line, keyword, "duplicate 'scenario' title (first at line \(titleLocation.line))")
                return
            }
            let text = String(line.text.dropFirst("scenario".count)).trimmingBlanks()
            guard !text.isEmpty else {
                error(line, keyword, "'scenario' needs a title")
                return
            }
            title = text
            titleLocation = location(line, keyword)
        case "profile":
            guard line.tokens.count > 1 else {
                error(line, keyword, "'profile' needs at least one of \(Self.profileList)")
                return
            }
            var list = profiles ?? []
            for token in line.tokens.dropFirst() {
                guard let profile = ScenarioProfile(rawValue: token.text) else {
                    error(
                        line, token,
                        "unknown profile '\(token.text)'; expected \(Self.profileList)"
                            + ScenarioProfile.hint(forUnknown: token.text))
                    continue
                }
                if !list.contains(profile) { list.append(profile) }
            }
            profiles = list.sorted()
        case "screen":
            parseScreen(line)
        case "gesture-delegate", "gesture-switch", "delegate-library", "gesture-library", "plugin":
            parseAppCode(line)
        case "host":
            parseHost(line)
        case "bar-edge":
            parseBarEdge(line)
        case "app-bar":
            parseAppBar(line)
        default:  // "delegate"
            if let delegateLocation {
                error(line, keyword, "duplicate 'delegate' (first at line \(delegateLocation.line))")
            }
            parseDelegateWords(line)
            delegateLocation = delegateLocation ?? location(line, keyword)
        }
    }

    static var profileList: String { ScenarioProfile.allCases.map(\.rawValue).joined(separator: " ") }

    mutating func parseHost(_ line: ScenarioLine) {
        let keyword = line.tokens[0]
        if let hostLocation {
            error(line, keyword, "duplicate 'host' (first at line \(hostLocation.line))")
            return
        }
        hostLocation = location(line, keyword)
        let (words, options) = split(line, line.arguments)
        guard let kindToken = words.first else {
            error(line, keyword, "'host' needs uikit or swiftui")
            return
        }
        rejectExtra(line, words, after: 1)
        guard let kind = HostDeclaration.Kind(rawValue: kindToken.text) else {
            error(
                line, kindToken,
                "unknown host '\(kindToken.text)'; expected uikit or swiftui"
                    + Spelling.hint(for: kindToken.text, in: HostDeclaration.Kind.allCases.map(\.rawValue)))
            return
        }
        // `kind.rawValue`, the case's name: interpolating the enum prints it by reflection
        // (3 M instructions for the corpus's six `host` lines in a debug build: callgrind).
        let keys = checkOptions(
            line, options, allowed: kind == .swiftui ? ["preferences"] : [], for: "host " + kind.rawValue)
        host = HostDeclaration(kind: kind, preferences: choice(line, keys["preferences"], default: .modifiers))
    }

    /// `bar-edge none|leading|trailing`: where the device draws the 27.1 vertical bar (R123).
    mutating func parseBarEdge(_ line: ScenarioLine) {
        let keyword = line.tokens[0]
        if let barEdgeLocation {
            error(line, keyword, "duplicate 'bar-edge' (first at line \(barEdgeLocation.line))")
            return
        }
        barEdgeLocation = location(line, keyword)
        let expected = VerticalBarEdge.allCases.map(\.rawValue)
        guard line.tokens.count > 1 else {
            error(line, keyword, "'bar-edge' needs none, leading or trailing")
            return
        }
        let (words, options) = split(line, line.arguments)
        _ = checkOptions(line, options, allowed: [], for: "bar-edge")
        guard let word = words.first else { return }
        rejectExtra(line, words, after: 1)
        guard let edge = VerticalBarEdge(rawValue: word.text) else {
            error(
                line, word,
                "unknown bar edge '\(word.text)'; expected none, leading or trailing"
                    + Spelling.hint(for: word.text, in: expected))
            return
        }
        barEdge = edge
    }

    /// ``screenKeys`` and ``lookKeys``, what a `screen` line takes.
    static let screenAndLookKeys = screenKeys + lookKeys

    /// Whether `text` has a `=`: on the bytes when it is ASCII (`contains("=")` was 4,000
    /// instructions a call in a debug build: callgrind), else as before.
    static func containsEquals(_ text: String) -> Bool {
        let equals = UInt8(ascii: "=")
        // 1: found, 0: not found, -1: not ASCII.
        let found = text.withUTF8Bytes { bytes in
            var (found, index) = (0, 0)
            while index < bytes.count {
                if bytes[index] >= 0x80 { return -1 }
                if bytes[index] == equals { found = 1 }
                index += 1
            }
            return found
        }
        return found < 0 ? text.contains("=") : found == 1
    }

    mutating func parseScreen(_ line: ScenarioLine) {
        let keyword = line.tokens[0]
        guard line.tokens.count > 1, !Self.containsEquals(line.tokens[1].text) else {
            error(line, keyword, "'screen' needs a NAME")
            return
        }
        let nameToken = line.tokens[1]
        guard nameToken.text.isScenarioName else {
            error(
                line, nameToken, "invalid screen name '\(nameToken.text)'; names are [A-Za-z][A-Za-z0-9_]*")
            return
        }
        guard line.tokens.count > 2 else {
            // No options (half the corpus's screens): the defaults, with nothing to split, no
            // keys to check and none looked up (each a hash of the key in an empty table).
            let screen = ScreenDeclaration(
                name: nameToken.text, bar: .visible, popGuard: .none, gesture: .enabled, back: .system, scroll: .none,
                location: location(line, nameToken))
            declare(screen, line, nameToken)
            return
        }
        let (words, options) = split(line, line.tokens[2..<line.tokens.count])
        rejectExtra(line, words)
        let keys = checkOptions(line, options, allowed: Self.screenAndLookKeys, for: "screen")
        var screen = ScreenDeclaration(
            name: nameToken.text,
            bar: choice(line, keys["bar"], default: .visible),
            popGuard: choice(line, keys["guard"], default: .none),
            gesture: choice(line, keys["gesture"], default: .enabled),
            back: choice(line, keys["back"], default: .system),
            scroll: choice(line, keys["scroll"], default: .none),
            location: location(line, nameToken)
        )
        screen.hiddenBack = choice(line, keys["hidden-back"], default: .keepsSwipe)
        screen.look = look(line, keys)
        screen.largeTitle = keys["large-title"].map { largeTitle(line, $0) } ?? false
        declare(screen, line, nameToken)
    }

    /// Adds `screen`, declared at `nameToken`, unless its name is taken or there are too many.
    private mutating func declare(_ screen: ScreenDeclaration, _ line: ScenarioLine, _ nameToken: ScenarioToken) {
        if let first = screenIndex[screen.name] {
            error(
                line, nameToken,
                "duplicate screen '\(screen.name)' (first declared at line \(screens[first].location.line))")
            return
        }
        guard screens.count < Self.maximumScreens else {
            if !reportedScreenLimit {
                error(line, nameToken, "more than \(Self.maximumScreens) screens; split the flow into several files")
                reportedScreenLimit = true
            }
            return
        }
        screenIndex[screen.name] = screens.count
        screens.append(screen)
    }
}
