// The `set SCREEN key=value…` step: a screen's declaration changed from that step on.
extension ParserState {
    /// The keys a `screen` line and a `set` step take.
    static let screenKeys = ["bar", "guard", "gesture", "back", "scroll", "hidden-back", "large-title"]

    mutating func parseSetStep(_ line: ScenarioLine, _ words: [ScenarioToken], _ options: [ScenarioOption])
        -> ScenarioStep.Action?
    {
        let keyword = line.tokens[0]
        let keys = checkOptions(line, options, allowed: Self.screenKeys + Self.lookKeys, for: "set")
        guard let name = requireName(line, words, for: "set") else { return nil }
        guard !options.isEmpty else {
            error(
                line, keyword,
                "'set' needs at least one of \((Self.screenKeys + Self.lookKeys).map { "\($0)=" }.joined(separator: " ")) after the screen NAME"
            )
            return nil
        }
        let before = diagnostics.count
        // A look is stated whole: the look keys given replace the screen's look (`look=none`
        // alone: it states none again).
        let statesLook = Self.lookKeys.contains { keys[$0] != nil }
        var change = ScreenChange(
            bar: keys["bar"].map { choice(line, $0, default: .visible) },
            popGuard: keys["guard"].map { choice(line, $0, default: .none) },
            gesture: keys["gesture"].map { choice(line, $0, default: .enabled) },
            back: keys["back"].map { choice(line, $0, default: .system) },
            scroll: keys["scroll"].map { choice(line, $0, default: .none) },
            hiddenBack: keys["hidden-back"].map { choice(line, $0, default: .keepsSwipe) },
            look: statesLook ? .some(look(line, keys)) : nil)
        change.largeTitle = keys["large-title"].map { largeTitle(line, $0) }
        return diagnostics.count == before ? .setScreen(name, change) : nil
    }
}
