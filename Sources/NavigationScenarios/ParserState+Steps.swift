import NavigationSimulator

extension ParserState {
    mutating func parseStep(_ line: ScenarioLine) {
        let keyword = line.tokens[0]
        let (words, options) = split(line, line.tokens.dropFirst())
        var action: ScenarioStep.Action?
        switch keyword.text {
        case "root":
            _ = checkOptions(line, options, allowed: [], for: "root")
            if let rootLocation {
                error(
                    line, keyword,
                    "repeated 'root' (first at line \(rootLocation.line)); use 'set-stack' to replace the stack"
                )
            } else if let firstStep, firstStep.line != line.number {
                error(
                    line, keyword,
                    "'root' must be the first step (the first step is at line \(firstStep.line))")
            }
            if let name = requireName(line, words, for: "root") {
                action = .root(name)
                if rootLocation == nil { possibleStacks = [[name]] }
            }
            if rootLocation == nil { rootLocation = location(line, keyword) }
        case "push":
            let animated = animatedOption(line, options, for: "push")
            if let name = requireName(line, words, for: "push") {
                action = .push(name, animated: animated)
                if let stacks = possibleStacks, !stacks.isEmpty, stacks.allSatisfy({ $0.contains(name) }) {
                    error(
                        line, words[0],
                        "push of '\(name)', which is already in the stack; a screen is one view controller, declare another"
                    )
                }
                track { [$0 + [name]] }
            } else {
                possibleStacks = nil  // after a bad push, stop following rather than cascade
            }
        case "pop":
            let animated = animatedOption(line, options, for: "pop")
            rejectExtra(line, words[...])
            action = .pop(animated: animated)
            track { [$0.count > 1 ? Array($0.dropLast()) : $0] }
        case "pop-to":
            let animated = animatedOption(line, options, for: "pop-to")
            if let name = requireName(line, words, for: "pop-to") {
                action = .popTo(name, animated: animated)
                if let stacks = possibleStacks, !stacks.contains(where: { $0.contains(name) }) {
                    error(
                        line, words[0], "pop-to '\(name)', which is not in the stack here (\(describe(stacks)))"
                    )
                }
                track { stack in [stack.firstIndex(of: name).map { Array(stack[...$0]) } ?? stack] }
            }
        case "pop-to-root":
            let animated = animatedOption(line, options, for: "pop-to-root")
            rejectExtra(line, words[...])
            action = .popToRoot(animated: animated)
            track { [Array($0.prefix(1))] }
        case "set-stack":
            let animated = animatedOption(line, options, for: "set-stack")
            if words.isEmpty {
                error(line, keyword, "'set-stack' needs at least one screen NAME")
            } else {
                var valid = words.map { declaredScreen(line, $0) }.allSatisfy { $0 }
                var seen: Set<String> = []
                for word in words where !seen.insert(word.text).inserted {
                    error(line, word, "'\(word.text)' appears twice in 'set-stack'; a screen is one view controller")
                    valid = false
                }
                if !valid { possibleStacks = nil }
                if valid {
                    let names = words.map(\.text)
                    action = .setStack(names, animated: animated)
                    if rootLocation != nil { possibleStacks = names.count > Self.maximumTrackedDepth ? nil : [names] }
                }
            }
        case "tap-back" where words.first?.text == "strip":
            // R123: the back button the 27.1 vertical bar draws.
            _ = checkOptions(line, options, allowed: [], for: "tap-back")
            rejectExtra(line, words.dropFirst())
            action = .tapBackInVerticalBar
            track { $0.count > 1 ? [$0, Array($0.dropLast())] : [$0] }
        case "tap-back":
            _ = checkOptions(line, options, allowed: [], for: "tap-back")
            rejectExtra(line, words[...])
            action = .tapBack
            track { $0.count > 1 ? [$0, Array($0.dropLast())] : [$0] }
        case "back-menu":
            _ = checkOptions(line, options, allowed: [], for: "back-menu")
            if let name = requireName(line, words, for: "back-menu") {
                action = .backMenu(name)
                track { stack in
                    guard let index = stack.firstIndex(of: name), index < stack.count - 1 else {
                        return [stack]
                    }
                    return [stack, Array(stack[...index])]
                }
            }
        case "swipe-back", "content-swipe":
            if let (progress, release) = swipe(line, words, options, for: keyword) {
                action =
                    keyword.text == "swipe-back"
                    ? .swipeBack(progress: progress, release: release)
                    : .contentSwipe(progress: progress, release: release)
            }
            // A release decides nothing statically: a broken state may pop or not.
            track { $0.count > 1 ? [$0, Array($0.dropLast())] : [$0] }
        case "present":
            let keys = checkOptions(line, options, allowed: ["style"], for: "present")
            let style: ModalStyle = choice(line, keys["style"], default: .pageSheet)
            if let name = requireName(line, words, for: "present") {
                action = .present(name, style: style)
            }
        case "dismiss":
            _ = checkOptions(line, options, allowed: [], for: "dismiss")
            rejectExtra(line, words[...])
            action = .dismiss
        case "wait":
            _ = checkOptions(line, options, allowed: [], for: "wait")
            if let first = words.first {
                if let seconds = number(line, first, named: "wait", in: 0...3600) {
                    action = .wait(seconds: seconds)
                }
                rejectExtra(line, words.dropFirst())
            } else {
                error(line, keyword, "'wait' needs SECONDS")
            }
        case "swiftui-update":
            _ = checkOptions(line, options, allowed: [], for: "swiftui-update")
            rejectExtra(line, words[...])
            if host.isSwiftUI {
                action = .swiftUIUpdate
            } else {
                error(line, keyword, "'swiftui-update' needs 'host swiftui' (a UIKit stack has no SwiftUI state)")
            }
        case "set":
            action = parseSetStep(line, words, options)
        case "scroll":
            action = parseScrollStep(line, words, options)
        case _ where Self.exitStepKeywords.contains(keyword.text):
            action = parseExitStep(line, keyword, words, options)
        default:  // "expect"
            action = parseExpect(line, words, options)
        }
        if let action {
            steps.append(ScenarioStep(action: action, location: location(line, keyword), text: line.text))
        }
    }

