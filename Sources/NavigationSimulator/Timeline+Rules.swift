extension Timeline {
    /// The UIKit rule ids (`R15`, `R24`, …) the simulator applied in the events from index
    /// `start` on (up to `end`, when given), in rule order: every rule an event names (an inferred rule it rested on, an
    /// ignored input's or a freeze's reason). Computed from the events when asked, so a run
    /// pays nothing for it; a divergence report asks for it at the step before a failed expect.
    public func ruleIDs(inEventsFrom start: Int, to end: Int? = nil) -> [String] {
        let end = min(end ?? events.count, events.count)
        guard start < end else { return [] }
        var found = Set<Int>()
        // An index loop, each kind switched on in place: a debug build ran the slice's iterator
        // generic (~860 instructions an event).
        for index in max(0, start)..<end {
            switch events[index].kind {
            case .inferredRule(let id):
                if let number = Int(id.dropFirst()) { found.insert(number) }
            case .inputIgnored, .frozen, .decision, .seamCall:
                Self.scanRuleIDs(in: events[index].kind.description, into: &found)
            default:
                continue
            }
        }
        return found.sorted().map { "R\($0)" }
    }

    /// Adds every `R<digits>` that stands as a word in `text`: an `R` after a scalar that is not
    /// part of a word (or at the start), ASCII digits, then the end or a scalar that is not part
    /// of a word. One pass over the scalars (no array of them, no string per digit).
    private static func scanRuleIDs(in text: String, into found: inout Set<Int>) {
        var previous: Unicode.Scalar?
        var inNumber = false  // reading the digits after such an `R`
        var number = 0
        var digits = 0
        for scalar in text.unicodeScalars {
            if inNumber {
                let value = scalar.value
                if value >= 0x30, value <= 0x39 {
                    number = number * 10 + Int(value - 0x30)
                    digits += 1
                    previous = scalar
                    continue
                }
                if digits > 0, !isWordScalar(scalar) { found.insert(number) }
                inNumber = false
            }
            if scalar == "R" {
                var afterWord = false
                if let previous { afterWord = isWordScalar(previous) }
                if !afterWord { (inNumber, number, digits) = (true, 0, 0) }
            }
            previous = scalar
        }
        if inNumber, digits > 0 { found.insert(number) }
    }

    private static func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
        // ASCII answered from the value (the same answer: of ASCII, only the letters are
        // alphabetic), without the scalar's Unicode properties (~1,000 instructions a lookup in a
        // debug build, for each scalar of a text).
        let value = scalar.value
        if value < 0x80 {
            if value >= 0x61, value <= 0x7A { return true }  // a-z
            if value >= 0x41, value <= 0x5A { return true }  // A-Z
            if value >= 0x30, value <= 0x39 { return true }  // 0-9
            return value == 0x5F  // _
        }
        return scalar.properties.isAlphabetic
    }
}
