import Foundation
import NavigationHooks
@_spi(Runner) import NavigationScenarioRunner
public import NavigationScenarios
public import NavigationSimulator

/// The callbacks UIKit should deliver for one scenario on one profile, as the simulator models
/// them: the expectation the device conformance suite (`Examples/iOSApp/ConformanceTests`)
/// compares real UIKit with, one `Expected/<scenario>.<profile>.json` file.
///
/// The scenario runs on the simulator exactly as `navhooks-bench --plugins none` runs it (the
/// app's own delegate and `guard=deny` handler included, no plugin), and the trace keeps, in
/// callback order from the `root` step on, every appearance callback of every scenario screen
/// (modals included) and every `willShow`/`didShow` UIKit calls on the navigation delegate.
/// The simulator records delegate calls whether or not a delegate is set, so the trace has them
/// for every scenario: the suite always sets a delegate to record them.
///
/// ```json
/// { "event": "willShow", "screen": "List", "animated": true, "rule": "R8" }
/// ```
///
/// Each event carries the UIKitRules.md rule that produced it where the timeline says
/// which (see ``Event/rule``).
public struct ConformanceTrace: Codable, Hashable, Sendable {
    /// One callback.
    public struct Event: Codable, Hashable, Sendable, CustomStringConvertible {
        /// The callbacks a trace records (the JSON names).
        public enum Kind: String, Codable, CaseIterable, Hashable, Sendable {
            case viewWillAppear, viewDidAppear, viewWillDisappear, viewDidDisappear
            /// `navigationController(_:willShow:animated:)`
            case willShow
            /// `navigationController(_:didShow:animated:)`
            case didShow
        }

        /// Which callback.
        public var event: Kind
        /// The scenario's screen name.
        public var screen: String
        /// The callback's `animated` argument.
        public var animated: Bool
        /// The rule the simulator applied, derived from the kind of operation the timeline
        /// records around the event; `nil` (omitted in JSON) where it names none:
        /// - the first appearance (R8, inferred): `R8` on `willShow`/`didShow`, nothing on
        ///   the root's appearance callbacks;
        /// - a push or pop: appearance callbacks `R1` when animated, `R3` when not, `R13` for
        ///   every callback of a cancelled interactive pop; `willShow` `R9` for an interactive
        ///   pop, `R7` when a full-screen modal covers the controller (no `didShow` follows),
        ///   `R8` otherwise, `didShow` `R8`; `willShow` and `didShow` sent after a cancelled pop
        ///   ended (iOS 18+) `R42`;
        /// - a full-screen modal: the covered top screen's callbacks `R32` on present, `R11`
        ///   on dismiss; the modal's own callbacks name no rule.
        public var rule: String?

        /// Creates an event.
        public init(event: Kind, screen: String, animated: Bool, rule: String? = nil) {
            self.event = event
            self.screen = screen
            self.animated = animated
            self.rule = rule
        }

        /// `willShow(List, animated: true) R8`.
        public var description: String {
            "\(event.rawValue)(\(screen), animated: \(animated))\(rule.map { " \($0)" } ?? "")"
        }
    }

    /// The scenario file's base name (`programmatic-pops-are-free`).
    public var scenario: String
    /// The profile (`ios18`).
    public var profile: String
    /// Always empty: the trace is UIKit's, with no plugins.
    public var plugins: [String]
    /// The callbacks, in order.
    public var events: [Event]

    /// Creates a trace from its parts.
    public init(scenario: String, profile: String, events: [Event]) {
        self.scenario = scenario
        self.profile = profile
        self.plugins = []
        self.events = events
    }

    /// Runs `scenario` on `profile` with no plugins and records its trace.
    @MainActor
    public init(_ scenario: Scenario, profile: ScenarioProfile) {
        let play = Self.play(scenario, profile: profile)
        self.init(
            scenario: Self.name(of: scenario), profile: profile.rawValue,
            events: Self.events(in: play.nav.timeline))
    }

