import NavigationRecording
import Testing

/// Which pop-recognizer refusals a UIKit recording writes as the user's swipe. What right
/// looks like comes from UIKit, not from the recorder: in the iOS 26.1 restore image
/// `_UINavigationInteractiveTransition`'s `gestureRecognizerShouldBegin:` checks only the
/// pan's direction (so UIKit's own delegate answers `false` for a pan that was no swipe
/// back), the content recognizer asks on any pan, and at the root UIKit refuses by itself
/// (R16); only a refusal a hook added is a guarded swipe (R15's cases aside, which UIKit makes).
struct SwipeRefusalRecordingTests {
    @Test func onlyAHooksRefusalOfASwipeUIKitWouldLetBeginIsRecorded() {
        // A guard refused a swipe back on a pushed screen: the user's swipe, recorded.
        #expect(SwipeRefusalRecording.recordsRefusal(hookAnswer: false, previousAnswer: true, stackCount: 2))
        #expect(SwipeRefusalRecording.recordsRefusal(hookAnswer: false, previousAnswer: nil, stackCount: 3))
        // A pan in the wrong direction: UIKit's delegate refused it before any hook mattered.
        #expect(!SwipeRefusalRecording.recordsRefusal(hookAnswer: false, previousAnswer: false, stackCount: 2))
        // At the root there is nothing to go back to: no swipe back to record.
        #expect(!SwipeRefusalRecording.recordsRefusal(hookAnswer: false, previousAnswer: true, stackCount: 1))
        // No hook refused: UIKit's answer (or a hook's yes) is no refusal the recording makes.
        #expect(!SwipeRefusalRecording.recordsRefusal(hookAnswer: nil, previousAnswer: false, stackCount: 2))
        #expect(!SwipeRefusalRecording.recordsRefusal(hookAnswer: true, previousAnswer: false, stackCount: 2))
    }
}
