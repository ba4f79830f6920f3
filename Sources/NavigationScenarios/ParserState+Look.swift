import NavigationHooks

/// The bar look a `screen` line states (`look=`, `alpha=`, `shadow=`, `tint=`, `title=`,
/// `title-size=`, `style=`): Examples/Scenarios/README.md, "Bar appearance".
extension ParserState {
    /// The `screen` keys that state a look.
    static let lookKeys = ["look", "alpha", "shadow", "tint", "title", "title-size", "style"]

    /// The look the options state, `nil` when none of ``lookKeys`` is given or `look=none` (no
    /// look stated, the default; with no other look key); errors at the value.
    mutating func look(_ line: ScenarioLine, _ keys: [String: ScenarioOption]) -> NavigationBarLook? {
        guard !keys.isEmpty, Self.lookKeys.contains(where: { keys[$0] != nil }) else { return nil }
        if let option = keys["look"], option.value.text == "none" {
            if let other = Self.lookKeys.dropFirst().compactMap({ keys[$0] }).first {
                error(line, other.key, "'look=none' states no look; '\(other.key.text)' needs a look")
            }
            return nil
        }
        var look = NavigationBarLook()
        if let option = keys["look"] {
            switch option.value.text {
            case "system": look.background = .system
            case "transparent": look.background = .transparent
            default:
                if let color = color(line, option) { look.background = .color(color) }
            }
        }
        if let option = keys["alpha"], let alpha = number(line, option.value, named: "alpha", in: 0...1) {
            look.alpha = alpha
        }
        if let option = keys["shadow"] {
            switch option.value.text {
            case "hidden": look.shadowHidden = true
            case "visible": look.shadowHidden = false
            default:
                error(
                    line, option.value, "invalid value '\(option.value.text)' for 'shadow'; expected hidden or visible")
            }
        }
        if let option = keys["tint"] { look.tint = color(line, option) }
        if let option = keys["title"] { look.titleColor = color(line, option) }
        if let option = keys["title-size"] {
            look.titleFontSize = number(line, option.value, named: "title-size", in: 1...200)
        }
        if let option = keys["style"] {
            look.style = NavigationBarLook.Style(rawValue: option.value.text)
            if look.style == nil {
                error(line, option.value, "invalid value '\(option.value.text)' for 'style'; expected light or dark")
            }
        }
        return look
    }

    private mutating func color(_ line: ScenarioLine, _ option: ScenarioOption) -> BarColor? {
        // Hex digits without `#`, which starts a comment in the format.
        if !option.value.text.hasPrefix("#"), let color = BarColor(hex: option.value.text) { return color }
        let also = option.key.text == "look" ? "none, system, transparent or " : ""
        error(
            line, option.value,
            "invalid value '\(option.value.text)' for '\(option.key.text)'; expected \(also)RRGGBB or RRGGBBAA (hex)")
        return nil
    }
}
