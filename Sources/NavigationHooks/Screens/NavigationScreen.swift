/// A screen in a navigation stack: a `UIViewController` in an app, a simulated screen in
/// tests. Hosts implement it; plugins and handlers only read it.
///
/// Screens are compared by identity (`===`).
@MainActor
public protocol NavigationScreen: AnyObject {
    /// A human-readable name for traces and timelines (the class name or a title).
    var screenName: String { get }
    /// The per-screen preferences the app sets: the one place every plugin reads.
    var navigationPreferences: ScreenPreferences { get }
    /// `true` when the screen's navigation item has a custom `leftBarButtonItem`, which
    /// replaces the system back button (rule R28).
    var hasCustomBackButton: Bool { get }
    /// `true` when the screen's navigation item hides the back button (`hidesBackButton`):
    /// UIKit's own pop delegate then refuses the swipe (rules R15, R70). Defaults to `false`.
    var isBackButtonHidden: Bool { get }
}

extension NavigationScreen {
    /// `false`: a screen that cannot tell shows its back button.
    public var isBackButtonHidden: Bool { false }
}

/// What a screen means by hiding its back button (a custom `leftBarButtonItem`,
/// `hidesBackButton` / SwiftUI's `navigationBarBackButtonHidden(true)`, or a hidden bar).
///
/// UIKit's own pop-gesture delegate refuses the swipe then (R15, R66), and apps mean opposite
/// things by it. Field reports counted (GitHub issues and pull requests): 15 want
/// the swipe kept behind a hidden or replaced back button (openradar 19031955,
/// WordPress-iOS #6007, subconscious #46, exyte/Chat #61, Central-MakeUs/recap-iOS #86,
/// csync/TogetherStream #310, sascha/DrawerController #38, wix/react-native-navigation #4455 and
/// PR #1391, facebook/react-native #1341, dotnet/maui #17293, unoplatform/uno PR #260,
/// grahammendick/navigation PR #677, aryaxt/iOS-Slide-Menu #104, signalapp/Signal-iOS PR #1866);
/// 4 hide it to lock the swipe (canopas/UIPilot #57, "keep `navigationBarBackButtonHidden` if you
/// also want to prevent popping by swipe"; corona-warn-app/cwa-app-ios PR #1656; Catrobat/Catty
/// PR #592; kirbydesign/designsystem #1135, a web view). Hence the default, ``keepsSwipe``,
/// which is what `PopGestureGuard` has always done; a checkout or payment step that hides its
/// back button to keep the user there says ``locksSwipe``.
public enum HiddenBackButtonIntent: Sendable, Hashable, CaseIterable {
    /// The back button is hidden or replaced for looks: the swipe back keeps working
    /// (`PopGestureGuard` overrides UIKit's R15 refusal). The default.
    case keepsSwipe
    /// The back button is hidden to keep the user on the screen: the swipe stays as dead as
    /// UIKit leaves it, and `PopGestureGuard` refuses it even where another delegate would
    /// let it begin. The app's own pops (and its custom button's action) stay free.
    case locksSwipe
}

extension NavigationScreen {
    /// The screen hides its back button to lock the swipe: it said
    /// ``HiddenBackButtonIntent/locksSwipe`` and shows no system back button on `host` (a hidden
    /// back button, a custom left button, or the bar hidden).
    public func locksSwipe(on host: any NavigationHost) -> Bool {
        navigationPreferences.hiddenBackButtonIntent == .locksSwipe
            && (isBackButtonHidden || hasCustomBackButton || host.isNavigationBarHidden)
    }
}

