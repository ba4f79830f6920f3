import NavigationHooks
import Testing

/// R71: which recognizers on the pop recognizer's view the UIKit host adopts, against the
/// install pattern of FDFullscreenPopGesture's source
/// (`UINavigationController+FDFullscreenPopGesture.m`): a plain `UIPanGestureRecognizer`
/// added to `interactivePopGestureRecognizer.view`, its delegate a private object of the
/// library's, and `interactivePopGestureRecognizer.enabled = NO`.
struct LibraryPopRecognizerTests {
    @Test func r71_theLibrarysPanIsAdoptedOnceTheSystemRecognizerIsOff() {
        let pan = LibraryPopRecognizerCandidate(
            isPan: true, isUIKitsOwn: false, isEnabled: true, isSystemEdgeRecognizerEnabled: false)
        #expect(pan.drivesPop)
        // The library turns the system recognizer off in the same step it adds the pan: until
        // then the pan does not drive the pop.
        var before = pan
        before.isSystemEdgeRecognizerEnabled = true
        #expect(!before.drivesPop)
    }

    @Test func r71_uikitsOwnAndOtherRecognizersAreLeftAlone() {
        let own = LibraryPopRecognizerCandidate(
            isPan: true, isUIKitsOwn: true, isEnabled: true, isSystemEdgeRecognizerEnabled: false)
        #expect(!own.drivesPop)  // the edge or content recognizer, a bar-hiding pan
        let tap = LibraryPopRecognizerCandidate(
            isPan: false, isUIKitsOwn: false, isEnabled: true, isSystemEdgeRecognizerEnabled: false)
        #expect(!tap.drivesPop)
        let off = LibraryPopRecognizerCandidate(
            isPan: true, isUIKitsOwn: false, isEnabled: false, isSystemEdgeRecognizerEnabled: false)
        #expect(!off.drivesPop)
    }
}
