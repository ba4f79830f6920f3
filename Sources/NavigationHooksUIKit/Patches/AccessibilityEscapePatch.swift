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
/// The added method finds the inherited implementation **when it is called**, not when it was
/// added: UIKit's accessibility bundle loads when VoiceOver starts, possibly after the patch,
/// and its `UINavigationControllerAccessibility` escape asks the visible view controller and
/// then calls `super` (iOS 26.1 `UIKit.axbundle/UINavigationControllerAccessibility.mm`, the
/// dump R50 cites); an implementation read at install time would shadow one the bundle puts
/// on a superclass later. A replaced method (``MethodPatch``) keeps the usual swizzle rule:
/// the implementation there when it was replaced.
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
            return patch.retain { makeBlock(original: .replaced($0)) }
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
            patch?.retain { makeBlock(original: .replaced($0)) }
        case .addMethod:
            guard inheritedMethod != nil else { return }
            added = class_addMethod(
                UIViewController.self, selector, imp_implementationWithBlock(makeBlock(original: .inherited)), "B@:")
        case .unavailable:
            break
        }
    }

    static func release() {
        guard users > 0 else { return }
        users -= 1
        if users == 0 { patch?.release() }
    }

    /// Where the patched method's original implementation comes from.
    private enum Original {
        /// The implementation ``MethodPatch`` replaced (read when it was replaced).
        case replaced(IMP)
        /// `UIViewController`'s superclass's, looked up at each call (see the type's notes).
        case inherited
    }

    /// The implementation to call after the hooks; `nil` when nothing is inherited any more.
    ///
    /// `class_getInstanceMethod`, not `class_getMethodImplementation`: the latter never
    /// returns `nil` and gives the message-forwarding entry point for a selector nobody
    /// implements, which as the "original" would end in an unrecognized-selector crash.
    private nonisolated static func implementation(of original: Original, _ selector: Selector) -> Escape? {
        switch original {
        case .replaced(let imp):
            return unsafeBitCast(imp, to: Escape.self)
        case .inherited:
            guard let superclass = class_getSuperclass(UIViewController.self),
                let method = class_getInstanceMethod(superclass, selector)
            else { return nil }
            return unsafeBitCast(method_getImplementation(method), to: Escape.self)
        }
    }

    private nonisolated static func makeBlock(original source: Original) -> AnyObject {
        let selector = #selector(NSObject.accessibilityPerformEscape)
        let original: (AnyObject) -> Bool = { object in
            implementation(of: source, selector)?(object, selector) ?? false
        }
        let block: EscapeBlock = { object in
            guard Thread.isMainThread else { return original(object) }
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
            return consumed || original(object)
        }
        return unsafeBitCast(block, to: AnyObject.self)
    }
}
#endif
