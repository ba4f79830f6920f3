import NavigationHooks
public import NavigationScenarios
public import NavigationSimulator
import NavigationStrategies

/// The state of one run while its steps play (also used by ``ConformanceTrace``).
@MainActor
@_spi(Runner) public struct Play {
    /// A `var` though never changed after `init`, and settable in the module: a debug build reads
    /// a field of a `let` property (`scenario.steps`, `scenario.host`), or of a `private(set)`
    /// one from another file, by copying the whole scenario out of `Play` and destroying it
    /// again (~500 instructions), where a mutating method reads a `var`'s field in place; the
    /// steps' methods read it at every step (callgrind of a debug bench worker: 150,000 copies).
    var scenario: Scenario
    public let nav: SimNavigationController
    let appDelegate = AppNavigationDelegate()
    /// SwiftUI's delegate on a `host swiftui` stack (``SwiftUIStackDelegate``).
    let swiftUIDelegate = SwiftUIStackDelegate()
    let customBackUsesBaseClassGuard: Bool
    /// `scenario.host.isSwiftUI`, read by ``perform(_:on:)`` at every app step: from that
    /// mutating method a call of `appChangesPath` or a read of `scenario` copied the whole
    /// `Play` or scenario in a debug build, for nothing on a UIKit host.
    let isSwiftUI: Bool
    var skipped: [RunResult.SkippedStep] = []
    var failures: [RunResult.ExpectFailure] = []
    /// The last step that is not an `expect`, and the timeline's event count when it began.
    var lastStep: (step: ScenarioStep, firstEvent: Int)?
    /// Which step broke a failed `expect` (``ExpectWindow``).
    var window = ExpectWindow()
    /// The step that dismissed the sheet holding the stack (a `swipe-down-sheet` let through,
    /// or the `confirm discard` that allowed it, R52): from there on the stack is off screen,
    /// later steps cannot happen and an `expect` about the stack fails.
    var sheetDismissal: ScenarioStep?
    /// The user input keywords played so far, in the order first played, and the points each
    /// dispatched (see ``RunRisks/pointsByInput``), as bits of ``DecidingPoints``: every user
    /// input of every run adds to it. Two arrays whose elements a debug build reads and writes
    /// with the standard library's specialized code, where a dictionary's generic lookup and
    /// write cost ~3,000 instructions an input (and a set of strings a generic union).
    var inputs: [String] = []
    var pointsOfInputs: [UInt8] = []
    /// The scenario's screen declarations by name, as `set` steps changed them so far: a step
    /// finds its screen in constant time, and app code reads the current value.
    let declarations: LiveDeclarations

    init(scenario: Scenario, nav: SimNavigationController, customBackUsesBaseClassGuard: Bool) {
        self.scenario = scenario
        self.declarations = LiveDeclarations(scenario.screens)
        self.nav = nav
        self.customBackUsesBaseClassGuard = customBackUsesBaseClassGuard
        self.isSwiftUI = scenario.host.isSwiftUI
        // Here, where `self` is in place: from `prepared`, a read of `play.appDelegate` copied the
        // whole `Play` in a debug build.
        appDelegate.implementsTransitionMethods = scenario.appCode.delegateHasTransitionMethods
    }

    /// The appearance strategy a run of a scenario that states a look gets when its combination
    /// names none (`StrategyCatalog.defaultAppearance`).
    public static var defaultAppearance: String? { StrategyCatalog.defaultAppearance }

