/// A colour as plain values (sRGB components 0…1), so the core, the simulator and the `.nav`
/// format carry it without UIKit; the UIKit host turns it into a `UIColor`.
public struct BarColor: Sendable, Hashable, CustomStringConvertible {
    /// Red, 0…1.
    public var red: Double
    /// Green, 0…1.
    public var green: Double
    /// Blue, 0…1.
    public var blue: Double
    /// Opacity, 0…1.
    public var alpha: Double

    /// Creates a colour; components are clamped to 0…1.
    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = Self.clamp(red)
        self.green = Self.clamp(green)
        self.blue = Self.clamp(blue)
        self.alpha = Self.clamp(alpha)
    }

    /// `#RRGGBB` or `#RRGGBBAA` (the `#` optional); `nil` for anything else.
    public init?(hex: String) {
        let digits = hex.hasPrefix("#") ? hex.dropFirst() : Substring(hex)
        guard digits.count == 6 || digits.count == 8, let value = UInt32(digits, radix: 16) else { return nil }
        let full = digits.count == 6 ? value << 8 | 0xFF : value
        func component(_ shift: UInt32) -> Double { Double((full >> shift) & 0xFF) / 255 }
        self.init(red: component(24), green: component(16), blue: component(8), alpha: component(0))
    }

    /// Opaque white.
    public static let white = BarColor(red: 1, green: 1, blue: 1)
    /// Opaque black.
    public static let black = BarColor(red: 0, green: 0, blue: 0)

    /// `RRGGBB`, or `RRGGBBAA` when not opaque (no `#`: it starts a comment in a `.nav` file).
    public var hex: String {
        func byte(_ value: Double) -> String {
            let text = String(Int((value * 255).rounded()), radix: 16, uppercase: true)
            return text.count == 1 ? "0" + text : text
        }
        return byte(red) + byte(green) + byte(blue) + (alpha < 1 ? byte(alpha) : "")
    }

    public var description: String { hex }

    /// Equal components. Written out, as ``NavigationBarLook``'s `==` is.
    public static func == (lhs: BarColor, rhs: BarColor) -> Bool {
        lhs.red == rhs.red && lhs.green == rhs.green && lhs.blue == rhs.blue && lhs.alpha == rhs.alpha
    }

    private static func clamp(_ value: Double) -> Double { value.isNaN ? 0 : min(1, max(0, value)) }
}

/// How a screen wants the navigation bar to look while it is on top: background (a colour, the
/// system's, or transparent) and its alpha, the shadow line, tint, title attributes and style.
///
/// Plain values, as HBDNavigationBar (`hbd_barTintColor`, `hbd_barAlpha`, `hbd_barShadowHidden`,
/// `hbd_barStyle`), GKNavigationBarSwift (`gk_navBarAlpha`, `gk_navBackgroundColor`) and
/// NXNavigationExtension (`nx_navigationBarBackgroundColor`, `nx_shadowImage`) let a screen state
/// them. A screen that states none (``ScreenPreferences/navigationBarLook`` `nil`, the default)
/// leaves the app's own appearance alone: a strategy must show the app's look there, not the
/// previous screen's.
///
/// ```swift
/// photo.navigationBarLook = .transparent  // over a full-bleed photo
/// details.navigationBarLook = NavigationBarLook(background: .color(.white), tint: .black)
/// ```
public struct NavigationBarLook: Sendable, Hashable, CustomStringConvertible {
    /// What fills the bar behind its items.
    public enum Background: Sendable, Hashable, CustomStringConvertible {
        /// The system's material (what `configureWithDefaultBackground()` gives).
        case system
        /// A colour (`backgroundColor`, `barTintColor`).
        case color(BarColor)
        /// Nothing: the content shows through (`configureWithTransparentBackground()`).
        case transparent

        public var description: String {
            switch self {
            case .system: "system"
            case .color(let color): color.hex
            case .transparent: "transparent"
            }
        }
    }

    /// The status bar's and title's contrast (`barStyle`).
    public enum Style: String, Sendable, Hashable, CaseIterable {
        /// Dark content on a light bar.
        case light
        /// Light content on a dark bar (`.black`).
        case dark
    }

    /// What fills the bar.
    public var background: Background
    /// The background's opacity, 0…1 (HBDNavigationBar's `hbd_barAlpha`): 1 opaque, 0 the same as
    /// transparent, in between a bar that fades (with scrolling, say).
    public var alpha: Double
    /// `true` hides the hairline under the bar (`shadowColor = nil`, `shadowImage`).
    public var shadowHidden: Bool
    /// The bar buttons' and back indicator's colour (`tintColor`); `nil`: the app's.
    public var tint: BarColor?
    /// The title's colour (`titleTextAttributes[.foregroundColor]`); `nil`: the app's.
    public var titleColor: BarColor?
    /// The title's font size in points (`titleTextAttributes[.font]`); `nil`: the app's.
    public var titleFontSize: Double?
    /// Light or dark; `nil`: the app's.
    public var style: Style?

