import NavigationConformance
import NavigationScenarios
import Testing

@MainActor
struct ConformanceComparisonTests {
    typealias Event = ConformanceTrace.Event

    /// The simulator's trace of a root and an animated push (R8, R1): four events for the
    /// root's first appearance, then six for the push (indices 4…9), `didShow(List)` last.
    let push: [Event]

    init() throws {
        let text = "screen Home\nscreen List\nroot Home\npush List\n"
        let scenario = try ScenarioParser.parse(text: text, file: "push.nav").get()
        push = ConformanceTrace(scenario, profile: .ios18).events
    }

    @Test func identicalTracesDoNotDiffer() {
        let recorded = push.map { Event(event: $0.event, screen: $0.screen, animated: $0.animated) }
        let comparison = ConformanceComparison(expected: push, actual: recorded)
        #expect(comparison.isEmpty)
        #expect(comparison.report == "")
    }

    @Test func aMissingCallbackIsOneDifferenceUnderItsRule() {
        #expect(push.count == 10)
        let comparison = ConformanceComparison(expected: push, actual: Array(push.dropLast()))
        #expect(comparison.differences == [.missing(push[9], expectedIndex: 9)])
        #expect(comparison.byRule.map(\.rule) == ["R8"])
        #expect(comparison.report == "R8: missing #9 didShow(List, animated: true) R8")
    }

    @Test func aMissingCallbackEarlyDoesNotShiftTheRest() {
        var recorded = push
        recorded.remove(at: 5)
        let comparison = ConformanceComparison(expected: push, actual: recorded)
        #expect(comparison.differences == [.missing(push[5], expectedIndex: 5)])
        #expect(comparison.differences.map(\.rule) == ["R1"])
    }

    @Test func anUnexpectedCallbackIsReportedUnderItsKindsDefaultRule() {
        var recorded = push
        let extra = Event(event: .willShow, screen: "Home", animated: false)
        recorded.insert(extra, at: 7)
        let comparison = ConformanceComparison(expected: push, actual: recorded)
        #expect(comparison.differences == [.unexpected(extra, actualIndex: 7)])
        #expect(comparison.differences.map(\.rule) == ["R8"])
    }

    @Test func anotherAnimatedFlagIsAMissingAndAnUnexpectedEvent() {
        var recorded = push
        recorded[6].animated = false
        let comparison = ConformanceComparison(expected: push, actual: recorded)
        #expect(comparison.differences.count == 2)
        #expect(comparison.byRule.map(\.rule) == ["R1"])
    }

    @Test func rulesAreReportedInNumericOrder() {
        let expected = [
            Event(event: .viewWillAppear, screen: "A", animated: true, rule: "R13"),
            Event(event: .viewWillAppear, screen: "B", animated: true, rule: "R3"),
            Event(event: .willShow, screen: "C", animated: true, rule: "R9"),
        ]
        let comparison = ConformanceComparison(expected: expected, actual: [])
        #expect(comparison.byRule.map(\.rule) == ["R3", "R9", "R13"])
        #expect(comparison.report.split(separator: "\n").count == 3)
    }

    @Test func eventsWithoutARuleFallBackToTheirKind() {
        #expect(ConformanceTrace.Event.Kind.allCases.map(\.defaultRule) == ["R1", "R1", "R1", "R1", "R8", "R8"])
        let root = Event(event: .viewWillAppear, screen: "Root", animated: false)
        #expect(ConformanceComparison(expected: [root], actual: []).differences.map(\.rule) == ["R1"])
    }
}
