import NavigationHooks
import NavigationScenarios
import NavigationSimulator
import NavigationStrategies

/// Finds runs, and readings of runs, that provably cannot differ from ones already made, so the
/// bench reuses those results instead of playing the scenario again.
///
/// **Readings.** A run with rule variants played (``SimulatorScenarioRunner/playsVariants``) is
/// made of readings, each one play of the scenario: the documented model's, and for each inferred
/// rule `r` with a playable alternative that the documented reading consulted (its
/// `inferredRules`, in that order), the play with `r`'s alternative, unless it is skipped (below).
/// The run's result is the worst reading's. Without variants a run is its documented reading.
///
/// **What `P` may install.** Let `C = C′ + P`, where installing plugin `P` only adds
/// - hooks to seams of ``SeamSet/plain`` (activating them records a timeline note, or puts
///   gesture proxies in slots nothing reads before the seam is reached), and
/// - handlers to the `shouldPop`, `backButtonAction` or `gestureShouldBegin` chains (a chain
///   is read only when its point is dispatched: the dispatcher evaluates it there and nowhere
///   else, and counts each evaluation in `dispatchCount(of:)`; only the `willShow` chain's
///   emptiness wires anything, the navigation-delegate proxy, so `P` has no `willShow`
///   handler),
///
/// and nothing else: no navigation-delegate proxy, no appearance strategy (installing one
/// claims the appearance slot, which the others' installs read), and no change to how the
/// runner builds screens (`BaseClassGuard` makes a `back=custom` screen's button ask it: it
/// qualifies only in a scenario without such a screen, declared or set). All of this is
/// checked by installing `P` alone, in the mode the scenario's `plugin` line gives it, on the
/// same profile; a plugin that installs nothing is left out (its effect is not through hooks).
/// So the seams with hooks in `C` are those of `C′` and those of `P` alone (nothing removes a
/// hook during a run).
///
/// **One reading.** Take a reading, the same on both sides (the documented model, or rule `r`'s
/// alternative). If the reading of `C′` on the same scenario and profile never reached any of
/// `P`'s seams and never dispatched a point `P` has handlers on, both plays start from the same
/// state and play the same steps under the same rules, and they stay identical until one
/// reaches a seam of `P` or dispatches one of its points: the play of `C′` never does, so
/// neither does the play of `C`. `P`'s hooks and handlers are never called and the readings are
/// equal, except for what is about installation: the plugin list and
/// ``RunRisks/replacedMethods``/``RunRisks/usesPrivateAPI`` are those of `C` (the same for
/// every reading of a run: they come from the hooks installed). `nsPerDispatch`
/// is the equivalent play's measurement. Nothing in this uses the run's other readings: each
/// reading of `C` is reused on its own, from any `C − P` whose same reading touched nothing of
/// that `P` (``documentedReading(of:profile:plugins:bits:)``,
/// ``alternativeReading(_:of:profile:plugins:bits:)``), and only the others are played.
///
/// **Which readings `C` has.** The documented reading decides the list: reused from `C′`, it
/// is the same play, so it consulted the same rules. Whether a rule's alternative is skipped
/// is decided again for `C`, with `C`'s hooks, not `C′`'s: ``RuleVariants/canDiffer(_:profile:hooked:)``
/// skips it when no seam its alternative asks (``RuleVariants/seams(askedBy:)``) has hooks (R10's
/// by the profile alone, R62's by the scenario alone: the same for `C` and `C′`), and then the
/// alternative would play as the documented reading, so it adds nothing to the worst. `C`'s
/// hooks are `C′`'s with `P`'s added (when its documented reading is reused, the runner takes
/// them so; when played, from the play). `canDiffer` only grows with the hooks, so `C` plays
/// every alternative `C′` played, and it skips one `C′` skipped unless `P` hooks a seam that
/// alternative asks; then `C` plays an alternative `C′` never played: it is reused from another
/// `C − Q` that played it and whose play touched nothing of `Q`, or played.
///
/// **The result.** The worst of `C`'s readings, in the list's order, the documented one on a
/// tie, each equal to the play it stands for: the result of playing every reading of `C`.
///
/// **The whole run at once.** A made run keeps, besides each reading, what its readings touched
/// together, with the seams its skipped alternatives ask (``RuleVariants/seams(askedBy:)``).
/// When `P` touched none of that, every reading of `C` is `C′`'s reading and `C` skips the
/// alternatives `C′` skipped (`P` adds no hook where they ask): `C`'s result is `C′`'s, found
/// with one test (``result(of:profile:plugins:bits:)``). A reused reading touched what its
/// equivalent reading touched, so it stands as `C′`'s for the runs after it.
///
/// Only results of the same scenario and profile are kept (the plan runs them together).
/// Combinations are sets of plugins, kept as bit masks over the plugin names met so far.
@MainActor
final class EquivalentRuns {
    /// What a play touched: the seams it reached and the interception points it dispatched.
    struct Touched {
        var seams: SeamSet
        var points: PointSet

