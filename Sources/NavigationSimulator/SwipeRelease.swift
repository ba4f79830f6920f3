/// How the finger leaves an interactive pop swipe.
public enum SwipeRelease: String, Sendable, CaseIterable {
    /// Released far or fast enough: the pop completes.
    case finish
    /// Released back: the pop is undone (R13).
    case cancel
}
