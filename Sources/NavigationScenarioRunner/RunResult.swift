public import NavigationScenarios

/// The outcome of one run: a scenario under one profile with one plugin combination.
///
/// Produced by a ``ScenarioRunning`` runner; consumed by reports and `--check`.
public struct RunResult: Hashable, Sendable, Codable {
    /// A step that was legal in the file but impossible at that moment (`tap-back` at the root,
    /// `back-menu` before `ios14`, `content-swipe` before `ios26`, `dismiss` with nothing
    /// presented); UIKit did what it does (usually nothing).
    public struct SkippedStep: Hashable, Sendable, Codable, CustomStringConvertible {
        /// Where the step is.
        public var location: SourceLocation
        /// The step as written.
        public var step: String
        /// Why it could not happen.
        public var reason: String

        /// Creates a skipped step.
        public init(location: SourceLocation, step: String, reason: String) {
            self.location = location
            self.step = step
            self.reason = reason
        }

        /// `FILE:LINE:COLUMN: STEP (REASON)`.
        public var description: String { "\(location): \(step) (\(reason))" }
    }

    /// An `expect` line that did not hold.
    public struct ExpectFailure: Hashable, Sendable, Codable, CustomStringConvertible {
        /// Where the `expect` line is.
        public var location: SourceLocation
        /// The expectation as written, e.g. `expect top Editor`.
        public var expectation: String
        /// What was found instead, e.g. `top List`.
        public var actual: String
        /// The step that broke the expectation: of the steps since the `expect` lines before
        /// it, the one after which it last stopped holding; the step right before the line when
        /// it held after none of them.
        public var step: SourceLocation?
        /// The step's text, e.g. `swipe-back finish`.
        public var stepText: String?
        /// The UIKit rule ids the simulator applied during that step (``Timeline/ruleIDs(inEventsFrom:)``).
        public var rules: [String]?
        /// `true` when the file is a recording (it has the `plugin …` line `NavigationRecorder`
        /// writes): its `expect` lines are what a device showed, not what a person wrote.
        public var isRecording: Bool?

        /// Creates a failure.
        public init(
            location: SourceLocation, expectation: String, actual: String, step: SourceLocation? = nil,
            stepText: String? = nil, rules: [String]? = nil
        ) {
            self.location = location
            self.expectation = expectation
            self.actual = actual
            self.step = step
            self.stepText = stepText
            self.rules = rules
        }

        /// `FILE:LINE:COLUMN: EXPECTATION, found ACTUAL`.
        public var description: String { "\(location): \(expectation), found \(actual)" }

        /// What the `expect` line said against what the simulator showed: `after STEP
        /// (FILE:LINE): the device showed …; the simulator showed …; rules the simulator applied
        /// at the step: …` for a recording (``isRecording``, a divergence between a device and
        /// the model), `… expected …; the simulator showed …` for a file a person wrote.
        public var divergence: String {
            var text = ""
            if let step, let stepText { text += "after '\(stepText)' (\(step.file):\(step.line)): " }
            text += isRecording == true ? "the device showed" : "expected"
            text += " '\(expectation.dropFirst("expect ".count))'; the simulator showed '\(actual)'"
            let rules = rules ?? []
            text += rules.isEmpty ? "; no rule named at the step" : "; rules the simulator applied at the step: "
            return text + rules.joined(separator: ", ")
        }
    }

    /// The scenario's title.
    public var scenario: String
    /// The scenario's file.
    public var file: String
    /// The profile's name (`ios13` …).
    public var profile: String
    /// The installed plugins, sorted by name; empty for `none`.
    public var plugins: [String]
    /// What the run measured.
    public var metrics: RunMetrics
    /// Ids of the rules tagged *inferred* (UIKitRules.md) the outcome depended on.
    public var inferredRules: [String]
    /// The alternative reading of an inferred rule this outcome comes from (`R62 alt`), when a
    /// runner that plays variants found it worse than the documented model
    /// (``SimulatorScenarioRunner/playsVariants``); `nil`: the documented model.
    public var variant: String?
    /// The documented model's defects when ``variant`` is set (the metrics are then the
    /// alternative reading's, which shows more); `nil`: the metrics are the documented model's.
    /// ``documentedModelDefects`` reads either.
    public var documentedDefects: Int?
    /// The appearance strategy that played (`TransitionBarBackground`): the one ``plugins``
    /// names, or the one the runner installed beside them on a scenario that states a look
    /// (``SimulatorScenarioRunner/defaultAppearance``); `nil`: none played.
    public var appearance: String?
    /// Steps that could not happen.
    public var skippedSteps: [SkippedStep]
    /// The `expect` lines that failed, with what was found.
    public var expectFailures: [ExpectFailure]
    /// How the combination intercepted in this run (private API, method replacement, points
    /// dispatched per user input).
    public var risks = RunRisks()
    /// The run's timeline for `--timeline`; runners may leave it `nil`. The bench writes it and
    /// drops it, so a large matrix does not keep every timeline in memory.
    public var timeline: TimelineSketch?

    /// Creates a result; sorts `plugins` by name.
    public init(
        scenario: String,
        file: String,
        profile: String,
        plugins: [String],
        metrics: RunMetrics,
        inferredRules: [String] = [],
        skippedSteps: [SkippedStep] = [],
        expectFailures: [ExpectFailure] = [],
        risks: RunRisks = RunRisks(),
        timeline: TimelineSketch? = nil
    ) {
        self.scenario = scenario
        self.file = file
        self.profile = profile
        self.plugins = Self.isSorted(plugins) ? plugins : plugins.sorted()
        self.metrics = metrics
        self.inferredRules = inferredRules
        self.skippedSteps = skippedSteps
        self.expectFailures = expectFailures
        self.risks = risks
        self.timeline = timeline
    }

    /// Every property but the timeline, which is never sent between processes.
    enum CodingKeys: String, CodingKey {
        case scenario, file, profile, plugins, metrics, inferredRules, variant, documentedDefects, appearance
        case skippedSteps, expectFailures, risks
    }

    /// The defects the documented model shows (``documentedDefects``, or the metrics' own when
    /// the outcome is the documented model's): what a ranking puts before the worst case.
    public var documentedModelDefects: Int { documentedDefects ?? metrics.defects }

    /// The plugins as one label: names joined by `+`, or `none`.
    public var combinationLabel: String { PluginCombination(plugins).label }
}

extension RunResult {
    /// Whether `names` are in `sorted()`'s order already, as the runner passes them: checked
    /// with an index loop, where a debug build's generic `sorted()` cost ~9,600 instructions a
    /// run (callgrind of a bench worker).
    fileprivate static func isSorted(_ names: [String]) -> Bool {
        guard names.count > 1 else { return true }
        for index in 1..<names.count where names[index] < names[index - 1] { return false }
        return true
    }
}
