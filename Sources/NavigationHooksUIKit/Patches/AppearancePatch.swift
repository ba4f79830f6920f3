#if canImport(UIKit)
internal import Foundation
internal import NavigationHooks
internal import ObjectiveC
internal import UIKit

/// The appearance seam: `viewWillAppear(_:)`, `viewDidAppear(_:)`, `viewWillDisappear(_:)`
/// and `viewDidDisappear(_:)` of the stack's view controllers (rules R1, R3, R12, R13).
///
/// The chosen way: the four methods are replaced once on `UIViewController` itself
/// (``MethodPatch``), reference-counted across navigation controllers and restored when the
/// last appearance seam empties. The replacement calls the original first, then, if the
/// view controller is a child of a navigation controller whose host has appearance hooks
/// (or was last shown by one: `viewDidDisappear` of a popped screen arrives after it left
/// its parent), reports the callback. Any other view controller pays one `parent` read and
/// one associated-object lookup.
///
/// Trade-off, documented: a subclass that overrides `viewWillAppear(_:)` reaches this code
/// where it calls `super`, usually its first line, so hooks run **before** the rest of the
/// subclass's override, and not at all for an override that never calls `super` (which
/// UIKit's documentation requires). The alternative considered, an invisible child view
/// controller per screen, costs a view controller per screen, changes `children`, and its
/// callbacks' order relative to the parent's is not documented.
@MainActor
enum AppearancePatch {
    private typealias Callback = @convention(c) (AnyObject, Selector, ObjCBool) -> Void
    private typealias CallbackBlock = @convention(block) (AnyObject, ObjCBool) -> Void

    private static let patches: [(AppearancePhase, MethodPatch?)] = [
        (.willAppear, MethodPatch(UIViewController.self, NSSelectorFromString("viewWillAppear:"))),
        (.didAppear, MethodPatch(UIViewController.self, NSSelectorFromString("viewDidAppear:"))),
        (
            .willDisappear,
            MethodPatch(UIViewController.self, NSSelectorFromString("viewWillDisappear:"))
        ),
        (
            .didDisappear, MethodPatch(UIViewController.self, NSSelectorFromString("viewDidDisappear:"))
        ),
    ]

    /// `true` when all four methods were found on `UIViewController`.
    static var isAvailable: Bool { patches.allSatisfy { $0.1 != nil } }

    static func retain() {
        for case (let phase, let patch?) in patches {
            patch.retain { makeBlock(for: patch, phase: phase, original: $0) }
        }
    }

    static func release() {
        for case (_, let patch?) in patches { patch.release() }
    }

    /// `nonisolated`: a call off the main thread runs the original only (see ``DelegateSetterPatch``).
    private nonisolated static func makeBlock(for patch: MethodPatch, phase: AppearancePhase, original originalIMP: IMP)
        -> AnyObject
    {
        let original = unsafeBitCast(originalIMP, to: Callback.self)
        let selector = MainActor.assumeIsolated { patch.selector }
        let block: CallbackBlock = { object, animated in
            original(object, selector, animated)
            guard Thread.isMainThread else { return }
            MainActor.assumeIsolated {
                guard let viewController = object as? UIViewController,
                    let host = UIKitNavigationHost.showing(viewController)
                else { return }
                host.reportAppearance(of: viewController, phase: phase, animated: animated.boolValue)
            }
        }
        return unsafeBitCast(block, to: AnyObject.self)
    }
}
#endif
