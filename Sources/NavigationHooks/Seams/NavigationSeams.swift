/// The interception mechanisms a host offers, one ``Seam`` each. Plugins install hooks on
/// them; the host calls the hooks where UIKit would call the mechanism.
///
/// | seam | UIKit mechanism | rules |
/// |---|---|---|
/// | ``backAction`` | `navigationItem.backAction` (iOS 16+) | R26 |
/// | ``privateBackButtonAction`` | `_UINavigationBarContentView.__backButtonAction:` | R27 |
/// | ``shouldPopItem`` | `navigationBar(_:shouldPop:)`, implementation replaced on the class | R21–R24 |
/// | ``backMenu`` | the back item's long-press menu (iOS 14+) | R25 |
/// | ``navigationDelegate`` | a forwarding proxy for `UINavigationControllerDelegate` | R8–R11 |
/// | ``popGesture`` | forwarding proxies for both pop recognizers' delegates | R15–R19 |
/// | ``appearance`` | `viewWillAppear` … of the stack's view controllers | R1, R12, R13 |
/// | ``popOperations`` | the pop methods and `setViewControllers(_:animated:)` | R4, R5 |
/// | ``interactivePop`` | the pop recognizers' state changes and the coordinator | R12–R14 |
/// | ``accessibilityEscape`` | `accessibilityPerformEscape` of the navigation controller | R50 |
/// | ``backKeyCommand`` | the action of UIKit's own ⌘[ key command (`_performBackKeyCommand:`, **private**) | R51 |
/// | ``responderKeyCommand`` | a ⌘[ key command of the host's own, on the navigation controller in place of UIKit's and on the screens (public) | R78–R80 |
/// | ``sheetDismissal`` | the sheet's `UIAdaptivePresentationControllerDelegate` | R52 |
@MainActor
public final class NavigationSeams {
    /// A tap on the system back button, through `UINavigationItem.backAction` (R26).
    public let backAction: Seam<BackTapHook>
    /// A tap on the system back button, through the private content-view hook (R27). On
    /// iOS 26 the hook is found but no longer called.
    public let privateBackButtonAction: Seam<BackTapHook>
    /// `navigationBar(_:shouldPop:)` (R21–R24).
    public let shouldPopItem: Seam<ShouldPopItemHook>
    /// The long-press back menu (R25).
    public let backMenu: Seam<BackMenuHook>
    /// The navigation controller's delegate, kept and forwarded to (R8–R11).
    public let navigationDelegate: Seam<NavigationDelegateHook>
    /// The edge and content pop recognizers' delegates, kept and forwarded to (R15–R19).
    public let popGesture: Seam<PopGestureHook>
    /// Appearance callbacks of the stack's screens.
    public let appearance: Seam<AppearanceHook>
    /// Programmatic and gesture pops, before and after they happen.
    public let popOperations: Seam<PopOperationHook>
    /// The stages of an interactive pop.
    public let interactivePop: Seam<InteractivePopHook>
    /// VoiceOver's escape gesture on the stack (R50).
    public let accessibilityEscape: Seam<ExitHook>
    /// ⌘[ on a hardware keyboard, through the action of UIKit's own key command, a private
    /// selector (R51).
    public let backKeyCommand: Seam<ExitHook>
    /// ⌘[ on a hardware keyboard, through a key command with the same input and modifiers that
    /// the host declares on each screen above the root and on the navigation controller, where it
    /// takes the place of UIKit's own (`keyCommands`, `removeKeyCommand(_:)`, `addKeyCommand(_:)`,
    /// public API): every responder chain UIKit searches for ⌘[ passes the navigation controller,
    /// wherever the first responder is (R78, R79, R80).
    public let responderKeyCommand: Seam<ExitHook>
    /// The swipe-down of the sheet the navigation controller is presented in (R52).
    public let sheetDismissal: Seam<ExitHook>

