import NavigationScenarios
import NavigationSimulator

/// The converse of ``EquivalentRuns``: a reading of `C′ = C − P` reused from the same reading of
/// the run of `C`, made first, when that reading of `C` never reached a seam of `P` and never
/// dispatched a point `P` has handlers on, `P` qualifying as in the forward argument (plain
/// hooks and handlers on the pop-deciding points only, installed alone on the profile in the
/// file's mode; not `BaseClassGuard` in a scenario that may show a custom back button). Off by
/// default (``SimulatorScenarioRunner/reusesLargerRuns``): the bench plays smallest first, and
/// nothing of its default behaviour changes.
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
///   back button). So the runner installs `C′` as its play would (`Play.prepared`, steps 1–4,
///   no step played) and reads ``SimNavigationController/seamsWithHooks``: exact, since hooks
///   are only added there. It does so only when a made run `C` of the group has a qualifying
///   `P` its documented reading did not touch (the installation costs about a fifth of a
///   play: `perf` of the docs sample, 17% of its time before this test), and checks what the
///   argument derives: `C`'s hooks are `C′`'s and `P`'s (it never failed on the corpus). An
///   installation that failed (a `plugins` skipped step, in `C`'s reading or `C′`'s
///   installation) is not reused. A cheaper exact way, not built: keep each run's number of
///   hooks per plain seam (`Seam.hooks.count`) and `P`'s alone; `C′` has hooks on a seam when
///   `C`'s count there exceeds `P`'s. It needs a little more than the forward argument: that
///   `P` adds as many hooks beside the others as alone (its install does not read theirs).
/// - *Installation risks.* ``RunRisks/replacedMethods`` and ``RunRisks/usesPrivateAPI`` are
///   functions of the hooked seams and the profile (``RunRisks/installing(_:on:)``): `C′`'s are
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
/// - *The order of play.* The forward reuse needs `C′` made before `C` (the plan plays
///   smallest first); the converse needs `C` first. Within a group the two directions can be
///   mixed: any run may be reused from a made smaller run or a made larger one, each reading
///   on its own. The bench's plan (`MatrixPlan`, outside this module) would have to play the
///   largest combinations of a group first where that pays, e.g. the docs sample's
///   `recommended` before its seven neighbours; the runner does not reorder.
///
/// **Where it is not exact.** Only where the forward argument is not either: a `P` that does
/// not qualify (a navigation-delegate proxy, an appearance strategy, `willShow` handlers, a
/// `BaseClassGuard` beside a custom back button) changes `C`'s play before any seam is reached,
/// and is not used; and the timeline (`--timeline`) records `P`'s activation notes, so no
/// reuse is made when timelines are recorded. What the converse needs beyond it: that hooks
/// are added at installation only (true today: every `Seam.add` of a plugin goes through
/// `PluginInstallation.addHook` inside `install`; a plugin that added hooks later, from a
/// hook, would make `C′`'s installed hooks differ from its hooks at the end of its play, and
/// the check against `C`'s would no longer suffice), and that `C′` installs (checked).
///
/// **Which shortcuts would be wrong**, and what `ConverseEquivalentRunsTests` shows of them
/// (the oracle: every reused result compared field by field with a naive play, on the corpus):
/// - `C`'s hooks taken as `C′`'s (for its alternatives and the readings reused for them): the
///   oracle fails, with variants on ios13 and ios26 (`own-delegate-cancelled-swipe.nav`,
///   `visible-root-hidden-detail-swipe.nav`, all plugins less `ShouldPopItemGuard`,
///   `ExitGuard` or `BackActionOverride`): the worst reading, R41's alternative, carries
///   `C`'s `usesPrivateAPI` and `replacedMethods`. (`C′` also played R24's alternative, which
///   it skips; that alone changed nothing, as said above.)
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
/// **Measured** (the docs sample of RecommendedComposition.md: the recommended composition
/// and it less each of its seven plugins, 497 scenario-and-profile groups, the documented
/// model; `ConverseEquivalentRunsTests/docsSamplePlays`): smallest first with the forward
/// reuse, 3,484 plays of 3,976 runs (the recommended composition reused in 492 groups);
/// largest first with both, 2,224 plays, 1,752 runs reused (less `BackKeyCommandGuard` 472,
/// `BackMenuGuard` 456, `ExitGuard` 430, `PopGestureGuard` 193, `ShouldPopItemGuard` 124,
/// `BaseClassGuard` 77, `DelegateBarHiding` 0: its delegate proxy never qualifies). CPU of the
/// debug test binary (median of 7, alternated, calibration 0.62-0.70): 1.75 s -> 1.39 s; of the
/// debug `navhooks-bench` with the sample's arguments, with the runner's switch on and the plan
/// reversed in each group (a local experiment, not committed; byte-identical output): 2.0 s ->
/// 1.3-1.65 s (three runs each, calibration 0.95).
///
/// **Before it could be merged.** The plan's order (`MatrixPlan`, NavigationBench): reversing
/// every group would lose the forward reuse in the default matrix (every subset; smallest
/// first is best there). ``PluginCombination/converseOrder(_:)`` serves both: smallest first,
/// hubs first (a combination whose one-smaller neighbours in the plan have none themselves:
/// the docs sample's recommended composition); every subset keeps its order. With it, the
/// equivalence tests' 30-combination sample on ios26 with variants plays 1,790 times instead
/// of 2,433, results equal to naive plays (`theTestSampleInTheConverseOrderEqualsPlayedRuns`).
/// `MatrixPlan` would hand each group its combinations in that order (the docs sample's
/// output did not depend on it in the experiment above; other outputs are to be checked).
/// Then the switch on in the bench, the default table, JSON and every docs sample
/// byte-identical, `NAVHOOKS_FULL_EQUIVALENCE=1` with the converse on every profile (passed
/// here: 14 cases), and the installation for `C′`'s hooks made cheaper (the hook counts
/// above) or shared: it is a tenth of the converse sample's time.
enum ConverseEquivalentRuns {}

extension EquivalentRuns {
    /// `result`, a reading of a run with one plugin more, as the reading of the run of
    /// `plugins` (sorted), whose controller has hooks on `hooked` under `profile`: its plugin
    /// list, and the installation risks its own hooks give (``RunRisks/installing(_:on:)``).
    static func installed(
        _ plugins: [String], hooked: SeamSet, on profile: ScenarioProfile, in result: RunResult
    ) -> RunResult {
        var result = result
        result.plugins = plugins
        let installed = RunRisks.installing(hooked, on: profile.capabilities)
        result.risks.usesPrivateAPI = installed.usesPrivateAPI
        result.risks.replacedMethods = installed.replacedMethods.sorted()
        return result
    }
}