        /// Adds what `other` touched.
        mutating func formUnion(_ other: Touched) {
            seams.formUnion(other.seams)
            points.formUnion(other.points)
        }

        /// `true` when `self` and `other` share no seam and no point. On the bits: a debug
        /// build runs `OptionSet.isDisjoint` generically, and every reuse asks.
        func isDisjoint(with other: Touched) -> Bool {
            seams.rawValue & other.seams.rawValue == 0 && points.rawValue & other.points.rawValue == 0
        }
    }

    /// One reading of a run (the documented model, or one rule's alternative): the result of
    /// its play, before the worst is taken, and what the play touched.
    struct Reading {
        var result: RunResult
        var touched: Touched
    }

    /// A run of the current group, shared by reference: a lookup that finds it copies nothing.
    private final class Made {
        /// The run's result: its worst reading.
        let result: RunResult
        /// What every reading touched, with the seams its skipped alternatives ask.
        let touched: Touched
        /// The plain seams with hooks in the run's controller …
        let hooked: SeamSet
        /// … and how many on each.
        let hookCounts: HookCounts
        /// Its readings; a run reused whole shares its equivalent run's.
        let readings: Readings

        init(result: RunResult, touched: Touched, hooked: SeamSet, hookCounts: HookCounts, readings: Readings) {
            self.result = result
            self.touched = touched
            self.hooked = hooked
            self.hookCounts = hookCounts
            self.readings = readings
        }
    }

    /// A made run's documented reading and the alternatives it played, by rule, in the order it
    /// played them. Shared by a run reused whole, so their plugin list and installation risks
    /// may be an equivalent run's: a run's installation risks are its ``Made/result``'s (every
    /// reading of a run has the same hooks installed).
    private final class Readings {
        let documented: Reading
        let alternatives: [(rule: String, reading: Reading)]

        init(documented: Reading, alternatives: [(rule: String, reading: Reading)]) {
            self.documented = documented
            self.alternatives = alternatives
        }

        /// The alternative of `rule`, when the run played it.
        func alternative(_ rule: String) -> Reading? {
            for index in alternatives.indices where alternatives[index].rule == rule {
                return alternatives[index].reading
            }
            return nil
        }

        /// The documented reading (`rule` `nil`) or the alternative of `rule`, when played.
        func reading(_ rule: String?) -> Reading? {
            guard let rule else { return documented }
            return alternative(rule)
        }
    }

    /// What installing one plugin alone does, when it qualifies (the argument above), with
    /// what its hooks mean on the profile (``RunRisks/installed(_:on:)``).
    private struct Footprint {
        var touched: Touched
        /// The hooks it adds on each plain seam.
        var hookCounts: HookCounts
        var usesPrivateAPI: Bool
        /// Sorted.
        var replacedMethods: [String]
        /// `BaseClassGuard`: a `back=custom` screen's button asks it.
        var buildsScreens: Bool
    }

    private var groupFile: String?
    private var groupProfile = ScenarioProfile.ios26
    /// Whether the current group's scenario may show a custom back button; `nil` until asked
    /// (only a footprint that builds screens asks).
    private var groupHasCustomBack: Bool?
    /// The runs of the current group, by combination.
    private var made: [UInt64: Made] = [:]
    /// Each plugin name's bit.
    private var bits: [String: UInt64] = [:]
    /// The plugin name of each bit, by bit position.
    private var names: [String] = []
    /// The footprint of each plugin spelling on each profile (`nil`: it does not qualify).
    private var footprints: [String: Footprint?] = [:]
    /// The same for the current group, by bit position, where ``knownFootprints`` has the bit.
    private var groupFootprints = [Footprint?](repeating: nil, count: 64)
    /// The bits whose ``groupFootprints`` entry holds for the current group: a new group
    /// clears the mask, not the 64 entries.
    private var knownFootprints: UInt64 = 0
    /// ``footprint(of:on:)``'s answers for plugins spelled as their names (the file gives no
    /// plugin a mode: most files), by profile and bit position (``plainSlot(_:_:)``), kept for
    /// every group: the dictionary's key was built and hashed again in each group (~5,000
    /// instructions a lookup in a debug build). `.none`: not asked yet.
    private var plainFootprints = [Footprint??](repeating: nil, count: 7 * 64)
    /// How many results were reused rather than played, wholly or in part (some readings).
    private(set) var reusedCount = 0

