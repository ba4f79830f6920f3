/// Where a device draws the 27.1 vertical bar (`UITraitCollection.verticalBarEdge`, R123).
///
/// Apple's documentation: `.unspecified` on hardware without a vertical bar and in a size class
/// or orientation that uses none (an inner display in portrait); the `.nav` format calls it
/// `none`.
public enum VerticalBarEdge: String, CaseIterable, Sendable {
    /// No vertical bar: every bar is horizontal (`UIVerticalBarEdge.unspecified`).
    case none
    /// The bar is on the leading edge, where the edge pop swipe starts (R122).
    case leading
    /// The bar is on the trailing edge.
    case trailing
}
