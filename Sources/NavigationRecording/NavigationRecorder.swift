public import NavigationHooks

/// Records what happens on one navigation controller as a `.nav` scenario that
/// `navhooks-bench recording.nav --check` replays on the simulator.
///
/// It attaches through the host port (``NavigationHost/navigationObserver``), so the same
/// code records a `UINavigationController` (through `NavigationHooksUIKit`) and the
/// simulator. It writes, in order: the app's own navigation (push, pop, pop-to, set-stack,
/// present, dismiss), the user's ways back (back tap, back-menu pick, edge, content and
/// trackpad swipes with their progress and release, VoiceOver escape, ⌘[, a sheet's
/// swipe-down), the answers to leave confirmations, and after each step, once the
/// navigation controller settled, what it showed (`expect stack …`, `expect bar …`; a swipe
/// that did not begin as a comment).
///
/// ```swift
/// let recorder = NavigationRecorder()
/// try recorder.attach(to: navigationController.navigationHost)
/// // … use the app …
/// print(recorder.navFile)
/// ```
///
/// Screens are named by their class (``RecordableNavigationScreen/recordingClassName``, or
/// the type's name), with an index when a second instance of a class is on screen at once or
/// has other preferences (`Detail`, `Detail2`); no titles or other text are written.
///
/// A screen's preferences as the recorder first saw them make its `screen` line. When the
/// app changes them later (a leave confirmation set once there is something to lose and
/// cleared after saving, a bar hidden, a custom back button added), the recorder writes a
/// `set NAME key=value…` step with the keys that changed, before the next step it records (or
/// at the end of the file): the replay's screen then has the preferences the device's had
/// when that step ran. It compares the screens in the stack at every event the host reports,
/// so it sees changes made through ``ScreenPreferences`` (UIKit's properties and SwiftUI's
/// modifiers alike) and the navigation item's custom back button.
///
/// Off by default: a host without an observer reports nothing. Bounded: after
/// ``stepLimit`` steps the recorder detaches itself, sets ``isTruncated`` and says so in a
/// comment at the end of the file; the file up to there stays valid.
@MainActor
public final class NavigationRecorder: NavigationObserving {
    /// The steps a recorder keeps unless told otherwise.
    public static let defaultStepLimit = 1_000

    /// The most steps recorded; the recorder stops at the first step past it.
    public let stepLimit: Int
    /// Declarations for what the app's own code does that no host can see, written as given
    /// (`gesture-delegate always-yes`, `gesture-switch every-appear`, `delegate after-plugins`).
    public var appCodeLines: [String] = []
    /// `true` once the step limit stopped the recording.
    public private(set) var isTruncated = false
    /// The steps recorded so far.
    public private(set) var stepCount = 0
    /// The host being recorded; `nil` when detached.
    public private(set) weak var host: (any NavigationHost)?

    private var body: [String] = []
    private var declarations: [(name: String, line: String)] = []
    /// Each name's declaration as the replay has it at this point of the file (its `screen`
    /// line, then every `set` written since).
    private var current: [String: RecordedDeclaration] = [:]
    private var named: [(screen: Weak, name: String)] = []
    private var awaitsSnapshot = false
    private var profileLine = "profile ios26"
    /// The device's vertical bar (R123), from a ``VerticalBarRecordingHost``; `nil`: none.
    private var barEdgeLine: String?
    private var pluginLine = "plugin none"
    private var customTransitions = false
    private var hasRoot = false
    /// After a `confirm discard`: the exit it performs is reported as navigation until the
    /// host settles; it is the answer's consequence, not a step.
    private var answerIsLeaving = false
    /// The sheet holding the stack was dismissed (R52): expectations say so, once.
    private var sheetDismissed = false
    private var wroteSheetDismissed = false

    /// Creates a detached recorder that keeps at most `stepLimit` steps (at least 1).
    public init(stepLimit: Int = NavigationRecorder.defaultStepLimit) {
        self.stepLimit = max(1, stepLimit)
    }

