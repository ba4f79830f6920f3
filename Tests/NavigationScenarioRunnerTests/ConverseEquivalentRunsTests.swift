import Foundation
import NavigationScenarioRunner
import NavigationScenarios
import NavigationStrategies
import ScenarioTestSupport
import Testing

/// The converse reuse (``SimulatorScenarioRunner/reusesLargerRuns``, a prototype, off by
/// default): readings of `C − P` reused from the run of `C`, made first, equal the runs played
/// naively, field by field (``EquivalentRunsTests/comparable(_:)``), on the whole corpus.
@MainActor
struct ConverseEquivalentRunsTests {
    /// Set to `forward` or `converse` to play the docs sample (the recommended composition and
    /// it less each plugin, every profile, the documented model) one way and print its plays.
    nonisolated static let sampleVariable = "NAVHOOKS_CONVERSE_SAMPLE"

    /// The recommended composition and it less each of its plugins, then all the plugins and
    /// all less each: largest first, so `C` is made before every `C − P`.
    static func largestFirst() -> [PluginCombination] {
        let names = StrategyCatalog.names
        let recommended = StrategyComposition.recommended.names
        var sample: Set<PluginCombination> = [PluginCombination(recommended), PluginCombination(names)]
        for name in recommended { sample.insert(PluginCombination(recommended.filter { $0 != name })) }
        for name in names { sample.insert(PluginCombination(names.filter { $0 != name })) }
        return Array(sample.sorted().reversed())
    }

    /// The docs sample's eight combinations (RecommendedComposition.md): the recommended
    /// composition and it less each plugin, smallest first (as the bench plays them).
    static func docsSample() -> [PluginCombination] {
        let recommended = StrategyComposition.recommended.names
        var sample: Set<PluginCombination> = [PluginCombination(recommended)]
        for name in recommended { sample.insert(PluginCombination(recommended.filter { $0 != name })) }
        return sample.sorted()
    }

    @Test func theSamplesAreOrderedAndHaveTheNeighbourhoods() {
        let sample = Self.largestFirst()
        #expect(sample.first?.plugins.count == StrategyCatalog.names.count)
        #expect(sample == Array(sample.sorted().reversed()))
        #expect(Self.docsSample().count == StrategyComposition.recommended.names.count + 1)
    }

    /// The order: the docs sample's hub (the recommended composition) first; every subset keeps
    /// smallest first (no hub).
    @Test func theConverseOrderPutsHubsFirst() {
        let docs = Self.docsSample()
        let ordered = PluginCombination.converseOrder(docs)
        #expect(ordered.first == PluginCombination(StrategyComposition.recommended.names))
        #expect(Set(ordered) == Set(docs) && ordered.count == docs.count)
        #expect(Array(ordered.dropFirst()) == Array(docs.dropLast()))
        let every = PluginCombination.all(of: Array(StrategyCatalog.names.prefix(6)))
        #expect(PluginCombination.converseOrder(every) == every)
    }

    /// With and without rule variants, on the oldest and the newest profile (every profile in
    /// the full replay, ``EquivalentRunsTests/replaysEveryCombination``).
    @Test(arguments: EquivalentRunsTests.profiles, [false, true])
    func smallerRunsReusedFromLargerOnesEqualPlayedRuns(profile: String, playsVariants: Bool) throws {
        var reusing = SimulatorScenarioRunner(playsVariants: playsVariants)
        reusing.reusesLargerRuns = true
        let playing = SimulatorScenarioRunner(skipsEquivalentRuns: false, playsVariants: playsVariants)
        let combinations = Self.largestFirst()
        var differing: [String] = []
        var compared = 0
        for scenario in try Corpus.scenarios() where scenario.runs(on: ScenarioProfile(rawValue: profile)!) {
            for combination in combinations {
                let before = reusing.reusedRunCount
                let reused = reusing.run(scenario, profile: profile, plugins: combination.plugins)
                guard reusing.reusedRunCount > before else { continue }
                let played = playing.run(scenario, profile: profile, plugins: combination.plugins)
                compared += 1
                if EquivalentRunsTests.comparable(reused) != EquivalentRunsTests.comparable(played) {
                    differing.append("\(scenario.file) \(combination.label)")
                }
            }
        }
        #expect(differing.isEmpty, "\(differing.count): \(differing.prefix(5))")
        #expect(compared > 0 && compared == reusing.reusedRunCount)
        print("converse \(profile) variants=\(playsVariants): \(compared) runs reused, \(reusing.playCount) plays")
    }