    /// Steps 1–4 of a run (see ``SimulatorScenarioRunner``): the navigation controller for
    /// `profile`, the app's delegate and guard, and `plugins` (sorted names) installed; ready for
    /// the steps.
    /// `variants`: the inferred rules whose alternative reading the run plays (``RuleVariants``).
    ///
    /// A scenario that states a look (``Scenario/statesLook``) gets `appearance` beside
    /// `plugins` unless they name an appearance strategy: the appearance slot is one choice, not
    /// an on/off plugin (NavigationHooksUIKit.docc/BarAppearance.md); `nil` installs none.
    public static func prepared(
        _ scenario: Scenario, profile: ScenarioProfile, plugins: [String], compositions: CompositionCache? = nil,
        variants: Set<String> = [], appearance: String? = Play.defaultAppearance
    ) -> Play {
        let nav = SimNavigationController(profile: profile)
        nav.ruleVariants = variants
        nav.verticalBarEdge = scenario.barEdge  // R123
        applyAppBar(scenario.appBar, to: nav)  // R130
        var play = Play(
            scenario: scenario, nav: nav,
            customBackUsesBaseClassGuard: names(plugins, contain: BaseClassGuardPlugin.pluginName))
        switch scenario.appCode.delegateLibrary {  // the library's viewDidLoad, before anything (R55, R56)
        case .none: break
        case .cachedForwarder: nav.installLibraryDelegate(.cachedForwarder)
        case .barHandler: nav.installLibraryDelegate(.barHandler)
        }
        if scenario.appCode.gestureLibrary == .fullscreenPan {  // R71: the library's swizzled push adds it
            nav.installGestureLibrary(.fullscreenPan)
        }
        if scenario.installsOwnDelegate, scenario.appCode.delegateOrder == .beforePlugins {
            nav.delegate = play.appDelegate
        }
        if scenario.host.isSwiftUI {  // R60: SwiftUI sets its delegate when it creates the stack
            play.swiftUIDelegate.nav = nav
            nav.delegate = play.swiftUIDelegate
        }
        play.registerAppGuard()
        var plugins = plugins
        if scenario.statesLook, let appearance, !names(plugins, containAny: StrategyCatalog.isAppearance) {
            plugins.append(appearance)
        }
        if !plugins.isEmpty {
            do {
                // The names as they are when the file gives no plugin a mode (most files): a debug
                // build's `map` with a dictionary lookup per name cost ~8,000 instructions a run.
                let spellings = scenario.pluginModes.count == 0 ? plugins : plugins.map(scenario.pluginSpelling)
                try (compositions?.composition(spellings) ?? StrategyCatalog.composition(spellings)).install(
                    on: nav.hooks)
            } catch {
                let location = scenario.steps.first?.location ?? SourceLocation(file: scenario.file, line: 1, column: 1)
                play.skipped.append(
                    .init(location: location, step: "plugins", reason: "could not install the plugins: \(error)"))
            }
        }
        play.applyAppCodeAfterPlugins()
        return play
    }

    /// `names.contains(name)` as an index loop: a debug build runs `contains` generically, and
    /// every run asks (~2,600 instructions).
    private static func names(_ names: [String], contain name: String) -> Bool {
        for index in 0..<names.count where names[index] == name { return true }
        return false
    }

    /// `names.contains(where: isNamed)` as an index loop, for the same reason.
    private static func names(_ names: [String], containAny isNamed: (String) -> Bool) -> Bool {
        for index in 0..<names.count where isNamed(names[index]) { return true }
        return false
    }

    /// The risks of the installed plugins, read from the seams they put hooks on, and the
    /// points each user input reached.
    /// `hooked`: the controller's ``NavigationSimulator/SimNavigationController/seamsWithHooks``.
    func risks(hooked: SeamSet) -> RunRisks {
        var risks = RunRisks()
        let installed = RunRisks.installed(hooked, on: nav.capabilities)
        risks.usesPrivateAPI = installed.usesPrivateAPI
        risks.replacedMethods = installed.replacedMethods
        for index in 0..<inputs.count {
            risks.pointsByInput[inputs[index]] = DecidingPoints(rawValue: pointsOfInputs[index]).names
        }
        return risks
    }

    /// Adds `points` to those the user input `input` (its keyword) dispatched in this run.
    mutating func addPoints(_ points: DecidingPoints, reachedBy input: String) {
        for index in 0..<inputs.count where inputs[index] == input {
            pointsOfInputs[index] |= points.rawValue
            return
        }
        inputs.append(input)
        pointsOfInputs.append(points.rawValue)
    }

