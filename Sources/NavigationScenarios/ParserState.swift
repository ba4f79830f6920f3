import NavigationSimulator

/// The parser's working state for one file; see ``ScenarioParser`` for the rules.
struct ParserState {
    static let declarationKeywords: Set<String> = [
        "scenario", "profile", "screen", "delegate", "gesture-delegate", "gesture-switch", "delegate-library",
        "gesture-library",
        "plugin", "host", "bar-edge", "app-bar",
    ]
    /// Every step keyword (with ``declarationKeywords``, the "did you mean" candidates).
    static var stepKeywords: Set<String> { Set(steps.keys) }
    /// A step's keyword, what ``parseStep(_:_:)`` switches on.
    enum Step {
        case root, push, pop, popTo, popToRoot, setStack, tapBack, backMenu, swipeBack, contentSwipe, present
        case dismiss, wait, expect, swiftUIUpdate, set, scroll
        /// One of ``exitStepKeywords``.
        case exit
    }
    /// The steps by keyword: one look-up a line. (In a debug build, looking the keyword up in a
    /// set, then comparing it with each keyword in turn, up to 18 for `expect`, was ~2,500
    /// instructions a step: callgrind.)
    static let steps: [String: Step] = {
        var steps: [String: Step] = [
            "root": .root, "push": .push, "pop": .pop, "pop-to": .popTo, "pop-to-root": .popToRoot,
            "set-stack": .setStack, "tap-back": .tapBack, "back-menu": .backMenu, "swipe-back": .swipeBack,
            "content-swipe": .contentSwipe, "present": .present, "dismiss": .dismiss, "wait": .wait,
            "expect": .expect, "swiftui-update": .swiftUIUpdate, "set": .set, "scroll": .scroll,
        ]
        for keyword in exitStepKeywords { steps[keyword] = .exit }
        return steps
    }()
    /// More possible stacks than this and the parser stops following the stack.
    static let maximumTrackedStacks = 64
    /// A possible stack deeper than this and the parser stops following the stack: following
    /// it costs each step time in proportion to the depth (the simulator still checks every push).
    static let maximumTrackedDepth = 256
    /// The most steps a file may have (each run plays them all, on every profile and combination).
    static let maximumSteps = 200_000
    /// The most screens a file may declare (and so the deepest stack it can build).
    static let maximumScreens = 200_000

    let file: String
    var diagnostics: [ScenarioDiagnostic] = []
    var title: String?
    var titleLocation: SourceLocation?
    var profiles: [ScenarioProfile]?
    var screens: [ScreenDeclaration] = []
    /// Each declared screen's index in `screens`, by name.
    var screenIndex: [String: Int] = [:]
    var delegateLocation: SourceLocation?
    var appCode = AppCodePatterns()
    /// Where each app-code declaration was first seen, by keyword (to report duplicates).
    var appCodeLocations: [String: SourceLocation] = [:]
    var pluginModes: [String: String] = [:]
    var host = HostDeclaration()
    var hostLocation: SourceLocation?
    var barEdge = VerticalBarEdge.none
    var barEdgeLocation: SourceLocation?
    var appBar: AppBarDeclaration?
    var appBarLocation: SourceLocation?
    var recordedPlugins: [String]?
    var steps: [ScenarioStep] = []
    /// Step lines seen so far, valid or not (for ``maximumSteps``).
    var stepLines = 0
    var reportedScreenLimit = false
    /// Every name a `screen` line declares anywhere in the file (so a late declaration
    /// reports "declaration after a step" once, not "unknown screen" at every use).
    var declaredNames: Set<String> = []
    var firstStep: SourceLocation?
    var rootLocation: SourceLocation?
    /// Every stack that can exist at this point; `nil` when it cannot be followed.
    var possibleStacks: [[String]]?
    /// A `swipe-down-sheet` step came before: the stack is presented as a sheet from there on
    /// (what `expect sheet` asks about).
    var sawSheetSwipeDown = false

    init(file: String) { self.file = file }

    // MARK: Driving

    /// Parses `text`, split on its bytes, or on its Characters when `byCharacters` (the same
    /// lines: ``ScenarioLine/scans(of:)``).
    mutating func parse(_ text: String, byCharacters: Bool = false) {
        let scans = byCharacters ? ScenarioLine.characterScans(of: text) : ScenarioLine.scans(of: text)
        var lines: [ScenarioLine] = []
        lines.reserveCapacity(scans.count)
        // Index loops: in a debug build each step of a `for … in` over an array looks up the
        // metadata of an Optional (~490 instructions a step; an index ~60: callgrind).
        var index = 0
        while index < scans.count {
            switch scans[index] {
            case .line(let line): lines.append(line)
            case .control(let number, let column, let scalar):
                error(line: number, column: column, Self.describeControl(scalar))
            }
            index += 1
        }
        index = 0
        while index < lines.count {
            let tokens = lines[index].tokens
            if tokens.count > 1 && tokens[0].text == "screen" { declaredNames.insert(tokens[1].text) }
            index += 1
        }
        var last = 1
        index = 0
        while index < lines.count {
            if !lines[index].tokens.isEmpty {
                parse(lines[index])
                last = lines[index].number
            }
            index += 1
        }
        if steps.isEmpty && firstStep == nil {
            error(line: last, column: 1, "the scenario has no steps; the first step is 'root NAME'")
        }
    }

