// The bar-look additions of issue 38: the `app-bar` declaration, the `large-title=` key and the
// `scroll` step (Examples/Scenarios/README.md, "Bar appearance").
extension ParserState {
    /// `app-bar look=… [tint=… …] [scroll-edge=none|standard]`: the app's own appearance (R130).
    mutating func parseAppBar(_ line: ScenarioLine) {
        let keyword = line.tokens[0]
        if let appBarLocation {
            error(line, keyword, "duplicate 'app-bar' (first at line \(appBarLocation.line))")
            return
        }
        appBarLocation = location(line, keyword)
        let (words, options) = split(line, line.arguments)
        rejectExtra(line, words)
        let keys = checkOptions(line, options, allowed: Self.lookKeys + ["scroll-edge"], for: "app-bar")
        guard Self.lookKeys.contains(where: { keys[$0] != nil }) else {
            error(line, keyword, "'app-bar' needs a look: look=system|transparent|RRGGBB[AA] and the other look keys")
            return
        }
        if let option = keys["look"], option.value.text == "none" {
            error(line, option.value, "'app-bar' needs a look; 'look=none' states none")
            return
        }
        let before = diagnostics.count
        let stated = look(line, keys)
        let scrollEdge: AppBarDeclaration.ScrollEdge = choice(line, keys["scroll-edge"], default: .none)
        guard diagnostics.count == before, let stated else { return }
        appBar = AppBarDeclaration(look: stated, scrollEdge: scrollEdge)
    }

    /// `scroll NAME away|top` (R103, R131, R132).
    mutating func parseScrollStep(_ line: ScenarioLine, _ words: [ScenarioToken], _ options: [ScenarioOption])
        -> ScenarioStep.Action?
    {
        let keyword = line.tokens[0]
        _ = checkOptions(line, options, allowed: [], for: "scroll")
        guard let name = requireName(line, Array(words.prefix(1)), for: "scroll") else { return nil }
        guard words.count > 1 else {
            error(line, keyword, "'scroll' needs NAME and away or top")
            return nil
        }
        rejectExtra(line, words, after: 2)
        switch words[1].text {
        case "away": return .scroll(name, awayFromTop: true)
        case "top": return .scroll(name, awayFromTop: false)
        default:
            error(
                line, words[1],
                "unexpected argument '\(words[1].text)'; expected away or top"
                    + Spelling.hint(for: words[1].text, in: ["away", "top"]))
            return nil
        }
    }

    /// `large-title=always|never` (R132).
    mutating func largeTitle(_ line: ScenarioLine, _ option: ScenarioOption) -> Bool {
        switch option.value.text {
        case "always": return true
        case "never": return false
        default:
            error(
                line, option.value, "invalid value '\(option.value.text)' for 'large-title'; expected always or never")
            return false
        }
    }
}