    /// Starts recording `host`: its iOS version, its installed plugins, and its stack if it
    /// has one (as `root` and non-animated pushes).
    ///
    /// - Throws: ``NavigationRecorderError/hostCannotReport`` when the host keeps the port's
    ///   default (it reports nothing); ``NavigationRecorderError/alreadyObserved`` when
    ///   another observer is attached.
    public func attach(to host: any NavigationHost) throws(NavigationRecorderError) {
        if let current = host.navigationObserver, current !== self { throw .alreadyObserved }
        host.navigationObserver = self
        guard host.navigationObserver === self else { throw .hostCannotReport }
        self.host = host
        profileLine = Self.profileLine(forMajorVersion: host.capabilities.iOSMajorVersion)
        noteBarEdge(of: host)
        let plugins = host.hooks.installations.map(\.pluginName).sorted()
        pluginLine = "plugin " + (plugins.isEmpty ? "none" : plugins.joined(separator: " "))
        customTransitions = host.delegateImplementsCustomTransitions
        let stack = host.screens
        if let root = stack.first, body.isEmpty {
            addStep("root \(name(of: root))")
            for screen in stack.dropFirst() { addStep("push \(name(of: screen)) animated=false") }
            awaitsSnapshot = true
            snapshotIfIdle()
        }
    }

    /// Stops recording; what was recorded stays in ``navFile``.
    public func detach() {
        if let host, host.navigationObserver === self { host.navigationObserver = nil }
        host = nil
    }

