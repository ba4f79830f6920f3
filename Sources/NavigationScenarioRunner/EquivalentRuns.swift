import NavigationHooks
import NavigationScenarios
import NavigationSimulator
import NavigationStrategies

/// Finds runs that provably cannot differ from one already made, so the bench reuses that
/// result instead of playing the scenario again.
///
/// The argument, from what the runs touched: let `C = C′ + P`, where installing plugin `P`
/// only adds
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
///
/// If the run of `C′` on the same scenario and profile never reached any of `P`'s seams and
/// never dispatched a point `P` has handlers on, both runs play the same steps from the same
/// state, and they stay identical until one reaches a seam of `P` or dispatches one of its
/// points: the run of `C′` never does, so neither does the run of `C`. `P`'s hooks and handlers
/// are never called and the results are equal, except for what is about installation: the
/// plugin list and ``RunRisks/replacedMethods``/``RunRisks/usesPrivateAPI`` are those of `C`.
/// `nsPerDispatch` is the equivalent run's measurement. With rule variants played, the seams
/// and points count over every reading played (and a reading skipped because no hook could
/// tell it apart counts the seams it asks, ``RuleVariants/seams(askedBy:)``): `P` adds no hook
/// there, so `C` skips and plays the same readings as `C′`. A reused run touched what its
/// equivalent run touched, so it stands as `C′` for the runs after it.
///
/// Only results of the same scenario and profile are kept (the plan runs them together).
/// Combinations are sets of plugins, kept as bit masks over the plugin names met so far.
@MainActor
final class EquivalentRuns {
    /// What a run touched: the seams it reached and the interception points it dispatched,
    /// over every reading played.
    struct Touched {
        var seams: SeamSet
        var points: PointSet
    }

    /// A run of the current group, shared by reference: a lookup that finds it copies nothing.
    private final class Made {
        let result: RunResult
        let touched: Touched

        init(result: RunResult, touched: Touched) {
            self.result = result
            self.touched = touched
        }
    }

    /// What installing one plugin alone does, when it qualifies (the argument above), with
    /// what its hooks mean on the profile (``RunRisks/installing(_:on:)``).
    private struct Footprint {
        var touched: Touched
        var usesPrivateAPI: Bool
        /// Sorted.
        var replacedMethods: [String]
        /// `BaseClassGuard`: a `back=custom` screen's button asks it.
        var buildsScreens: Bool
    }

    /// A plugin bit's footprint in the current group: not looked up yet, or looked up (`nil`:
    /// the plugin does not qualify here).
    private enum GroupFootprint {
        case unknown
        case known(Footprint?)
    }

    private var group: (file: String, profile: ScenarioProfile)?
    /// Whether the current group's scenario may show a custom back button.
    private var groupHasCustomBack = false
    /// The runs of the current group, by combination.
    private var made: [UInt64: Made] = [:]
    /// Each plugin name's bit.
    private var bits: [String: UInt64] = [:]
    /// The footprint of each plugin spelling on each profile (`nil`: it does not qualify).
    private var footprints: [String: Footprint?] = [:]
    /// The same for the current group, by bit position.
    private var groupFootprints = [GroupFootprint](repeating: .unknown, count: 64)
    /// How many results were reused rather than played.
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
            }
            if mask & bit != 0 { return nil }
            mask |= bit
            each.append(bit)
        }
        return (mask, each)
    }

    /// A result equal to the run of `plugins` (sorted, with their ``bits(of:)``), if the
    /// argument above proves one.
    func result(
        of scenario: Scenario, profile: ScenarioProfile, plugins: [String], bits: (mask: UInt64, bits: [UInt64])
    ) -> RunResult? {
        if group?.file != scenario.file || group?.profile != profile {
            group = (scenario.file, profile)
            groupHasCustomBack = scenario.mayShowCustomBackButton
            made.removeAll(keepingCapacity: true)
            for index in groupFootprints.indices { groupFootprints[index] = .unknown }
        }
        let mask = bits.mask
        for index in plugins.indices {
            let bit = bits.bits[index]
            // The made run first: a dictionary lookup of an integer, no copy.
            guard let equal = made[mask & ~bit],
                let footprint = footprint(of: plugins[index], bit: bit, in: scenario, on: profile),
                equal.touched.seams.isDisjoint(with: footprint.touched.seams),
                equal.touched.points.isDisjoint(with: footprint.touched.points)
            else { continue }
            var result = equal.result
            result.plugins = plugins
            for method in footprint.replacedMethods where !result.risks.replacedMethods.contains(method) {
                result.risks.replacedMethods = Set(footprint.replacedMethods).union(result.risks.replacedMethods)
                    .sorted()
                break
            }
            if footprint.usesPrivateAPI { result.risks.usesPrivateAPI = true }
            made[mask] = Made(result: result, touched: equal.touched)
            reusedCount += 1
            return result
        }
        return nil
    }

    /// Remembers a run that was played (its plugins' ``bits(of:)`` mask), with what it touched.
    func store(_ result: RunResult, mask: UInt64, touched: Touched) {
        made[mask] = Made(result: result, touched: touched)
    }

    /// The footprint of `plugin` (bit `bit`) in `scenario` (in the mode the file gives it)
    /// under `profile`, when it qualifies there.
    private func footprint(of plugin: String, bit: UInt64, in scenario: Scenario, on profile: ScenarioProfile)
        -> Footprint?
    {
        let position = bit.trailingZeroBitCount
        if case .known(let known) = groupFootprints[position] { return known }
        var footprint = self.footprint(of: scenario.pluginSpelling(plugin), on: profile)
        if footprint?.buildsScreens == true, groupHasCustomBack { footprint = nil }
        groupFootprints[position] = .known(footprint)
        return footprint
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
            if dispatcher.willShowHandlers.isEmpty, !nav.hasProxySeamHooks, !hooked.isEmpty || !points.isEmpty,
                SeamSet.plain.isSuperset(of: hooked)
            {
                let installed = RunRisks.installing(hooked, on: profile.capabilities)
                footprint = Footprint(
                    touched: Touched(seams: hooked, points: points), usesPrivateAPI: installed.usesPrivateAPI,
                    replacedMethods: installed.replacedMethods.sorted(),
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

extension Scenario {
    /// Whether a screen may get a custom back button: one is declared `back=custom`, or a `set`
    /// step makes one so.
    var mayShowCustomBackButton: Bool {
        screens.contains { $0.back == .custom }
            || steps.contains {
                if case .setScreen(_, let change) = $0.action { change.back == .custom } else { false }
            }
    }
}
