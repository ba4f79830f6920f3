// The steps of the ways out beyond the back button (R50–R53) and the app's answer to a leave
// confirmation.
extension ParserState {
    static let exitStepKeywords = ["voiceover-escape", "key-back", "swipe-down-sheet", "trackpad-swipe", "confirm"]

    mutating func parseExitStep(
        _ line: ScenarioLine, _ keyword: ScenarioToken, _ words: [ScenarioToken], _ options: [ScenarioOption]
    ) -> ScenarioStep.Action? {
        switch keyword.text {
        case "trackpad-swipe":
            let swiped = swipe(line, words, options, for: keyword)
            track { $0.count > 1 ? [$0, Array($0.dropLast())] : [$0] }
            return swiped.map { ScenarioStep.Action.trackpadSwipe(progress: $0.0, release: $0.1) }
        case "confirm":
            _ = checkOptions(line, options, allowed: [], for: "confirm")
            guard let word = words.first else {
                error(line, keyword, "'confirm' needs discard or keep")
                return nil
            }
            rejectExtra(line, words.dropFirst())
            guard let answer = ScenarioStep.ConfirmAnswer(rawValue: word.text) else {
                error(line, word, "unexpected argument '\(word.text)'; expected discard or keep")
                return nil
            }
            if answer == .discard { possibleStacks = nil }  // leaves the way the user asked: not followed
            return .confirm(answer)
        case "voiceover-escape" where words.first?.text == "bar":
            // R57: the focus is in the navigation bar.
            _ = checkOptions(line, options, allowed: [], for: keyword.text)
            rejectExtra(line, words.dropFirst())
            track { $0.count > 1 ? [$0, Array($0.dropLast())] : [$0] }
            return .voiceOverEscapeInBar
        default:
            _ = checkOptions(line, options, allowed: [], for: keyword.text)
            rejectExtra(line, words[...])
            if keyword.text == "swipe-down-sheet" {
                possibleStacks = nil  // the sheet may go with every screen
                return .swipeDownSheet
            }
            track { $0.count > 1 ? [$0, Array($0.dropLast())] : [$0] }
            return keyword.text == "voiceover-escape" ? .voiceOverEscape : .keyBack
        }
    }
}
