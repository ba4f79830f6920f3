#if canImport(UIKit)
public import NavigationHooks
public import UIKit

/// ``NavigationHooks/TransitionCoordinating`` over a `UIViewControllerTransitionCoordinator`
/// (rule R14). Created per read of ``UIKitNavigationHost/transitionCoordinator``; holds the
/// coordinator only as long as the caller keeps the adapter.
@MainActor
public final class UIKitTransitionCoordinator: TransitionCoordinating {
    /// The UIKit coordinator.
    public let coordinator: any UIViewControllerTransitionCoordinator

    /// Wraps `coordinator`; the host creates these (``UIKitNavigationHost/transitionCoordinator``).
    init(_ coordinator: any UIViewControllerTransitionCoordinator) {
        self.coordinator = coordinator
    }

    /// `isInteractive` (R9).
    public var isInteractive: Bool { coordinator.isInteractive }
    /// `isCancelled` (R13, R14).
    public var isCancelled: Bool { coordinator.isCancelled }
    /// `isAnimated` (R3).
    public var isAnimated: Bool { coordinator.isAnimated }

    /// `notifyWhenInteractionChanges(_:)` (iOS 10+): runs `body` with `isCancelled` when an
    /// interactive transition is released, on finish and on cancel; never for a
    /// non-interactive transition (R14).
    public func notifyWhenInteractionChanges(
        _ body: @escaping @MainActor (_ isCancelled: Bool) -> Void
    ) {
        coordinator.notifyWhenInteractionChanges { context in
            body(context.isCancelled)
        }
    }
}
#endif
