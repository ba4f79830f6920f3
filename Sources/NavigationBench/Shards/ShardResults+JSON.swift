#if os(macOS) || os(Linux)
import NavigationScenarioRunner
import NavigationScenarios

extension ShardResults.Tables {
    /// The tables as `JSONEncoder` writes them with sorted keys (compact; slashes escaped as
    /// `\/` unless `escapingSlashes` is `false`, as `.withoutEscapingSlashes` writes them),
    /// byte for byte, without the encoder: its generic paths cost a debug bench worker ~3% of
    /// its instructions (~160,000 a group, callgrind of the docs' eight-combination sample).
    /// `ShardWireTests` compares the bytes with the encoder's on runs of the corpus and on
    /// hostile strings.
    func json(escapingSlashes: Bool) -> [UInt8] {
        var writer = ShardJSONWriter(bytes: [], escapingSlashes: escapingSlashes)
        writer.write(self)
        return writer.bytes
    }
}

/// Writes ``ShardResults/Tables`` in the encoder's sorted-key order (the keys' bytes' order),
/// in index loops (a debug build runs `for in`'s iterator unspecialized).
private struct ShardJSONWriter {
    var bytes: [UInt8]
    let escapingSlashes: Bool

    mutating func write(_ tables: ShardResults.Tables) {
        // Keys sorted: expectFailures, inferredRules, risks, skippedSteps.
        raw("{\"expectFailures\":[")
        for index in 0..<tables.expectFailures.count {
            if index > 0 { byte(",") }
            let failures = tables.expectFailures[index]
            byte("[")
            for inner in 0..<failures.count {
                if inner > 0 { byte(",") }
                write(failures[inner])
            }
            byte("]")
        }
        raw("],\"inferredRules\":[")
        for index in 0..<tables.inferredRules.count {
            if index > 0 { byte(",") }
            strings(tables.inferredRules[index])
        }
        raw("],\"risks\":[")
        for index in 0..<tables.risks.count {
            if index > 0 { byte(",") }
            write(tables.risks[index])
        }
        raw("],\"skippedSteps\":[")
        for index in 0..<tables.skippedSteps.count {
            if index > 0 { byte(",") }
            let steps = tables.skippedSteps[index]
            byte("[")
            for inner in 0..<steps.count {
                if inner > 0 { byte(",") }
                // Keys sorted: location, reason, step.
                raw("{\"location\":")
                write(steps[inner].location)
                raw(",\"reason\":")
                string(steps[inner].reason)
                raw(",\"step\":")
                string(steps[inner].step)
                byte("}")
            }
            byte("]")
        }
        raw("]}")
    }

    mutating func write(_ failure: RunResult.ExpectFailure) {
        // Keys sorted: actual, expectation, isRecording, location, rules, step, stepText; the
        // optional ones only when set (the encoder's `encodeIfPresent`).
        raw("{\"actual\":")
        string(failure.actual)
        raw(",\"expectation\":")
        string(failure.expectation)
        if let isRecording = failure.isRecording {
            raw(",\"isRecording\":")
            raw(isRecording ? "true" : "false")
        }
        raw(",\"location\":")
        write(failure.location)
        if let rules = failure.rules {
            raw(",\"rules\":")
            strings(rules)
        }
        if let step = failure.step {
            raw(",\"step\":")
            write(step)
        }
        if let stepText = failure.stepText {
            raw(",\"stepText\":")
            string(stepText)
        }
        byte("}")
    }

    mutating func write(_ location: SourceLocation) {
        // Keys sorted: column, file, line.
        raw("{\"column\":")
        integer(location.column)
        raw(",\"file\":")
        string(location.file)
        raw(",\"line\":")
        integer(location.line)
        byte("}")
    }

    mutating func write(_ risks: RunRisks) {
        // Keys sorted: pointsByInput, replacedMethods, triesGuardedExit, usesPrivateAPI; the
        // dictionary's keys sorted too.
        raw("{\"pointsByInput\":{")
        let inputs = risks.pointsByInput.keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        for index in 0..<inputs.count {
            if index > 0 { byte(",") }
            string(inputs[index])
            byte(":")
            strings(risks.pointsByInput[inputs[index]] ?? [])
        }
        raw("},\"replacedMethods\":")
        strings(risks.replacedMethods)
        raw(",\"triesGuardedExit\":")
        raw(risks.triesGuardedExit ? "true" : "false")
        raw(",\"usesPrivateAPI\":")
        raw(risks.usesPrivateAPI ? "true" : "false")
        byte("}")
    }

    mutating func strings(_ strings: [String]) {
        byte("[")
        for index in 0..<strings.count {
            if index > 0 { byte(",") }
            string(strings[index])
        }
        byte("]")
    }

    /// A JSON string: `"` and `\` escaped (and `/` when escaping slashes), the control
    /// characters as `\b \f \n \r \t` or `\u00xx`, every other byte (non-ASCII included) as it is.
    mutating func string(_ string: String) {
        byte("\"")
        var string = string
        string.withUTF8 { utf8 in
            // The bytes as numbers, not `UInt8(ascii:)`: a debug build calls it for each use, four
            // times a byte (`"` 0x22, `\\` 0x5C, `/` 0x2F).
            let slash: UInt8 = escapingSlashes ? 0x2F : 0x22
            var clean = 0
            var index = 0
            while index < utf8.count {
                let code = utf8[index]
                index += 1
                guard code < 0x20 || code == 0x22 || code == 0x5C || code == slash else { continue }
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[clean..<(index - 1)]))
                clean = index
                byte("\\")
                switch code {
                case 0x08: byte("b")
                case 0x0C: byte("f")
                case 0x0A: byte("n")
                case 0x0D: byte("r")
                case 0x09: byte("t")
                case _ where code < 0x20:
                    raw("u00")
                    let digits: StaticString = "0123456789abcdef"
                    bytes.append(digits.utf8Start[Int(code >> 4)])
                    bytes.append(digits.utf8Start[Int(code & 0x0F)])
                default: bytes.append(code)
                }
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[clean..<utf8.count]))
        }
        byte("\"")
    }

    mutating func integer(_ value: Int) {
        if value < 0 { byte("-") }
        ShardResults.appendDecimal(UInt64(value.magnitude), to: &bytes)
    }

    mutating func byte(_ character: Unicode.Scalar) { bytes.append(UInt8(ascii: character)) }

    mutating func raw(_ text: StaticString) {
        bytes.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }
}
#endif
