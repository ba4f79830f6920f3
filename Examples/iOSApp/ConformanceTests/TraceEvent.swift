import Foundation

/// One recorded callback: the unit of a conformance trace.
///
/// JSON (one element of an `Expected/<scenario>.<profile>.json` file):
/// `{ "event": "viewWillAppear", "screen": "List", "animated": true, "rule": "R1" }`.
/// `animated` is omitted for `willShow`/`didShow` only if unknown; `rule` is optional and
/// names the UIKIT_BEHAVIOR.md rule the simulator applied for this event.
struct TraceEvent: Codable, Equatable, CustomStringConvertible {
    /// The callbacks a trace records.
    enum Kind: String, Codable, CaseIterable {
        case viewWillAppear, viewDidAppear, viewWillDisappear, viewDidDisappear
        /// `navigationController(_:willShow:animated:)`
        case willShow
        /// `navigationController(_:didShow:animated:)`
        case didShow

        /// The rule a difference in this kind of event is reported under when the expected
        /// event names none: appearance order R1, delegate calls R8.
        var defaultRule: String {
            switch self {
            case .willShow, .didShow: "R8"
            default: "R1"
            }
        }
    }

    var event: Kind
    var screen: String
    var animated: Bool?
    var rule: String?

    /// Equality for comparison ignores `rule` (only expectations carry it) and treats a
    /// missing `animated` as matching either value.
    func matches(_ other: TraceEvent) -> Bool {
        event == other.event && screen == other.screen
            && (animated == nil || other.animated == nil || animated == other.animated)
    }

    var description: String {
        "\(event.rawValue)(\(screen)\(animated.map { $0 ? ", animated" : ", not animated" } ?? ""))"
    }
}

/// An `Expected/<scenario>.<profile>.json` file: either a bare list of events, or
/// `{ "scenario": …, "profile": …, "plugins": [], "events": [ … ] }`.
struct ExpectedTrace: Decodable {
    var scenario: String?
    var profile: String?
    var plugins: [String]?
    var events: [TraceEvent]

    init(from decoder: any Decoder) throws {
        if let list = try? [TraceEvent](from: decoder) {
            events = list
            return
        }
        let container = try decoder.container(keyedBy: CodingKeys.self)
        scenario = try container.decodeIfPresent(String.self, forKey: .scenario)
        profile = try container.decodeIfPresent(String.self, forKey: .profile)
        plugins = try container.decodeIfPresent([String].self, forKey: .plugins)
        events = try container.decode([TraceEvent].self, forKey: .events)
    }

    private enum CodingKeys: String, CodingKey { case scenario, profile, plugins, events }
}
