public import NavigationHooks

/// A library's own pop recognizer that drives UIKit's interactive pop (R71): with one
/// installed, a swipe is the library's pan, not `interactivePopGestureRecognizer`, so hooks
/// on that recognizer's delegate never see it unless the host gives the pan the same seam.
public enum LibraryPopGesture: String, Sendable, CaseIterable {
    /// FDFullscreenPopGesture: a full-screen `UIPanGestureRecognizer` added to the pop
    /// recognizer's view on the first push, given the system recognizer's own target and
    /// action (so it drives UIKit's interactive pop), with the system edge recognizer
    /// disabled. Its delegate begins unless at the root, during a transition, or on a screen
    /// that disabled it (`fd_interactivePopDisabled`: the screen's `isPopGestureEnabled`
    /// here). LazyPop and swiftui-navigation-transitions' pan work the same way.
    case fullscreenPan = "fullscreen-pan"
}

/// FDFullscreenPopGesture's delegate of its full-screen pan (`_FDFullscreenPopGestureRecognizerDelegate`):
/// refuses at the root, during a transition and on a screen that disabled it; asks nothing
/// else (no guard, no `navigationBar(_:shouldPop:)`), so a guarded screen is popped (R71).
/// No failure requirement on scroll views: a horizontal scroll view takes the swipe
/// (FDFullscreenPopGesture #27, #61, #115; R18).
@MainActor
public final class FullscreenPanDelegate: SimGestureDelegate {
    /// Creates the delegate.
    public init() {}

    /// The library's checks: two screens or more, no transition, the screen allows it.
    public func gestureShouldBegin(_ kind: PopGestureKind, in nav: SimNavigationController) -> Bool {
        guard let top = nav.stack.last, nav.stack.count > 1 else { return false }
        return !nav.isTransitioning && top.isPopGestureEnabled
    }

    /// R18: the scroll view may win.
    public func shouldBeRequiredToFailByScrollView(_ kind: PopGestureKind, in nav: SimNavigationController) -> Bool {
        false
    }
}

extension SimNavigationController {
    /// Installs `library`'s pop recognizer (R71): the system edge recognizer is disabled and
    /// an edge ``swipeBack(_:progress:release:onScrollView:)`` is the library's pan. When the
    /// pop-gesture seam has hooks, the pan's delegate gets the seam's proxy too, as the
    /// UIKit host adopts a recognizer added to the pop recognizer's view that drives the pop.
    public func installGestureLibrary(_ library: LibraryPopGesture) {
        guard libraryPanSlot == nil else { return }
        libraryPanSlot = FullscreenPanDelegate()
        isEdgePopGestureEnabled = false
        record(
            .seamCall(seam: "gesture library", detail: "\(library.rawValue) installed, edge recognizer disabled (R71)"))
        if edgeProxy != nil { installLibraryPanProxy() }
    }

    /// Puts the pop-gesture seam's proxy in front of the library pan's delegate.
    func installLibraryPanProxy() {
        guard libraryPanSlot != nil, libraryPanProxy == nil else { return }
        let proxy = GestureDelegateProxy(previous: libraryPanSlot)
        libraryPanProxy = proxy
        libraryPanSlot = proxy
        record(.seamCall(seam: "popGestureRecognizer.delegate", detail: "library pan adopted (R71)"))
    }

    /// Takes the seam's proxy off the library pan.
    func removeLibraryPanProxy() {
        guard let proxy = libraryPanProxy else { return }
        if libraryPanSlot === proxy { libraryPanSlot = proxy.previous }
        libraryPanProxy = nil
    }
}
