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
    private var named: [(screen: Weak, name: String)] = []
    private var awaitsSnapshot = false
    private var profileLine = "profile ios26"
    private var pluginLine = "plugin none"
    private var customTransitions = false
    private var hasRoot = false
    /// After a `confirm discard`: the exit it performs is reported as navigation until the
    /// host settles; it is the answer's consequence, not a step.
    private var answerIsLeaving = false

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
        var lines = [
            "# Recorded by NavigationRecorder: \(stepCount) steps (limit \(stepLimit)).",
            "scenario Recorded navigation",
            profileLine,
            pluginLine,
        ]
        if customTransitions, !appCodeLines.contains(where: { $0.hasPrefix("delegate") }) {
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
            default: "ios26"
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
        case .swipeDidNotBegin:
            break
        }
        switch event {
        case .settled:
            snapshotIfIdle()
        case .swipeDidNotBegin(let kind):
            body.append("# device: the \(kind.rawValue) swipe did not begin")
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
        case .userInput(let input): step { $0.line(for: input) }
        }
    }

    // MARK: Writing

    private func line(for input: UserNavigationInput) -> String {
        switch input {
        case .tapBack: "tap-back"
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

    /// Writes the previous step's expectations if due, then the new step (and `first`, the
    /// `root` an empty stack needs, instead of it), unless the step limit is reached.
    private func step(stackIsEmpty first: String? = nil, _ text: (NavigationRecorder) -> String) {
        snapshotIfIdle()
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

    /// After a step, once the host is at rest: the stack and the bar it shows.
    private func snapshotIfIdle() {
        guard awaitsSnapshot, let host, !host.isTransitioning else { return }
        awaitsSnapshot = false
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
        let declaration = Self.declaration(of: screen)
        let live = host?.screens ?? []
        var index = 1
        while true {
            let candidate = index == 1 ? base : "\(base)\(index)"
            let line = "screen \(candidate)" + declaration
            let existing = declarations.first { $0.name == candidate }
            let holder = named.first { $0.name == candidate }?.screen.value
            let held = holder.map { holder in live.contains { $0 === holder } } ?? false
            if (existing == nil || existing?.line == line) && !held {
                if existing == nil { declarations.append((candidate, line)) }
                named.removeAll { $0.name == candidate }
                named.append((Weak(screen), candidate))
                return candidate
            }
            index += 1
        }
    }

    /// `bar=hidden guard=… gesture=disabled back=custom scroll=horizontal look=…`, as the screen
    /// has them.
    private static func declaration(of screen: any NavigationScreen) -> String {
        let preferences = screen.navigationPreferences
        let recordable = screen as? any RecordableNavigationScreen
        var text = ""
        if preferences.prefersNavigationBarHidden { text += " bar=hidden" }
        if preferences.leaveConfirmation != nil {
            text += " guard=confirm"
        } else if recordable?.recordingRefusesUserPop ?? (preferences.popGuard != nil) {
            text += " guard=deny"
        }
        if !preferences.isPopGestureEnabled { text += " gesture=disabled" }
        if screen.hasCustomBackButton { text += " back=custom" }
        if recordable?.recordingHasHorizontalScrollView == true { text += " scroll=horizontal" }
        if let look = preferences.navigationBarLook { text += " \(look)" }  // the `look=` keys
        return text
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

@MainActor
private final class Weak {
    weak var value: (any NavigationScreen)?
    init(_ value: any NavigationScreen) { self.value = value }
}