    /// A new simulated screen for the declaration `name`.
    ///
    /// `mutating` though it changes nothing of `Play`, as ``apply(_:to:)``, ``performExit(_:)``
    /// and the helpers they call: ``perform(_:on:)`` calls them, and a debug build passes a
    /// mutating method's `self` in place where a non-mutating one from a mutating one got a copy
    /// of the whole `Play` (~1,500 instructions; 8,000 copies in a bench worker on the docs'
    /// sample).
    mutating func makeScreen(_ name: String) -> SimScreen {
        let screen = SimScreen(name)
        apply(declarations[name], to: screen)
        applyGestureSwitch(to: screen)
        makeHostingController(screen)
        return screen
    }

    /// Gives `screen` what `declaration` says (every key; the defaults for `nil`): at creation,
    /// and again when a `set` step changes the declaration of a screen in the stack. A leave
    /// confirmation or a custom back button the screen already has is kept as it is (an attempt
    /// waiting for its answer stays the same attempt).
    mutating func apply(_ declaration: ScreenDeclaration?, to screen: SimScreen) {
        // The keys read once from one unwrapped declaration, the defaults for `nil`: each
        // `declaration?.… == …` copied the whole declaration and compared optionals generically
        // in a debug build (~6,500 instructions a screen, callgrind of a bench worker).
        var hidden = false
        var gestureDisabled = false
        var popGuard = ScreenDeclaration.Guard.none
        var locksSwipe = false
        var look: NavigationBarLook?
        var horizontal = false
        var largeTitle = false
        var custom = false
        if let declaration {
            hidden = declaration.bar == .hidden
            gestureDisabled = declaration.gesture == .disabled
            popGuard = declaration.popGuard
            locksSwipe = declaration.hiddenBack == .locksSwipe
            look = declaration.look
            horizontal = declaration.scroll == .horizontal
            largeTitle = declaration.largeTitle
            custom = declaration.back == .custom
        }
        screen.prefersNavigationBarHidden = hidden
        screen.isPopGestureEnabled = !gestureDisabled
        screen.refusesUserPop = popGuard == .deny || popGuard == .app
        screen.navigationPreferences.hiddenBackButtonIntent = locksSwipe ? .locksSwipe : .keepsSwipe
        if screen.navigationPreferences.navigationBarLook != look {
            // At creation a plain write; later (a `set` step) the app changes a shown screen's
            // look, which the installed appearance strategy hears of (R100–R104).
            nav.setNavigationBarLook(look, for: screen)
        }
        let confirms = popGuard == .confirm
        if confirms != (screen.leaveConfirmation != nil) {
            // The app shows its alert; `confirm discard|keep` steps answer it.
            screen.leaveConfirmation = confirms ? LeaveConfirmation { _ in } : nil
        }
        screen.hasHorizontalScrollView = horizontal
        screen.hasLargeTitle = largeTitle  // R132
        // R66: SwiftUI's back=custom is `navigationBarBackButtonHidden(true)` plus a toolbar button:
        // `hidesBackButton` as well as a left item (UIKit's delegate refuses for the first, R70).
        screen.isBackButtonHidden = isSwiftUI && custom
        guard custom != (screen.customBackAction != nil) || custom != screen.hasCustomBackButton else { return }
        screen.hasCustomBackButton = custom
        screen.customBackAction = nil
        if screen.hasCustomBackButton {
            let usesGuard = customBackUsesBaseClassGuard
            screen.customBackAction = { [unowned nav] in
                if usesGuard {
                    _ = BaseClassGuardPlugin.requestPop(on: nav)
                } else {
                    nav.popViewController(animated: true)
                }
            }
        }
    }

