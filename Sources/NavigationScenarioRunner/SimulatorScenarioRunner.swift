import NavigationHooks
public import NavigationScenarios
import NavigationSimulator
public import NavigationStrategies

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
/// is installed and `popViewController(animated: true)` otherwise (the app's code, as in seed 003, Seeds.md).
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
    /// made on the same scenario and profile is not played again, nor is any of its readings
    /// (the documented model's, a rule's alternative) that provably equals one already made
    /// (``EquivalentRuns``).
    public var skipsEquivalentRuns: Bool
    /// With ``skipsEquivalentRuns``: a reading is also reused from a made run with one plugin
    /// more whose same reading touched nothing of that plugin (``ConverseEquivalentRuns``), as
    /// exact as the forward reuse; it pays when a group's larger combinations are run first
    /// (``PluginCombination/converseOrder(_:)``). `true` by default; `false` reuses only from
    /// smaller runs.
    public var reusesLargerRuns = true
    /// When `true`, a run whose timeline consulted an inferred rule with a playable alternative
    /// (``RuleVariants``) is played again with each such alternative, one at a time, and the
    /// result is the worst of them by defects (the documented one on a tie), with
    /// ``RunResult/variant`` naming the alternative it came from. `false` (the default): the
    /// documented model only.
    public var playsVariants: Bool
    private let equivalentRuns: EquivalentRuns
    private let pluginLists: PluginLists
    private let profileNames = ProfileNames()
    private let compositions: CompositionCache
    private let variantCounter = Counter()
    private let playCounter = Counter()
    private let largerRunCounter = Counter()

    /// How many results this runner reused rather than played (``skipsEquivalentRuns``), wholly
    /// or some of their readings (the documented model's, a rule's alternative).
    public var reusedRunCount: Int { equivalentRuns.reusedCount }
    /// How many of those reused a reading from a larger run (``reusesLargerRuns``).
    public var reusedFromLargerRunCount: Int { largerRunCounter.value }
    /// How many runs this runner played again with a rule's alternative (``playsVariants``); an
    /// alternative's reading reused from an equivalent run is not counted.
    public var variantRunCount: Int { variantCounter.value }
    /// How many plays this runner made: documented readings and alternatives, reused ones not
    /// counted.
    public var playCount: Int { playCounter.value }

    /// `StrategyCatalog.defaultAppearance`: the recommended composition's appearance strategy.
    public static var standardAppearance: String? { Play.defaultAppearance }

    /// The appearance strategy a scenario that states a look gets beside a combination that
    /// names none (``Play/defaultAppearance``); `nil` installs none (to measure the look without
    /// a strategy).
    public let defaultAppearance: String?

    /// Creates a runner; `recordsTimelines` fills ``RunResult/timeline``; `catalog` names the
    /// plugins runs may install (the strategies, and the app's own).
    public init(
        recordsTimelines: Bool = false, skipsEquivalentRuns: Bool = true, playsVariants: Bool = false,
        defaultAppearance: String? = SimulatorScenarioRunner.standardAppearance, catalog: PluginCatalog = .builtIn
    ) {
        self.compositions = CompositionCache(catalog: catalog)
        let equivalentRuns = EquivalentRuns()
        self.equivalentRuns = equivalentRuns
        self.pluginLists = PluginLists(equivalentRuns: equivalentRuns)
        self.recordsTimelines = recordsTimelines
        self.skipsEquivalentRuns = skipsEquivalentRuns
        self.playsVariants = playsVariants
        self.defaultAppearance = defaultAppearance
    }

    /// Runs `scenario` under `profile` (`ios13` …) with `plugins` installed.
    public func run(_ scenario: Scenario, profile: String, plugins: [String]) -> RunResult {
        let scenarioProfile = profileNames.profile(named: profile)
        let list = pluginLists.list(plugins)
        let sortedPlugins = list.sorted
        let appearance = list.appearance ?? (scenario.statesLook ? defaultAppearance : nil)
        // The equivalent runs' argument needs the plugins as a set of bits.
        let bits = skipsEquivalentRuns && !recordsTimelines ? list.bits : nil
        if let bits,
            var equal = equivalentRuns.result(
                of: scenario, profile: scenarioProfile, plugins: sortedPlugins, bits: bits)
        {
            equal.appearance = appearance
            return equal
        }
        // Each reading on its own (EquivalentRuns): reused where a made run's same reading
        // touched nothing of the plugin it lacks, played otherwise. Without variants the run is
        // its documented reading, which the whole run's lookup above already tried.
        var reusedReadings = false
        var reusedFromLarger = false
        let documented: EquivalentRuns.Reading
        let hooked: SeamSet
        let hookCounts: HookCounts
        if playsVariants, let bits,
            let reused = equivalentRuns.documentedReading(
                of: scenario, profile: scenarioProfile, plugins: sortedPlugins, bits: bits)
        {
            (documented, hooked, hookCounts) = reused
            reusedReadings = true
        } else if reusesLargerRuns, let bits,
            let reused = equivalentRuns.largerReading(
                nil, of: scenario, profile: scenarioProfile, plugins: sortedPlugins, mask: bits.mask)
        {
            // The converse: from a run with one plugin more, with this run's own hooks.
            (documented, hooked, hookCounts) = reused
            reusedReadings = true
            reusedFromLarger = true
        } else {
            let played = play(scenario, profile: profile, plugins: sortedPlugins, variants: [])
            documented = .init(result: played.result, touched: played.touched)
            hooked = played.hooked
            hookCounts = played.hookCounts
        }
        var result = documented.result
        var touched = documented.touched
        var alternatives: [(rule: String, reading: EquivalentRuns.Reading)] = []
        if playsVariants {
            // Worst case over the readings of the inferred rules this run consulted, played
            // only where the alternative can change something. The seams every reading reached
            // and the points it dispatched count for reusing the whole run: a plugin none of
            // them touched changes none of them (EquivalentRuns).
            for rule in RuleVariants.playable(in: result.inferredRules) {
                guard RuleVariants.canDiffer(rule, profile: scenarioProfile, hooked: hooked),
                    rule != "R62" || scenario.host.preferences == .once  // R63's probe rewrites anyway
                else {
                    // It would play as documented here; with hooks there it might not.
                    touched.seams.formUnion(RuleVariants.seams(askedBy: rule))
                    continue
                }
                let reading: EquivalentRuns.Reading
                if let bits,
                    let reused = equivalentRuns.alternativeReading(
                        rule, of: scenario, profile: scenarioProfile, plugins: sortedPlugins, bits: bits)
                {
                    reading = reused
                    reusedReadings = true
                } else if reusesLargerRuns, let bits,
                    let reused = equivalentRuns.largerReading(
                        rule, of: scenario, profile: scenarioProfile, plugins: sortedPlugins, mask: bits.mask,
                        hooked: hooked)
                {
                    reading = reused.reading
                    reusedReadings = true
                    reusedFromLarger = true
                } else {
                    variantCounter.value += 1
                    let played = play(scenario, profile: profile, plugins: sortedPlugins, variants: [rule])
                    reading = .init(result: played.result, touched: played.touched)
                }
                touched.formUnion(reading.touched)
                alternatives.append((rule, reading))
                var variant = reading.result
                guard variant.metrics.defects > result.metrics.defects else { continue }
                variant.variant = RuleVariants.label(rule)
                variant.documentedDefects = documented.result.metrics.defects
                variant.metrics.nsPerDispatch = result.metrics.nsPerDispatch
                result = variant
            }
        }
        result.appearance = appearance
        if reusedFromLarger { largerRunCounter.value += 1 }
        if let bits {
            equivalentRuns.store(
                result, mask: bits.mask, touched: touched, hooked: hooked, hookCounts: hookCounts,
                documented: documented, alternatives: alternatives, reused: reusedReadings)
        }
        return result
    }

    /// The appearance strategy a run of `scenario` with `plugins` plays (``RunResult/appearance``):
    /// the one `plugins` names, else ``defaultAppearance`` when the scenario states a look
    /// (``Play/prepared(_:profile:plugins:compositions:variants:appearance:)``), else `nil`.
    public func appearance(playedBy scenario: Scenario, plugins: [String]) -> String? {
        if let named = plugins.first(where: StrategyCatalog.isAppearance) { return named }
        return scenario.statesLook ? defaultAppearance : nil
    }

    /// Where a recorded device session settles an inferred rule: for each rule with a playable
    /// alternative (``RuleVariants``) that the run of `scenario` consulted, when the documented
    /// model and the alternative disagree on the file's `expect` lines and one of them matches
    /// every line the other does, the reading the recording agrees with, at the first line that
    /// tells them apart. A rule whose readings fail the same lines, or each fail a line the
    /// other passes, gives nothing.
    public func readingAgreements(_ scenario: Scenario, profile: String, plugins: [String]) -> [ReadingAgreement] {
        let sorted = plugins.sorted()
        let documented = play(scenario, profile: profile, plugins: sorted, variants: []).result  // every consulted rule
        let failedDocumented = Set(documented.expectFailures.map(\.location))
        return RuleVariants.playable(in: documented.inferredRules).compactMap { rule in
            let failedAlternative = Set(
                play(scenario, profile: profile, plugins: sorted, variants: [rule]).result.expectFailures.map(
                    \.location))
            if failedAlternative.isStrictSubset(of: failedDocumented),
                let line = failedDocumented.subtracting(failedAlternative).min()
            {
                return ReadingAgreement(rule: rule, isAlternative: true, location: line)
            }
            if failedDocumented.isStrictSubset(of: failedAlternative),
                let line = failedAlternative.subtracting(failedDocumented).min()
            {
                return ReadingAgreement(rule: rule, isAlternative: false, location: line)
            }
            return nil
        }
    }

    /// Plays one run with `variants`' alternatives: the result, what it touched (the seams it
    /// reached, the points it dispatched) and the seams with hooks, and how many.
    private func play(
        _ scenario: Scenario, profile: String, plugins sortedPlugins: [String], variants: Set<String>
    ) -> (result: RunResult, touched: EquivalentRuns.Touched, hooked: SeamSet, hookCounts: HookCounts) {
        let scenarioProfile = profileNames.profile(named: profile)
        playCounter.value += 1
        var play = Play.prepared(
            scenario, profile: scenarioProfile, plugins: sortedPlugins, compositions: compositions, variants: variants,
            appearance: defaultAppearance)
        let nav = play.nav

        let dispatcher = nav.hooks.dispatcher
        // The decision trace only feeds the timeline's "refused" labels; without a timeline to
        // draw, dispatches run as in an app, untraced, and that is what the timing measures.
        if !recordsTimelines { dispatcher.trace = nil }
        let timing = DispatchTiming()
        dispatcher.timing = timing
        var stepStarts: [TimelineSketch.StepStart] = []
        let baseName =
            recordsTimelines ? scenario.file.split(separator: "/").last.map(String.init) ?? scenario.file : ""
        // Through the buffer: a debug build's `for in` ran the generic iterator, which copied
        // each step out (~600 instructions a step).
        let steps = scenario.steps
        steps.withUnsafeBufferPointer { steps in
            for index in 0..<steps.count {
                let step = steps[index]
                if recordsTimelines {
                    stepStarts.append(
                        .init(eventIndex: nav.timeline.events.count, location: "\(baseName):\(step.location.line)"))
                }
                guard let input = step.userInputKeyword else {
                    play.perform(step, on: scenarioProfile)
                    continue
                }
                // The points that decide a pop; `willShow` observes whatever shows, not an input.
                let shouldPop = dispatcher.dispatchCount(of: .shouldPop)
                let backButtonAction = dispatcher.dispatchCount(of: .backButtonAction)
                let gestureShouldBegin = dispatcher.dispatchCount(of: .gestureShouldBegin)
                play.perform(step, on: scenarioProfile)
                var reached: UInt8 = 0
                if dispatcher.dispatchCount(of: .shouldPop) > shouldPop { reached |= DecidingPoints.shouldPop.rawValue }
                if dispatcher.dispatchCount(of: .backButtonAction) > backButtonAction {
                    reached |= DecidingPoints.backButtonAction.rawValue
                }
                if dispatcher.dispatchCount(of: .gestureShouldBegin) > gestureShouldBegin {
                    reached |= DecidingPoints.gestureShouldBegin.rawValue
                }
                play.addPoints(DecidingPoints(rawValue: reached), reachedBy: input)
            }
        }
        dispatcher.timing = nil

        let report = Detectors.analyze(nav.timeline)
        let dispatches = dispatcher.dispatchCount
        var metrics = RunMetrics(detected: report)
        metrics.expectFailures = play.failures.count
        metrics.dispatches = dispatches
        metrics.nsPerDispatch = dispatches == 0 ? 0 : timing.totalNanoseconds / Double(dispatches)
        let hooked = nav.seamsWithHooks
        var risks = play.risks(hooked: hooked)
        risks.triesGuardedExit = report.guardedAttempts > 0
        var result = RunResult(
            scenario: scenario.title,
            file: scenario.file,
            profile: profile,
            plugins: sortedPlugins,
            metrics: metrics,
            inferredRules: report.inferredRules,
            skippedSteps: play.skipped,
            expectFailures: play.failures,
            risks: risks,
            timeline: recordsTimelines
                ? TimelineSketch(
                    simulatorTimeline: nav.timeline,
                    title: "\(scenario.file) · \(profile) · \(PluginCombination(sortedPlugins).label)",
                    steps: stepStarts)
                : nil
        )
        result.plugins = sortedPlugins  // the same names, in the list the caller keeps (compared at once)
        return (
            result, .init(seams: nav.reachedSeams, points: PointSet(dispatchedBy: dispatcher)), hooked,
            HookCounts(of: nav)
        )
    }
}