    /// The scenario's name in file names: its file's base name without `.nav`.
    public static func name(of scenario: Scenario) -> String {
        let base = (scenario.file as NSString).lastPathComponent
        return base.hasSuffix(".nav") ? String(base.dropLast(4)) : base
    }

    /// `<scenario>.<profile>.json`.
    public var fileName: String { "\(scenario).\(profile).json" }

    /// The file's text: pretty-printed JSON with sorted keys, and a final newline.
    public func json() throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return String(decoding: try encoder.encode(self), as: UTF8.self) + "\n"
    }

    /// Plays every step of `scenario` with no plugins, as the bench's runner does.
    @MainActor
    static func play(_ scenario: Scenario, profile: ScenarioProfile) -> Play {
        var play = Play.prepared(scenario, profile: profile, plugins: [])
        for step in scenario.steps { play.perform(step, on: profile) }
        return play
    }

    /// The appearance and delegate events of `timeline`, with their rules.
    ///
    /// The simulator runs one transition or modal animation at a time (R6), and records each
    /// one's start before any of its callbacks, so the operation that produced a callback is the
    /// last one begun before it.
    static func events(in timeline: Timeline) -> [Event] {
        let cancelled: Set<Int> = Set(
            timeline.events.compactMap { event in
                guard case .transitionEnded(let id, true) = event.kind else { return nil }
                return id
            })
        var operation: Operation?
        var events: [Event] = []
        for event in timeline.events {
            switch event.kind {
            case .transitionBegan(let start):
                operation = .transition(start, cancelled: cancelled.contains(start.id))
            case .transitionEnded(let id, true):
                // R42: what follows a cancelled pop's end (its willShow and didShow) is the cancel's.
                if case .transition(let start, true, _) = operation, start.id == id {
                    operation = .transition(start, cancelled: true, ended: true)
                }
            case .modalBegan(let start):
                operation = .modal(start)
            case .appearance(let screen, let phase, let animated):
                events.append(
                    Event(
                        event: Event.Kind(phase), screen: screen, animated: animated,
                        rule: operation?.appearanceRule(screen: screen)))
            case .delegateCall(let call):
                let kind: Event.Kind = call.method == .willShow ? .willShow : .didShow
                events.append(
                    Event(
                        event: kind, screen: call.screen, animated: call.animated,
                        rule: operation?.delegateRule(kind)))
            default:
                break
            }
        }
        return events
    }
}

/// What produced a callback: the transition or modal animation begun last.
private enum Operation {
    case transition(TimelineEvent.TransitionStart, cancelled: Bool, ended: Bool = false)
    case modal(TimelineEvent.ModalStart)

    func appearanceRule(screen: String) -> String? {
        switch self {
        case .transition(let start, let cancelled, _):
            if start.from == nil { return nil }  // the first appearance: R8 names the delegate calls
            if cancelled { return "R13" }
            return start.animated ? "R1" : "R3"
        case .modal(let start):
            if screen == start.screen { return nil }  // the modal itself: no rule speaks of it
            return start.isPresenting ? "R32" : "R11"
        }
    }

    func delegateRule(_ kind: ConformanceTrace.Event.Kind) -> String? {
        guard case .transition(let start, _, let ended) = self else { return nil }
        if ended { return "R42" }  // iOS 18+: willShow and didShow after a cancelled pop
        if kind == .willShow, start.interactive { return "R9" }
        if kind == .willShow, start.covered { return "R7" }
        return "R8"
    }
}

extension ConformanceTrace.Event.Kind {
    fileprivate init(_ phase: AppearancePhase) {
        switch phase {
        case .willAppear: self = .viewWillAppear
        case .didAppear: self = .viewDidAppear
        case .willDisappear: self = .viewWillDisappear
        case .didDisappear: self = .viewDidDisappear
        }
    }
}
