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
}
