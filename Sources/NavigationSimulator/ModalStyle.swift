/// How a modal is presented over the navigation controller (R7, R11, R32). The raw values are the
/// `.nav` format's spellings (`present NAME style=fullscreen|pagesheet`).
public enum ModalStyle: String, Sendable, CaseIterable {
    /// `.fullScreen`: the covered screen gets its appearance callbacks and the navigation
    /// controller leaves the window until the modal is dismissed (R7, R32).
    case fullScreen = "fullscreen"
    /// `.pageSheet` (the default since iOS 13): the presenting screen gets **no**
    /// appearance callbacks (R32).
    case pageSheet = "pagesheet"
}
