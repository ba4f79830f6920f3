#if canImport(UIKit)
internal import Foundation
internal import NavigationHooks
internal import ObjectiveC
internal import UIKit

/// The private back-button hook (rule R27): the only file of this module that names
/// private UIKit API.
///
/// `-[_UINavigationBarContentView __backButtonAction:]` runs when the system back button
/// is tapped on iOS 13–18 (observed: QMUI 4.x, NXNavigationExtension); on iOS 26 it is
/// found but no longer called (QMUI issues #1684, #1685). It is looked up at run time
/// with `NSClassFromString` / `NSSelectorFromString` and must be defined on that class
/// itself; when either is missing the seam's `isAvailable` is `false`, one `os_log` line
/// says so, and nothing is patched. Never a crash.
///
/// Per tap: the nearest `UINavigationBar` above the content view (its direct `superview`
/// in QMUI's and NXNavigationExtension's observation; a few levels are searched in case a
/// container is added), whose `delegate` is the `UINavigationController` (R20); that
/// controller's host runs the seam's hooks with the top screen. `.consumed` swallows the
/// tap; anything unexpected (no bar, another delegate, no host) runs the original
/// implementation (the system pop, through `navigationBar(_:shouldPop:)`).
///
/// What to check on a new iOS version: that the class and selector still exist, that the
/// content view still sits under the bar, and that a tap still reaches it (the conformance
/// suite's back-button scenarios fail if not). On iOS 26 the patched method is no longer
/// called (R27); `backAction` (R26) covers that version.
@MainActor
enum PrivateBackButtonHook {
    private typealias Action = @convention(c) (AnyObject, Selector, AnyObject?) -> Void
    private typealias ActionBlock = @convention(block) (AnyObject, AnyObject?) -> Void

    /// The seam's name.
    static let seamName = "_UINavigationBarContentView.__backButtonAction:"

    static let patch: MethodPatch? = {
        guard let contentViewClass = NSClassFromString("_UINavigationBarContentView") else {
            NavigationHooksLog.warn(
                "_UINavigationBarContentView not found; private back-button seam unavailable (R27)")
            return nil
        }
        guard let patch = MethodPatch(contentViewClass, NSSelectorFromString("__backButtonAction:"))
        else {
            NavigationHooksLog.warn(
                "__backButtonAction: not found; private back-button seam unavailable (R27)")
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

    private static func makeBlock(for patch: MethodPatch, original originalIMP: IMP) -> AnyObject {
        let original = unsafeBitCast(originalIMP, to: Action.self)
        let selector = patch.selector
        let block: ActionBlock = { contentView, sender in
            guard let bar = navigationBar(containing: contentView),
                let navigationController = bar.delegate as? UINavigationController,
                let host = UIKitNavigationHost.existing(on: navigationController),
                host.privateBackButtonTapped() == .consumed
            else {
                original(contentView, selector, sender)
                return
            }
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