/// The reading of an inferred rule a recording agrees with
/// (``SimulatorScenarioRunner/readingAgreements(_:profile:plugins:)``).
public struct ReadingAgreement: Hashable, Sendable, CustomStringConvertible {
    /// The rule, `R62`.
    public var rule: String
    /// `true`: the recording matches the rule's alternative (`R62 alt`); `false`: the
    /// documented reading.
    public var isAlternative: Bool
    /// The first `expect` line the two readings judge differently.
    public var location: SourceLocation

    /// Creates an agreement.
    public init(rule: String, isAlternative: Bool, location: SourceLocation) {
        self.rule = rule
        self.isAlternative = isAlternative
        self.location = location
    }

    /// `device agrees with R62 alt at device.nav:14`.
    public var description: String {
        "device agrees with \(isAlternative ? RuleVariants.label(rule) : rule) at \(location.file):\(location.line)"
    }
}

/// A count a non-mutating method can raise.
private final class Counter {
    var value = 0
}

/// The profile a name names (`ios26` for an unknown one), remembered for the last name asked:
/// a matrix hands the runner one profile's name for a group's runs in turn, and a debug
/// build's `ScenarioProfile(rawValue:)` compared the name with each profile's (~1,700
/// instructions, twice a played run). `@exclusivity(unchecked)`: main-actor isolated, and no
/// access is held across a call.
@MainActor
private final class ProfileNames {
    @exclusivity(unchecked) private var lastName = ""
    @exclusivity(unchecked) private var last = ScenarioProfile.ios26

