public import NavigationHooks

/// The content's scroll position under the bar (R103, R131, R132).
extension SimNavigationController {
    /// The user scrolls `screen`'s content away from its top edge (`awayFromTop` `true`) or back
    /// to it. The bar over it switches between its standard and scroll-edge appearances (R103;
    /// on iOS 13–14 only with a large title, R132, which collapses as the content scrolls away).
    /// A screen not in the stack only keeps the position for when it shows.
    public func scroll(_ screen: SimScreen, awayFromTop: Bool) {
        guard screen.isScrolledAwayFromTop != awayFromTop else { return }
        screen.isScrolledAwayFromTop = awayFromTop
        if isIdle { noteBarLookAtRest() }
    }
}

extension SimNavigationController {
    /// The look `screen` wants (`expect look`): its stated look over the app's, or, when it
    /// states none, what UIKit's own bar shows over it with the app's appearance at its scroll
    /// position (R103, R134).
    public func wantedBarLook(of screen: SimScreen) -> NavigationBarLook { wantedLook(of: screen) }
}
