import NavigationHooks
import Testing

/// `NavigationBarLook` and `BarColor` compare with a written-out `==` (the derived one ran the
/// generic `Optional.==` unspecialized in a debug build, on every frame the bar's look was
/// checked). The oracle is the stored properties themselves, listed by `Mirror`: a look that
/// differs from another in any one of them is unequal to it, set or unset, and an equal copy is
/// equal and hashes alike (the hash is still the derived one).
struct LookEqualityTests {
    static let red = BarColor(red: 1, green: 0, blue: 0)
    static let blue = BarColor(red: 0, green: 0, blue: 1)

    static let base = NavigationBarLook(
        background: .color(red), alpha: 0.5, shadowHidden: false, tint: red, titleColor: blue, titleFontSize: 17,
        style: .light)

    /// `base` changed in one stored property each, by the property's name.
    static var variants: [(property: String, look: NavigationBarLook)] {
        var looks: [(String, NavigationBarLook)] = []
        func with(_ property: String, _ change: (inout NavigationBarLook) -> Void) {
            var look = base
            change(&look)
            looks.append((property, look))
        }
        with("background") { $0.background = .color(blue) }
        with("background") { $0.background = .system }
        with("background") { $0.background = .transparent }
        with("alpha") { $0.alpha = 1 }
        with("shadowHidden") { $0.shadowHidden = true }
        with("tint") { $0.tint = blue }
        with("tint") { $0.tint = nil }
        with("titleColor") { $0.titleColor = red }
        with("titleColor") { $0.titleColor = nil }
        with("titleFontSize") { $0.titleFontSize = 20 }
        with("titleFontSize") { $0.titleFontSize = nil }
        with("style") { $0.style = .dark }
        with("style") { $0.style = nil }
        return looks
    }

    @Test func aLookDiffersInEveryStoredPropertyAndEqualsItsCopy() {
        let stored = Set(Mirror(reflecting: Self.base).children.compactMap(\.label))
        #expect(Set(Self.variants.map(\.property)) == stored, "a stored property without a variant")
        for (property, look) in Self.variants {
            #expect(look != Self.base && Self.base != look, "\(property)")
            let copy = look
            #expect(copy == look && copy.hashValue == look.hashValue, "\(property)")
        }
        // Unset on both sides is equal too (the `nil` branches).
        let plain = NavigationBarLook()
        #expect(plain == NavigationBarLook() && plain.hashValue == NavigationBarLook().hashValue)
    }

    @Test func aColorDiffersInEveryComponent() {
        let color = BarColor(red: 0.1, green: 0.2, blue: 0.3, alpha: 0.4)
        let stored = Mirror(reflecting: color).children.compactMap(\.label)
        #expect(stored == ["red", "green", "blue", "alpha"])
        let changed = [
            BarColor(red: 0.9, green: 0.2, blue: 0.3, alpha: 0.4),
            BarColor(red: 0.1, green: 0.9, blue: 0.3, alpha: 0.4),
            BarColor(red: 0.1, green: 0.2, blue: 0.9, alpha: 0.4),
            BarColor(red: 0.1, green: 0.2, blue: 0.3, alpha: 0.9),
        ]
        for other in changed { #expect(other != color) }
        #expect(BarColor(red: 0.1, green: 0.2, blue: 0.3, alpha: 0.4) == color)
    }
}
