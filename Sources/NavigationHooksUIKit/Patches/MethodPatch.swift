#if canImport(UIKit)
internal import Foundation
internal import ObjectiveC

/// One instance method whose implementation is replaced with `method_setImplementation`,
/// reference-counted and reversible. The mechanism behind every class-level seam
/// (`navigationBar(_:shouldPop:)` R21–R23, the private back-button hook R27, appearance
/// callbacks, the pop methods, the delegate setters).
///
/// Safety rules:
/// - Only a method the class defines **itself** is patched (`class_copyMethodList`); an
///   inherited one would patch the superclass for every other subclass. `init` fails
///   otherwise and the seam reports `isAvailable == false`.
/// - The replacement is created when the patch is installed and calls the implementation
///   that was there **at that moment** (`originalIMP`, read at install time, so a library
///   that patched the method after this object was created is still called), which makes it
///   a pass-through whenever no hook wants the call.
/// - `release()` puts the original back only if the current implementation is still ours;
///   if another library patched the method after us, ours stays (as a pass-through) so its
///   saved "original" keeps working, and the next `retain()` reuses it.
/// - Every replacement asks the host of the receiving object whether its seam has hooks,
///   so an installed replacement with no hooks behind it is a pure pass-through.
/// - A replacement is never freed with `imp_removeBlock`: a hook may uninstall its plugin
///   from inside the patched method (a guard in `navigationBar(_:shouldPop:)`, say), and
///   the block must outlive that call. One small block per install cycle stays allocated.
/// - `class_copyMethodList` rather than `class_getInstanceMethod`, which also returns
///   inherited methods.
@MainActor
final class MethodPatch {
    /// The class whose method is replaced.
    let patchedClass: AnyClass
    /// The method's selector.
    let selector: Selector
    /// The implementation the installed replacement calls (read at install time).
    private(set) var originalIMP: IMP
    private let method: Method
    private var replacementIMP: IMP?
    private var users = 0

    /// Finds `selector` among `patchedClass`'s own methods; `nil` if it is not defined there.
    init?(_ patchedClass: AnyClass, _ selector: Selector) {
        guard let method = MethodPatch.ownMethod(of: patchedClass, selector) else { return nil }
        self.patchedClass = patchedClass
        self.selector = selector
        self.method = method
        self.originalIMP = method_getImplementation(method)
    }

    /// `true` while at least one user holds the patch.
    var isActive: Bool { users > 0 }

    /// Installs the replacement on the first call. `makeBlock` receives the implementation
    /// being replaced and returns an `@convention(block)` closure whose first parameter is
    /// `self` (no `_cmd`), as `imp_implementationWithBlock` expects, passed as the block
    /// object itself (`unsafeBitCast(block, to: AnyObject.self)`, never boxed in `Any`).
    func retain(block makeBlock: (_ original: IMP) -> AnyObject) {
        users += 1
        // Already installed, or left in place under another library's patch (see `release`).
        guard users == 1, replacementIMP == nil else { return }
        let current = method_getImplementation(method)
        let replacement = imp_implementationWithBlock(makeBlock(current))
        originalIMP = current
        replacementIMP = replacement
        method_setImplementation(method, replacement)
    }

    /// Restores the original implementation when the last user leaves (see the type's rules).
    func release() {
        guard users > 0 else { return }
        users -= 1
        guard users == 0, let replacement = replacementIMP else { return }
        if method_getImplementation(method) == replacement {
            method_setImplementation(method, originalIMP)
            replacementIMP = nil
        } else {
            // Someone patched on top of us and calls `replacement` as their original: it stays
            // in their chain (never freed with `imp_removeBlock`), passes through while no host
            // has hooks, and is reused as is by the next `retain` (no second copy is stacked).
            NavigationHooksLog.warn(
                "\(NSStringFromClass(patchedClass)).\(NSStringFromSelector(selector)) was patched again "
                    + "by someone else; leaving ours in place as a pass-through")
        }
    }

    /// The method `cls` defines itself (not inherited), if any.
    static func ownMethod(of cls: AnyClass, _ selector: Selector) -> Method? {
        var count: UInt32 = 0
        guard let list = class_copyMethodList(cls, &count) else { return nil }
        defer { free(list) }
        for index in 0..<Int(count) where method_getName(list[index]) == selector {
            return list[index]
        }
        return nil
    }
}
#endif
