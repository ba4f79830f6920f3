#if canImport(UIKit)
internal import Foundation
internal import NavigationHooks
internal import ObjectiveC
internal import UIKit

/// ⌘[ on a hardware keyboard (rule R51): `UINavigationController` registers a key command
/// whose action is a private method it defines itself, and pops from it without asking
/// `backAction`, the private back-button hook or `navigationBar(_:shouldPop:)`.
///
/// The action is looked up at run time (its name assembled from parts, like R27's) and
/// patched with ``MethodPatch`` on `UINavigationController`; when it is missing (an older
/// iOS, or UIKit renamed it) the seam's `isAvailable` is `false` and nothing is patched.
/// Per key press: the host of the receiving navigation controller runs the
/// ``NavigationHooks/NavigationSeams/backKeyCommand`` hooks with the top screen; `.handled`
/// swallows the press, anything else (no host, no hooks, `.pass`) runs UIKit's pop.
///
/// What to check on a new iOS version: that the selector still exists on
/// `UINavigationController` (iOS 26.1 has it) and that ⌘[ still reaches it.
///
/// Patched only while a hook is on the seam: of the strategy plugins, only
/// `BackKeyCommandGuardPlugin` adds one.
@MainActor
enum BackKeyCommandPatch {
    private typealias Action = @convention(c) (AnyObject, Selector, AnyObject?) -> Void
    private typealias ActionBlock = @convention(block) (AnyObject, AnyObject?) -> Void

    private static let selectorName = ["_perform", "Back", "Key", "Command:"].joined()

    /// Looked up once. Before iOS 15 UIKit has no ⌘[ key command: nothing is looked up and
    /// nothing is logged. From iOS 15 on the action is expected; when it is missing, one log
    /// line says the seam is unavailable.
    static let patch: MethodPatch? = {
        guard #available(iOS 15.0, *) else { return nil }
        guard let patch = MethodPatch(UINavigationController.self, NSSelectorFromString(selectorName)) else {
            NavigationHooksLog.warn("the ⌘[ key command's action was not found; back-key seam unavailable (R51)")
            return nil
        }
        return patch
    }()

    /// `true` on iOS 15+ when `UINavigationController` defines the action.
    static var isAvailable: Bool { patch != nil }

    static func retain() {
        if let patch { patch.retain { makeBlock(for: patch, original: $0) } }
    }

    static func release() { patch?.release() }

    private nonisolated static func makeBlock(for patch: MethodPatch, original originalIMP: IMP) -> AnyObject {
        let original = unsafeBitCast(originalIMP, to: Action.self)
        let selector = MainActor.assumeIsolated { patch.selector }
        let block: ActionBlock = { navigationController, sender in
            guard Thread.isMainThread else { return original(navigationController, selector, sender) }
            let consumed = MainActor.assumeIsolated { () -> Bool in
                guard let navigationController = navigationController as? UINavigationController,
                    let host = UIKitNavigationHost.existing(on: navigationController)
                else { return false }
                return host.backKeyCommandRequested() == .handled
            }
            if !consumed { original(navigationController, selector, sender) }
        }
        return unsafeBitCast(block, to: AnyObject.self)
    }
}
#endif
