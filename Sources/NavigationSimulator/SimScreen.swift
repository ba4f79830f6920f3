public import NavigationHooks

/// A simulated view controller: a name, a navigation item (custom left button or the
/// system back button), the appearance callbacks, and what the app intends for it.
///
/// The `on…` closures are the app's own overrides of `viewWillAppear(_:)` and friends, so
/// tests and scenarios can write naive fixes as app code. They run before the
/// ``NavigationSeams/appearance`` hooks.
@MainActor
public final class SimScreen: NavigationScreen {
    /// The name shown in timelines and traces.
    public let screenName: String
    /// The preferences plugins read. Initialised from `intent` (bar hidden, gesture enabled);
    /// the app may change them, the simulator never reads them.
    public let navigationPreferences: ScreenPreferences
    /// What the app wants; read only by ``Detectors`` (through the timeline).
    public var intent: ScreenIntent
    /// The navigation item has a custom `leftBarButtonItem` (R28).
    public var hasCustomBackButton: Bool
    /// The custom left button's action; `nil` does nothing when tapped (R28).
    public var customBackAction: (@MainActor () -> Void)?
    /// A horizontal scroll view fills the content and competes with pop swipes (R18, R19).
    public var hasHorizontalScrollView: Bool
    /// `true` from the moment the screen leaves the stack until its pop completes, or
    /// until a cancelled interactive pop puts it back (R12).
    public internal(set) var isMovingFromParent = false

    /// The app's `viewWillAppear(_:)`.
    public var onViewWillAppear: (@MainActor (_ animated: Bool) -> Void)?
    /// The app's `viewDidAppear(_:)`.
    public var onViewDidAppear: (@MainActor (_ animated: Bool) -> Void)?
    /// The app's `viewWillDisappear(_:)`.
    public var onViewWillDisappear: (@MainActor (_ animated: Bool) -> Void)?
    /// The app's `viewDidDisappear(_:)`.
    public var onViewDidDisappear: (@MainActor (_ animated: Bool) -> Void)?

    /// Creates a screen.
    public init(
        _ name: String, intent: ScreenIntent = .init(), hasCustomBackButton: Bool = false,
        hasHorizontalScrollView: Bool = false
    ) {
        self.screenName = name
        self.intent = intent
        self.hasCustomBackButton = hasCustomBackButton
        self.hasHorizontalScrollView = hasHorizontalScrollView
        self.navigationPreferences = ScreenPreferences(
            prefersNavigationBarHidden: intent.barHidden, isPopGestureEnabled: !intent.popGestureDisabled)
    }

    func runAppCallback(_ phase: AppearancePhase, animated: Bool) {
        switch phase {
        case .willAppear: onViewWillAppear?(animated)
        case .didAppear: onViewDidAppear?(animated)
        case .willDisappear: onViewWillDisappear?(animated)
        case .didDisappear: onViewDidDisappear?(animated)
        }
    }
}