    /// Applies `transform` to every possible stack, or stops following when there are too many.
    mutating func track(_ transform: ([String]) -> [[String]]) {
        guard let stacks = possibleStacks else { return }
        var next: [[String]] = []
        for stack in stacks {
            for candidate in transform(stack) where !next.contains(candidate) { next.append(candidate) }
        }
        let tooDeep = next.contains { $0.count > Self.maximumTrackedDepth }
        possibleStacks = next.count > Self.maximumTrackedStacks || tooDeep ? nil : next
    }

    func describe(_ stacks: [[String]]) -> String {
        let shown = stacks.map { $0.joined(separator: " ") }
        return shown.count == 1
            ? "stack: \(shown[0])" : "stack is one of: \(shown.joined(separator: " | "))"
    }

    /// The single NAME a step takes; reports a missing, undeclared or extra one.
    mutating func requireName(_ line: ScenarioLine, _ words: [ScenarioToken], for keyword: String)
        -> String?
    {
        guard let first = words.first else {
            error(line, line.tokens[0], "'\(keyword)' needs a screen NAME")
            return nil
        }
        rejectExtra(line, words.dropFirst())
        return declaredScreen(line, first) ? first.text : nil
    }

    mutating func animatedOption(
        _ line: ScenarioLine, _ options: [ScenarioOption], for keyword: String
    ) -> Bool {
        let keys = checkOptions(line, options, allowed: ["animated"], for: keyword)
        return bool(line, keys["animated"], default: true)
    }

    mutating func swipe(
        _ line: ScenarioLine,
        _ words: [ScenarioToken],
        _ options: [ScenarioOption],
        for keyword: ScenarioToken
    ) -> (Double, SwipeRelease)? {
        let keys = checkOptions(line, options, allowed: ["progress"], for: keyword.text)
        var progress = 0.5
        var valid = true
        if let option = keys["progress"] {
            if let value = number(line, option.value, named: "progress", in: 0...1) {
                progress = value
            } else {
                valid = false
            }
        }
        var release: SwipeRelease?
        for word in words {
            guard let value = SwipeRelease(rawValue: word.text) else {
                // A bare number is the release point written without its key.
                let hint =
                    Double(word.text) != nil
                    ? "; to release at \(word.text), write progress=\(word.text)"
                    : Spelling.hint(for: word.text, in: SwipeRelease.allCases.map(\.rawValue))
                error(line, word, "unexpected argument '\(word.text)'; expected finish or cancel" + hint)
                valid = false
                continue
            }
            if release != nil {
                error(line, word, "'\(keyword.text)' takes one of finish or cancel, not both")
                valid = false
            }
            release = release ?? value
        }
        guard let release else {
            if valid { error(line, keyword, "'\(keyword.text)' needs 'finish' or 'cancel'") }
            return nil
        }
        return valid ? (progress, release) : nil
    }