    func result() -> Result<Scenario, ScenarioDiagnostics> {
        var diagnostics = diagnostics
        if host.isSwiftUI, let delegateLocation {
            diagnostics.append(
                ScenarioDiagnostic(
                    location: delegateLocation,
                    message: "'delegate' with 'host swiftui': SwiftUI's stack owns its navigation delegate"))
        }
        guard diagnostics.isEmpty else { return .failure(ScenarioDiagnostics(diagnostics)) }
        let base = Self.lastComponent(of: file)
        let stem = base.hasSuffix(".nav") ? String(base.dropLast(4)) : base
        var scenario = Scenario(
            title: title ?? stem,
            file: file,
            profiles: profiles,
            screens: screens,
            installsOwnDelegate: delegateLocation != nil,
            steps: steps
        )
        scenario.appCode = appCode
        scenario.pluginModes = pluginModes
        scenario.host = host
        scenario.barEdge = barEdge
        scenario.appBar = appBar
        scenario.recordedPlugins = recordedPlugins.map { Array(Set($0)).sorted() }
        return .success(scenario)
    }

    /// The last non-empty component of the path `file`, or `file` when it has none (what
    /// `file.split(separator: "/").last` gives: 32,000 instructions a file in a debug build, on
    /// the Characters; an ASCII path is cut on its bytes).
    static func lastComponent(of file: String) -> String {
        let slash = UInt8(ascii: "/")
        // The last non-empty component's bounds; (-1, 0) without one, (-2, 0) for a path that is not ASCII.
        let (componentStart, end) = file.withUTF8Bytes { bytes in
            var (componentStart, start, end, index) = (-1, 0, 0, 0)
            while index < bytes.count {
                if bytes[index] >= 0x80 { return (-2, 0) }
                if bytes[index] == slash {
                    if index > start { (componentStart, end) = (start, index) }
                    start = index + 1
                }
                index += 1
            }
            if index > start { (componentStart, end) = (start, index) }
            return (componentStart, end)
        }
        if componentStart == -2 { return file.split(separator: "/").last.map(String.init) ?? file }
        guard componentStart >= 0 else { return file }
        let utf8 = file.utf8
        let (from, to) = (
            utf8.index(file.startIndex, offsetBy: componentStart), utf8.index(file.startIndex, offsetBy: end)
        )
        return String(file[from..<to])
    }

    mutating func error(line: Int, column: Int, _ message: String) {
        diagnostics.append(
            ScenarioDiagnostic(
                location: SourceLocation(file: file, line: line, column: column), message: message)
        )
    }

    mutating func error(_ line: ScenarioLine, _ token: ScenarioToken, _ message: String) {
        error(line: line.number, column: token.column, message)
    }

    /// Where `token` is. (`mutating` though it changes nothing: in a debug build, a mutating
    /// method calling a non-mutating one copies the whole state, its 30 fields retained and
    /// released, ~1,100 instructions a call: callgrind.)
    mutating func location(_ line: ScenarioLine, _ token: ScenarioToken) -> SourceLocation {
        SourceLocation(file: file, line: line.number, column: token.column)
    }

    mutating func parse(_ line: ScenarioLine) {
        let keyword = line.tokens[0]
        if let step = Self.steps[keyword.text] {
            if firstStep == nil { firstStep = location(line, keyword) }
            stepLines += 1
            if stepLines == Self.maximumSteps + 1 {
                error(
                    line, keyword,
                    "more than \(Self.maximumSteps) steps; split the flow into several files")
            }
            if stepLines > Self.maximumSteps { return }
            if step != .root && rootLocation == nil {
                error(
                    line, keyword, "step '\(keyword.text)' before 'root'; the first step must be 'root NAME'")
            }
            parseStep(line, step)
        } else if Self.declarationKeywords.contains(keyword.text) {
            if let firstStep {
                error(
                    line, keyword,
                    "declaration '\(keyword.text)' after a step (line \(firstStep.line)); declarations come before 'root'"
                )
            }
            parseDeclaration(line)
        } else {
            var message = "unknown keyword '\(keyword.text)'"
            if let guess = Self.suggestion(for: keyword.text) { message += "; did you mean '\(guess)'?" }
            error(line, keyword, message)
        }
    }

    /// The closest keyword, if it is close enough to be a typo (``Spelling/nearest(to:in:)``).
    static func suggestion(for word: String) -> String? {
        Spelling.nearest(to: word, in: declarationKeywords.union(stepKeywords))
    }
}