    /// The recording as `.nav` text. Reading it while the host is at rest first writes the
    /// expectations of the last step.
    public var navFile: String {
        snapshotIfIdle()
        if !isTruncated, host != nil { writePreferenceChanges() }
        var lines = [
            "# Recorded by NavigationRecorder: \(stepCount) steps (limit \(stepLimit)).",
            "scenario Recorded navigation",
            profileLine,
        ]
        if let barEdgeLine { lines.append(barEdgeLine) }
        lines.append(pluginLine)
        // A SwiftUI stack's delegate is SwiftUI's own (R60): `host swiftui` says so, and no
        // `delegate` line may go with it.
        if customTransitions, !appCodeLines.contains(where: { $0.hasPrefix("delegate") || $0 == "host swiftui" }) {
            lines.append("delegate custom-transitions")
        }
        lines += appCodeLines
        lines += declarations.map(\.line)
        lines += body
        if isTruncated { lines.append("# recording stopped: step limit \(stepLimit) reached") }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The `profile` line for an iOS major version: the profile modelling it (iOS 15 is
    /// modelled by `ios14`, 19–25 do not exist and fall to `ios18`).
    public nonisolated static func profileLine(forMajorVersion major: Int) -> String {
        let profile =
            switch major {
            case ..<14: "ios13"
            case 14, 15: "ios14"
            case 16: "ios16"
            case 17: "ios17"
            case 18..<26: "ios18"
            case 26: "ios26"
            default: "ios27"
            }
        return major == Int(profile.dropFirst(3)) ? "profile \(profile)" : "profile \(profile)  # iOS \(major)"
    }

    // MARK: NavigationObserving

    /// Records `event` (see the type's documentation).
    public func host(_ host: any NavigationHost, didReport event: NavigationHostEvent) {
        guard host === self.host else { return }
        switch event {
        case .pushed, .popped, .poppedTo, .poppedToRoot, .stackSet, .presented, .dismissed:
            if answerIsLeaving { return }
        case .settled:
            answerIsLeaving = false
        case .userInput:
            answerIsLeaving = false
        case .leaveConfirmationAnswered(let leave):
            answerIsLeaving = leave
        case .swipeDidNotBegin, .sheetDismissed:
            break
        }
        switch event {
        case .settled:
            // R158: the host says it is at rest; a cancelled swipe's settle comes from inside the
            // cancelled transition's completion, where UIKit still returns that coordinator.
            snapshotIfIdle(settled: true)
        case .swipeDidNotBegin(let kind):
            body.append("# device: the \(kind.rawValue) swipe did not begin")
        case .sheetDismissed:
            sheetDismissed = true
        case .pushed(let screen, let animated):
            step(stackIsEmpty: hasRoot ? nil : "root \(name(of: screen))") {
                "push \($0.name(of: screen))" + Self.animated(animated)
            }
        case .popped(let animated): step { _ in "pop" + Self.animated(animated) }
        case .poppedTo(let screen, let animated):
            step { "pop-to \($0.name(of: screen))" + Self.animated(animated) }
        case .poppedToRoot(let animated): step { _ in "pop-to-root" + Self.animated(animated) }
        case .stackSet(let screens, let animated):
            if !hasRoot, screens.count == 1 {
                step { "root \($0.name(of: screens[0]))" }
            } else if !hasRoot, let first = screens.first {
                step { "root \($0.name(of: first))" }
                if !isTruncated, stepCount < stepLimit {
                    addStep("set-stack " + screens.map { name(of: $0) }.joined(separator: " ") + " animated=false")
                }
            } else {
                step { recorder in
                    "set-stack " + screens.map { recorder.name(of: $0) }.joined(separator: " ")
                        + Self.animated(animated)
                }
            }
        case .presented(let screen, let fullScreen):
            step { "present \($0.name(of: screen)) style=\(fullScreen ? "fullscreen" : "pagesheet")" }
        case .dismissed: step { _ in "dismiss" }
        case .leaveConfirmationAnswered(let leave): step { _ in "confirm \(leave ? "discard" : "keep")" }
        case .userInput(let input):
            noteBarEdge(of: host)
            step { $0.line(for: input) }
        }
    }

    // MARK: Writing

    /// Keeps the device's vertical bar edge for the `bar-edge` line (R123): the first edge
    /// other than `none` a ``VerticalBarRecordingHost`` reports.
    private func noteBarEdge(of host: any NavigationHost) {
        guard barEdgeLine == nil, let host = host as? any VerticalBarRecordingHost else { return }
        let edge = host.recordedVerticalBarEdge
        if edge != "none" { barEdgeLine = "bar-edge \(edge)" }
    }

    private func line(for input: UserNavigationInput) -> String {
        switch input {
        case .tapBack:
            // R123: while the back button is drawn in the vertical bar, the top bar has none to tap.
            if let host = host as? any VerticalBarRecordingHost, host.backButtonIsInVerticalBar {
                "tap-back strip"
            } else {
                "tap-back"
            }
        case .backMenu(let destination): "back-menu \(name(of: destination))"
        case .swipe(let kind, let progress, let finished):
            "\(kind == .edge ? "swipe-back" : "content-swipe") progress=\(Self.decimal(progress)) "
                + (finished ? "finish" : "cancel")
        case .trackpadSwipe(let progress, let finished):
            "trackpad-swipe progress=\(Self.decimal(progress)) " + (finished ? "finish" : "cancel")
        case .voiceOverEscape: "voiceover-escape"
        case .keyBack: "key-back"
        case .sheetSwipeDown: "swipe-down-sheet"
        }
    }

    private static func animated(_ animated: Bool) -> String { animated ? "" : " animated=false" }

    private static func decimal(_ value: Double) -> String {
        let clamped = min(1, max(0, value))
        let hundredths = Int((clamped * 100).rounded())
        return hundredths == 100
            ? "1" : hundredths % 10 == 0 ? "0.\(hundredths / 10)" : "0.\(hundredths / 10)\(hundredths % 10)"
    }

    /// Writes the previous step's expectations if due, the preferences changed since, then the
    /// new step (and `first`, the
    /// `root` an empty stack needs, instead of it), unless the step limit is reached.
    private func step(stackIsEmpty first: String? = nil, _ text: (NavigationRecorder) -> String) {
        snapshotIfIdle()
        writePreferenceChanges()
        guard stepCount < stepLimit else {
            isTruncated = true
            detach()
            return
        }
        addStep(first ?? text(self))
        awaitsSnapshot = true
    }

    private func addStep(_ text: String) {
        hasRoot = true
        body.append(text)
        stepCount += 1
    }

    /// `set NAME key=value…` for each screen in the stack whose preferences differ from its
    /// name's current declaration (a `set` is app code, not counted as a step).
    private func writePreferenceChanges() {
        guard let host else { return }
        for screen in host.screens {
            guard let name = named.first(where: { $0.screen.value === screen })?.name,
                let was = current[name]
            else { continue }
            let now = RecordedDeclaration(screen)
            guard now != was else { continue }
            body.append("set \(name) " + now.changes(from: was).joined(separator: " "))
            current[name] = now
        }
    }

    /// After a step, once the host is at rest (``NavigationHostEvent/settled``, or no
    /// transition running): the stack and the bar it shows.
    private func snapshotIfIdle(settled: Bool = false) {
        guard awaitsSnapshot, let host, settled || !host.isTransitioning else { return }
        awaitsSnapshot = false
        if sheetDismissed {  // R52: the stack went with the sheet; only that can be checked
            if !wroteSheetDismissed { body.append("expect sheet dismissed") }
            wroteSheetDismissed = true
            return
        }
        let stack = host.screens.map { name(of: $0) }
        if !stack.isEmpty { body.append("expect stack " + stack.joined(separator: " ")) }
        body.append("expect bar \(host.isNavigationBarHidden ? "hidden" : "visible")")
    }

    /// The name `screen` has in the recording: its class, indexed when another screen of the
    /// class on screen holds the plain name or it has other preferences.
    private func name(of screen: any NavigationScreen) -> String {
        named.removeAll { $0.screen.value == nil }
        if let known = named.first(where: { $0.screen.value === screen }) { return known.name }
        let base = Self.identifier(
            (screen as? any RecordableNavigationScreen)?.recordingClassName ?? String(describing: type(of: screen)))
        let declaration = RecordedDeclaration(screen)
        let live = host?.screens ?? []
        var index = 1
        while true {
            let candidate = index == 1 ? base : "\(base)\(index)"
            let existing = current[candidate]
            let holder = named.first { $0.name == candidate }?.screen.value
            let held = holder.map { holder in live.contains { $0 === holder } } ?? false
            if (existing == nil || existing == declaration) && !held {
                if existing == nil {
                    declarations.append((candidate, "screen \(candidate)" + declaration.options))
                    current[candidate] = declaration
                }
                named.removeAll { $0.name == candidate }
                named.append((Weak(screen), candidate))
                return candidate
            }
            index += 1
        }
    }

    /// `text` as a `.nav` name: letters, digits and `_`, starting with a letter (module
    /// prefixes and generic arguments dropped).
    private static func identifier(_ text: String) -> String {
        let last = text.split(separator: ".").last.map(String.init) ?? text
        let plain = String(last.prefix { $0 != "<" })
        var result = String(
            plain.unicodeScalars.filter {
                $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_")
            }.map(Character.init))
        if result.first.map({ !$0.isLetter }) ?? true { result = "Screen" + result }
        return result
    }
}

/// Why ``NavigationRecorder/attach(to:)`` failed.
public enum NavigationRecorderError: Error, Equatable, Sendable {
    /// The host does not implement ``NavigationHost/navigationObserver``: it reports nothing.
    case hostCannotReport
    /// Another observer is attached to the host.
    case alreadyObserved
}

/// A screen's keys as a `screen` line or a `set` step writes them.
private struct RecordedDeclaration: Equatable {
    /// `(key, value)` in the order a `screen` line writes them; the first value of each key is
    /// the format's default.
    var values: [(key: String, value: String, isDefault: Bool)]

    /// `bar=hidden guard=… gesture=disabled back=custom scroll=horizontal hidden-back=…`, as the
    /// screen has them.
    @MainActor
    init(_ screen: any NavigationScreen) {
        let preferences = screen.navigationPreferences
        let recordable = screen as? any RecordableNavigationScreen
        let popGuard =
            preferences.leaveConfirmation != nil
            ? "confirm" : recordable?.recordingRefusesUserPop ?? (preferences.popGuard != nil) ? "deny" : "none"
        values = [
            (
                "bar", preferences.prefersNavigationBarHidden ? "hidden" : "visible",
                !preferences.prefersNavigationBarHidden
            ),
            ("guard", popGuard, popGuard == "none"),
            ("gesture", preferences.isPopGestureEnabled ? "enabled" : "disabled", preferences.isPopGestureEnabled),
            ("back", screen.hasCustomBackButton ? "custom" : "system", !screen.hasCustomBackButton),
            (
                "scroll", recordable?.recordingHasHorizontalScrollView == true ? "horizontal" : "none",
                recordable?.recordingHasHorizontalScrollView != true
            ),
            (
                "hidden-back", preferences.hiddenBackButtonIntent == .locksSwipe ? "locks-swipe" : "keeps-swipe",
                preferences.hiddenBackButtonIntent != .locksSwipe
            ),
            // The look keys as one value (a look is stated whole): its own `look=… alpha=…`.
            ("look", preferences.navigationBarLook.map { "\($0)" } ?? "none", preferences.navigationBarLook == nil),
        ]
    }

    /// The keys that differ from the defaults, each after a space: a `screen` line's options.
    var options: String { values.filter { !$0.isDefault }.map { " " + Self.written($0.key, $0.value) }.joined() }

    /// `key=value` for each key whose value differs from `old`'s.
    func changes(from old: RecordedDeclaration) -> [String] {
        zip(values, old.values).filter { $0.0.value != $0.1.value }.map { Self.written($0.0.key, $0.0.value) }
    }

    /// `key=value`; a stated look is its own keys (`look=transparent alpha=0.5`).
    private static func written(_ key: String, _ value: String) -> String {
        key == "look" && value != "none" ? value : "\(key)=\(value)"
    }

    static func == (lhs: RecordedDeclaration, rhs: RecordedDeclaration) -> Bool {
        lhs.values.map(\.value) == rhs.values.map(\.value)
    }
}

@MainActor
private final class Weak {
    weak var value: (any NavigationScreen)?
    init(_ value: any NavigationScreen) { self.value = value }
}