    func profile(named name: String) -> ScenarioProfile {
        if name != lastName {
            last = ScenarioProfile(rawValue: name) ?? .ios26
            lastName = name
        }
        return last
    }
}

/// What a run needs of its plugin list, worked out once per list instead of once per run: a
/// matrix hands the runner the same few hundred lists half a million times.
@MainActor
private final class PluginLists {
    /// One list's facts.
    struct Facts {
        /// The names, sorted.
        var sorted: [String]
        /// The appearance strategy it names (``SimulatorScenarioRunner/appearance(playedBy:plugins:)``).
        var appearance: String?
        /// Its ``EquivalentRuns/bits(of:)``.
        var bits: (mask: UInt64, bits: [UInt64])?
    }

    private let equivalentRuns: EquivalentRuns
    // `@exclusivity(unchecked)`: one runner's, and no access is held across a call, so accesses
    // cannot overlap; the dynamic checks cost a debug build ~110 instructions each, seven a run.
    /// The place in ``lists`` and ``facts`` of each list asked.
    @exclusivity(unchecked) private var known: [[String]: Int] = [:]
    /// The lists asked, in the order first asked, and their facts.
    @exclusivity(unchecked) private var lists: [[String]] = []
    @exclusivity(unchecked) private var facts: [Facts] = []
    /// The place of the list asked last.
    @exclusivity(unchecked) private var last = -1

    init(equivalentRuns: EquivalentRuns) { self.equivalentRuns = equivalentRuns }

    /// The facts of `plugins` (in any order). The list after the one asked last is compared
    /// first: a matrix asks for its combinations in the same order in every group, the same
    /// arrays each time (whose `==` finds the same storage at once), where hashing the names
    /// cost a debug build ~2,400 instructions a run (callgrind of a bench worker).
    func list(_ plugins: [String]) -> Facts {
        let next = last + 1 < lists.count ? last + 1 : 0
        if next < lists.count, lists[next] == plugins {
            last = next
            return facts[next]
        }
        if let place = known[plugins] {
            last = place
            return facts[place]
        }
        let sorted = plugins.sorted()
        let made = Facts(
            sorted: sorted, appearance: sorted.first(where: StrategyCatalog.isAppearance),
            bits: equivalentRuns.bits(of: sorted))
        last = lists.count
        known[plugins] = last
        lists.append(plugins)
        facts.append(made)
        return made
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