    mutating func parseExpect(
        _ line: ScenarioLine,
        _ words: [ScenarioToken],
        _ options: [ScenarioOption]
    ) -> ScenarioStep.Action? {
        let keyword = line.tokens[0]
        _ = checkOptions(line, options, allowed: [], for: "expect")
        guard let form = words.first else {
            error(
                line, keyword,
                "'expect' needs 'stack NAME…', 'top NAME', 'bar hidden|visible', 'path [NAME…]', 'sheet presented|dismissed' or 'look NAME'"
            )
            return nil
        }
        let rest = Array(words.dropFirst())
        switch form.text {
        case "stack":
            guard !rest.isEmpty else {
                error(line, form, "'expect stack' needs at least one screen NAME")
                return nil
            }
            let valid = rest.map { declaredScreen(line, $0) }.allSatisfy { $0 }
            return valid ? .expectStack(rest.map(\.text)) : nil
        case "top":
            guard !rest.isEmpty else {
                error(line, form, "'expect top' needs a screen NAME")
                return nil
            }
            return requireName(line, rest, for: "expect top").map { .expectTop($0) }
        case "bar":
            guard let value = rest.first else {
                error(line, form, "'expect bar' needs hidden or visible")
                return nil
            }
            rejectExtra(line, rest.dropFirst())
            guard let bar = ScreenDeclaration.Bar(rawValue: value.text) else {
                error(
                    line, value,
                    "invalid value '\(value.text)' for 'expect bar'; expected hidden or visible"
                        + Spelling.hint(for: value.text, in: ["hidden", "visible"]))
                return nil
            }
            return .expectBar(bar)
        case "path":
            guard host.isSwiftUI else {
                error(line, form, "'expect path' needs 'host swiftui' (a UIKit stack has no path binding)")
                return nil
            }
            // R60: before iOS 16 the SwiftUI stack is a NavigationView, with no path binding.
            let chosen = profiles ?? ScenarioProfile.allCases
            if chosen.allSatisfy({ HostDeclaration.swiftUIContainer(on: $0) == .navigationView }) {
                error(
                    line, form,
                    "'expect path' cannot hold on \(chosen.map(\.rawValue).joined(separator: ", ")): the SwiftUI "
                        + "host there is NavigationView, which has no path binding (NavigationStack(path:) is iOS 16+)")
                return nil
            }
            let valid = rest.map { declaredScreen(line, $0) }.allSatisfy { $0 }
            return valid ? .expectPath(rest.map(\.text)) : nil
        case "sheet":
            return parseExpectSheet(line, form, rest)
        case "look":
            guard !rest.isEmpty else {
                error(line, form, "'expect look' needs a screen NAME (the bar shows the look it states)")
                return nil
            }
            return requireName(line, rest, for: "expect look").map { .expectLook($0) }
        default:
            error(
                line, form,
                "unknown expect form '\(form.text)'; expected stack, top, bar, path, sheet or look"
                    + Spelling.hint(for: form.text, in: ["stack", "top", "bar", "path", "sheet", "look"]))
            return nil
        }
    }
}

extension ParserState {
    /// `expect sheet presented|dismissed` (R52): only after a `swipe-down-sheet` step, which is
    /// what presents the stack as a sheet in a scenario.
    mutating func parseExpectSheet(
        _ line: ScenarioLine, _ form: ScenarioToken, _ rest: [ScenarioToken]
    ) -> ScenarioStep.Action? {
        guard let value = rest.first else {
            error(line, form, "'expect sheet' needs presented or dismissed")
            return nil
        }
        rejectExtra(line, rest.dropFirst())
        guard let state = ScenarioStep.SheetState(rawValue: value.text) else {
            error(line, value, "invalid value '\(value.text)' for 'expect sheet'; expected presented or dismissed")
            return nil
        }
        guard sawSheetSwipeDown else {
            error(
                line, form,
                "'expect sheet' needs a 'swipe-down-sheet' step before it (the stack is a sheet from that step on)")
            return nil
        }
        return .expectSheet(state)
    }
}

// The steps of the ways out beyond the back button (R50–R53) and the app's answer to a leave
// confirmation.
extension ParserState {
    static let exitStepKeywords: Set = [
        "voiceover-escape", "key-back", "swipe-down-sheet", "trackpad-swipe", "confirm",
    ]

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
                error(
                    line, word,
                    "unexpected argument '\(word.text)'; expected discard or keep"
                        + Spelling.hint(for: word.text, in: ScenarioStep.ConfirmAnswer.allCases.map(\.rawValue)))
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
        case "key-back" where !words.isEmpty:
            // R78: where the first responder is decides whose key command UIKit finds first.
            _ = checkOptions(line, options, allowed: [], for: keyword.text)
            rejectExtra(line, words.dropFirst())
            let focus: KeyboardFocus
            switch words[0].text {
            case "text": focus = .textFieldInScreen
            case "bar": focus = .textFieldInNavigationBar
            default:
                error(line, words[0], "unexpected argument '\(words[0].text)'; expected text or bar")
                return nil
            }
            track { $0.count > 1 ? [$0, Array($0.dropLast())] : [$0] }
            return .keyBack(focus)
        default:
            _ = checkOptions(line, options, allowed: [], for: keyword.text)
            rejectExtra(line, words[...])
            if keyword.text == "swipe-down-sheet" {
                possibleStacks = nil  // the sheet may go with every screen
                sawSheetSwipeDown = true
                return .swipeDownSheet
            }
            track { $0.count > 1 ? [$0, Array($0.dropLast())] : [$0] }
            return keyword.text == "voiceover-escape" ? .voiceOverEscape : .keyBack(.none)
        }
    }
}
