#if canImport(UIKit)
internal import Foundation
internal import NavigationHooks
internal import ObjectiveC
internal import UIKit

/// The programmatic-pop seam: `popViewController(animated:)`,
/// `popToViewController(_:animated:)`, `popToRootViewController(animated:)` and
/// `setViewControllers(_:animated:)` (rules R4, R5, R12).
///
/// The chosen way: the four methods are replaced once on `UINavigationController`
/// (``MethodPatch``, reference-counted, restored with the last user), which works on any
/// navigation controller without a subclass. Before calling the original the host reports
/// `willPop` with the screens about to leave (top first); after it, `didPop` when the
/// transition completes (`animate(alongsideTransition:completion:)` of the coordinator,
/// skipped when `isCancelled`) or at once when there is no transition (non-animated, or
/// not in a window, R7). Nested calls (UIKit calling one pop method from another) report
/// once. A pop that the edge or content gesture starts (R12) is reported with
/// `isInteractive == true`: UIKit calls `popViewController(animated:)` from the
/// recognizer's `.began`.
///
/// Trade-off against the delegate's `didShow` (no patch, but no `willPop`, no removed list
/// for `popTo`, and nothing at all outside a window, R7): the patch sees every call, with
/// its arguments, before UIKit acts. A subclass override that never calls `super` is not
/// seen (its pop would not happen either).
@MainActor
enum PopOperationsPatch {
    private typealias Pop = @convention(c) (AnyObject, Selector, ObjCBool) -> AnyObject?
    private typealias PopBlock = @convention(block) (AnyObject, ObjCBool) -> AnyObject?
    // The view-controller arguments are optional at the ObjC boundary: the headers declare
    // them non-null, but a caller passing `nil` must reach UIKit (which decides) rather than
    // trap in a Swift block that assumed a value.
    private typealias PopTo = @convention(c) (AnyObject, Selector, AnyObject?, ObjCBool) -> AnyObject?
    private typealias PopToBlock = @convention(block) (AnyObject, AnyObject?, ObjCBool) -> AnyObject?
    private typealias SetStack = @convention(c) (AnyObject, Selector, AnyObject?, ObjCBool) -> Void
    private typealias SetStackBlock = @convention(block) (AnyObject, AnyObject?, ObjCBool) -> Void

    private static let pop = MethodPatch(
        UINavigationController.self, NSSelectorFromString("popViewControllerAnimated:"))
    private static let popTo = MethodPatch(
        UINavigationController.self, NSSelectorFromString("popToViewController:animated:"))
    private static let popToRoot = MethodPatch(
        UINavigationController.self, NSSelectorFromString("popToRootViewControllerAnimated:"))
    private static let setStack = MethodPatch(
        UINavigationController.self, NSSelectorFromString("setViewControllers:animated:"))

    /// `true` when all four methods were found on `UINavigationController`.
    static var isAvailable: Bool {
        pop != nil && popTo != nil && popToRoot != nil && setStack != nil
    }

    static func retain() {
        if let pop {
            let selector = pop.selector
            pop.retain { makePopBlock(.pop, selector: selector, original: $0) }
        }
        if let popToRoot {
            let selector = popToRoot.selector
            popToRoot.retain { makePopBlock(.popToRoot, selector: selector, original: $0) }
        }
        if let popTo {
            let selector = popTo.selector
            popTo.retain { makePopToBlock(selector: selector, original: $0) }
        }
        if let setStack {
            let selector = setStack.selector
            setStack.retain { makeSetStackBlock(selector: selector, original: $0) }
        }
    }

    static func release() {
        for patch in [pop, popTo, popToRoot, setStack] { patch?.release() }
    }

    // The builders are `nonisolated`: a call off the main thread (a bug of the caller's, but
    // not one to trap on) goes to the original unchanged; main-actor state is read only on
    // the main thread.

    private nonisolated static func makePopBlock(_ kind: PopOperationKind, selector: Selector, original imp: IMP)
        -> AnyObject
    {
        let original = unsafeBitCast(imp, to: Pop.self)
        let block: PopBlock = { object, animated in
            guard Thread.isMainThread else { return original(object, selector, animated) }
            nonisolated(unsafe) var result: AnyObject?
            MainActor.assumeIsolated {
                result = around(
                    object, kind, animated: animated.boolValue,
                    removed: { stack in
                        kind == .pop
                            ? (stack.count > 1 ? [stack[stack.count - 1]] : []) : Array(stack.dropFirst().reversed())
                    },
                    perform: { original(object, selector, animated) })
            }
            return result
        }
        return unsafeBitCast(block, to: AnyObject.self)
    }

    private nonisolated static func makePopToBlock(selector: Selector, original imp: IMP) -> AnyObject {
        let original = unsafeBitCast(imp, to: PopTo.self)
        let block: PopToBlock = { object, target, animated in
            guard Thread.isMainThread, let target else { return original(object, selector, target, animated) }
            nonisolated(unsafe) var result: AnyObject?
            MainActor.assumeIsolated {
                result = around(
                    object, .popTo, animated: animated.boolValue,
                    removed: { stack in
                        guard let index = stack.firstIndex(where: { $0 === target }) else { return [] }
                        return Array(stack[(index + 1)...].reversed())
                    },
                    perform: { original(object, selector, target, animated) })
            }
            return result
        }
        return unsafeBitCast(block, to: AnyObject.self)
    }

    private nonisolated static func makeSetStackBlock(selector: Selector, original imp: IMP) -> AnyObject {
        let original = unsafeBitCast(imp, to: SetStack.self)
        let block: SetStackBlock = { object, newStack, animated in
            guard Thread.isMainThread, let newStack else { return original(object, selector, newStack, animated) }
            MainActor.assumeIsolated {
                let incoming = (newStack as? [UIViewController]) ?? []
                _ = around(
                    object, .setViewControllers, animated: animated.boolValue,
                    removed: { stack in
                        Array(stack.filter { old in !incoming.contains { $0 === old } }.reversed())
                    },
                    keepsTop: { stack in stack.last != nil && stack.last === incoming.last },
                    perform: {
                        original(object, selector, newStack, animated)
                        return nil
                    }
                )
            }
        }
        return unsafeBitCast(block, to: AnyObject.self)
    }

    /// Reports around one call of a pop method, then returns the original's result.
    private static func around(
        _ object: AnyObject, _ kind: PopOperationKind, animated: Bool,
        removed computeRemoved: ([UIViewController]) -> [UIViewController],
        keepsTop computeKeepsTop: ([UIViewController]) -> Bool = { _ in false },
        perform: () -> AnyObject?
    ) -> AnyObject? {
        guard let navigationController = object as? UINavigationController,
            let host = UIKitNavigationHost.existing(on: navigationController),
            host.popOperationDepth == 0
        else { return perform() }
        let stack = navigationController.viewControllers
        let removed = computeRemoved(stack)
        if removed.isEmpty && kind != .setViewControllers { return perform() }
        host.popOperationDepth += 1
        let event = host.willPerformPopOperation(
            kind, removed: removed, animated: animated, keepsTop: computeKeepsTop(stack))
        let result = perform()
        host.popOperationDepth -= 1
        if let event { host.didPerformPopOperation(event) }
        return result
    }
}
#endif
