public import NavigationHooks

/// A pop recognizer's delegate slot (`interactivePopGestureRecognizer.delegate`).
@MainActor
public protocol SimGestureDelegate: AnyObject {
  /// `gestureRecognizerShouldBegin(_:)`.
  func gestureShouldBegin(_ kind: PopGestureKind, in nav: SimNavigationController) -> Bool
  /// `gestureRecognizer(_:shouldBeRequiredToFailBy:)` for a horizontal scroll view's pan:
  /// `true` makes the scroll view wait for the pop recognizer (R18).
  func shouldBeRequiredToFailByScrollView(_ kind: PopGestureKind, in nav: SimNavigationController)
    -> Bool
}

/// The system's default delegate of the pop recognizers (R15, R30): refuses when the bar
/// was hidden with `setNavigationBarHidden`, when the top screen has a custom left button,
/// at the root, and while a transition runs. Sets no failure requirement on scroll views,
/// so a horizontal scroll view wins over the edge swipe (R18).
@MainActor
public final class SystemPopGestureDelegate: SimGestureDelegate {
  /// Creates the default delegate.
  public init() {}

  /// R15, R30: refuses with a hidden bar, a custom left button, at the root, or during a
  /// transition (the last one inferred: UIKit's own delegate is not documented there).
  public func gestureShouldBegin(_ kind: PopGestureKind, in nav: SimNavigationController) -> Bool {
    guard let top = nav.screens.last, nav.screens.count > 1 else { return false }
    if nav.isNavigationBarHidden || top.hasCustomBackButton { return false }  // R15, R30
    return !nav.isTransitioning
  }

  /// R18: no failure requirement: the scroll view may win.
  public func shouldBeRequiredToFailByScrollView(
    _ kind: PopGestureKind, in nav: SimNavigationController
  ) -> Bool {
    false
  }
}

/// Seed 000's naive fix: a delegate that always lets the pop gesture begin, even at the
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
