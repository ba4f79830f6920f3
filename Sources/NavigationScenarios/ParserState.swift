import NavigationSimulator

/// The parser's working state for one file; see ``ScenarioParser`` for the rules.
struct ParserState {
    static let declarationKeywords: Set<String> = [
        "scenario", "profile", "screen", "delegate", "gesture-delegate", "gesture-switch", "delegate-library",
        "gesture-library",
        "plugin", "host", "bar-edge", "app-bar",
    ]
    static let stepKeywords: Set<String> = exitStepKeywords.union([
        "root", "push", "pop", "pop-to", "pop-to-root", "set-stack", "tap-back", "back-menu",
        "swipe-back", "content-swipe", "present", "dismiss", "wait", "expect", "swiftui-update", "set",
        "scroll",
    ])
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
        var lines: [ScenarioLine] = []
        for scan in byCharacters ? ScenarioLine.characterScans(of: text) : ScenarioLine.scans(of: text) {
            switch scan {
            case .line(let line): lines.append(line)
            case .control(let number, let column, let scalar):
                error(line: number, column: column, Self.describeControl(scalar))
            }
        }
        for line in lines where line.tokens.first?.text == "screen" && line.tokens.count > 1 {
            declaredNames.insert(line.tokens[1].text)
        }
        for line in lines where !line.tokens.isEmpty { parse(line) }
        if steps.isEmpty && firstStep == nil {
            let last = lines.last { !$0.tokens.isEmpty }?.number ?? 1
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
        let base = file.split(separator: "/").last.map(String.init) ?? file
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

    mutating func error(line: Int, column: Int, _ message: String) {
        diagnostics.append(
            ScenarioDiagnostic(
                location: SourceLocation(file: file, line: line, column: column), message: message)
        )
    }

    mutating func error(_ line: ScenarioLine, _ token: ScenarioToken, _ message: String) {
        error(line: line.number, column: token.column, message)
    }

    func location(_ line: ScenarioLine, _ token: ScenarioToken) -> SourceLocation {
        SourceLocation(file: file, line: line.number, column: token.column)
    }

    mutating func parse(_ line: ScenarioLine) {
        let keyword = line.tokens[0]
        if Self.declarationKeywords.contains(keyword.text) {
            if let firstStep {
                error(
                    line, keyword,
                    "declaration '\(keyword.text)' after a step (line \(firstStep.line)); declarations come before 'root'"
                )
            }
            parseDeclaration(line)
        } else if Self.stepKeywords.contains(keyword.text) {
            if firstStep == nil { firstStep = location(line, keyword) }
            stepLines += 1
            if stepLines == Self.maximumSteps + 1 {
                error(
                    line, keyword,
                    "more than \(Self.maximumSteps) steps; split the flow into several files")
            }
            if stepLines > Self.maximumSteps { return }
            if keyword.text != "root" && rootLocation == nil {
                error(
                    line, keyword, "step '\(keyword.text)' before 'root'; the first step must be 'root NAME'")
            }
            parseStep(line)
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