    /// The bits of `plugins` (sorted names): the combination's mask and each name's bit, or
    /// `nil` when a name repeats (no argument is made about it) or there are more than 64 names.
    func bits(of plugins: [String]) -> (mask: UInt64, bits: [UInt64])? {
        var mask: UInt64 = 0
        var each: [UInt64] = []
        each.reserveCapacity(plugins.count)
        for plugin in plugins {
            let bit: UInt64
            if let known = bits[plugin] {
                bit = known
            } else {
                guard bits.count < 64 else { return nil }
                bit = 1 << UInt64(bits.count)
                bits[plugin] = bit
                names.append(plugin)
            }
            if mask & bit != 0 { return nil }
            mask |= bit
            each.append(bit)
        }
        return (mask, each)
    }

    /// A result equal to the run of `plugins` (sorted, with their ``bits(of:)``), if the
    /// argument above proves every reading of it equal to a run's already made (the whole run
    /// at once).
    func result(
        of scenario: Scenario, profile: ScenarioProfile, plugins: [String], bits: (mask: UInt64, bits: [UInt64])
    ) -> RunResult? {
        guard
            let (equal, footprint) = smallerRun(
                of: scenario, profile: profile, plugins: plugins, bits: bits, touching: \.touched)
        else { return nil }
        let result = Self.installing(footprint, plugins, on: equal.result)
        made[bits.mask] = Made(
            result: result, touched: equal.touched, hooked: equal.hooked.union(footprint.touched.seams),
            hookCounts: equal.hookCounts.adding(footprint.hookCounts), readings: equal.readings)
        reusedCount += 1
        return result
    }

    /// The documented reading of the run of `plugins` (sorted, with their ``bits(of:)``), when
    /// the argument above proves it equal to one already made, with the plain seams that have
    /// hooks in the run's controller (they decide which alternatives it skips) and how many.
    func documentedReading(
        of scenario: Scenario, profile: ScenarioProfile, plugins: [String], bits: (mask: UInt64, bits: [UInt64])
    ) -> (reading: Reading, hooked: SeamSet, hookCounts: HookCounts)? {
        guard
            let (equal, footprint) = smallerRun(
                of: scenario, profile: profile, plugins: plugins, bits: bits, touching: \.readings.documented.touched)
        else { return nil }
        var reading = equal.readings.documented
        reading.result = Self.installing(footprint, plugins, on: reading.result, madeBy: equal)
        return (
            reading, equal.hooked.union(footprint.touched.seams), equal.hookCounts.adding(footprint.hookCounts)
        )
    }

    /// The reading of the run of `plugins` with `rule`'s alternative, when the argument above
    /// proves it equal to one already made (a run without a plugin of `plugins` that played that
    /// alternative).
    func alternativeReading(
        _ rule: String, of scenario: Scenario, profile: ScenarioProfile, plugins: [String],
        bits: (mask: UInt64, bits: [UInt64])
    ) -> Reading? {
        guard
            let (equal, footprint) = smallerRun(
                of: scenario, profile: profile, plugins: plugins, bits: bits,
                touching: { $0.readings.alternative(rule)?.touched }),
            var reading = equal.readings.alternative(rule)
        else { return nil }
        reading.result = Self.installing(footprint, plugins, on: reading.result, madeBy: equal)
        return reading
    }

    /// The first run already made of `plugins` less one plugin `P` (the argument above) whose
    /// reading in question (`touching`: what it touched, `nil` when it has no such reading)
    /// touched nothing of `P`, with `P`'s footprint.
    private func smallerRun(
        of scenario: Scenario, profile: ScenarioProfile, plugins: [String], bits: (mask: UInt64, bits: [UInt64]),
        touching touched: (Made) -> Touched?
    ) -> (Made, Footprint)? {
        enter(scenario, profile)
        for index in plugins.indices {
            let bit = bits.bits[index]
            // The made run first: a dictionary lookup of an integer, no copy.
            guard let equal = made[bits.mask & ~bit], let reading = touched(equal),
                let footprint = footprint(of: plugins[index], bit: bit, in: scenario, on: profile),
                reading.isDisjoint(with: footprint.touched)
            else { continue }
            return (equal, footprint)
        }
        return nil
    }

