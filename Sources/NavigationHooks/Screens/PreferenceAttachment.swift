/// Where a declarative view's screen preferences go, kept apart from UIKit so Linux tests it:
/// the view's destination (found with ``destination(above:parent:isStack:)``), held weakly,
/// moved when the view is re-parented, written on every resolution (hosting controllers rewrite
/// their navigation item when they appear, R62) and taken back when the view goes.
///
/// Where stacks nest, the preference is also carried by the enclosing stacks' children on the
/// way to the view (``NavigationExits/carriers(affectsBar:)``, R75) while the screen is shown:
/// ``carry(_:)`` when it appears, ``dropCarriers()`` when it is about to disappear.
///
/// `NavigationHooksSwiftUI` keeps one per modifier, with `Destination` a `UIViewController`.
@MainActor
public final class PreferenceAttachment<Destination: AnyObject> {
    /// The destination the preference was last written into; `nil` before the first
    /// resolution, after ``detach()``, or once the destination is deallocated.
    public private(set) weak var destination: Destination?
    private struct Carrier { weak var node: Destination? }
    private var carried: [Carrier] = []
    /// The nodes carrying the preference for enclosing stacks (those still alive).
    public var carriers: [Destination] { carried.compactMap(\.node) }
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

    /// Writes the preference into `nodes` (the enclosing stacks' children, R75) and takes it
    /// back from the carriers written before that are not among them. Safe on every appearance.
    public func carry(_ nodes: [Destination]) {
        for old in carriers where !nodes.contains(where: { $0 === old }) { reset(old) }
        carried = nodes.map { Carrier(node: $0) }
        for node in nodes { apply(node) }
    }

    /// The screen is about to stop being shown (covered by a push, popped, its tab left): the
    /// enclosing stacks' exits no longer lead out of it, so the carriers get their default back.
    public func dropCarriers() {
        for node in carriers { reset(node) }
        carried = []
    }

    /// A new value from the view: stored, and written at once into the current destination
    /// and carriers.
    public func update(apply newApply: @escaping @MainActor (Destination) -> Void) {
        apply = newApply
        if let destination { newApply(destination) }
        for node in carriers { newApply(node) }
    }

    /// The view went: the destination and the carriers get their default back and are forgotten.
    public func detach() {
        if let destination { reset(destination) }
        destination = nil
        dropCarriers()
    }
}
