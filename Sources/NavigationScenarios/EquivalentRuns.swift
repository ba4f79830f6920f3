import NavigationSimulator
import NavigationStrategies

/// Finds runs that provably cannot differ from one already made, so the bench reuses that
/// result instead of playing the scenario again.
///
/// The argument, from what the runs touched: let `C = C′ + P`, where plugin `P` only adds
/// hooks to the seams of ``SeamSet/plain`` (activating them records a timeline note, or puts
/// gesture proxies in slots nothing reads before the seam is reached; no dispatcher handler,
/// no navigation-delegate proxy: checked by installing `P` alone),
/// and the run of `C′` on the same scenario and profile never reached any of `P`'s seams.
/// Both runs play the same steps from the same state, and they stay identical until one
/// reaches a seam of `P`: the run of `C′` never does, so neither does the run of `C`. `P`'s
/// hooks are never called and the results are equal, except for what is about installation:
/// the plugin list and ``RunRisks/replacedMethods``/``RunRisks/usesPrivateAPI`` are those of
/// `C`. `nsPerDispatch` is the equivalent run's measurement.
///
/// Only results of the same scenario and profile are kept (the plan runs them together).
@MainActor
final class EquivalentRuns {
    private var group: (file: String, profile: String)?
    private var made: [PluginCombination: (result: RunResult, reached: SeamSet)] = [:]
    private var pluginSeams: [String: SeamSet?] = [:]

    /// A result equal to the run of `plugins` (sorted), if the argument above proves one.
    func result(of scenario: Scenario, profile: ScenarioProfile, plugins: [String]) -> RunResult? {
        if group?.file != scenario.file || group?.profile != profile.rawValue {
            group = (scenario.file, profile.rawValue)
            made.removeAll(keepingCapacity: true)
        }
        for plugin in plugins {
            guard let seams = plainSeams(of: plugin, on: profile) else { continue }
            let rest = PluginCombination(plugins.filter { $0 != plugin })
            guard let (equal, reached) = made[rest], reached.isDisjoint(with: seams) else { continue }
            var result = equal
            result.plugins = plugins
            var replaced = Set(result.risks.replacedMethods)
            for (seam, name) in Self.replacedSeams where seams.contains(seam) { replaced.insert(name) }
            if seams.contains(.backKeyCommand), profile.capabilities.hasBackKeyCommand {
                replaced.insert("backKeyCommand")
            }
            result.risks.replacedMethods = replaced.sorted()
            result.risks.usesPrivateAPI =
                result.risks.usesPrivateAPI || seams.contains(.privateBackButtonAction)
                || (seams.contains(.backKeyCommand) && profile.capabilities.hasBackKeyCommand)
            made[PluginCombination(plugins)] = (result, reached)
            return result
        }
        return nil
    }

    /// Remembers a run that was played, with the seams it reached.
    func store(_ result: RunResult, reached: SeamSet) {
        made[PluginCombination(result.plugins)] = (result, reached)
    }

    /// The UIKit host's process-wide method replacements among the plain seams
    /// (NavigationHooksUIKit.docc/InstallingSeams.md); the runner's ``RunRisks`` names them so.
    static let replacedSeams: [(SeamSet, String)] = [
        (.accessibilityEscape, "accessibilityEscape"), (.appearance, "appearance"),
        (.popOperations, "popOperations"),
        (.privateBackButtonAction, "privateBackButtonAction"), (.shouldPopItem, "shouldPopItem"),
    ]

    /// The plain seams `plugin` puts hooks on under `profile`, or `nil` when installing it
    /// does anything else (a handler, a proxy seam, or nothing at all: then its effect is not
    /// through hooks) or it changes how the runner builds screens (`BaseClassGuard`).
    private func plainSeams(of plugin: String, on profile: ScenarioProfile) -> SeamSet? {
        let key = plugin + " " + profile.rawValue
        if let known = pluginSeams[key] { return known }
        var seams: SeamSet?
        let nav = SimNavigationController(profile: profile)
        if plugin != BaseClassGuardPlugin.pluginName,
            (try? StrategyCatalog.composition([plugin]).install(on: nav.hooks)) != nil
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