    /// Both directions in one group: the recommended composition in the middle of its
    /// neighbours (three of them first: it may be reused from them, the four after it from it),
    /// and all the plugins likewise, on ios26 with variants.
    @Test func bothDirectionsInOneGroupEqualPlayedRuns() throws {
        func middleFirst(_ names: [String]) -> [PluginCombination] {
            let less = names.map { name in PluginCombination(names.filter { $0 != name }) }
            return Array(less.prefix(3)) + [PluginCombination(names)] + Array(less.dropFirst(3))
        }
        let combinations = middleFirst(StrategyComposition.recommended.names) + middleFirst(StrategyCatalog.names)
        var reusing = SimulatorScenarioRunner(playsVariants: true)
        reusing.reusesLargerRuns = true
        var forwardOnly = SimulatorScenarioRunner(playsVariants: true)
        forwardOnly.reusesLargerRuns = false
        let playing = SimulatorScenarioRunner(skipsEquivalentRuns: false, playsVariants: true)
        var differing: [String] = []
        var compared = 0
        for scenario in try Corpus.scenarios() where scenario.runs(on: .ios26) {
            for combination in combinations {
                let before = reusing.reusedRunCount
                let reused = reusing.run(scenario, profile: "ios26", plugins: combination.plugins)
                _ = forwardOnly.run(scenario, profile: "ios26", plugins: combination.plugins)
                guard reusing.reusedRunCount > before else { continue }
                let played = playing.run(scenario, profile: "ios26", plugins: combination.plugins)
                compared += 1
                if EquivalentRunsTests.comparable(reused) != EquivalentRunsTests.comparable(played) {
                    differing.append("\(scenario.file) \(combination.label)")
                }
            }
        }
        #expect(differing.isEmpty, "\(differing.count): \(differing.prefix(5))")
        #expect(compared == reusing.reusedRunCount)
        // The converse adds reuses to the forward ones, in the same order.
        #expect(reusing.reusedRunCount > forwardOnly.reusedRunCount, "\(forwardOnly.reusedRunCount)")
        #expect(reusing.playCount < forwardOnly.playCount)
    }

    /// The equivalence tests' sample (``EquivalentRunsTests/sampledCombinations()``) in the
    /// converse order, on ios26 with variants: equal to naive plays, and fewer plays than
    /// smallest first with the forward reuse alone.
    @Test func theTestSampleInTheConverseOrderEqualsPlayedRuns() throws {
        let sample = EquivalentRunsTests.sampledCombinations()
        let ordered = PluginCombination.converseOrder(sample)
        var reusing = SimulatorScenarioRunner(playsVariants: true)
        reusing.reusesLargerRuns = true
        let forwardOnly = SimulatorScenarioRunner(playsVariants: true)
        let playing = SimulatorScenarioRunner(skipsEquivalentRuns: false, playsVariants: true)
        var differing: [String] = []
        for scenario in try Corpus.scenarios() where scenario.runs(on: .ios26) {
            for combination in sample { _ = forwardOnly.run(scenario, profile: "ios26", plugins: combination.plugins) }
            for combination in ordered {
                let before = reusing.reusedRunCount
                let reused = reusing.run(scenario, profile: "ios26", plugins: combination.plugins)
                guard reusing.reusedRunCount > before else { continue }
                let played = playing.run(scenario, profile: "ios26", plugins: combination.plugins)
                if EquivalentRunsTests.comparable(reused) != EquivalentRunsTests.comparable(played) {
                    differing.append("\(scenario.file) \(combination.label)")
                }
            }
        }
        #expect(differing.isEmpty, "\(differing.count): \(differing.prefix(5))")
        #expect(reusing.playCount < forwardOnly.playCount)
        print("test sample ios26 variants: \(forwardOnly.playCount) plays forward, \(reusing.playCount) converse order")
    }

    /// The docs sample on every profile, the documented model: smallest first with the forward
    /// reuse (the bench), or largest first with both (`NAVHOOKS_CONVERSE_SAMPLE=converse`);
    /// prints the plays. For CPU time: `/usr/bin/time swift test --filter` this test.
    @Test(.enabled(if: ProcessInfo.processInfo.environment[sampleVariable] != nil))
    func docsSamplePlays() throws {
        let converse = ProcessInfo.processInfo.environment[Self.sampleVariable] == "converse"
        var runner = SimulatorScenarioRunner(playsVariants: false)
        runner.reusesLargerRuns = converse
        let combinations = converse ? PluginCombination.converseOrder(Self.docsSample()) : Self.docsSample()
        let recommended = StrategyComposition.recommended.names
        var runs = 0
        var defects = 0
        // By the plugin a combination lacks ("" for the recommended composition): runs reused.
        var reusedLacking: [String: Int] = [:]
        for scenario in try Corpus.scenarios() {
            for profile in ScenarioProfile.allCases where scenario.runs(on: profile) {
                for combination in combinations {
                    runs += 1
                    let before = runner.reusedRunCount
                    defer {
                        let lacking = recommended.first { !combination.plugins.contains($0) } ?? ""
                        reusedLacking[lacking, default: 0] += runner.reusedRunCount - before
                    }
                    defects +=
                        runner.run(scenario, profile: profile.rawValue, plugins: combination.plugins).metrics
                        .defects
                }
            }
        }
        print(
            "docs sample \(converse ? "converse" : "forward"): \(runs) runs, \(runner.playCount) plays, "
                + "\(runner.reusedRunCount) reused, \(defects) defects; reused by the plugin lacking: "
                + "\(reusedLacking.sorted { $0.key < $1.key })")
        #expect(runner.playCount + runner.reusedRunCount == runs)
    }
}
