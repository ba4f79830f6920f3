import NavigationHooks
import Testing

/// The UIKit host's `AccessibilityEscapePatch` decisions, on Linux.
struct AccessibilityEscapeDecisionTests {
    typealias Decisions = AccessibilityEscapeDecisions

    /// First install: patch the method UIViewController defines, else add one. Installed again
    /// after the added one is there (UIViewController now "defines" it): reuse it, never wrap it.
    @Test func installingTwiceNeverWrapsTheMethodThePatchAdded() {
        #expect(
            Decisions.installation(addedEarlier: false, definesMethod: true, inheritsMethod: true) == .patchOwnMethod)
        #expect(Decisions.installation(addedEarlier: false, definesMethod: false, inheritsMethod: true) == .addMethod)
        #expect(
            Decisions.installation(addedEarlier: true, definesMethod: true, inheritsMethod: true) == .reuseAddedMethod)
        #expect(
            Decisions.installation(addedEarlier: false, definesMethod: false, inheritsMethod: false) == .unavailable)
    }

    /// The hooks see an escape only where UIKit would escape: a top screen above the root with
    /// a back button or left items; never the root, a covered screen, or a screen that hides
    /// its back button and has no left items.
    @Test(arguments: [
        (2, true, false, false, true),
        (2, true, true, true, true),  // left items replace the back button: UIKit activates them (R28)
        (1, true, false, false, false),  // the root: nothing to go back to
        (1, true, false, true, false),  // the root's own left item (a modal's Close) is not a way back
        (3, false, false, false, false),  // not the top screen
        (2, true, true, false, false),  // hidesBackButton and nothing in its place
    ])
    func escapeIsOfferedOnlyWhereUIKitWouldEscape(
        stack: Int, isTop: Bool, hidesBack: Bool, hasLeft: Bool, escapes: Bool
    ) {
        #expect(
            Decisions.uikitWouldEscape(
                stackCount: stack, isTop: isTop, hidesBackButton: hidesBack, hasLeftBarButtonItems: hasLeft) == escapes)
    }
}
