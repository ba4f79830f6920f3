import NavigationHooks
import Testing

/// A seam removes exactly the hook a token names, in any order, and refuses tokens it does not
/// hold: removed already, or another seam's with the same serial.
@MainActor
struct SeamRemovalTests {
    @Test func tokensRemoveTheirOwnHookInAnyOrder() throws {
        var switches: [String] = []
        let seam = Seam<Int>("numbers", activate: { switches.append("on") }, deactivate: { switches.append("off") })
        let other = Seam<Int>("others")
        let foreign = other.add(100)  // the same serial as the first hook below
        let first = seam.add(1)
        let second = seam.add(2)
        let third = seam.add(3)
        #expect(throws: SeamError.unknownHook(foreign)) { try seam.remove(foreign) }
        try seam.remove(second)
        #expect(seam.hooks == [1, 3])
        #expect(throws: SeamError.unknownHook(second)) { try seam.remove(second) }
        let fourth = seam.add(4)
        try seam.remove(third)
        #expect(seam.hooks == [1, 4])
        try seam.remove(first)
        #expect(seam.hooks == [4] && switches == ["on"])
        try seam.remove(fourth)
        #expect(seam.isEmpty && switches == ["on", "off"])
        #expect(throws: SeamError.unknownHook(first)) { try seam.remove(first) }
        #expect(other.hooks == [100])
    }

    @Test func theLastHookAddedGoesFirst() throws {
        let seam = Seam<String>("names")
        let tokens = ["a", "b", "c"].map { seam.add($0) }
        try seam.remove(tokens[2])
        try seam.remove(tokens[0])
        #expect(seam.hooks == ["b"])
        let late = seam.add("d")
        try seam.remove(tokens[1])
        #expect(seam.hooks == ["d"])
        try seam.remove(late)
        #expect(seam.isEmpty)
    }
}