    /// Registers the app's `shouldPop` handler when a screen refuses user pops (declared so, or
    /// set so by a `set` step): it refuses while the leaving screen refuses now.
    ///
    /// `mutating` though it changes nothing of `Play`, as ``makeScreen(_:)``: `prepared` calls it
    /// on its `var`, and a debug build copied the whole `Play` for a non-mutating call.
    mutating func registerAppGuard() {
        // Asked of the scenario, which reads its steps and screens in place: this runs before
        // every run the bench plays.
        guard scenario.mayDenyUserPops else { return }
        _ = try? nav.hooks.dispatcher.shouldPopHandlers.add(name: "app") { context in
            context.trigger.isUserInitiated && (context.leaving as? SimScreen)?.refusesUserPop == true
                ? .deny(reason: "guard=deny") : .pass
        }
    }

    /// The screen named `name` in the stack, nearest the top first.
    func stacked(_ name: String) -> SimScreen? {
        nav.viewControllers.last { $0.screenName == name }
    }

    mutating func skip(_ step: ScenarioStep, _ reason: String) {
        skipped.append(.init(location: step.location, step: step.text, reason: reason))
    }

    /// Plays one step and lets the clock run until the screen is idle.
    public mutating func perform(_ step: ScenarioStep, on profile: ScenarioProfile) {
        window.current += 1
        // The step's kinds of action in functions of their own, the frequent ones first
        // (``play(_:)``, ``playOther(_:)``, ``check(_:)``): a debug build zeroes the stack slot of
        // every binding of a function on each call, those of cases not taken included (one
        // function for all of them zeroed some 30 slots a step, callgrind of a bench worker).
        if step.isExpectation {
            if let reason = step.unavailableReason(on: profile, host: scenario.host) { return skip(step, reason) }
            return check(step)
        }
        let index = window.current
        windowWillPerform(index)
        defer { windowDidPerform(index) }
        lastStep = (step, nav.timeline.events.count)
        // R52: the sheet went with every screen; nothing the app or the user does to its
        // stack can happen on screen any more.
        if let gone = sheetDismissal { return skip(step, "the sheet was dismissed at \(Self.describe(gone))") }
        if let reason = step.unavailableReason(on: profile, host: scenario.host) { return skip(step, reason) }
        guard play(step) else { return }
        nav.runUntilIdle()
        // `case`, not `== nil`: a debug build compares the optional step generically.
        if case .none = sheetDismissal, nav.isSheetDismissed { sheetDismissal = step }
    }

    /// Plays a step that is not an `expect` line; `false` when it was skipped. The frequent
    /// actions here, the others in ``playOther(_:)``.
    private mutating func play(_ step: ScenarioStep) -> Bool {
        switch step.action {
        case .root(let name):
            nav.setViewControllers([makeScreen(name)], animated: false)
        case .push(let name, let animated):
            if isSwiftUI { appChangesPath(to: nav.viewControllers.map(\.screenName) + [name]) }
            nav.pushViewController(makeScreen(name), animated: animated)
        case .pop(let animated):
            guard nav.viewControllers.count > 1 else { return skipped(step, "nothing to pop at the root") }
            if isSwiftUI { appChangesPath(to: nav.viewControllers.dropLast().map(\.screenName)) }
            nav.popViewController(animated: animated)
        case .swipeBack(let progress, let release):
            nav.swipeBack(.edge, progress: progress, release: release)
        case .contentSwipe(let progress, let release):
            nav.swipeBack(.content, progress: progress, release: release)
        case .voiceOverEscape, .voiceOverEscapeInBar, .keyBack, .swipeDownSheet, .trackpadSwipe, .confirm:
            if let reason = performExit(step.action) { return skipped(step, reason) }
        default:
            return playOther(step)
        }
        return true
    }

