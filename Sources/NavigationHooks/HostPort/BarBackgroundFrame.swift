/// Where a screen's own bar background goes in the screen's view (rule R151), computed from
/// what UIKit reports at each layout so a host re-applies it whenever one of them changes
/// (the content scrolls, the device rotates, a large title collapses, a sheet is resized).
///
/// The background covers the navigation controller's view from its top (under the status
/// bar) down to the bar's bottom edge, in the screen view's own coordinates:
///
/// - The bar's frame is taken in the navigation controller's view (the bar's superview), not
///   in the window: in a page sheet the navigation controller's view starts ~50 pt down the
///   window, and a height read in window coordinates would cover that much content
///   (HBDNavigationBar's `fakeBarFrameForViewController:` reads `navigationBar.frame`).
/// - A screen whose view does not extend under the bar (`edgesForExtendedLayout` without
///   `.top`) starts at the bar's bottom: the background sits above its bounds, at
///   `-barMaxY` (HBDNavigationBar's `CGRectMake(0, -height, …)` for a view shorter than the
///   navigation controller's).
/// - A scroll view as the root view (`UITableViewController`, `UICollectionViewController`)
///   shows its content at `bounds.origin` (its `contentOffset`): the background follows the
///   visible top, so at rest under an adjusted inset it sits at `-barMaxY` (HBDNavigationBar's
///   hard-coded `-64` / `-88` for a scroll view at its top) and it stays pinned while the
///   content scrolls instead of scrolling away with it.
///
/// ```swift
/// let frame = BarBackgroundFrame.placing(
///     BarBackgroundFrame.Inputs(barMinY: 47, barHeight: 44, screenViewTop: 0, screenViewWidth: 390))
/// // frame == BarBackgroundFrame(x: 0, y: 0, width: 390, height: 91)
/// ```
public struct BarBackgroundFrame: Sendable, Hashable, CustomStringConvertible {
    /// The rectangle's left edge, in the screen view's coordinates.
    public var x: Double
    /// The rectangle's top edge, in the screen view's coordinates.
    public var y: Double
    /// Its width.
    public var width: Double
    /// Its height.
    public var height: Double

    /// Creates a rectangle.
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    public var description: String { "(\(x), \(y), \(width), \(height))" }

    /// What the host reads from UIKit, afresh at every layout.
    public struct Inputs: Sendable, Hashable {
        /// `navigationBar.frame.minY` in the navigation controller's view: the status bar's
        /// height in a full-screen stack, 0 in a sheet or in landscape on an iPhone.
        public var barMinY: Double
        /// `navigationBar.frame.height`: 44 (32 in compact landscape), more while a large
        /// title shows.
        public var barHeight: Double
        /// The top of the screen's view (its frame's `minY`) in the navigation controller's
        /// view: 0 when it extends under the bar (the default `edgesForExtendedLayout`), the
        /// bar's bottom when it does not.
        public var screenViewTop: Double
        /// The screen view's `bounds.origin.x` (a scroll view's content offset; 0 otherwise).
        public var boundsOriginX: Double
        /// The screen view's `bounds.origin.y` (a scroll view's content offset; 0 otherwise).
        public var boundsOriginY: Double
        /// The screen view's `bounds.width`.
        public var screenViewWidth: Double
        /// `isNavigationBarHidden`: no background then.
        public var isBarHidden: Bool

        /// Creates the inputs; a plain view (origin 0) and a visible bar by default.
        public init(
            barMinY: Double, barHeight: Double, screenViewTop: Double, boundsOriginX: Double = 0,
            boundsOriginY: Double = 0, screenViewWidth: Double, isBarHidden: Bool = false
        ) {
            self.barMinY = barMinY
            self.barHeight = barHeight
            self.screenViewTop = screenViewTop
            self.boundsOriginX = boundsOriginX
            self.boundsOriginY = boundsOriginY
            self.screenViewWidth = screenViewWidth
            self.isBarHidden = isBarHidden
        }
    }

    /// The background's frame in the screen's view, `nil` when there is none to draw (the
    /// bar hidden, or a size that is not finite and positive).
    public static func placing(_ inputs: Inputs) -> BarBackgroundFrame? {
        let barMaxY = inputs.barMinY + inputs.barHeight
        let values = [
            barMaxY, inputs.screenViewTop, inputs.boundsOriginX, inputs.boundsOriginY, inputs.screenViewWidth,
        ]
        guard !inputs.isBarHidden, values.allSatisfy(\.isFinite), barMaxY > 0, inputs.screenViewWidth > 0 else {
            return nil
        }
        // The navigation controller's top, in the screen view's coordinates: its bounds'
        // origin (the visible top) minus how far down the view starts.
        return BarBackgroundFrame(
            x: inputs.boundsOriginX, y: inputs.boundsOriginY - inputs.screenViewTop, width: inputs.screenViewWidth,
            height: barMaxY)
    }

    /// The hairline at the bottom of `self` (HBDNavigationBar's `fakeShadowFrameWithBarFrame:`,
    /// in the background's own coordinates): `hairline` thick, at its bottom edge.
    public func shadow(hairline: Double) -> BarBackgroundFrame {
        let thickness = hairline.isFinite && hairline > 0 ? min(hairline, height) : 0
        return BarBackgroundFrame(x: 0, y: height - thickness, width: width, height: thickness)
    }
}
