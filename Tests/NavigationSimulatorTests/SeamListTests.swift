import NavigationHooks
import NavigationSimulator
import Testing

/// `NavigationSeams.Member` is the one list of seams: it names every stored seam, in order,
/// and `SeamSet` gives each its own bit.
@MainActor
struct SeamListTests {
    @Test func theMembersAreTheStoredSeamsInOrder() {
        let stored = Mirror(reflecting: SimNavigationController(profile: .ios17).seams).children.compactMap(\.label)
        #expect(stored == NavigationSeams.Member.allCases.map(\.rawValue))
    }

    @Test func everyMemberHasItsOwnBit() {
        let sets = NavigationSeams.Member.allCases.map(SeamSet.init)
        #expect(Set(sets.map(\.rawValue)).count == sets.count)
        #expect(sets.allSatisfy { $0.rawValue.nonzeroBitCount == 1 })
        // The bits follow `allCases` (``SeamSet/init(_:)`` spells the positions out).
        #expect(sets.map(\.rawValue) == NavigationSeams.Member.allCases.indices.map { UInt16(1) << $0 })
        #expect(SeamSet.plain.members == NavigationSeams.Member.allCases.filter { $0 != .navigationDelegate })
    }

    @Test func aSeamWithAHookIsReportedAsHooked() {
        let nav = SimNavigationController(profile: .ios17)
        #expect(nav.seamsWithHooks.isEmpty && !nav.hasProxySeamHooks)
        _ = nav.seams.backMenu.add(BackMenuHook())
        #expect(nav.seamsWithHooks.members == [.backMenu])
        #expect(nav.seams.hasHooks(.backMenu))
    }
}