    /// ``play(_:)``'s less frequent actions.
    private mutating func playOther(_ step: ScenarioStep) -> Bool {
        switch step.action {
        case .popTo(let name, let animated):
            guard let target = stacked(name) else { return skipped(step, "\(name) is not in the stack") }
            let stack = nav.viewControllers
            if isSwiftUI {
                appChangesPath(to: stack.prefix(through: stack.lastIndex { $0 === target } ?? 0).map(\.screenName))
            }
            nav.popToViewController(target, animated: animated)
        case .popToRoot(let animated):
            guard nav.viewControllers.count > 1 else { return skipped(step, "already at the root") }
            if isSwiftUI { appChangesPath(to: nav.viewControllers.prefix(1).map(\.screenName)) }
            nav.popToRootViewController(animated: animated)
        case .setStack(let names, let animated):
            var available = nav.viewControllers
            let screens = names.map { name in
                if let index = available.firstIndex(where: { $0.screenName == name }) {
                    return available.remove(at: index)
                }
                return makeScreen(name)
            }
            if isSwiftUI { appChangesPath(to: names) }
            nav.setViewControllers(screens, animated: animated)
        case .tapBack:
            guard let top = nav.topViewController, nav.viewControllers.count > 1 || top.hasCustomBackButton else {
                return skipped(step, "no back button at the root")
            }
            guard nav.presentedScreen == nil else { return skipped(step, "a modal is over the navigation controller") }
            guard !nav.isNavigationBarHidden else { return skipped(step, "the bar is hidden: no back button to tap") }
            if nav.backButtonIsInVerticalBar {
                return skipped(step, "the back button is in the vertical bar: 'tap-back strip' taps it (R123)")
            }
            nav.tapBack()
        case .tapBackInVerticalBar:
            guard nav.presentedScreen == nil else { return skipped(step, "a modal is over the navigation controller") }
            if let reason = nav.verticalBarBackUnavailableReason() { return skipped(step, reason) }  // R121, R123, R124
            nav.tapBackInVerticalBar()
        case .backMenu(let name):
            guard let destination = nav.backMenuDestinations().first(where: { $0.screenName == name }) else {
                return skipped(step, "the back menu does not offer \(name)")
            }
            nav.chooseFromBackMenu(destination)
        case .present(let name, let style):
            guard nav.presentedScreen == nil else { return skipped(step, "a modal is already presented") }
            nav.present(makeScreen(name), style: style)
        case .dismiss:
            guard nav.presentedScreen != nil else { return skipped(step, "nothing is presented") }
            nav.dismiss()
        case .wait(let seconds):
            nav.advance(seconds: seconds)
        case .swiftUIUpdate:
            if let reason = swiftUIUpdatesTop() { return skipped(step, reason) }
        case .setScreen(let name, let change):
            changeScreen(name, change)
        case .scroll(let name, let awayFromTop):
            if let reason = scroll(name, awayFromTop: awayFromTop) { return skipped(step, reason) }
        case .root, .push, .pop, .swipeBack, .contentSwipe, .voiceOverEscape, .voiceOverEscapeInBar, .keyBack,
            .swipeDownSheet, .trackpadSwipe, .confirm, .expectStack, .expectTop, .expectBar, .expectPath,
            .expectSheet, .expectLook:
            preconditionFailure("played by play(_:) or check(_:)")
        }
        return true
    }

    /// ``skip(_:_:)``, then `false` (``play(_:)``: the step was skipped).
    private mutating func skipped(_ step: ScenarioStep, _ reason: String) -> Bool {
        skip(step, reason)
        return false
    }

    /// Checks an `expect` line once the screen is idle.
    private mutating func check(_ step: ScenarioStep) {
        nav.runUntilIdle()
        if case .expectLook(let name) = step.action {
            if let failure = lookFailure(step, screen: name) { note(failure) }
            return
        }
        // The path a `host swiftui` app last heard, or `nil` for a UIKit host; no computed
        // property of `Play` called here: it copied the whole `Play` (see `isSwiftUI`).
        let stack = Self.names(of: nav.viewControllers)
        if let failure = step.expectationFailure(
            stack: stack, barHidden: nav.isNavigationBarHidden, path: isSwiftUI ? swiftUIDelegate.path : nil,
            sheetDismissedAt: sheetDismissal.map(Self.describe))
        {
            note(failure)
        }
    }

    /// `line 9 ('swipe-down-sheet')`: where a step is, for messages about it.
    static func describe(_ step: ScenarioStep) -> String { "line \(step.location.line) ('\(step.text)')" }

