/// Which libraries' pop recognizers a host holds with its pop-gesture proxy after a refresh
/// (rule R156), from the ones it holds and the ones that qualify now
/// (``LibraryPopRecognizerCandidate/drivesPop``, R71). A recognizer that stopped qualifying (an
/// app's side-menu pan taken while the edge swipe was off, the edge swipe on again) is
/// released: its delegate gets back what it had and the proxy is detached, so the app's pan is
/// asked only what it was asked without the hooks. One in the middle of a gesture is released
/// when that gesture ends (a delegate changed mid-gesture would answer half a swipe).
public struct LibraryPopAdoption<ID: Hashable>: Sendable, Equatable where ID: Sendable {
    /// Recognizers to give the proxy now.
    public var adopt: [ID]
    /// Recognizers to give back now.
    public var release: [ID]

    /// Creates a plan.
    public init(adopt: [ID], release: [ID]) {
        self.adopt = adopt
        self.release = release
    }

    /// The plan for one refresh.
    ///
    /// - Parameters:
    ///   - held: the recognizers the host holds.
    ///   - qualifying: the recognizers on the pop recognizer's view that qualify now, in order.
    ///   - inGesture: those in `.began` or `.changed`.
    public static func refresh(held: Set<ID>, qualifying: [ID], inGesture: Set<ID>) -> LibraryPopAdoption {
        let now = Set(qualifying)
        return LibraryPopAdoption(
            adopt: qualifying.filter { !held.contains($0) },
            release: held.filter { !now.contains($0) && !inGesture.contains($0) }.sorted { "\($0)" < "\($1)" })
    }
}

/// Whether the host makes a screen's custom back item `.verticalPreferred` on iOS 27.1+ (rule
/// R157, from R124): only an item that stands in for the back button, and only where the app
/// left `axisBehavior` at `.automatic`; the host remembers what it changed and gives it back
/// when the item stops qualifying or the hooks go.
public enum VerticalBarBackItem {
    /// What the host knows of a screen's left item.
    public struct Candidate: Sendable, Hashable {
        /// The screen is the root (no back button to stand in for).
        public var isRoot: Bool
        /// `leftItemsSupplementBackButton`.
        public var supplementsBackButton: Bool
        /// `leftBarButtonItems.count`.
        public var leftItemCount: Int
        /// The item stands in for the back button: the hooks' own back item, or an item whose
        /// image is the system's back chevron (`chevron.backward`, `chevron.left`).
        public var standsInForBackButton: Bool
        /// Its `axisBehavior` is `.automatic`.
        public var isAutomatic: Bool
        /// The host made it `.verticalPreferred` before.
        public var adoptedByHost: Bool
        /// Its `axisBehavior` is `.verticalPreferred` (still the host's value when adopted).
        public var isVerticalPreferred: Bool

        /// Creates a candidate.
        public init(
            isRoot: Bool, supplementsBackButton: Bool, leftItemCount: Int, standsInForBackButton: Bool,
            isAutomatic: Bool, adoptedByHost: Bool, isVerticalPreferred: Bool
        ) {
            self.isRoot = isRoot
            self.supplementsBackButton = supplementsBackButton
            self.leftItemCount = leftItemCount
            self.standsInForBackButton = standsInForBackButton
            self.isAutomatic = isAutomatic
            self.adoptedByHost = adoptedByHost
            self.isVerticalPreferred = isVerticalPreferred
        }

        /// A lone left item on a screen above the root that replaces the back button (R28)
        /// and stands in for it.
        public var qualifies: Bool {
            !isRoot && !supplementsBackButton && leftItemCount == 1 && standsInForBackButton
        }
    }

    /// What the host does with an item.
    public enum Action: Sendable, Hashable {
        /// Make it `.verticalPreferred` and remember it was `.automatic`.
        case adopt
        /// Give it back `.automatic` (the host changed it and it no longer qualifies).
        case restore
        /// Forget it without touching it: the app set another behaviour since.
        case forget
        /// Nothing.
        case leave
    }

    /// The action for `candidate`.
    public static func action(for candidate: Candidate) -> Action {
        if candidate.adoptedByHost {
            guard candidate.isVerticalPreferred else { return .forget }
            return candidate.qualifies ? .leave : .restore
        }
        return candidate.qualifies && candidate.isAutomatic ? .adopt : .leave
    }
}
