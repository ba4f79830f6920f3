import NavigationHooks
import NavigationSimulator
import NavigationStrategies

/// The real ``ScenarioRunning``: plays a scenario on a headless ``SimNavigationController`` and
/// computes every defect metric with the simulator's detectors, from the timeline alone.
///
/// For one run it:
/// 1. creates the navigation controller for the profile and one simulated screen per pushed,
///    presented or stacked name, with the declaration's preferences (read by the plugins and
///    recorded for the detectors) and `refusesUserPop` for `guard=deny`;
/// 2. sets the app's own delegate when the scenario says `delegate` (after step 4 with
///    `delegate after-plugins`; the app's gesture delegate, `gesture-delegate always-yes`, is
///    set then too);
/// 3. registers the app's `shouldPop` handler (named `app`) when a screen says `guard=deny`: it
///    refuses every user-initiated pop of such a screen and passes otherwise;
/// 4. installs the plugins (``StrategyCatalog/composition(_:)``, in the modes the file's
///    `plugin NAME:MODE` lines give), as an app does when it creates
///    its navigation controller, before the root's first appearance: a plugin sees the root's
///    `willShow` (a hidden-bar root needs it);
/// 5. sets the `root` screen, not animated, and plays the remaining steps, each followed by
///    `runUntilIdle()`.
///
/// A `back=custom` screen's button calls `BaseClassGuardPlugin.requestPop(on:)` when that plugin
/// is installed and `popViewController(animated: true)` otherwise (the app's code, as in seed 003).
///
/// Steps that cannot happen at that moment (``ScenarioStep/unavailableReason(on:)``, `tap-back`
/// or `pop` at the root, `tap-back` with the bar hidden or a modal up, a `back-menu` that does
/// not offer the screen, `dismiss` with nothing presented, `pop-to` a screen not in the stack)
/// are not played and are listed in ``RunResult/skippedSteps``.
///
/// ``RunMetrics/nsPerDispatch`` is the time spent inside the dispatcher during step 5, measured
/// with a ``DispatchTiming``, divided by the dispatches. The decision trace is off during the
/// run unless timelines are recorded (it only labels them), so the cost is an app's.
@MainActor
public struct SimulatorScenarioRunner: ScenarioRunning {
    /// When `true`, every result carries a ``TimelineSketch`` of the run (for `--timeline`).
    public var recordsTimelines: Bool

    /// When `true` (and no timelines are recorded), a run that provably equals one already
    /// made on the same scenario and profile is not played again (``EquivalentRuns``).
    public var skipsEquivalentRuns: Bool
    private let equivalentRuns = EquivalentRuns()
    private let compositions = CompositionCache()

    /// How many results this runner reused rather than played (``skipsEquivalentRuns``).
    public var reusedRunCount: Int { equivalentRuns.reusedCount }

    /// Creates a runner; `recordsTimelines` fills ``RunResult/timeline``.
    public init(recordsTimelines: Bool = false, skipsEquivalentRuns: Bool = true) {
        self.recordsTimelines = recordsTimelines
        self.skipsEquivalentRuns = skipsEquivalentRuns
    }