    /// The converse reuse (``ConverseEquivalentRuns``): the documented reading (`rule` `nil`)
    /// or `rule`'s alternative of the run of `plugins` (sorted, their ``bits(of:)`` mask
    /// `mask`), from a made run of `plugins` and one plugin `P` more whose same reading
    /// touched nothing of `P`, with the plain seams that have hooks in the run's controller and
    /// how many: the larger run's counts less `P`'s alone. `hooked`: the run's own, when known
    /// (for an alternative: its documented reading's), which they must give.
    func largerReading(
        _ rule: String?, of scenario: Scenario, profile: ScenarioProfile, plugins: [String], mask: UInt64,
        hooked known: SeamSet? = nil
    ) -> (reading: Reading, hooked: SeamSet, hookCounts: HookCounts)? {
        enter(scenario, profile)
        for position in names.indices {
            let bit: UInt64 = 1 << UInt64(position)
            guard mask & bit == 0, let larger = made[mask | bit],
                var reading = larger.readings.reading(rule),
                let footprint = footprint(of: names[position], bit: bit, in: scenario, on: profile),
                reading.touched.isDisjoint(with: footprint.touched),
                let counts = larger.hookCounts.removing(footprint.hookCounts),
                // What the argument derives (the larger run's hooks are these and `P`'s): checked.
                case let hooked = counts.seams, larger.hooked == hooked.union(footprint.touched.seams),
                known == nil || known == hooked,
                !reading.result.skippedSteps.contains(where: { $0.step == "plugins" })
            else { continue }
            reading.result = Self.installed(plugins, hooked: hooked, on: profile, in: reading.result)
            return (reading, hooked, counts)
        }
        return nil
    }

    /// Remembers a run made from its readings (its plugins' ``bits(of:)`` mask): its result, the
    /// documented reading, the alternatives played or reused, what they touched together with
    /// the seams the skipped alternatives ask, and the plain seams with hooks and how many. `reused`: some
    /// of its readings were reused.
    func store(
        _ result: RunResult, mask: UInt64, touched: Touched, hooked: SeamSet, hookCounts: HookCounts,
        documented: Reading, alternatives: [(rule: String, reading: Reading)], reused: Bool
    ) {
        made[mask] = Made(
            result: result, touched: touched, hooked: hooked, hookCounts: hookCounts,
            readings: Readings(documented: documented, alternatives: alternatives))
        if reused { reusedCount += 1 }
    }

    /// Forgets the runs of the previous group when `scenario` on `profile` starts another.
    private func enter(_ scenario: Scenario, _ profile: ScenarioProfile) {
        // Asked before every run: plain comparisons, no optional tuple.
        if profile == groupProfile, let groupFile, groupFile == scenario.file { return }
        groupFile = scenario.file
        groupProfile = profile
        groupHasCustomBack = nil
        made.removeAll(keepingCapacity: true)
        knownFootprints = 0
    }

    /// `result`, a reading of the run `equal` of `C′`, as the reading of `C = C′ + P` (`plugins`)
    /// it equals: `C′`'s installation risks (``Readings``) with what installing `P` (its
    /// `footprint`) adds.
    private static func installing(
        _ footprint: Footprint, _ plugins: [String], on result: RunResult, madeBy equal: Made
    ) -> RunResult {
        var result = result
        result.risks.replacedMethods = equal.result.risks.replacedMethods
        result.risks.usesPrivateAPI = equal.result.risks.usesPrivateAPI
        return installing(footprint, plugins, on: result)
    }

    /// `result`, a play of `C′` with `C′`'s installation risks, as the play of `C = C′ + P`
    /// (`plugins`) it equals: what installing `P` (its `footprint`) adds.
    private static func installing(_ footprint: Footprint, _ plugins: [String], on result: RunResult) -> RunResult {
        var result = result
        result.plugins = plugins
        for method in footprint.replacedMethods where !result.risks.replacedMethods.contains(method) {
            result.risks.replacedMethods = Set(footprint.replacedMethods).union(result.risks.replacedMethods)
                .sorted()
            break
        }
        if footprint.usesPrivateAPI { result.risks.usesPrivateAPI = true }
        return result
    }

