extension Timeline {
    /// The UIKit rule ids (`R15`, `R24`, …) the simulator applied in the events from index
    /// `start` on (up to `end`, when given), in rule order: every rule an event names (an inferred rule it rested on, an
    /// ignored input's or a freeze's reason). Computed from the events when asked, so a run
    /// pays nothing for it; a divergence report asks for it at the step before a failed expect.
    public func ruleIDs(inEventsFrom start: Int, to end: Int? = nil) -> [String] {
        let end = min(end ?? events.count, events.count)
        guard start < end else { return [] }
        var found = Set<Int>()
        for event in events[max(0, start)..<end] {
            switch event.kind {
            case .inferredRule(let id):
                if let number = Int(id.dropFirst()) { found.insert(number) }
            case .inputIgnored, .frozen, .decision, .seamCall:
                Self.scanRuleIDs(in: event.kind.description, into: &found)
            default:
                continue
            }
        }
        return found.sorted().map { "R\($0)" }
    }

    /// Adds every `R<digits>` that stands as a word in `text`.
    private static func scanRuleIDs(in text: String, into found: inout Set<Int>) {
        let scalars = Array(text.unicodeScalars)
        var index = 0
        while index < scalars.count {
            defer { index += 1 }
            guard scalars[index] == "R", index == 0 || !Self.isWordScalar(scalars[index - 1]) else { continue }
            var end = index + 1
            var number = 0
            while end < scalars.count, let digit = Int(String(scalars[end])), ("0"..."9").contains(scalars[end]) {
                number = number * 10 + digit
                end += 1
            }
            if end > index + 1, end == scalars.count || !Self.isWordScalar(scalars[end]) { found.insert(number) }
        }
    }

    private static func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "_"
    }
}
