public import NavigationHooks

/// Seed 000's (Seeds.md) naive fix: a delegate that always lets the pop gesture begin, even at the
/// root (which freezes the UI, R16) and during a transition (R17).
@MainActor
public final class AlwaysBeginGestureDelegate: SimGestureDelegate {
    /// `true` also makes horizontal scroll views wait for the pop gesture (R18).
    public let winsOverScrollViews: Bool

    /// Creates the delegate.
    public init(winsOverScrollViews: Bool = false) { self.winsOverScrollViews = winsOverScrollViews }

    /// Always `true`.
    public func gestureShouldBegin(_ kind: PopGestureKind, in nav: SimNavigationController) -> Bool {
        true
    }

    /// ``winsOverScrollViews``.
    public func shouldBeRequiredToFailByScrollView(
        _ kind: PopGestureKind, in nav: SimNavigationController
    ) -> Bool {
        winsOverScrollViews
    }
}