    /// The footprint of `plugin` (bit `bit`) in `scenario` (in the mode the file gives it)
    /// under `profile`, when it qualifies there.
    private func footprint(of plugin: String, bit: UInt64, in scenario: Scenario, on profile: ScenarioProfile)
        -> Footprint?
    {
        let position = bit.trailingZeroBitCount
        if knownFootprints & bit != 0 { return groupFootprints[position] }
        var footprint: Footprint?
        if scenario.pluginModes.count == 0 {  // spelled `plugin`
            let slot = Self.plainSlot(profile, position)
            if case .some(let known) = plainFootprints[slot] {
                footprint = known
            } else {
                footprint = self.footprint(of: plugin, on: profile)
                plainFootprints[slot] = .some(footprint)
            }
        } else {
            footprint = self.footprint(of: scenario.pluginSpelling(plugin), on: profile)
        }
        if footprint?.buildsScreens == true {
            let hasCustomBack = groupHasCustomBack ?? scenario.mayShowCustomBackButton
            groupHasCustomBack = hasCustomBack
            if hasCustomBack { footprint = nil }
        }
        groupFootprints[position] = footprint
        knownFootprints |= bit
        return footprint
    }

    /// The index in ``plainFootprints`` of the plugin at bit `position` on `profile`.
    private static func plainSlot(_ profile: ScenarioProfile, _ position: Int) -> Int {
        let row: Int
        switch profile {
        case .ios13: row = 0
        case .ios14: row = 1
        case .ios16: row = 2
        case .ios17: row = 3
        case .ios18: row = 4
        case .ios26: row = 5
        case .ios27: row = 6
        }
        return row * 64 + position
    }

    /// The footprint of the plugin spelled `spelling` (`Name` or `Name:mode`) under `profile`,
    /// or `nil` when installing it does anything else than plain hooks and handlers on the
    /// pop-deciding points, or nothing at all.
    private func footprint(of spelling: String, on profile: ScenarioProfile) -> Footprint? {
        let key = spelling + " " + profile.rawValue
        if let known = footprints[key] { return known }
        var footprint: Footprint?
        let nav = SimNavigationController(profile: profile)
        if !StrategyCatalog.isAppearance(spelling),
            (try? StrategyCatalog.composition([spelling]).install(on: nav.hooks)) != nil
        {
            let dispatcher = nav.hooks.dispatcher
            var points = PointSet()
            if !dispatcher.shouldPopHandlers.isEmpty { points.insert(.shouldPop) }
            if !dispatcher.backButtonActionHandlers.isEmpty { points.insert(.backButtonAction) }
            if !dispatcher.gestureShouldBeginHandlers.isEmpty { points.insert(.gestureShouldBegin) }
            let hooked = nav.seamsWithHooks
            let counts = HookCounts(of: nav)
            if dispatcher.willShowHandlers.isEmpty, !nav.hasProxySeamHooks, !hooked.isEmpty || !points.isEmpty,
                SeamSet.plain.isSuperset(of: hooked)
            {
                let installed = RunRisks.installed(hooked, on: profile.capabilities)
                footprint = Footprint(
                    touched: Touched(seams: hooked, points: points), hookCounts: counts,
                    usesPrivateAPI: installed.usesPrivateAPI, replacedMethods: installed.replacedMethods,
                    buildsScreens: StrategyCatalog.split(spelling).name == BaseClassGuardPlugin.pluginName)
            }
        }
        footprints[key] = footprint
        return footprint
    }
}

/// A set of the pop-deciding ``NavigationHooks/InterceptionPoint``s, one bit each: the points
/// a run dispatched, or a plugin has handlers on (``EquivalentRuns``).
struct PointSet: OptionSet {
    let rawValue: UInt8

    init(rawValue: UInt8) { self.rawValue = rawValue }

    static let shouldPop = PointSet(rawValue: 1 << 0)
    static let backButtonAction = PointSet(rawValue: 1 << 1)
    static let gestureShouldBegin = PointSet(rawValue: 1 << 2)

    /// The points `dispatcher` has dispatched so far.
    @MainActor
    init(dispatchedBy dispatcher: NavigationDispatcher) {
        self.init()
        if dispatcher.dispatchCount(of: .shouldPop) > 0 { insert(.shouldPop) }
        if dispatcher.dispatchCount(of: .backButtonAction) > 0 { insert(.backButtonAction) }
        if dispatcher.dispatchCount(of: .gestureShouldBegin) > 0 { insert(.gestureShouldBegin) }
    }
}
