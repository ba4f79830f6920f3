public import NavigationHooks

/// What ``TransitionEventsPlugin`` reports.
@MainActor
public enum TransitionEvent {
    /// Screens are about to leave the stack (they are still in it); like QMUI's
    /// `willPopInNavigationControllerWithAnimated:`.
    case willPop(PopOperationEvent)
    /// Screens have left and the transition completed; not sent for a cancelled swipe.
    case didPop(PopOperationEvent)
    /// A stage of an interactive pop: began, changed, finished or cancelled, with the
    /// screens leaving and arriving (QMUI's `poppingByInteractiveGestureRecognizer`).
    case interactivePop(InteractivePopEvent)
    /// `setViewControllers(_:animated:)` kept this top screen: it gets no
    /// `viewWillAppear`, so this is the only notice it has (R5).
    case keptAppearing(any NavigationScreen)
}

/// Seed 002 (QMUI's transition delegate; Seeds.md): one stream of pop events, whatever started the
/// pop — `popViewController`, `popToViewController`, `popToRootViewController`,
/// `setViewControllers`, the back button, the back menu or a swipe.
///
/// - **Seams**: ``NavigationSeams/popOperations`` and ``NavigationSeams/interactivePop``.
/// - **Rules**: R4 (pop-to removes the screens in between silently: they are listed in
///   `removed`), R5 (kept top), R12 (a swipe starts with a pop: `willPop` at `.began`,
///   `isInteractive`), R13 (cancel: no `didPop`).
/// - It observes only: it neither guards pops nor touches the bar.
public struct TransitionEventsPlugin: NavigationPlugin {
    /// `TransitionEvents`.
    public static var pluginName: String { "TransitionEvents" }

    /// Receives every event.
    public var onEvent: @MainActor (TransitionEvent) -> Void

    /// Creates the plugin; `onEvent` gets every event, in order.
    public init(onEvent: @escaping @MainActor (TransitionEvent) -> Void = { _ in }) { self.onEvent = onEvent }

    public func install(on hooks: HookRegistry, recording installation: PluginInstallation) throws {
        let onEvent = onEvent
        installation.addHook(
            PopOperationHook(
                willPop: { event in
                    if event.keepsTop, let top = event.host.topScreen { onEvent(.keptAppearing(top)) }
                    if !event.removed.isEmpty { onEvent(.willPop(event)) }
                },
                didPop: { event in
                    if !event.removed.isEmpty { onEvent(.didPop(event)) }
                }), to: hooks.host.seams.popOperations)
        installation.addHook(InteractivePopHook { onEvent(.interactivePop($0)) }, to: hooks.host.seams.interactivePop)
    }
}
