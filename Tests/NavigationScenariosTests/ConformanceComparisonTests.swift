import NavigationScenarios
import Testing

struct ConformanceComparisonTests {
    typealias Event = ConformanceTrace.Event

    /// A push as the simulator models it (R8, R1).
    let push: [Event] = [
        Event(event: .willShow, screen: "List", animated: true, rule: "R8"),
        Event(event: .viewWillDisappear, screen: "Home", animated: true, rule: "R1"),
        Event(event: .viewWillAppear, screen: "List", animated: true, rule: "R1"),
        Event(event: .viewDidDisappear, screen: "Home", animated: true, rule: "R1"),
        Event(event: .viewDidAppear, screen: "List", animated: true, rule: "R1"),
        Event(event: .didShow, screen: "List", animated: true, rule: "R8"),
    ]

    @Test func identicalTracesDoNotDiffer() {
        let recorded = push.map { Event(event: $0.event, screen: $0.screen, animated: $0.animated) }
        let comparison = ConformanceComparison(expected: push, actual: recorded)
        #expect(comparison.isEmpty)
        #expect(comparison.report == "")
    }

    @Test func aMissingCallbackIsOneDifferenceUnderItsRule() {
        let comparison = ConformanceComparison(expected: push, actual: Array(push.prefix(5)))
        #expect(comparison.differences == [.missing(push[5], expectedIndex: 5)])
        #expect(comparison.byRule.map(\.rule) == ["R8"])
        #expect(comparison.report == "R8: missing #5 didShow(List, animated: true) R8")
    }

    @Test func aMissingCallbackEarlyDoesNotShiftTheRest() {
        var recorded = push
        recorded.remove(at: 1)
        let comparison = ConformanceComparison(expected: push, actual: recorded)
        #expect(comparison.differences == [.missing(push[1], expectedIndex: 1)])
    }

    @Test func anUnexpectedCallbackIsReportedUnderItsKindsDefaultRule() {
        var recorded = push
        let extra = Event(event: .willShow, screen: "Home", animated: false)
        recorded.insert(extra, at: 3)
        let comparison = ConformanceComparison(expected: push, actual: recorded)
        #expect(comparison.differences == [.unexpected(extra, actualIndex: 3)])
        #expect(comparison.differences.map(\.rule) == ["R8"])
    }

    @Test func anotherAnimatedFlagIsAMissingAndAnUnexpectedEvent() {
        var recorded = push
        recorded[2].animated = false
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
