import NavigationSimulator

extension ParserState {
    mutating func parseStep(_ line: ScenarioLine, _ step: Step) {
        let keyword = line.tokens[0]
        let (words, options) = split(line, line.arguments)
        var action: ScenarioStep.Action?
        switch step {
        case .root:
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
        case .push:
            let animated = animatedOption(line, options, for: "push")
            if let name = requireName(line, words, for: "push") {
                action = .push(name, animated: animated)
                if let stacks = possibleStacks, !stacks.isEmpty, Self.count(of: name, in: stacks) == stacks.count {
                    error(
                        line, words[0],
                        "push of '\(name)', which is already in the stack; a screen is one view controller, declare another"
                    )
                }
                track(.push(name))
            } else {
                possibleStacks = nil  // after a bad push, stop following rather than cascade
            }
        case .pop:
            let animated = animatedOption(line, options, for: "pop")
            rejectExtra(line, words)
            action = .pop(animated: animated)
            track(.pop)
        case .popTo:
            let animated = animatedOption(line, options, for: "pop-to")
            if let name = requireName(line, words, for: "pop-to") {
                action = .popTo(name, animated: animated)
                if let stacks = possibleStacks, Self.count(of: name, in: stacks) == 0 {
                    error(
                        line, words[0], "pop-to '\(name)', which is not in the stack here (\(describe(stacks)))"
                    )
                }
                track(.popTo(name))
            }
        case .popToRoot:
            let animated = animatedOption(line, options, for: "pop-to-root")
            rejectExtra(line, words)
            action = .popToRoot(animated: animated)
            track(.popToRoot)
        case .setStack:
            let animated = animatedOption(line, options, for: "set-stack")
            if words.isEmpty {
                error(line, keyword, "'set-stack' needs at least one screen NAME")
            } else {
                var valid = declaredScreens(line, words)
                var seen: Set<String> = []
                for word in words where !seen.insert(word.text).inserted {
                    error(line, word, "'\(word.text)' appears twice in 'set-stack'; a screen is one view controller")
                    valid = false
                }
                if !valid { possibleStacks = nil }
                if valid {
                    let names = Self.texts(of: words)
                    action = .setStack(names, animated: animated)
                    if rootLocation != nil { possibleStacks = names.count > Self.maximumTrackedDepth ? nil : [names] }
                }
            }
        case .tapBack where !words.isEmpty && words[0].text == "strip":
            // R123: the back button the 27.1 vertical bar draws.
            _ = checkOptions(line, options, allowed: [], for: "tap-back")
            rejectExtra(line, words, after: 1)
            action = .tapBackInVerticalBar
            track(.mayPop)
        case .tapBack:
            _ = checkOptions(line, options, allowed: [], for: "tap-back")
            rejectExtra(line, words)
            action = .tapBack
            track(.mayPop)
        case .backMenu:
            _ = checkOptions(line, options, allowed: [], for: "back-menu")
            if let name = requireName(line, words, for: "back-menu") {
                action = .backMenu(name)
                track(.mayPopTo(name))
            }
        case .swipeBack, .contentSwipe:
            if let (progress, release) = swipe(line, words, options, for: keyword) {
                action =
                    step == .swipeBack
                    ? .swipeBack(progress: progress, release: release)
                    : .contentSwipe(progress: progress, release: release)
            }
            // A release decides nothing statically: a broken state may pop or not.
            track(.mayPop)
        case .present:
            let keys = checkOptions(line, options, allowed: ["style"], for: "present")
            let style: ModalStyle = choice(line, keys["style"], default: .pageSheet)
            if let name = requireName(line, words, for: "present") {
                action = .present(name, style: style)
            }
        case .dismiss:
            _ = checkOptions(line, options, allowed: [], for: "dismiss")
            rejectExtra(line, words)
            action = .dismiss
        case .wait:
            _ = checkOptions(line, options, allowed: [], for: "wait")
            if !words.isEmpty {
                if let seconds = number(line, words[0], named: "wait", in: 0...3600) {
                    action = .wait(seconds: seconds)
                }
                rejectExtra(line, words, after: 1)
            } else {
                error(line, keyword, "'wait' needs SECONDS")
            }
        case .swiftUIUpdate:
            _ = checkOptions(line, options, allowed: [], for: "swiftui-update")
            rejectExtra(line, words)
            if host.isSwiftUI {
                action = .swiftUIUpdate
            } else {
                error(line, keyword, "'swiftui-update' needs 'host swiftui' (a UIKit stack has no SwiftUI state)")
            }
        case .set:
            action = parseSetStep(line, words, options)
        case .scroll:
            action = parseScrollStep(line, words, options)
        case .exit:
            action = parseExitStep(line, keyword, words, options)
        case .expect:
            action = parseExpect(line, words, options)
        }
        if let action {
            steps.append(ScenarioStep(action: action, location: location(line, keyword), text: line.text))
        }
    }

    /// How a step changes the stack, for ``track(_:)``.
    enum StackMove {
        /// The stack and NAME on top.
        case push(String)
        /// The stack without its top, unless only the root is left.
        case pop
        /// The stack up to NAME; unchanged when NAME is not in it.
        case popTo(String)
        /// The root alone.
        case popToRoot
        /// A user's attempt to go back, which may or may not pop: the stack, and the stack
        /// popped when it is deeper than the root.
        case mayPop
        /// `back-menu NAME`: the stack, and the stack up to NAME when NAME is below the top.
        case mayPopTo(String)
    }

