import NavigationSimulator
import Testing

/// ``Timeline/ruleIDs(inEventsFrom:to:)`` reads a rule id in a text only where `R<digits>` stands
/// as a word: not after or before a letter (any script), a digit or `_`, and only ASCII digits.
struct TimelineRuleIDsTests {
    @Test func ruleIDsStandAsWordsInTheText() {
        let timeline = Timeline(events: [
            .init(frameIndex: 0, kind: .inputIgnored("R1,R2 R3_ _R4 R5é éR6 R٣7 (R24) R12R3 R R7"))
        ])
        #expect(timeline.ruleIDs(inEventsFrom: 0) == ["R1", "R2", "R7", "R24"])
    }

    @Test func ruleIDsOfTheEventsInTheRangeOnly() {
        let timeline = Timeline(events: [
            .init(frameIndex: 0, kind: .seamCall(seam: "backAction", detail: "pass (R26)")),
            .init(frameIndex: 0, kind: .inferredRule("R8")),
            .init(frameIndex: 1, kind: .frozen("stuck (R16)")),
        ])
        #expect(timeline.ruleIDs(inEventsFrom: 0, to: 2) == ["R8", "R26"])
        #expect(timeline.ruleIDs(inEventsFrom: 1) == ["R8", "R16"])
        #expect(timeline.ruleIDs(inEventsFrom: 2, to: 1).isEmpty)
    }
}
