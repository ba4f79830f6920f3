import Foundation
import NavigationConformance
import NavigationHooks
import NavigationScenarioRunner
import NavigationScenarios
import NavigationSimulator
import NavigationStrategies

/// The unasked points (``CombinationRanking/Risk/unaskedPoints``) of any group of runs, from
/// an index made once over all runs: each (profile, file, user input) gets a number and each
/// point a bit, so a combination's points are sets of bits instead of sets of names, and what
/// the ranking asks 512 times costs a few integer operations per run.
///
/// It gives the same list as ``CombinationRanking/unaskedPoints(of:reachable:)``; there is
/// no index (`nil`) when the runs name more points than a bit set holds.
struct UnaskedPointsIndex {
    /// `ios17 draft-editor-tap-back.nav tap-back`, by input number.
    private var descriptions: [String] = []
    /// Point names, by bit.
    private var pointNames: [String] = []
    /// Per input number: the points some run without defects dispatched for it.
    private var reachable: [UInt64] = []
    /// Run `i`'s inputs are `inputs[starts[i]..<starts[i + 1]]`, with the points it dispatched.
    private var starts: [Int] = [0]
    private var inputs: [(number: Int, points: UInt64)] = []

    init?(results: [RunResult]) {
        struct Place: Hashable {
            var profile: String
            var file: String
        }
        struct PlacedInput: Hashable {
            var place: Int
            var input: String
        }
        var places: [Place: Int] = [:]
        var numbers: [PlacedInput: Int] = [:]
        var bits: [String: UInt64] = [:]
        var last: (place: Place, number: Int)?
        starts.reserveCapacity(results.count + 1)
        for result in results {
            // Runs of one scenario and profile come together: their place is the last one.
            let place: Int
            if let last, last.place.profile == result.profile, last.place.file == result.file {
                place = last.number
            } else {
                let key = Place(profile: result.profile, file: result.file)
                place = places[key] ?? places.count
                places[key] = place
                last = (key, place)
            }
            for (input, points) in result.risks.pointsByInput {
                let key = PlacedInput(place: place, input: input)
                let number: Int
                if let known = numbers[key] {
                    number = known
                } else {
                    number = descriptions.count
                    numbers[key] = number
                    descriptions.append(
                        CombinationRanking.InputKey(profile: result.profile, file: result.file, input: input)
                            .description)
                    reachable.append(0)
                }
                var mask: UInt64 = 0
                for point in points {
                    if let bit = bits[point] {
                        mask |= bit
                    } else {
                        guard pointNames.count < 64 else { return nil }
                        let bit: UInt64 = 1 << UInt64(pointNames.count)
                        bits[point] = bit
                        pointNames.append(point)
                        mask |= bit
                    }
                }
                if result.metrics.defects == 0 { reachable[number] |= mask }
                inputs.append((number, mask))
            }
            starts.append(inputs.count)
        }
    }

    /// The points reachable for an input the runs at `indices` met that none of them
    /// dispatched, as `ios17 draft-editor-tap-back.nav tap-back: backButtonAction`, sorted.
    func unaskedPoints(ofRunsAt indices: [Int]) -> [String] {
        var asked: [Int: UInt64] = [:]
        for index in indices {
            for input in inputs[starts[index]..<starts[index + 1]] { asked[input.number, default: 0] |= input.points }
        }
        var unasked: [String] = []
        for (number, points) in asked {
            var missing = reachable[number] & ~points
            while missing != 0 {
                unasked.append(descriptions[number] + ": " + pointNames[missing.trailingZeroBitCount])
                missing &= missing - 1
            }
        }
        return unasked.sorted()
    }
}
