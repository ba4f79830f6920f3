/// How the finger leaves an interactive pop swipe (in a `.nav` file: `finish` or `cancel`).
public enum SwipeRelease: String, Sendable, CaseIterable {
    /// Released far or fast enough: the pop completes.
    case finish
    /// Released back: the pop is undone (R13).
    case cancel
}
