#if os(macOS) || os(Linux)
import NavigationScenarioRunner
import NavigationScenarios

extension CombinationRanking {
    /// Why a combination has defects, in a form several combinations share: scenario files that
    /// fall short alike (the same profiles, the same metrics) under one reading, the documented
    /// model's or an inferred rule's second one (`R79 alt`). The scorecard lists each cause once
    /// and lets each row cite it, instead of repeating it under every combination.
    struct Cause: Hashable, Sendable {
        /// The second reading the defects come from (`R79 alt`); `nil`: the documented model.
        var reading: String?
        /// The profiles, in ``ScenarioProfile`` order.
        var profiles: [String]
        /// The defect metrics' short labels (`unguarded`), in the report's column order.
        var metrics: [String]
        /// The files' base names, sorted.
        var files: [String]

        /// `ios16–ios27`, `ios13, ios14`, `ios27`: a run of profiles next to each other in
        /// ``ScenarioProfile`` order as a range when it has more than two.
        var profileText: String { Self.profileText(profiles) }

        /// See ``profileText``.
        static func profileText(_ profiles: [String]) -> String {
            let known = ScenarioProfile.allCases.map(\.rawValue)
            var parts: [String] = []
            var run: [String] = []
            func close() {
                if run.count > 2 {
                    parts.append("\(run[0])–\(run[run.count - 1])")
                } else {
                    parts += run
                }
                run = []
            }
            for profile in profiles {
                if let last = run.last, let a = known.firstIndex(of: last), let b = known.firstIndex(of: profile),
                    b == a + 1
                {
                    run.append(profile)
                } else {
                    close()
                    run = [profile]
                }
            }
            close()
            return parts.joined(separator: ", ")
        }
    }

    /// The order of readings: the documented model (`nil`) first, then by rule number
    /// (`R50 alt` before `R120 alt`).
    static func readingOrder(_ reading: String?) -> (Int, String) {
        guard let reading else { return (-1, "") }
        return (Int(reading.dropFirst().prefix { $0.isNumber }) ?? Int.max, reading)
    }

    /// A file label of a shortfall (``fileLabel(_:variant:)``) split again: `a.nav (R50 alt)` →
    /// (`a.nav`, `R50 alt`).
    static func splitFileLabel(_ label: String) -> (file: String, reading: String?) {
        guard label.hasSuffix(" alt)"), let open = label.range(of: " (", options: .backwards) else {
            return (label, nil)
        }
        return (String(label[..<open.lowerBound]), String(label[open.upperBound..<label.index(before: label.endIndex)]))
    }
}

extension CombinationRanking.Entry {
    /// The combination's defects as causes (``CombinationRanking/Cause``): each file's profiles
    /// and metrics under each reading, files that fall short alike grouped. The documented
    /// model's first, then by reading, profiles, metrics.
    var causes: [CombinationRanking.Cause] {
        struct Place: Hashable {
            var file: String
            var reading: String?
        }
        let metricOrder = RunMetrics.defectFields.map(\.label)
        var profiles: [Place: [String]] = [:]
        var metrics: [Place: Set<String>] = [:]
        // Shortfalls come in profile order: each place's profiles are appended in that order.
        for shortfall in shortfalls {
            for label in shortfall.files {
                let (file, reading) = CombinationRanking.splitFileLabel(label)
                let place = Place(file: file, reading: reading)
                if profiles[place]?.last != shortfall.profile { profiles[place, default: []].append(shortfall.profile) }
                metrics[place, default: []].insert(shortfall.label)
            }
        }
        var causes: [CombinationRanking.Cause: [String]] = [:]
        for (place, placeProfiles) in profiles {
            let labels = metricOrder.filter { metrics[place]?.contains($0) == true }
            let key = CombinationRanking.Cause(
                reading: place.reading, profiles: placeProfiles, metrics: labels, files: [])
            causes[key, default: []].append(place.file)
        }
        let known = ScenarioProfile.allCases.map(\.rawValue)
        let order = { (profile: String) in known.firstIndex(of: profile) ?? known.count }
        return causes.map { key, files in
            var cause = key
            cause.files = files.sorted()
            return cause
        }.sorted { a, b in
            if a.reading != b.reading {
                return CombinationRanking.readingOrder(a.reading) < CombinationRanking.readingOrder(b.reading)
            }
            if a.profiles != b.profiles {
                return a.profiles.map(order).lexicographicallyPrecedes(b.profiles.map(order))
            }
            if a.metrics != b.metrics { return a.metrics.lexicographicallyPrecedes(b.metrics) }
            return a.files.lexicographicallyPrecedes(b.files)
        }
    }
}
#endif
