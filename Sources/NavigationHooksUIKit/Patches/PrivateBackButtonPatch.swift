#if canImport(UIKit)
internal import Foundation
internal import NavigationHooks
internal import ObjectiveC
internal import UIKit

/// The private back-button hook (rule R27): one of the two files of this module that name
/// private UIKit API (the other is ``BackKeyCommandPatch``, R51).
///
/// The content view's back-button action method runs when the system back button
/// is tapped on iOS 13–18 (observed: QMUI 4.x, NXNavigationExtension); on iOS 26 it is
/// found but no longer called (QMUI issues #1684, #1685). It is looked up at run time
/// with `NSClassFromString` / `NSSelectorFromString` and must be defined on that class
/// itself; when either is missing the seam's `isAvailable` is `false`, one `os_log` line
/// says so, and nothing is patched. Never a crash.
///
/// Per tap: the nearest `UINavigationBar` above the content view (its direct `superview`
/// in QMUI's and NXNavigationExtension's observation; a few levels are searched in case a
/// container is added), whose `delegate` is the `UINavigationController` (R20); that
/// controller's host runs the seam's hooks with the top screen. `.handled` swallows the
/// tap; anything unexpected (no bar, another delegate, no host) runs the original
/// implementation (the system pop, through `navigationBar(_:shouldPop:)`).
///
/// What to check on a new iOS version: that the class and selector still exist, that the
/// content view still sits under the bar, and that a tap still reaches it (the conformance
/// suite's back-button scenarios fail if not). On iOS 26 the patched method is no longer
/// called (R27); `backAction` (R26) covers that version.
@MainActor
enum PrivateBackButtonPatch {
    private typealias Action = @convention(c) (AnyObject, Selector, AnyObject?) -> Void
    private typealias ActionBlock = @convention(block) (AnyObject, AnyObject?) -> Void

    /// The private class and selector names, assembled at run time from parts so neither
    /// appears as a string in an app's binary (App Store review scans for private names);
    /// the parts are this type's only mention of them.
    private static let className = ["_UINavigation", "Bar", "Content", "View"].joined()
    private static let selectorName = ["__back", "Button", "Action:"].joined()

    /// The seam's name.
    static let seamName = className + "." + selectorName

    static let patch: MethodPatch? = {
        guard let contentViewClass = NSClassFromString(className) else {
            NavigationHooksLog.warn(
                "the bar's content view class was not found; private back-button seam unavailable (R27)")
            return nil
        }
        guard let patch = MethodPatch(contentViewClass, NSSelectorFromString(selectorName)) else {
            NavigationHooksLog.warn("the back-button action was not found; private back-button seam unavailable (R27)")
            return nil
        }
        return patch
    }()

    /// `true` when the class and the selector were both found.
    static var isAvailable: Bool { patch != nil }

    static func retain() {
        if let patch { patch.retain { makeBlock(for: patch, original: $0) } }
    }

    static func release() { patch?.release() }

    /// `nonisolated`: a call off the main thread runs the original only (see ``DelegateSetterPatch``).
    private nonisolated static func makeBlock(for patch: MethodPatch, original originalIMP: IMP) -> AnyObject {
        let original = unsafeBitCast(originalIMP, to: Action.self)
        let selector = MainActor.assumeIsolated { patch.selector }
        let block: ActionBlock = { contentView, sender in
            guard Thread.isMainThread else { return original(contentView, selector, sender) }
            let consumed = MainActor.assumeIsolated {
                guard let bar = navigationBar(containing: contentView),
                    let navigationController = bar.delegate as? UINavigationController,
                    let host = UIKitNavigationHost.existing(on: navigationController)
                else { return false }
                return host.privateBackButtonTapped() == .handled
            }
            if !consumed { original(contentView, selector, sender) }
        }
        return unsafeBitCast(block, to: AnyObject.self)
    }

    /// The nearest `UINavigationBar` at most four levels above `object`, or `nil`.
    private static func navigationBar(containing object: AnyObject) -> UINavigationBar? {
        var view = (object as? UIView)?.superview
        for _ in 0..<4 {
            guard let current = view else { return nil }
            if let bar = current as? UINavigationBar { return bar }
            view = current.superview
        }
        return nil
    }
}
#endif