    /// Creates the seam set; hosts build each seam with its own activation.
    public init(
        backAction: Seam<BackTapHook>,
        privateBackButtonAction: Seam<BackTapHook>,
        shouldPopItem: Seam<ShouldPopItemHook>,
        backMenu: Seam<BackMenuHook>,
        navigationDelegate: Seam<NavigationDelegateHook>,
        popGesture: Seam<PopGestureHook>,
        appearance: Seam<AppearanceHook>,
        popOperations: Seam<PopOperationHook>,
        interactivePop: Seam<InteractivePopHook>,
        accessibilityEscape: Seam<ExitHook> = Seam("accessibilityPerformEscape", isAvailable: false),
        backKeyCommand: Seam<ExitHook> = Seam("⌘[ key command", isAvailable: false),
        responderKeyCommand: Seam<ExitHook> = Seam("⌘[ key command of the screen", isAvailable: false),
        sheetDismissal: Seam<ExitHook> = Seam("presentationControllerShouldDismiss", isAvailable: false)
    ) {
        self.backAction = backAction
        self.privateBackButtonAction = privateBackButtonAction
        self.shouldPopItem = shouldPopItem
        self.backMenu = backMenu
        self.navigationDelegate = navigationDelegate
        self.popGesture = popGesture
        self.appearance = appearance
        self.popOperations = popOperations
        self.interactivePop = interactivePop
        self.accessibilityEscape = accessibilityEscape
        self.backKeyCommand = backKeyCommand
        self.responderKeyCommand = responderKeyCommand
        self.sheetDismissal = sheetDismissal
    }
}

extension NavigationSeams {
    /// Every seam of ``NavigationSeams`` by name, in declaration order: the one list of seams
    /// the others derive from (the simulator's `SeamSet`, the bench's patched methods). A seam
    /// added to ``NavigationSeams`` gets a case here; ``hasHooks(_:)`` then does not compile
    /// until it knows it, and a test checks the cases against the stored properties.
    public enum Member: String, CaseIterable, Sendable {
        /// ``NavigationSeams/backAction``.
        case backAction
        /// ``NavigationSeams/privateBackButtonAction``.
        case privateBackButtonAction
        /// ``NavigationSeams/shouldPopItem``.
        case shouldPopItem
        /// ``NavigationSeams/backMenu``.
        case backMenu
        /// ``NavigationSeams/navigationDelegate``.
        case navigationDelegate
        /// ``NavigationSeams/popGesture``.
        case popGesture
        /// ``NavigationSeams/appearance``.
        case appearance
        /// ``NavigationSeams/popOperations``.
        case popOperations
        /// ``NavigationSeams/interactivePop``.
        case interactivePop
        /// ``NavigationSeams/accessibilityEscape``.
        case accessibilityEscape
        /// ``NavigationSeams/backKeyCommand``.
        case backKeyCommand
        /// ``NavigationSeams/responderKeyCommand``.
        case responderKeyCommand
        /// ``NavigationSeams/sheetDismissal``.
        case sheetDismissal
    }

    /// `true` when the seam `member` names has hooks installed now.
    public func hasHooks(_ member: Member) -> Bool {
        switch member {
        case .backAction: !backAction.isEmpty
        case .privateBackButtonAction: !privateBackButtonAction.isEmpty
        case .shouldPopItem: !shouldPopItem.isEmpty
        case .backMenu: !backMenu.isEmpty
        case .navigationDelegate: !navigationDelegate.isEmpty
        case .popGesture: !popGesture.isEmpty
        case .appearance: !appearance.isEmpty
        case .popOperations: !popOperations.isEmpty
        case .interactivePop: !interactivePop.isEmpty
        case .accessibilityEscape: !accessibilityEscape.isEmpty
        case .backKeyCommand: !backKeyCommand.isEmpty
        case .responderKeyCommand: !responderKeyCommand.isEmpty
        case .sheetDismissal: !sheetDismissal.isEmpty
        }
    }
}
