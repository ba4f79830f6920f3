import NavigationHooks
import NavigationScenarios
import NavigationSimulator

/// The converse of ``EquivalentRuns``: a reading of `C′ = C − P` reused from the same reading of
/// the run of `C`, made first, when that reading of `C` never reached a seam of `P` and never
/// dispatched a point `P` has handlers on, `P` qualifying as in the forward argument (plain
/// hooks and handlers on the pop-deciding points only, installed alone on the profile in the
/// file's mode; not `BaseClassGuard` in a scenario that may show a custom back button). The
/// runner makes it beside the forward reuse (``SimulatorScenarioRunner/reusesLargerRuns``,
/// `true` unless turned off); the bench plays each group in
/// ``PluginCombination/converseOrder(_:)``, which makes a larger run first where that pays.
///
/// **One reading: exact, by the same lock step.** Installing `P` only adds hooks to seams of
/// ``SeamSet/plain`` and handlers to the `shouldPop`, `backButtonAction`, `gestureShouldBegin`
/// chains. Before any step the two controllers differ only in that: `P`'s hooks and handlers
/// (called only when their seam is reached or their point dispatched), the "activated" notes
/// the activation of `P`'s seams records (at installation, before the root: every later event
/// sits at the same distance from the first step's, and no step, `expect` or detector reads a
/// seam's activation note), and the gesture proxies of `popGesture` (in slots the simulator
/// reads only when a swipe reaches the seam). Hooks are added at installation only (every
/// `Seam.add` goes through a `PluginInstallation` given to `install`, and the runner installs
/// once, in `Play.prepared`), and nothing removes one during a run. So the plays of `C` and
/// `C′` with the same reading run the same steps under the same rules from equal states, and
/// stay identical until one of them reaches a seam of `P` or dispatches one of its points; at
/// that moment both do (they are identical up to it). The play of `C` never does, so neither
/// does the play of `C′`: the two readings are equal in every field the play makes (metrics
/// but the timing, inferred rules, skipped steps, `expect` failures, the points each input
/// dispatched, `triesGuardedExit`), and what each touched is the same. The argument is
/// symmetric: the forward one starts from `C′`'s play, this one from `C`'s.
///
/// **What is not symmetric: what installation decides.**
/// - *The hooks of `C′`.* The forward case knows `C`'s hooks exactly: `C′`'s and `P`'s
///   ("nothing removes a hook"). Here `C`'s hooks less `P`'s seams is wrong whenever another
///   plugin of `C′` (or the appearance strategy a scenario that states a look gets) hooks one of
///   them too: `C′` still has it. The union of the footprints of `C′`'s plugins is exact only
///   when every one of them qualifies and nothing else installs hooks (not so with
///   `DelegateBarHiding`'s proxy, an appearance strategy, or `BaseClassGuard` beside a custom
///   back button). So the runner counts: each run keeps the number of hooks on each plain
///   seam (``HookCounts``, read from its controller after its play: the same as after its
///   installation, since hooks are only added there), and `P`'s footprint its own, `P`
///   installed alone. `C′` has `C`'s counts less `P`'s, and hooks where that is not zero (a
///   reused run's counts are derived so too: `C′`'s plus `P`'s in the forward reuse). This
///   needs a little more than the forward argument, which adds sets: that a plugin adds as
///   many hooks beside the others as alone, and they as many beside it. The catalog's plugins
///   do: each install adds a fixed list of hooks, given its mode and which seams the profile
///   has, and reads nothing of the others' (`EquivalentRunsTests`'
///   `aPluginAddsAsManyHooksBesideTheOthersAsAlone`: every plugin in every mode, beside all
///   the others and beside the recommended composition's, with and without the appearance
///   strategy, on every profile); an app's plugin (``PluginCatalog``) is assumed to, as the
///   forward argument assumes of its hooks. The runner checks what the argument derives:
///   `C`'s hooked seams are `C′`'s and `P`'s, and an alternative's `C′` has the hooks its
///   documented reading gave. A run `C` whose installation failed (a `plugins` skipped step)
///   is not reused from; `C′`'s installation does not fail where `C`'s did not: an install
///   fails only on a conflict (a handler's name taken, the appearance slot claimed twice),
///   and `C′` installs the same less `P`. (Installing `C′` instead, as its play would, no step
///   played, costs about a fifth of a play: a tenth of the docs sample's time.)
/// - *Installation risks.* ``RunRisks/replacedMethods`` and ``RunRisks/usesPrivateAPI`` are
///   functions of the hooked seams and the profile (``RunRisks/installed(_:on:)``): `C′`'s are
///   computed from `C′`'s own hooks, not as `C`'s minus `P`'s (a method `P` replaces may be
///   replaced by another plugin of `C′` too). The plugin list is `C′`'s. A reading of `C` may
///   itself be shared with a run it was reused from (``EquivalentRuns``'s `Readings`), so its
///   installation fields are not even `C`'s: all are overwritten.
/// - *Which alternatives `C′` plays.* The documented reading decides the list (`inferredRules`,
///   the same play). ``RuleVariants/canDiffer(_:profile:hooked:)`` only grows with the hooks,
///   and `C′` has fewer: it plays a subset of what `C` played, and may skip an alternative `C`
///   played (when only `P` hooks a seam it asks). So `C`'s whole result does not stand for
///   `C′`'s: `C`'s worst may come from an alternative `C′` skips, whose reading reached the
///   seam only `P` hooks there (today `shouldPopItem`, `ShouldPopItemGuard`'s: the only seam
///   an alternative asks, ``RuleVariants/seams(askedBy:)``). The runner takes the worst over
///   `C′`'s own list, with `C′`'s hooks, each alternative `C′` plays reused from `C`'s same
///   reading when it touched nothing of `P` (every alternative `C′` plays, `C` played or
///   reused). There is no "whole run at once" converse: the fold is always redone (it is
///   cheap; the plays are what cost). Note that once each reading is guarded on its own, an
///   alternative `C′` would skip but takes from `C` anyway could not change the worst: `C`'s
///   reading of it touched nothing of `P`, so it is `C′`'s, and an alternative that cannot
///   differ under `C′`'s hooks plays as `C′`'s documented reading (the forward premise). `C′`'s own
///   list matters for the whole-run shortcut, the plays counted, and what `C′`'s run touched.
/// - *What `C′`'s run touched*, kept for later forward reuse from `C′`: its own readings' with
///   the seams asked by the alternatives *it* skips, which the runner computes as for a played
///   run.
/// - *The order of play.* The forward reuse needs `C′` made before `C`; the converse needs `C`
///   first. Within a group the two directions can be mixed: any run may be reused from a made
///   smaller run or a made larger one, each reading on its own (the forward one is tried
///   first). The runner does not reorder; the bench's plan (`MatrixPlan`, NavigationBench)
///   plays each group in ``PluginCombination/converseOrder(_:)``, in every process alike, and
///   hands the results on in the order given. Reversing every group would lose the forward
///   reuse in the default matrix (every subset: smallest first is best there, and
///   `converseOrder` keeps it); `converseOrder` plays smallest first but a *hub* first, a
///   combination whose one-smaller neighbours in the list have none themselves (the docs
///   sample's recommended composition, before its seven neighbours). No reuse is made when
///   timelines are recorded, so `--timeline` plays every run, in any order.
///
/// **Where it is not exact.** Only where the forward argument is not either: a `P` that does
/// not qualify (a navigation-delegate proxy, an appearance strategy, `willShow` handlers, a
/// `BaseClassGuard` beside a custom back button) changes `C`'s play before any seam is reached,
/// and is not used; and the timeline (`--timeline`) records `P`'s activation notes, so no
/// reuse is made when timelines are recorded. What the converse needs beyond it: that hooks
/// are added at installation only (true today: every `Seam.add` of a plugin goes through
/// `PluginInstallation.addHook` inside `install`; a plugin that added hooks later, from a
/// hook, would make a run's counts at the end of its play differ from its installation's),
/// that a plugin adds as many hooks beside the others as alone, and that `C′` installs where
/// `C` does (both above).
///
/// **Which shortcuts would be wrong**, and what the oracle (every reused result compared field
/// by field with a naive play, on the corpus: `EquivalentRunsTests`) shows of them:
/// - `C`'s hooks taken as `C′`'s (for its alternatives and the readings reused for them): the
///   oracle fails, with variants on ios13 and ios26 (`own-delegate-cancelled-swipe.nav`,
///   `visible-root-hidden-detail-swipe.nav`, all plugins less `ShouldPopItemGuard`,
///   `ExitGuard` or `BackActionOverride`): the worst reading, R41's alternative, carries
///   `C`'s `usesPrivateAPI` and `replacedMethods`. (`C′` also played R24's alternative, which
///   it skips; that alone changed nothing, as said above.) `swift test` keeps one such case
///   (`aSmallerRunReusedFromALargerOneHasItsOwnHooks`).
/// - `C`'s risks less `P`'s, or `C`'s hooks less `P`'s seams: wrong in principle when another
///   plugin of `C′` hooks a seam of `P` (`appearance`: `LifecycleBarHiding` and the appearance
///   strategies; `backAction`: `BackActionOverride` and `ShouldPopItemGuard` in its
///   `backAction` mode; `interactivePop`: `LifecycleBarAppearance` and `TransitionEvents`),
///   but the oracle does not see it on today's corpus and catalog: every run reaches
///   `appearance` (so a `P` hooking it is never left out), and `backAction` and
///   `interactivePop` replace no method and decide no alternative it consults there. The
///   exact computation is kept; the check that `C`'s hooks are `C′`'s and `P`'s never
///   refused a reuse on the sample (the same counts without it).
///
/// **Tested.** `EquivalentRunsTests` plays its 30-combination sample in the bench's order
/// (``PluginCombination/converseOrder(_:)``: the recommended composition and all the plugins
/// first, their neighbours reused from them) on ios13 and ios26, and ios26 with variants, and
/// compares every reused run, from a smaller run or a larger one, with a naive play, counting
/// the reuses from larger runs (``SimulatorScenarioRunner/reusedFromLargerRunCount``); the
/// full replay (`NAVHOOKS_FULL_EQUIVALENCE=1`) plays every combination smallest first and then
/// largest first (every run that may be reused from a larger one is) on every profile.
///
/// **Measured** (the docs sample of RecommendedComposition.md: the recommended composition
/// and it less each of its seven plugins, 497 scenario-and-profile groups, the documented
/// model; `EquivalentRunsTests/docsSamplePlays`): in the order the command gives them (the
/// recommended composition first) with the forward reuse alone, 3,976 plays of 3,976 runs
/// (no neighbour is one plugin larger than another); in the converse order with both,
/// 2,224 plays, 1,752 runs reused from the recommended composition (less `BackKeyCommandGuard`
/// 472, `BackMenuGuard` 456, `ExitGuard` 430, `PopGestureGuard` 193, `ShouldPopItemGuard` 124,
/// `BaseClassGuard` 77, `DelegateBarHiding` 0: its delegate proxy never qualifies).
/// CPU of the debug `navhooks-bench` with the sample's arguments (user and system, four runs
/// each in turn, calibration 0.86–1.06): 2.22–2.43 s before the converse, 1.29–1.78 s with it.
enum ConverseEquivalentRuns {}

