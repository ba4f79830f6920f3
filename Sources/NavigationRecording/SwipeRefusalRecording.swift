/// Which pop-recognizer refusals a recording writes as a user's swipe.
///
/// A host sees `gestureRecognizerShouldBegin(_:)` for every pan the recognizer considers, not
/// only for the user's attempts to go back: iOS 26's content recognizer asks on any pan in the
/// content area, and UIKit's own delegate answers `false` there for a pan in the wrong
/// direction (in the iOS 26.1 restore image its `gestureRecognizerShouldBegin:` checks only the
/// direction). Writing each refusal as `swipe-back … finish` puts swipes in the recording that
/// the user never made, and each opens the host's window in which the app's own pushes are
/// taken for the swipe's consequence. So a refusal is written only when a hook made it: a
/// hook answered `false` where the previous delegate (UIKit's own, or the app's) would have
/// let the swipe begin, with a screen to go back to. The refusals UIKit makes itself (the
/// root, a hidden bar, a custom left item: R15, R16) are UIKit's, and replaying the recording
/// on the simulator makes them again.
public enum SwipeRefusalRecording {
    /// `true` when the refusal is a hook's and a recording writes it as the user's swipe.
    /// - Parameters:
    ///   - hookAnswer: the first hook's answer, `nil` when every hook passed.
    ///   - previousAnswer: the previous delegate's answer, `nil` when it has none.
    ///   - stackCount: the screens in the navigation stack.
    public static func recordsRefusal(hookAnswer: Bool?, previousAnswer: Bool?, stackCount: Int) -> Bool {
        hookAnswer == false && previousAnswer != false && stackCount > 1
    }
}