/// What an app says about one screen. Every plugin reads these, so a screen states its
/// intent once, whichever strategies are installed.
///
/// On UIKit these are properties of the view controller
/// (`viewController.navigationPreferences`); in the simulator, of the simulated screen.
@MainActor
public final class ScreenPreferences {
    /// The screen wants the navigation bar hidden while it is on top.
    public var prefersNavigationBarHidden: Bool {
        get { flags.prefersBarHidden }
        set { flags.prefersBarHidden = newValue }
    }
    /// `false` when the app disabled the pop gestures (edge and content) on this screen.
    public var isPopGestureEnabled: Bool {
        get { flags.isPopGestureEnabled }
        set { flags.isPopGestureEnabled = newValue }
    }
    /// The two flags' storage, behind accessors: another module's direct read of a stored
    /// property checks exclusivity at run time whatever the attribute says (~120 instructions a
    /// read in a debug build), and the simulator reads the bar flag at every transition and
    /// moment at rest. `@exclusivity(unchecked)`: main-actor isolated, each access a load or a
    /// store that holds nothing across a call.
    @exclusivity(unchecked) private var flags: (prefersBarHidden: Bool, isPopGestureEnabled: Bool)
    /// The screen's own pop guard. The dispatcher asks it after every `shouldPop` handler
    /// passed; `nil` (the default) has no opinion.
    public var popGuard: (@MainActor (PopContext) -> PopDecision)? {
        get { guardStorage }
        set { guardStorage = newValue }
    }
    /// Ask before the user leaves: every user path to leave the screen stops and calls it
    /// once, after the handlers and ``popGuard`` passed. `nil` (the default) leaves at once.
    public var leaveConfirmation: LeaveConfirmation? {
        get { confirmationStorage }
        set {
            confirmationStorage = newValue
            asksBeforeLeaving = newValue != nil
        }
    }
    /// The storage of ``popGuard``, ``leaveConfirmation``, ``hiddenBackButtonIntent`` and
    /// ``navigationBarLook``, behind accessors for the reason the flags are: the simulator reads
    /// the confirmation and the look at every transition and user attempt.
    @exclusivity(unchecked) private var guardStorage: (@MainActor (PopContext) -> PopDecision)?
    @exclusivity(unchecked) private var confirmationStorage: LeaveConfirmation?
    @exclusivity(unchecked) private var intentStorage: HiddenBackButtonIntent = .keepsSwipe
    @exclusivity(unchecked) private var lookStorage: NavigationBarLook?
    /// Mirrors `leaveConfirmation != nil` for the dispatcher, which reads it in every user's
    /// `shouldPop`: reading the public property costs a run-time exclusivity check and a
    /// retain. `@exclusivity(unchecked)`: main-actor isolated, written only here.
    @exclusivity(unchecked) private(set) var asksBeforeLeaving = false
    /// What hiding the back button means on this screen (a custom left button, a hidden back
    /// button, a hidden bar): keep the swipe (the default) or lock it. See
    /// ``HiddenBackButtonIntent``.
    public var hiddenBackButtonIntent: HiddenBackButtonIntent {
        get { intentStorage }
        set { intentStorage = newValue }
    }
    /// How the bar should look while the screen is on top; `nil` (the default) leaves the
    /// app's own appearance alone. Read by the appearance strategies (`TransitionBarBackground`,
    /// `ItemBarAppearance`, `LifecycleBarAppearance`); the others ignore it.
    public var navigationBarLook: NavigationBarLook? {
        get { lookStorage }
        set {
            lookStorage = newValue
            statesLook = newValue != nil
            if statesLook { Self.lookStatementCount &+= 1 }
        }
    }
    /// How many times a look was stated on any screen's preferences (``navigationBarLook`` set
    /// to a look) in this process. A host that asks on every frame whether the screens on top
    /// state a look (the simulator's bar look, until looks are in play) asks again only when
    /// this count, its stack or its transition changed: the frame-by-frame check was a twentieth
    /// of a debug build's simulated run.
    @_spi(Hosts) public static var lookStatements: Int { lookStatementCount }
    /// The count's storage, behind a getter for the reason ``statesLook`` is: the simulator reads
    /// it on every frame until looks are in play.
    @exclusivity(unchecked) private static var lookStatementCount = 0
    /// `true` while ``navigationBarLook`` is set, kept as it changes: a host that asks on every
    /// frame (the simulator's bar look) reads a flag instead of copying the look out.
    @inlinable public var statesNavigationBarLook: Bool { statesLook }
    /// The flag's storage: `@exclusivity(unchecked)` (main-actor isolated, written only in
    /// ``navigationBarLook``'s setter), behind a getter because another module's direct read of
    /// a stored property checks exclusivity whatever the attribute says.
    @usableFromInline @exclusivity(unchecked) internal private(set) var statesLook = false

    /// Creates preferences; the defaults are UIKit's: bar visible, gestures enabled, no guard.
    public init(
        prefersNavigationBarHidden: Bool = false,
        isPopGestureEnabled: Bool = true,
        popGuard: (@MainActor (PopContext) -> PopDecision)? = nil
    ) {
        self.flags = (prefersNavigationBarHidden, isPopGestureEnabled)
        self.guardStorage = popGuard
    }
}