extension EquivalentRuns {
    /// `result`, a reading of a run with one plugin more, as the reading of the run of
    /// `plugins` (sorted), whose controller has hooks on `hooked` under `profile`: its plugin
    /// list, and the installation risks its own hooks give (``RunRisks/installed(_:on:)``).
    static func installed(
        _ plugins: [String], hooked: SeamSet, on profile: ScenarioProfile, in result: RunResult
    ) -> RunResult {
        var result = result
        result.plugins = plugins
        // Listed sorted already: no `Set` to fill and sort (~8,000 instructions a reuse in a
        // debug build).
        let installed = RunRisks.installed(hooked, on: profile.capabilities)
        result.risks.usesPrivateAPI = installed.usesPrivateAPI
        result.risks.replacedMethods = installed.replacedMethods
        return result
    }
}

/// The number of hooks on each plain seam of a controller (``SeamSet/plain``), four bits a seam
/// at its ``SeamSet`` bit's position: what the converse subtracts a plugin's own from
/// (``ConverseEquivalentRuns``). Integers, not `SIMD` lanes: every play counts its hooks, and
/// a debug build runs `SIMD` operations unspecialized. A seam with more than 15 hooks makes
/// the counts inexact: no run is reused from them by subtraction.
struct HookCounts: Equatable {
    private var packed: UInt64 = 0
    private var isExact = true