    /// Keeps a failed `expect`, with the divergence report's step and rules (computed on
    /// failure only) and whether the file is a recording ("the device showed").
    mutating func note(_ failure: RunResult.ExpectFailure) {
        var failure = failure
        if let breaking = breakingStep() {
            failure.step = breaking.step.location
            failure.stepText = breaking.step.text
            failure.rules = nav.timeline.ruleIDs(
                inEventsFrom: breaking.events.lowerBound, to: breaking.events.upperBound)
        } else if let lastStep {
            failure.step = lastStep.step.location
            failure.stepText = lastStep.step.text
            failure.rules = nav.timeline.ruleIDs(inEventsFrom: lastStep.firstEvent)
        }
        if scenario.recordedPlugins != nil { failure.isRecording = true }
        failures.append(failure)
    }

    /// `expect look NAME`: the bar at rest shows the look screen NAME states over the app's
    /// (the app's when it states none).
    func lookFailure(_ step: ScenarioStep, screen name: String) -> RunResult.ExpectFailure? {
        let wanted = wantedLook(of: name)
        let shown = nav.shownBarLook
        guard shown != wanted else { return nil }
        return RunResult.ExpectFailure(
            location: step.location, expectation: step.text,
            actual: shown.map { "look \($0)" } ?? "a look cross-fading")
    }
}

extension Play {
    /// Plays an exit step (R50–R53) or the app's answer to a confirmation; the reason it
    /// cannot happen now, or `nil` when it was played.
    mutating func performExit(_ action: ScenarioStep.Action) -> String? {
        if nav.isSheetDismissed { return "the sheet was dismissed" }
        switch action {
        case .voiceOverEscape, .voiceOverEscapeInBar, .keyBack:
            guard let top = nav.topViewController, nav.viewControllers.count > 1 || top.hasCustomBackButton else {
                return "nothing to go back to at the root"
            }
            guard nav.presentedScreen == nil else { return "a modal is over the navigation controller" }
            switch action {
            case .voiceOverEscape: nav.accessibilityEscape()
            case .voiceOverEscapeInBar: nav.accessibilityEscape(focusInNavigationBar: true)  // R57
            case .keyBack(let focus): nav.pressBackKeyCommand(focus: focus)  // R51, R78, R79
            default: break
            }
        case .swipeDownSheet:
            guard nav.presentedScreen == nil else { return "a modal is over the navigation controller" }
            nav.isPresentedAsSheet = true
            nav.swipeDownSheet()
        case .trackpadSwipe(let progress, let release):
            nav.trackpadSwipeBack(progress: progress, release: release == .finish ? .finish : .cancel)
        case .confirm(let answer):
            guard let attempt = nav.hooks.dispatcher.pendingLeaveAttempt else { return "no confirmation is showing" }
            if answer == .discard { attempt.proceed() } else { attempt.cancel() }
        default:
            return nil
        }
        return nil
    }
}

/// The pop-deciding points a user input dispatched (``RunRisks/pointsByInput``), one bit each.
struct DecidingPoints: OptionSet {
    let rawValue: UInt8
    static let backButtonAction = DecidingPoints(rawValue: 1)
    static let gestureShouldBegin = DecidingPoints(rawValue: 2)
    static let shouldPop = DecidingPoints(rawValue: 4)

    /// The points' names, sorted (the bits are in the names' order): from ``namesByBits``, where
    /// each run built its lists (~900 instructions a list in a debug build, callgrind of a bench
    /// worker), and runs alike now share one array, which compares equal at once.
    var names: [String] { Self.namesByBits[Int(rawValue & 7)] }

    /// The names of each set of the three points, by its bits, made once.
    private static let namesByBits: [[String]] = (0..<8).map { bits in
        var names: [String] = []
        if bits & Int(backButtonAction.rawValue) != 0 { names.append("backButtonAction") }
        if bits & Int(gestureShouldBegin.rawValue) != 0 { names.append("gestureShouldBegin") }
        if bits & Int(shouldPop.rawValue) != 0 { names.append("shouldPop") }
        return names
    }
}
