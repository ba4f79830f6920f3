#if canImport(UIKit)
internal import Foundation
internal import NavigationHooks
internal import ObjectiveC
internal import UIKit

/// VoiceOver's escape gesture on a navigation stack (rule R50), through the public
/// `accessibilityPerformEscape()` of the **visible view controller**, which UIKit's
/// navigation controller asks first (UIKit.axbundle's `UINavigationController` escape); a
/// `true` there ends the escape (UIAccessibility.h).
///
/// The method is given to `UIViewController` itself: replaced with ``MethodPatch`` when
/// `UIViewController` defines it, otherwise added with `class_addMethod` (a method cannot be
/// removed again; once the last user leaves, it passes straight through to the inherited
/// implementation). A view controller that overrides `accessibilityPerformEscape()` answers
/// first, as the app intends; calling `super` reaches the hooks.
///
/// Per escape: only a view controller that is the top of a navigation controller whose host
/// has hooks on ``NavigationHooks/NavigationSeams/accessibilityEscape`` asks them, and only
/// where UIKit itself would escape (not the root, not a screen with `hidesBackButton` and no
/// left items: `AccessibilityEscapeDecisions.uikitWouldEscape`), so the patch makes no screen
/// escapable that UIKit would not; `.handled` returns `true` (handled, no pop). Everything
/// else runs the original implementation and answers what it answers.
///
/// Installed twice (retain, release to zero, retain), the method the patch added the first
/// time is used again as it is, never wrapped by a second copy
/// (`AccessibilityEscapeDecisions.installation`).
///
/// With VoiceOver's focus inside the navigation bar, UIKit takes the bar's own escape
/// (R57), which never reaches this method: the back item is triggered and the pop asks
/// `navigationBar(_:shouldPop:)`, where the `shouldPopItem` seam (`ShouldPopItemGuard`) sees
/// it as a back-button pop.
@MainActor
enum AccessibilityEscapePatch {
    private typealias Escape = @convention(c) (AnyObject, Selector) -> Bool
    private typealias EscapeBlock = @convention(block) (AnyObject) -> Bool

    private static let selector = #selector(NSObject.accessibilityPerformEscape)
    private static var users = 0
    private static var patch: MethodPatch?
    private static var added = false

    /// Public API since iOS 5; `true` when `UIViewController` defines the method or inherits
    /// it (the only two cases ``retain()`` can install into).
    static let isAvailable =
        MethodPatch.ownMethod(of: UIViewController.self, selector) != nil
        || class_getInstanceMethod(UIResponder.self, selector) != nil

    static func retain() {
        users += 1
        guard users == 1 else { return }
        if let patch {
            return patch.retain { makeBlock(original: $0) }
        }
        let inheritedMethod = class_getInstanceMethod(UIResponder.self, selector)
        let installation = AccessibilityEscapeDecisions.installation(
            addedEarlier: added, definesMethod: MethodPatch.ownMethod(of: UIViewController.self, selector) != nil,
            inheritsMethod: inheritedMethod != nil)
        switch installation {
        case .reuseAddedMethod:
            // Ours from an earlier install: it reads `users`, so counting is all it needs.
            // (MethodPatch would now find it among UIViewController's own methods and wrap it.)
            break
        case .patchOwnMethod:
            let patch = MethodPatch(UIViewController.self, selector)
            self.patch = patch
            patch?.retain { makeBlock(original: $0) }
        case .addMethod:
            // `class_getInstanceMethod`, not `class_getMethodImplementation`: the latter never
            // returns `nil` and gives the message-forwarding entry point for a selector nobody
            // implements, which as the "original" would end in an unrecognized-selector crash.
            guard let inheritedMethod else { return }
            let inherited = method_getImplementation(inheritedMethod)
            added = class_addMethod(
                UIViewController.self, selector, imp_implementationWithBlock(makeBlock(original: inherited)), "B@:")
        case .unavailable:
            break
        }
    }

    static func release() {
        guard users > 0 else { return }
        users -= 1
        if users == 0 { patch?.release() }
    }

    private nonisolated static func makeBlock(original originalIMP: IMP) -> AnyObject {
        let original = unsafeBitCast(originalIMP, to: Escape.self)
        let selector = #selector(NSObject.accessibilityPerformEscape)
        let block: EscapeBlock = { object in
            guard Thread.isMainThread else { return original(object, selector) }
            let consumed = MainActor.assumeIsolated { () -> Bool in
                guard users > 0, let viewController = object as? UIViewController,
                    let navigationController = viewController.navigationController,
                    AccessibilityEscapeDecisions.uikitWouldEscape(
                        stackCount: navigationController.viewControllers.count,
                        isTop: navigationController.topViewController === viewController,
                        hidesBackButton: viewController.navigationItem.hidesBackButton,
                        hasLeftBarButtonItems: !(viewController.navigationItem.leftBarButtonItems ?? []).isEmpty),
                    let host = UIKitNavigationHost.existing(on: navigationController)
                else { return false }
                return host.accessibilityEscapeRequested(on: viewController) == .handled
            }
            return consumed || original(object, selector)
        }
        return unsafeBitCast(block, to: AnyObject.self)
    }
}
#endif