    /// The counts of `nav`'s seams now.
    @MainActor
    init(of nav: SimNavigationController) {
        let seams = nav.seams
        set(.backAction, seams.backAction.hooks.count)
        set(.privateBackButtonAction, seams.privateBackButtonAction.hooks.count)
        set(.shouldPopItem, seams.shouldPopItem.hooks.count)
        set(.backMenu, seams.backMenu.hooks.count)
        set(.popGesture, seams.popGesture.hooks.count)
        set(.appearance, seams.appearance.hooks.count)
        set(.popOperations, seams.popOperations.hooks.count)
        set(.interactivePop, seams.interactivePop.hooks.count)
        set(.accessibilityEscape, seams.accessibilityEscape.hooks.count)
        set(.backKeyCommand, seams.backKeyCommand.hooks.count)
        set(.responderKeyCommand, seams.responderKeyCommand.hooks.count)
        set(.sheetDismissal, seams.sheetDismissal.hooks.count)
    }

    private init(packed: UInt64, isExact: Bool) {
        self.packed = packed
        self.isExact = isExact
    }

    private mutating func set(_ member: NavigationSeams.Member, _ count: Int) {
        guard count <= 15 else {
            isExact = false
            return
        }
        packed |= UInt64(count) << UInt64(4 * SeamSet(member).rawValue.trailingZeroBitCount)
    }

