public import NavigationHooks

/// A look as the bar shows it: `from` cross-faded towards `to` by `amount` (0 shows `from`,
/// 1 shows `to`); a look that is not changing has `from == to`.
///
/// Set only by its initializers, which keep `amount` 0 exactly when `to` is a copy of `from`
/// (both branches that give a steady look store one look twice; a cross-fade keeps an amount
/// above 0): comparisons use it to compare a steady look once.
public struct BlendedLook: Sendable, Equatable, CustomStringConvertible {
    /// The look faded out.
    public private(set) var from: NavigationBarLook
    /// The look faded in.
    public private(set) var to: NavigationBarLook
    /// How far, 0…1 (rounded to a thousandth, so equal frames record once).
    public private(set) var amount: Double

    /// Creates a blend; `amount` 0 or `from == to` is the steady look `from`.
    public init(from: NavigationBarLook, to: NavigationBarLook, amount: Double) {
        // The amount before the looks: both tests lead to the same blend, and most blends the bar
        // builds are steady ones (amount 0), where comparing the looks cost a debug build ~800
        // instructions.
        let rounded = Self.rounded(amount)
        self.init(from: from, to: to, rounded: rounded, equal: rounded > 0 && from == to)
    }

    /// `init(from:to:amount:)` with the amount already rounded (``rounded(_:)``, which gives back
    /// a rounded amount unchanged) and `from == to` already known (`equal`; it matters only for
    /// a rounded amount above 0): the bar's look blends the same two looks on every frame of a
    /// transition.
    init(from: NavigationBarLook, to: NavigationBarLook, rounded: Double, equal: Bool) {
        // Each property on its own: a tuple assignment copied both looks once more.
        if rounded <= 0 || equal {
            self.from = from
            self.to = from
            self.amount = 0
        } else if rounded >= 1 {
            self.from = to
            self.to = to
            self.amount = 0
        } else {
            self.from = from
            self.to = to
            self.amount = rounded
        }
    }

    /// `amount` clamped to 0…1 and rounded to a thousandth. `min(1, max(0, amount))` spelled out
    /// (NaN gives 0, as there): a debug build runs the generic `min` and `max` unspecialized, and
    /// the bar's look rounds an amount on every frame.
    static func rounded(_ amount: Double) -> Double {
        let atLeastZero = amount >= 0 ? amount : 0
        return ((atLeastZero < 1 ? atLeastZero : 1) * 1000).rounded() / 1000
    }

    /// A look shown steadily: what `init(from: look, to: look, amount: 0)` gives, whichever of
    /// its branches runs (an amount of 0 keeps `from`), without comparing the look with itself
    /// (~1,000 instructions a call in a debug build, and the bar's look builds several a frame).
    public init(_ look: NavigationBarLook) {
        from = look
        to = look
        amount = 0
    }

    /// The one look shown, or `nil` while cross-fading.
    public var steady: NavigationBarLook? { amount == 0 && from == to ? from : nil }

    public var description: String { steady.map { "\($0)" } ?? "\(from) -> \(to) @\(amount)" }

    /// Equal looks and amount. Written out, the amount first: the bar's look is compared on
    /// every frame once looks are in play, and a cross-fade's frames differ in their amount,
    /// which the derived `==` compared after both looks. At an amount of 0 both `to`s are copies
    /// of their `from`s, so comparing them would repeat the `from`s' comparison (~450
    /// instructions a look in a debug build).
    public static func == (lhs: BlendedLook, rhs: BlendedLook) -> Bool {
        lhs.amount == rhs.amount && lhs.from == rhs.from && (lhs.amount == 0 || lhs.to == rhs.to)
    }

    /// `true` when this is `look` shown steadily (`from == to && from == look`): at an amount of
    /// 0 `to` is a copy of `from`, and `from == look` holds only when `from` equals itself; a
    /// cross-fade's `from` and `to` differ.
    func isSteady(_ look: NavigationBarLook) -> Bool { amount == 0 && from == look }
}

/// What the bar shows at a moment: the background over the top screen (the arriving one
/// during a transition), over the leaving screen during a transition, and the items' tint,
/// title and style (one set for the bar).
public struct BarLookShown: Sendable, Equatable, CustomStringConvertible {
    /// The background (``NavigationBarLook/backgroundPart``) over the top screen.
    public var overTop: BlendedLook
    /// The background over the leaving screen; `nil` outside a transition.
    public var overLeaving: BlendedLook?
    /// The tint, title and style (``NavigationBarLook/foregroundPart``).
    public var foreground: BlendedLook

    /// Creates a record.
    public init(overTop: BlendedLook, overLeaving: BlendedLook? = nil, foreground: BlendedLook) {
        self.overTop = overTop
        self.overLeaving = overLeaving
        self.foreground = foreground
    }

    /// Equal parts. Written out: the derived `==` compares ``overLeaving`` through the generic
    /// `Optional.==`, unspecialized in a debug build, and the bar's look is compared on every
    /// frame once looks are in play.
    public static func == (lhs: BarLookShown, rhs: BarLookShown) -> Bool {
        guard lhs.overTop == rhs.overTop, lhs.foreground == rhs.foreground else { return false }
        switch (lhs.overLeaving, rhs.overLeaving) {
        case (nil, nil): return true
        case (let leaving?, let other?): return leaving == other
        default: return false
        }
    }

    public var description: String {
        "look over top: \(overTop)" + (overLeaving.map { "; over leaving: \($0)" } ?? "") + "; items: \(foreground)"
    }
}

/// The bar's look in a ``Timeline``: what it shows (recorded when it changes) and what the
/// screens want (at a transition's first frame and at each moment at rest). Recorded only once
/// looks are in play (a screen states one, or a strategy set one), so runs without looks keep
/// their timelines.
public enum BarLookRecord: Sendable, Equatable, CustomStringConvertible {
    /// What the bar shows from this event on.
    case shown(BarLookShown)
    /// The transition `id` started: the looks its two screens want (their stated look over
    /// the app's, or the app's), and whether each wants the bar hidden.
    case transition(
        id: Int, leaving: NavigationBarLook, arriving: NavigationBarLook, leavingHidden: Bool, arrivingHidden: Bool)
    /// A moment at rest: the look the top screen wants, whether it wants the bar hidden, and
    /// whether a full-screen modal covers the stack.
    case rest(top: NavigationBarLook, hidden: Bool, covered: Bool)

    public var description: String {
        switch self {
        case .shown(let shown): "bar shows \(shown)"
        case .transition(let id, let leaving, let arriving, _, _):
            "transition #\(id) wants look \(leaving) -> \(arriving)"
        case .rest(let top, let hidden, let covered):
            "at rest wants look \(top)\(hidden ? " (bar hidden)" : "")\(covered ? " covered" : "")"
        }
    }
}