    /// Applies `move` to every possible stack, or stops following when there are too many.
    ///
    /// A debug build specializes nothing: closures returning arrays of stacks, `contains` on
    /// them and `for … in` made this 19k instructions a call (callgrind); index loops over
    /// arrays built once are a few thousand.
    mutating func track(_ move: StackMove) {
        guard let stacks = possibleStacks else { return }
        var next: [[String]] = []
        var tooDeep = false
        var index = 0
        while index < stacks.count {
            var stack = stacks[index]
            index += 1
            switch move {
            case .push(let name): stack.append(name)
            case .pop: if stack.count > 1 { stack.removeLast() }
            case .popTo(let name):
                if let found = Self.position(of: name, in: stack) { stack.removeSubrange((found + 1)...) }
            case .popToRoot: if stack.count > 1 { stack.removeSubrange(1...) }
            case .mayPop:
                if stack.count > 1 {
                    Self.add(stack, to: &next)
                    stack.removeLast()
                }
            case .mayPopTo(let name):
                if let found = Self.position(of: name, in: stack), found < stack.count - 1 {
                    Self.add(stack, to: &next)
                    stack.removeSubrange((found + 1)...)
                }
            }
            tooDeep = tooDeep || stack.count > Self.maximumTrackedDepth
            Self.add(stack, to: &next)
        }
        possibleStacks = next.count > Self.maximumTrackedStacks || tooDeep ? nil : next
    }

    /// Appends `stack` to `stacks` unless it is there already.
    static func add(_ stack: [String], to stacks: inout [[String]]) {
        var index = 0
        while index < stacks.count {
            if stacks[index] == stack { return }
            index += 1
        }
        stacks.append(stack)
    }

    /// The first index of `name` in `stack`.
    static func position(of name: String, in stack: [String]) -> Int? {
        var index = 0
        while index < stack.count {
            if stack[index] == name { return index }
            index += 1
        }
        return nil
    }

    /// How many of `stacks` hold `name`.
    static func count(of name: String, in stacks: [[String]]) -> Int {
        var count = 0
        var index = 0
        while index < stacks.count {
            if position(of: name, in: stacks[index]) != nil { count += 1 }
            index += 1
        }
        return count
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
        guard !words.isEmpty else {
            error(line, line.tokens[0], "'\(keyword)' needs a screen NAME")
            return nil
        }
        rejectExtra(line, words, after: 1)
        return declaredScreen(line, words[0]) ? words[0].text : nil
    }

    mutating func animatedOption(
        _ line: ScenarioLine, _ options: [ScenarioOption], for keyword: String
    ) -> Bool {
        if options.isEmpty { return true }
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
        guard !words.isEmpty else {
            error(
                line, keyword,
                "'expect' needs 'stack NAME…', 'top NAME', 'bar hidden|visible', 'path [NAME…]', 'sheet presented|dismissed' or 'look NAME'"
            )
            return nil
        }
        let form = words[0]
        let rest = Array(words[1..<words.count])
        switch form.text {
        case "stack":
            guard !rest.isEmpty else {
                error(line, form, "'expect stack' needs at least one screen NAME")
                return nil
            }
            return declaredScreens(line, rest) ? .expectStack(Self.texts(of: rest)) : nil
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
            rejectExtra(line, rest, after: 1)
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
            return declaredScreens(line, rest) ? .expectPath(Self.texts(of: rest)) : nil
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
        rejectExtra(line, rest, after: 1)
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
            track(.mayPop)
            return swiped.map { ScenarioStep.Action.trackpadSwipe(progress: $0.0, release: $0.1) }
        case "confirm":
            _ = checkOptions(line, options, allowed: [], for: "confirm")
            guard let word = words.first else {
                error(line, keyword, "'confirm' needs discard or keep")
                return nil
            }
            rejectExtra(line, words, after: 1)
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
            rejectExtra(line, words, after: 1)
            track(.mayPop)
            return .voiceOverEscapeInBar
        case "key-back" where !words.isEmpty:
            // R78: where the first responder is decides whose key command UIKit finds first.
            _ = checkOptions(line, options, allowed: [], for: keyword.text)
            rejectExtra(line, words, after: 1)
            let focus: KeyboardFocus
            switch words[0].text {
            case "text": focus = .textFieldInScreen
            case "bar": focus = .textFieldInNavigationBar
            default:
                error(line, words[0], "unexpected argument '\(words[0].text)'; expected text or bar")
                return nil
            }
            track(.mayPop)
            return .keyBack(focus)
        default:
            _ = checkOptions(line, options, allowed: [], for: keyword.text)
            rejectExtra(line, words)
            if keyword.text == "swipe-down-sheet" {
                possibleStacks = nil  // the sheet may go with every screen
                sawSheetSwipeDown = true
                return .swipeDownSheet
            }
            track(.mayPop)
            return keyword.text == "voiceover-escape" ? .voiceOverEscape : .keyBack(.none)
        }
    }
}