    /// The seams with hooks. (Shifting the lanes out in a plain loop: every reuse from a larger
    /// run asks, and a debug build ran `formUnion` generically per lane.)
    var seams: SeamSet {
        var bits: UInt16 = 0
        var rest = packed
        var bit: UInt16 = 1
        while rest != 0 {
            if rest & 0xF != 0 { bits |= bit }
            rest >>= 4
            bit <<= 1
        }
        return SeamSet(rawValue: bits)
    }

    /// The counts with `other`'s added: a run's with one plugin more. (Every run reused from a
    /// smaller one adds: no loop over the lanes. A lane overflows when, of its top bits and
    /// the carry into it from its low three bits' sum, two or more are set.)
    func adding(_ other: HookCounts) -> HookCounts {
        let top: UInt64 = 0x8888_8888_8888_8888
        let (a, b) = (packed, other.packed)
        let low = (a & ~top) + (b & ~top)
        guard isExact, other.isExact, (a & b | a & low | b & low) & top == 0 else {
            return HookCounts(packed: 0, isExact: false)
        }
        return HookCounts(packed: a + b, isExact: true)
    }

    /// The counts without `other`'s, a run's with one plugin less; `nil` when a seam has fewer
    /// hooks than `other` gives it (then these counts are not a run's with `other`'s plugin),
    /// or either is inexact.
    func removing(_ other: HookCounts) -> HookCounts? {
        guard isExact, other.isExact else { return nil }
        // Lane by lane, shifted out in a plain loop (as ``seams``).
        var (mine, theirs) = (packed, other.packed)
        while theirs != 0 {
            if mine & 0xF < theirs & 0xF { return nil }
            mine >>= 4
            theirs >>= 4
        }
        return HookCounts(packed: packed - other.packed, isExact: true)
    }
}