    /// Creates a look; the defaults are the system bar's.
    public init(
        background: Background = .system, alpha: Double = 1, shadowHidden: Bool = false, tint: BarColor? = nil,
        titleColor: BarColor? = nil, titleFontSize: Double? = nil, style: Style? = nil
    ) {
        self.background = background
        self.alpha = alpha.isNaN ? 1 : min(1, max(0, alpha))
        self.shadowHidden = shadowHidden
        self.tint = tint
        self.titleColor = titleColor
        self.titleFontSize = titleFontSize
        self.style = style
    }

    /// The system bar: what an app that customises nothing shows.
    public static let system = NavigationBarLook()
    /// A transparent bar without a shadow, over a photo or a map.
    public static let transparent = NavigationBarLook(background: .transparent, shadowHidden: true)

    /// How much the background covers the content under it, 0…1.
    public var backgroundOpacity: Double {
        switch background {
        case .system: alpha
        case .color(let color): alpha * color.alpha
        case .transparent: 0
        }
    }

    /// `true` when the background hides the content under it completely.
    public var isOpaque: Bool { backgroundOpacity >= 1 }

    /// The part that belongs to the bar's background (background, alpha, shadow): what slides
    /// with a screen when each screen draws its own background.
    public var backgroundPart: NavigationBarLook {
        NavigationBarLook(background: background, alpha: alpha, shadowHidden: shadowHidden)
    }

    /// The part drawn over the background (tint, title, style).
    public var foregroundPart: NavigationBarLook {
        NavigationBarLook(tint: tint, titleColor: titleColor, titleFontSize: titleFontSize, style: style)
    }

    /// This look's stated values over `base`'s: a `nil` tint, title or style is the base's.
    public func over(_ base: NavigationBarLook) -> NavigationBarLook {
        var merged = self
        merged.tint = tint ?? base.tint
        merged.titleColor = titleColor ?? base.titleColor
        merged.titleFontSize = titleFontSize ?? base.titleFontSize
        merged.style = style ?? base.style
        return merged
    }

    /// Equal in every property. Written out: the derived `==` compares the optionals through
    /// the generic `Optional.==`, which a debug build runs unspecialized, looking up type
    /// metadata on each call, and the simulator compares looks on every frame once looks are in
    /// play.
    public static func == (lhs: NavigationBarLook, rhs: NavigationBarLook) -> Bool {
        // One function, its comparisons in line: the helpers and the derived `Background` `==`
        // it called cost a debug build a call, copies of their arguments and zeroed locals each
        // (~800 instructions a comparison; the simulator compares looks on every frame of a
        // transition once looks are in play). The plain fields first.
        guard lhs.alpha == rhs.alpha, lhs.shadowHidden == rhs.shadowHidden else { return false }
        switch lhs.background {
        case .system: guard case .system = rhs.background else { return false }
        case .transparent: guard case .transparent = rhs.background else { return false }
        case .color(let color): guard case .color(let other) = rhs.background, color == other else { return false }
        }
        switch lhs.tint {
        case .some(let tint): guard case .some(let other) = rhs.tint, tint == other else { return false }
        case .none: if case .some = rhs.tint { return false }
        }
        switch lhs.titleColor {
        case .some(let color): guard case .some(let other) = rhs.titleColor, color == other else { return false }
        case .none: if case .some = rhs.titleColor { return false }
        }
        switch lhs.titleFontSize {
        case .some(let size): guard case .some(let other) = rhs.titleFontSize, size == other else { return false }
        case .none: if case .some = rhs.titleFontSize { return false }
        }
        switch lhs.style {
        case .some(let style): guard case .some(let other) = rhs.style, style == other else { return false }
        case .none: if case .some = rhs.style { return false }
        }
        return true
    }

    /// The `.nav` spelling, the keys of a `screen` line: `look=system|transparent|RRGGBB[AA]`,
    /// then `alpha=`, `shadow=hidden`, `tint=`, `title=`, `title-size=`, `style=` where they
    /// differ from the system bar's (the recorder writes it; the parser reads it back).
    public var description: String {
        var parts = ["look=\(background)"]
        if alpha != 1 { parts.append("alpha=\(alpha)") }
        if shadowHidden { parts.append("shadow=hidden") }
        if let tint { parts.append("tint=\(tint)") }
        if let titleColor { parts.append("title=\(titleColor)") }
        if let titleFontSize { parts.append("title-size=\(titleFontSize)") }
        if let style { parts.append("style=\(style.rawValue)") }
        return parts.joined(separator: " ")
    }
}
