/// The decisions behind the UIKit host's `AccessibilityEscapePatch` (rules R50, R57), kept
/// in plain Swift so Linux tests check them: which way to install the method, and which
/// escapes the seam's hooks may see.
public enum AccessibilityEscapeDecisions {
    /// How to put the seam's `accessibilityPerformEscape` on `UIViewController`.
    public enum Installation: Equatable, Sendable {
        /// `UIViewController` defines the method: replace it (a reversible method patch).
        case patchOwnMethod
        /// `UIViewController` only inherits it: add one that calls the inherited one.
        case addMethod
        /// The method `UIViewController` now has is the one this patch added earlier: use it
        /// again as it is. Wrapping it would stack a second copy that asks the hooks twice.
        case reuseAddedMethod
        /// Neither defined nor inherited: the seam is unavailable.
        case unavailable
    }

    /// How to install, given what `UIViewController` has now.
    /// - Parameters:
    ///   - addedEarlier: the patch already added the method (it cannot be removed again).
    ///   - definesMethod: `UIViewController` has the method among its own (which it also does
    ///     after the patch added it).
    ///   - inheritsMethod: a superclass (`UIResponder`, `NSObject`) implements it.
    public static func installation(addedEarlier: Bool, definesMethod: Bool, inheritsMethod: Bool) -> Installation {
        if addedEarlier { return .reuseAddedMethod }
        if definesMethod { return .patchOwnMethod }
        return inheritsMethod ? .addMethod : .unavailable
    }

    /// `true` when UIKit itself would act on an escape on this top screen, so the seam's
    /// hooks may see it; otherwise the patch calls the original implementation and nothing
    /// else (the patch must not make a screen escapable that UIKit would not escape).
    ///
    /// UIKit's navigation escape (R50; the bar's, R57) leaves a screen through its back
    /// button, or activates its left bar button item: none at the root (nothing to go back
    /// to), none on a screen with `hidesBackButton` and no left items.
    public static func uikitWouldEscape(
        stackCount: Int, isTop: Bool, hidesBackButton: Bool, hasLeftBarButtonItems: Bool
    ) -> Bool {
        guard isTop, stackCount > 1 else { return false }
        return !hidesBackButton || hasLeftBarButtonItems
    }
}
