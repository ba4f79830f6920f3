#if canImport(UIKit)
internal import Foundation
internal import NavigationHooks
internal import ObjectiveC
internal import UIKit

/// The `navigationBar(_:shouldPop:)` seam (rules R21–R23).
///
/// `-[UINavigationController navigationBar:shouldPopItem:]` (the navigation controller is
/// its bar's delegate and must stay so, R20) has its implementation replaced **once**, on
/// `UINavigationController` itself, with `method_setImplementation` (R23: from iOS 13.4 an
/// override in a category or extension is no longer called; a replaced class
/// implementation still is). The original implementation is kept and called whenever the
/// hooks allow; the original is put back when the last navigation controller's last hook
/// goes (``MethodPatch``).
///
/// Per call: the navigation controller's host runs the seam's hooks whose installation is
/// `.classImplementation`, in order; the first `false` keeps the item (on iOS 13+
/// returning `false` is enough, R22). Hooks installed as `.extensionOverride` are recorded
/// on the seam but **never called**, which is what UIKit does to such overrides since 13.4
/// (R23); the simulator models the same, so a plugin benchmarked that way behaves the same
/// on a phone. A code pop reaches this method after the screen left the stack (R21); the
/// host still names it from the screens the last pop removed (``PopOperationsPatch``, kept
/// active with this seam for that reason). An item the host cannot name passes through.
@MainActor
enum ShouldPopItemPatch {
    private typealias ShouldPop =
        @convention(c) (AnyObject, Selector, UINavigationBar?, UINavigationItem?) -> ObjCBool
    /// Optional arguments: UIKit's header does not promise non-`nil` here, and a `nil`
    /// bridged into a non-optional Swift parameter traps.
    private typealias ShouldPopBlock =
        @convention(block) (AnyObject, UINavigationBar?, UINavigationItem?) -> ObjCBool

    static let patch = MethodPatch(
        UINavigationController.self, NSSelectorFromString("navigationBar:shouldPopItem:"))

    /// `false` when `UINavigationController` does not implement the method itself.
    static var isAvailable: Bool { patch != nil }

    static func retain() {
        guard let patch else {
            NavigationHooksLog.warn(
                "navigationBar:shouldPopItem: not found on UINavigationController; seam unavailable")
            return
        }
        patch.retain { makeBlock(for: patch, original: $0) }
    }

    static func release() { patch?.release() }

    /// `nonisolated`: a call off the main thread runs the original only (see ``DelegateSetterPatch``).
    private nonisolated static func makeBlock(for patch: MethodPatch, original originalIMP: IMP) -> AnyObject {
        let original = unsafeBitCast(originalIMP, to: ShouldPop.self)
        let selector = MainActor.assumeIsolated { patch.selector }
        let block: ShouldPopBlock = { object, bar, item in
            guard Thread.isMainThread else { return original(object, selector, bar, item) }
            let keeps = MainActor.assumeIsolated {
                guard let item, let navigationController = object as? UINavigationController,
                    let host = UIKitNavigationHost.existing(on: navigationController)
                else { return false }
                return host.shouldPopItem(item) == false
            }
            return keeps ? ObjCBool(false) : original(object, selector, bar, item)
        }
        return unsafeBitCast(block, to: AnyObject.self)
    }
}
#endif