    /// Runs `scenario` under `profile` (`ios13` …) with `plugins` installed.
    public func run(_ scenario: Scenario, profile: String, plugins: [String]) -> RunResult {
        let scenarioProfile = ScenarioProfile(rawValue: profile) ?? .ios26
        let sortedPlugins = plugins.sorted()
        let reuses = skipsEquivalentRuns && !recordsTimelines
        if reuses, let equal = equivalentRuns.result(of: scenario, profile: scenarioProfile, plugins: sortedPlugins) {
            return equal
        }
        var play = Play.prepared(scenario, profile: scenarioProfile, plugins: sortedPlugins, compositions: compositions)
        let nav = play.nav

        let dispatcher = nav.hooks.dispatcher
        // The decision trace only feeds the timeline's "refused" labels; without a timeline to
        // draw, dispatches run as in an app, untraced, and that is what the timing measures.
        if !recordsTimelines { dispatcher.trace = nil }
        let timing = DispatchTiming()
        dispatcher.timing = timing
        for step in scenario.steps {
            guard let input = step.userInputKeyword else {
                play.perform(step, on: scenarioProfile)
                continue
            }
            // The points that decide a pop; `willShow` observes whatever shows, not an input.
            let points: [InterceptionPoint] = [.shouldPop, .backButtonAction, .gestureShouldBegin]
            let before = points.map(dispatcher.dispatchCount(of:))
            play.perform(step, on: scenarioProfile)
            let reached = points.enumerated()
                .filter { dispatcher.dispatchCount(of: $0.element) > before[$0.offset] }.map(\.element.rawValue)
            play.pointsByInput[input, default: []].formUnion(reached)
        }
        dispatcher.timing = nil

        let report = Detectors.analyze(nav.timeline)
        let dispatches = dispatcher.dispatchCount
        let metrics = RunMetrics(
            unguardedPops: report.unguardedPops,
            blockedPops: report.blockedPops,
            barGlitches: report.barGlitches,
            wrongBarAtRest: report.wrongBarAtRest,
            frozen: report.frozen,
            lostDelegateCalls: report.lostDelegateCalls,
            unansweredAttempts: report.unansweredAttempts,
            expectFailures: play.failures.count,
            dispatches: dispatches,
            nsPerDispatch: dispatches == 0 ? 0 : timing.totalNanoseconds / Double(dispatches)
        )
        let label = PluginCombination(sortedPlugins).label
        let result = RunResult(
            scenario: scenario.title,
            file: scenario.file,
            profile: profile,
            plugins: sortedPlugins,
            metrics: metrics,
            inferredRules: report.inferredRules,
            skippedSteps: play.skipped,
            expectFailures: play.failures,
            risks: play.risks(),
            timeline: recordsTimelines
                ? TimelineSketch(
                    simulatorTimeline: nav.timeline, title: "\(scenario.file) · \(profile) · \(label)")
                : nil
        )
        if reuses { equivalentRuns.store(result, reached: nav.reachedSeams) }
        return result
    }
}

/// The app's own navigation delegate (`delegate` in a scenario): it does nothing, the detectors
/// only check that its calls arrive.
@MainActor
final class AppNavigationDelegate: SimNavigationDelegate {
    /// `delegate custom-transitions`: the methods exist and return `nil` (R40).
    var implementsTransitionMethods = false
    func willShow(_ screen: SimScreen, animated: Bool) {}
    func didShow(_ screen: SimScreen, animated: Bool) {}
}

/// The state of one run while its steps play (also used by ``ConformanceTrace``).
@MainActor
struct Play {
    let scenario: Scenario
    let nav: SimNavigationController
    let appDelegate = AppNavigationDelegate()
    let customBackUsesBaseClassGuard: Bool
    var skipped: [RunResult.SkippedStep] = []
    var failures: [RunResult.ExpectFailure] = []
    /// Points dispatched per user input keyword (see ``RunRisks/pointsByInput``).
    var pointsByInput: [String: Set<String>] = [:]
    /// The scenario's screen declarations by name: a step finds its screen in constant time.
    let declarations: [String: ScreenDeclaration]

