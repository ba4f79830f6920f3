/// Where a declarative view's screen preferences go, kept apart from UIKit so Linux tests it:
/// the view's destination (found with ``destination(above:parent:isStack:)``), held weakly,
/// moved when the view is re-parented, written on every resolution (hosting controllers rewrite
/// their navigation item when they appear, R62) and taken back when the view goes.
///
/// `NavigationHooksSwiftUI` keeps one per modifier, with `Destination` a `UIViewController`.
@MainActor
public final class PreferenceAttachment<Destination: AnyObject> {
    /// The destination the preference was last written into; `nil` before the first
    /// resolution, after ``detach()``, or once the destination is deallocated.
    public private(set) weak var destination: Destination?
    private var apply: @MainActor (Destination) -> Void
    private let reset: @MainActor (Destination) -> Void

    /// Creates an attachment that writes with `apply` and takes back with `reset`.
    public init(
        apply: @escaping @MainActor (Destination) -> Void, reset: @escaping @MainActor (Destination) -> Void
    ) {
        self.apply = apply
        self.reset = reset
    }

    /// The first of `start` and its ancestors (through `parent`) whose parent is a stack
    /// (`isStack`): a destination of that stack. Never searched from a window: each tab, sheet
    /// and split column has its own stack (R61). `nil` while `start` has no such ancestor (a
    /// representable's controller at its first update, R63).
    public static func destination(
        above start: Destination, parent: (Destination) -> Destination?, isStack: (Destination) -> Bool
    ) -> Destination? {
        var current: Destination? = start
        while let node = current {
            guard let up = parent(node) else { return nil }
            if isStack(up) { return node }
            current = up
        }
        return nil
    }

    /// Writes the preference into `found`; if the previous destination was another one (the
    /// view was re-parented), takes it back from there first. Safe to call on every appearance.
    /// - Returns: `true` when `found` is not `nil` (the preference is in place).
    @discardableResult
    public func resolve(_ found: Destination?) -> Bool {
        if let old = destination, old !== found { reset(old) }
        destination = found
        guard let found else { return false }
        apply(found)
        return true
    }

    /// A new value from the view: stored, and written at once into the current destination.
    public func update(apply newApply: @escaping @MainActor (Destination) -> Void) {
        apply = newApply
        if let destination { newApply(destination) }
    }

    /// The view went: the destination gets its default back and is forgotten.
    public func detach() {
        if let destination { reset(destination) }
        destination = nil
    }
}
