import NavigationHooks
import NavigationSimulator
import Testing

/// `BlendedLook` and `BarLookShown` compare with a written-out `==`: two values that differ in
/// any one stored property (listed by `Mirror`, the oracle) are unequal; equal copies are equal.
struct BlendedLookEqualityTests {
    static let plain = NavigationBarLook()
    static let dark = NavigationBarLook(background: .color(.black), style: .dark)

    @Test func aBlendDiffersInEveryStoredProperty() {
        let blend = BlendedLook(from: Self.plain, to: Self.dark, amount: 0.5)
        #expect(Mirror(reflecting: blend).children.compactMap(\.label) == ["from", "to", "amount"])
        let changed = [
            BlendedLook(from: Self.dark.withAlpha(0.5), to: Self.dark, amount: 0.5),
            BlendedLook(from: Self.plain, to: Self.plain.withAlpha(0.5), amount: 0.5),
            BlendedLook(from: Self.plain, to: Self.dark, amount: 0.25),
        ]
        for other in changed { #expect(other != blend && blend != other) }
        #expect(BlendedLook(from: Self.plain, to: Self.dark, amount: 0.5) == blend)
    }

    @Test func aShownLookDiffersInEveryStoredProperty() {
        let steady = BlendedLook(Self.plain)
        let other = BlendedLook(Self.dark)
        let shown = BarLookShown(overTop: steady, overLeaving: steady, foreground: steady)
        #expect(Mirror(reflecting: shown).children.compactMap(\.label) == ["overTop", "overLeaving", "foreground"])
        let changed = [
            BarLookShown(overTop: other, overLeaving: steady, foreground: steady),
            BarLookShown(overTop: steady, overLeaving: other, foreground: steady),
            BarLookShown(overTop: steady, overLeaving: nil, foreground: steady),
            BarLookShown(overTop: steady, overLeaving: steady, foreground: other),
        ]
        for look in changed { #expect(look != shown && shown != look) }
        #expect(BarLookShown(overTop: steady, overLeaving: steady, foreground: steady) == shown)
        #expect(BarLookShown(overTop: steady, foreground: steady) == BarLookShown(overTop: steady, foreground: steady))
    }
}

extension NavigationBarLook {
    fileprivate func withAlpha(_ alpha: Double) -> NavigationBarLook {
        var look = self
        look.alpha = alpha
        return look
    }
}
