import NavigationScenarios
import NavigationSimulator
import NavigationStrategies

/// Finds runs that provably cannot differ from one already made, so the bench reuses that
/// result instead of playing the scenario again.
///
/// The argument, from what the runs touched: let `C = C′ + P`, where plugin `P` only adds
/// hooks to the seams of ``SeamSet/plain`` (activating them records a timeline note, or puts
/// gesture proxies in slots nothing reads before the seam is reached; no dispatcher handler,
/// no navigation-delegate proxy: checked by installing `P` alone, in the mode the scenario's
/// `plugin` line gives it, on the same profile),
/// and the run of `C′` on the same scenario and profile never reached any of `P`'s seams.
/// Both runs play the same steps from the same state, and they stay identical until one
/// reaches a seam of `P`: the run of `C′` never does, so neither does the run of `C`. `P`'s
/// hooks are never called and the results are equal, except for what is about installation:
/// the plugin list and ``RunRisks/replacedMethods``/``RunRisks/usesPrivateAPI`` are those of
/// `C`. `nsPerDispatch` is the equivalent run's measurement.
///
/// Only results of the same scenario and profile are kept (the plan runs them together).
/// Combinations are sets of plugins, kept as bit masks over the plugin names met so far.
@MainActor
final class EquivalentRuns {
    private struct Made {
        var result: RunResult
        var reached: SeamSet
    }

    private var group: (file: String, profile: ScenarioProfile)?
    /// The runs of the current group, by combination.
    private var made: [UInt64: Made] = [:]
    /// Each plugin name's bit.
    private var bits: [String: UInt64] = [:]
    /// The plain seams of each plugin spelling on each profile (`nil`: not a plain plugin).
    private var pluginSeams: [String: SeamSet?] = [:]
    /// The same for the current group, by plugin bit.
    private var groupSeams: [UInt64: SeamSet?] = [:]
    /// How many results were reused rather than played.
    private(set) var reusedCount = 0

    /// A result equal to the run of `plugins` (sorted), if the argument above proves one.
    func result(of scenario: Scenario, profile: ScenarioProfile, plugins: [String]) -> RunResult? {
        if group?.file != scenario.file || group?.profile != profile {
            group = (scenario.file, profile)
            made.removeAll(keepingCapacity: true)
            groupSeams.removeAll(keepingCapacity: true)
        }
        guard let mask = mask(of: plugins) else { return nil }
        for plugin in plugins {
            let bit = bits[plugin] ?? 0
            // The seams first: they are cached per bit, and a made run is a copy to take.
            guard let seams = plainSeams(of: plugin, bit: bit, in: scenario, on: profile),
                let reached = made[mask & ~bit]?.reached, reached.isDisjoint(with: seams),
                let equal = made[mask & ~bit]
            else { continue }
            var result = equal.result
            result.plugins = plugins
            let installed = RunRisks.installing(seams, on: profile.capabilities)
            result.risks.replacedMethods = installed.replacedMethods.union(result.risks.replacedMethods).sorted()
            result.risks.usesPrivateAPI = result.risks.usesPrivateAPI || installed.usesPrivateAPI
            made[mask] = Made(result: result, reached: equal.reached)
            reusedCount += 1
            return result
        }
        return nil
    }

    /// Remembers a run that was played, with the seams it reached.
    func store(_ result: RunResult, reached: SeamSet) {
        guard let mask = mask(of: result.plugins) else { return }
        made[mask] = Made(result: result, reached: reached)
    }

    /// The combination's bits, or `nil` when a name repeats (no argument is made about it).
    private func mask(of plugins: [String]) -> UInt64? {
        var mask: UInt64 = 0
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
        }
        return mask
    }

    /// The plain seams `plugin` puts hooks on in `scenario` (in the mode the file gives it)
    /// under `profile`; `bit` is its bit, for the current group's cache.
    private func plainSeams(of plugin: String, bit: UInt64, in scenario: Scenario, on profile: ScenarioProfile)
        -> SeamSet?
    {
        if let known = groupSeams[bit] { return known }
        let seams = plainSeams(of: scenario.pluginSpelling(plugin), on: profile)
        groupSeams[bit] = seams
        return seams
    }

    /// The plain seams the plugin spelled `spelling` (`Name` or `Name:mode`) puts hooks on
    /// under `profile`, or `nil` when installing it does anything else (a handler, a proxy
    /// seam, or nothing at all: then its effect is not through hooks) or it changes how the
    /// runner builds screens (`BaseClassGuard`).
    private func plainSeams(of spelling: String, on profile: ScenarioProfile) -> SeamSet? {
        let key = spelling + " " + profile.rawValue
        if let known = pluginSeams[key] { return known }
        var seams: SeamSet?
        let nav = SimNavigationController(profile: profile)
        if StrategyCatalog.split(spelling).name != BaseClassGuardPlugin.pluginName,
            (try? StrategyCatalog.composition([spelling]).install(on: nav.hooks)) != nil
        {
            let dispatcher = nav.hooks.dispatcher
            let noHandlers =
                dispatcher.shouldPopHandlers.isEmpty && dispatcher.backButtonActionHandlers.isEmpty
                && dispatcher.gestureShouldBeginHandlers.isEmpty && dispatcher.willShowHandlers.isEmpty
            let hooked = nav.seamsWithHooks
            if noHandlers, !nav.hasProxySeamHooks, !hooked.isEmpty, SeamSet.plain.isSuperset(of: hooked) {
                seams = hooked
            }
        }
        pluginSeams[key] = seams
        return seams
    }
}
