/// A modal being presented or dismissed over the navigation controller (R7, R11, R32).
struct ModalTransition {
    var id: Int
    var isPresenting: Bool
    var style: ModalStyle
    var screen: SimScreen
    var elapsed = 0
}
