import Foundation
import NavigationScenarioRunner
import NavigationSimulator
import Testing

/// `RunMetrics.countFields` is the one table of metrics: it must name every stored count, in
/// declaration order (the JSON's and the CSV's), and everything derived from it must use it.
struct RunMetricsFieldsTests {
    @Test func theTableNamesEveryStoredPropertyInOrder() {
        let stored = Mirror(reflecting: RunMetrics()).children.compactMap(\.label)
        #expect(stored == RunMetrics.countFields.map(\.key) + ["nsPerDispatch"])
    }

    @Test func eachFieldReadsThePropertyOfItsKey() throws {
        for (index, field) in RunMetrics.countFields.enumerated() {
            var metrics = RunMetrics()
            metrics[keyPath: field.keyPath] = index + 1
            let json = try JSONSerialization.jsonObject(with: JSONEncoder().encode(metrics)) as? [String: Any]
            #expect(json?[field.key] as? Int == index + 1, "\(field.key)")
        }
    }

    @Test func sumsAndDefectsGoThroughEveryField() {
        var one = RunMetrics()
        for field in RunMetrics.countFields { one[keyPath: field.keyPath] = 1 }
        let two = one + one
        #expect(RunMetrics.countFields.allSatisfy { two[keyPath: $0.keyPath] == 2 })
        #expect(two.defects == 2 * RunMetrics.defectFields.count)
        #expect(two.defectCounts.map(\.key) == RunMetrics.defectFields.map(\.key))
    }

    /// `+`, `defectValues` and `countValues` read the properties one by one: each field's own value (a
    /// different one per field) lands in its own place.
    @Test func sumsAndDefectValuesKeepEachFieldInItsPlace() {
        var small = RunMetrics()
        var large = RunMetrics()
        for (index, field) in RunMetrics.countFields.enumerated() {
            small[keyPath: field.keyPath] = index + 1
            large[keyPath: field.keyPath] = 100 * (index + 1)
        }
        let sum = small + large
        for (index, field) in RunMetrics.countFields.enumerated() {
            #expect(sum[keyPath: field.keyPath] == 101 * (index + 1), "\(field.key)")
        }
        #expect(small.defectValues == RunMetrics.defectFields.map { small[keyPath: $0.keyPath] })
        #expect(small.countValues == RunMetrics.countFields.map { small[keyPath: $0.keyPath] })
        #expect(small.defects == RunMetrics.defectFields.reduce(0) { $0 + small[keyPath: $1.keyPath] })
    }

    /// `init(detected:)` reads the report property by property: each field with a detector gets
    /// that detector's count (a different one per field), the others stay zero, as the fields'
    /// key paths say.
    @Test func everyDetectorCountLandsInItsField() {
        var report = DetectorReport()
        for (index, field) in RunMetrics.countFields.enumerated() {
            guard let detector = field.detector as? WritableKeyPath<DetectorReport, Int> else { continue }
            report[keyPath: detector] = index + 1
        }
        var expected = RunMetrics()
        for (index, field) in RunMetrics.countFields.enumerated() where field.detector != nil {
            expected[keyPath: field.keyPath] = index + 1
        }
        #expect(RunMetrics.countFields.filter { $0.detector != nil }.count == 11)
        #expect(RunMetrics(detected: report) == expected)
    }

    @Test func theDetectorsCountsArrive() {
        let report = DetectorReport(
            unguardedPops: 1, blockedPops: 2, barGlitches: 3, wrongBarAtRest: 4, frozen: 5, lostDelegateCalls: 6)
        var withUnanswered = report
        withUnanswered.unansweredAttempts = 7
        let metrics = RunMetrics(detected: withUnanswered)
        #expect(
            metrics
                == RunMetrics(
                    unguardedPops: 1, blockedPops: 2, barGlitches: 3, wrongBarAtRest: 4, frozen: 5,
                    lostDelegateCalls: 6, unansweredAttempts: 7))
    }
}
