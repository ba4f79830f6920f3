/// A kind of bar glitch (`barGlitches` in Examples/Scenarios/README.md, "What a run measures").
public enum BarGlitchKind: String, Sendable, CaseIterable, Hashable {
    /// The bar showed at some frame although both ends of the transition want it hidden.
    case visibleWhileBothEndsHidden
    /// The bar changed direction more than once.
    case directionChangedTwice
    /// The bar reached its final state before the transition started moving.
    case finalBeforeMoving
    /// The bar changed during a modal present or dismiss.
    case changedUnderModal
}
