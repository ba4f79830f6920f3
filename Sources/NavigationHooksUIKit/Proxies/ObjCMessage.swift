#if canImport(UIKit)
internal import Foundation
internal import ObjectiveC

/// Sends a message to a delegate by selector, through its class's implementation: no cast
/// to a Swift protocol, so a delegate that is an `NSProxy`, or that answers by forwarding,
/// gets the call. For a selector the class does not implement,
/// `class_getMethodImplementation` returns the runtime's forwarding entry, which runs the
/// object's `forwardingTarget(for:)` / `forwardInvocation:` as a normal send would.
/// Callers check `responds(to:)` first.
enum ObjCMessage {
    private typealias ObjectToBool = @convention(c) (AnyObject, Selector, AnyObject) -> ObjCBool
    private typealias TwoObjectsToBool = @convention(c) (AnyObject, Selector, AnyObject, AnyObject) -> ObjCBool
    private typealias ObjectToVoid = @convention(c) (AnyObject, Selector, AnyObject?) -> Void
    private typealias ShowCall = @convention(c) (AnyObject, Selector, AnyObject, AnyObject, ObjCBool) -> Void

    private static func implementation(_ target: AnyObject, _ selector: Selector) -> IMP? {
        guard let targetClass = object_getClass(target) else { return nil }
        return class_getMethodImplementation(targetClass, selector)
    }

    /// `-(BOOL)selector:(id)argument`.
    static func bool(_ target: AnyObject, _ selector: Selector, _ argument: AnyObject) -> Bool? {
        guard let imp = implementation(target, selector) else { return nil }
        return unsafeBitCast(imp, to: ObjectToBool.self)(target, selector, argument).boolValue
    }

    /// `-(BOOL)selector:(id)first other:(id)second`.
    static func bool(_ target: AnyObject, _ selector: Selector, _ first: AnyObject, _ second: AnyObject) -> Bool? {
        guard let imp = implementation(target, selector) else { return nil }
        return unsafeBitCast(imp, to: TwoObjectsToBool.self)(target, selector, first, second).boolValue
    }

    /// `-(void)selector:(id)argument`, also a `setDelegate:` (argument may be `nil`).
    static func void(_ target: AnyObject, _ selector: Selector, _ argument: AnyObject?) {
        guard let imp = implementation(target, selector) else { return }
        unsafeBitCast(imp, to: ObjectToVoid.self)(target, selector, argument)
    }

    /// `-(void)navigationController:(id)n willShowViewController:(id)v animated:(BOOL)a` and `didShow`.
    static func show(_ target: AnyObject, _ selector: Selector, _ first: AnyObject, _ second: AnyObject, _ flag: Bool) {
        guard let imp = implementation(target, selector) else { return }
        unsafeBitCast(imp, to: ShowCall.self)(target, selector, first, second, ObjCBool(flag))
    }

    private typealias Getter = @convention(c) (AnyObject, Selector) -> Unmanaged<AnyObject>?
    private typealias ForwardingTargetCall = @convention(c) (AnyObject, Selector, Selector) -> Unmanaged<AnyObject>?

    /// What `object`'s own `forwardingTarget(for:)` returns for `selector`, or `nil` when its
    /// class has no such method (an `NSProxy`): asked, never forwarded.
    static func forwardingTarget(of object: AnyObject, for selector: Selector) -> AnyObject? {
        let query = NSSelectorFromString("forwardingTargetForSelector:")
        guard let objectClass = object_getClass(object), class_getInstanceMethod(objectClass, query) != nil,
            let imp = class_getMethodImplementation(objectClass, query)
        else { return nil }
        return unsafeBitCast(imp, to: ForwardingTargetCall.self)(object, query, selector)?.takeUnretainedValue()
    }

    /// `object`'s delegate as `declaringClass`'s own `delegate` getter returns it: the object
    /// really in the slot, even when a subclass overrides the getter to return the delegate
    /// it forwards to (swift-navigation's `NavigationStackController`, R55).
    static func slotDelegate(of object: AnyObject, declaredOn declaringClass: AnyClass) -> AnyObject? {
        let selector = NSSelectorFromString("delegate")
        guard let imp = class_getMethodImplementation(declaringClass, selector) else { return nil }
        return unsafeBitCast(imp, to: Getter.self)(object, selector)?.takeUnretainedValue()
    }

    /// Sets `object`'s delegate through `declaringClass`'s own `setDelegate:` (as `super`
    /// would), bypassing a subclass override that saves the value instead (R55).
    static func setSlotDelegate(of object: AnyObject, declaredOn declaringClass: AnyClass, to value: AnyObject?) {
        let selector = NSSelectorFromString("setDelegate:")
        guard let imp = class_getMethodImplementation(declaringClass, selector) else { return }
        unsafeBitCast(imp, to: ObjectToVoid.self)(object, selector, value)
    }

    /// Sets `object`'s `delegate` by `setDelegate:` (no cast of `value` to the protocol, so an
    /// `NSProxy` delegate is put back as it was).
    static func setDelegate(of object: AnyObject, to value: AnyObject?) {
        void(object, NSSelectorFromString("setDelegate:"), value)
    }
}
#endif
