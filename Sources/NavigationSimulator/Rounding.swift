/// Rounds half away from zero without libm (`Double.rounded()` needs it linked on Linux).
func roundedToInt(_ value: Double) -> Int {
    value >= 0 ? Int(value + 0.5) : -Int(-value + 0.5)
}
