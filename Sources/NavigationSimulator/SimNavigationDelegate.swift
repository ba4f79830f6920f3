/// The app's own `UINavigationControllerDelegate`: the one slot
/// ``SimNavigationController/delegate`` holds.
@MainActor
public protocol SimNavigationDelegate: AnyObject {
    /// `navigationController(_:willShow:animated:)` (R8, R9).
    func willShow(_ screen: SimScreen, animated: Bool)
    /// `navigationController(_:didShow:animated:)` (R8).
    func didShow(_ screen: SimScreen, animated: Bool)
    /// The delegate implements the custom-transition methods (R40); see the default in
    /// `SimNavigationDelegate+Transitions.swift`.
    var implementsTransitionMethods: Bool { get }
    /// Its `responds(to:)` for `willShow` now (R55); default `true`.
    var respondsToWillShow: Bool { get }
    /// A call of `method` sent to it reaches `target` (R55, R56); default: only itself.
    func delivers(_ method: TimelineEvent.DelegateCall.Method, to target: AnyObject) -> Bool
}

extension SimNavigationDelegate {
    /// Its `responds(to:)` for `willShow` now; UIKit reads it when the delegate is set in the
    /// slot and keeps the answer (R55). `true` by default.
    public var respondsToWillShow: Bool { true }

    /// `true` when a call of `method` sent to this delegate reaches `target` (itself, or a
    /// delegate it forwards to). By default only itself.
    public func delivers(_ method: TimelineEvent.DelegateCall.Method, to target: AnyObject) -> Bool {
        self === target
    }
}