    init(scenario: Scenario, nav: SimNavigationController, customBackUsesBaseClassGuard: Bool) {
        self.scenario = scenario
        self.declarations = Dictionary(scenario.screens.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        self.nav = nav
        self.customBackUsesBaseClassGuard = customBackUsesBaseClassGuard
    }

    /// Steps 1–4 of a run (see ``SimulatorScenarioRunner``): the navigation controller for
    /// `profile`, the app's delegate and guard, and `plugins` (sorted names) installed; ready for
    /// the steps.
    static func prepared(
        _ scenario: Scenario, profile: ScenarioProfile, plugins: [String], compositions: CompositionCache? = nil
    ) -> Play {
        let nav = SimNavigationController(profile: profile)
        var play = Play(
            scenario: scenario, nav: nav,
            customBackUsesBaseClassGuard: plugins.contains(BaseClassGuardPlugin.pluginName))
        play.appDelegate.implementsTransitionMethods = scenario.appCode.delegateHasTransitionMethods
        if scenario.installsOwnDelegate, scenario.appCode.delegateOrder == .beforePlugins {
            nav.delegate = play.appDelegate
        }
        play.registerAppGuard()
        if !plugins.isEmpty {
            do {
                let spellings = plugins.map(scenario.pluginSpelling)
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

    /// The risks of the installed plugins, read from the seams they put hooks on, and the
    /// points each user input reached.
    func risks() -> RunRisks {
        var risks = RunRisks()
        let installed = RunRisks.installing(nav.seamsWithHooks, on: nav.capabilities)
        risks.usesPrivateAPI = installed.usesPrivateAPI
        risks.replacedMethods = installed.replacedMethods.sorted()
        risks.pointsByInput = pointsByInput.mapValues { $0.sorted() }
        return risks
    }

    /// A new simulated screen for the declaration `name`.
    func makeScreen(_ name: String) -> SimScreen {
        let declaration = declarations[name]
        let screen = SimScreen(
            name, prefersNavigationBarHidden: declaration?.bar == .hidden,
            isPopGestureEnabled: declaration?.gesture != .disabled, refusesUserPop: declaration?.popGuard == .deny,
            hasCustomBackButton: declaration?.back == .custom,
            hasHorizontalScrollView: declaration?.scroll == .horizontal)
        if declaration?.popGuard == .confirm {
            // The app shows its alert; `confirm discard|keep` steps answer it.
            screen.leaveConfirmation = LeaveConfirmation { _ in }
        }
        applyGestureSwitch(to: screen, disabled: declaration?.gesture == .disabled)
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
        return screen
    }

    /// Registers the app's `shouldPop` handler when a screen refuses user pops.
    func registerAppGuard() {
        let denied = Set(scenario.screens.filter { $0.popGuard == .deny }.map(\.name))
        guard !denied.isEmpty else { return }
        _ = try? nav.hooks.dispatcher.shouldPopHandlers.add(name: "app") { context in
            context.trigger.isUserInitiated && denied.contains(context.leaving.screenName)
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
    mutating func perform(_ step: ScenarioStep, on profile: ScenarioProfile) {
        if let reason = step.unavailableReason(on: profile) { return skip(step, reason) }
        switch step.action {
        case .root(let name):
            nav.setViewControllers([makeScreen(name)], animated: false)
        case .push(let name, let animated):
            nav.pushViewController(makeScreen(name), animated: animated)
        case .pop(let animated):
            guard nav.viewControllers.count > 1 else { return skip(step, "nothing to pop at the root") }
            nav.popViewController(animated: animated)
        case .popTo(let name, let animated):
            guard let target = stacked(name) else { return skip(step, "\(name) is not in the stack") }
            nav.popToViewController(target, animated: animated)
        case .popToRoot(let animated):
            guard nav.viewControllers.count > 1 else { return skip(step, "already at the root") }
            nav.popToRootViewController(animated: animated)
        case .setStack(let names, let animated):
            var available = nav.viewControllers
            let screens = names.map { name in
                if let index = available.firstIndex(where: { $0.screenName == name }) {
                    return available.remove(at: index)
                }
                return makeScreen(name)
            }
            nav.setViewControllers(screens, animated: animated)
        case .tapBack:
            guard let top = nav.topViewController, nav.viewControllers.count > 1 || top.hasCustomBackButton else {
                return skip(step, "no back button at the root")
            }
            guard nav.presentedScreen == nil else { return skip(step, "a modal is over the navigation controller") }
            guard !nav.isNavigationBarHidden else { return skip(step, "the bar is hidden: no back button to tap") }
            nav.tapBack()
        case .backMenu(let name):
            guard let destination = nav.backMenuDestinations().first(where: { $0.screenName == name }) else {
                return skip(step, "the back menu does not offer \(name)")
            }
            nav.chooseFromBackMenu(destination)
        case .swipeBack(let progress, let release):
            nav.swipeBack(.edge, progress: progress, release: SwipeRelease(release))
        case .contentSwipe(let progress, let release):
            nav.swipeBack(.content, progress: progress, release: SwipeRelease(release))
        case .present(let name, let style):
            guard nav.presentedScreen == nil else { return skip(step, "a modal is already presented") }
            nav.present(makeScreen(name), style: style == .fullscreen ? .fullScreen : .pageSheet)
        case .dismiss:
            guard nav.presentedScreen != nil else { return skip(step, "nothing is presented") }
            nav.dismiss()
        case .wait(let seconds):
            nav.advance(seconds: seconds)
        case .voiceOverEscape, .keyBack, .swipeDownSheet, .trackpadSwipe, .confirm:
            if let reason = performExit(step.action) { return skip(step, reason) }
        case .expectStack, .expectTop, .expectBar:
            nav.runUntilIdle()
            let stack = nav.viewControllers.map(\.screenName)
            if let failure = step.expectationFailure(stack: stack, barHidden: nav.isNavigationBarHidden) {
                failures.append(failure)
            }
            return
        }
        nav.runUntilIdle()
    }
}

extension SwipeRelease {
    fileprivate init(_ release: ScenarioStep.Release) {
        switch release {
        case .finish: self = .finish
        case .cancel: self = .cancel
        }
    }
}
