@_spi(Hosts) public import NavigationHooks

/// The bar's look: what the appearance mechanisms set (``BarAppearanceHost``) and what the bar
/// shows from it, frame by frame (R100–R105, R130–R134).
///
/// UIKit has one bar: its tint, its legacy properties and its own appearances are properties
/// of that one view, and the last write wins whoever wrote it (R130). Only the item
/// appearances and the screens' own background views belong to a screen.
struct SimBarLookState {
    /// The app's own standard appearance (``SimNavigationController/appBarLook``).
    var app = NavigationBarLook.system {
        didSet { version &+= 1 }
    }
    /// The app's own scroll-edge appearance (``SimNavigationController/appScrollEdgeLook``);
    /// `nil`: the standard one with a transparent background at the scroll edge (R103).
    var appScrollEdge: NavigationBarLook? {
        didSet { version &+= 1 }
    }
    /// The bar's legacy properties (background, shadow, title attributes, `barStyle`), as last
    /// written by ``SimNavigationController/setSharedBarLook(_:)`` (R100, R130).
    var legacy: NavigationBarLook? {
        didSet { version &+= 1 }
    }
    /// The bar's `tintColor` as last written, by whichever call wrote it (R130); `nil`: the app's.
    var tint: BarColor? {
        didSet { version &+= 1 }
    }
    /// Each screen's navigation item appearances, by screen.
    var items: [ObjectIdentifier: SimItemAppearance] = [:] {
        didSet { version &+= 1 }
    }
    /// Each screen's own background view, by screen.
    var backgrounds: [ObjectIdentifier: SimScreenBackground] = [:] {
        didSet { version &+= 1 }
    }
    /// Counts the writes to the six properties above (whether or not a write changed the value):
    /// the bar's part of what ``SimNavigationController/currentBarLook()`` reads.
    var version = 0
    /// `true` once looks are in play: nothing is recorded before.
    var isActive = false
    var lastShown: BarLookShown?
    /// What ``SimNavigationController/currentBarLook()`` read when the frame that recorded
    /// ``lastShown`` (or found it unchanged) computed it; `nil` before.
    var lastShownInputs: ShownLookInputs?
    /// The last transition frame's parts (``SimNavigationController/recordBarLook()``).
    var transitionParts: TransitionLookParts?
    /// How many times ``SimNavigationController/recordBarLook()`` computed the look.
    var computedLooks = 0
    /// The transition whose wanted looks were recorded.
    var recordedTransition: Int?
    /// The bar's visible fraction when the running transition began (R104).
    var barAtTransitionStart: (id: Int, fraction: Double)?
    /// ``BarAppearanceHost/lookChangeHandler``.
    var lookChangeHandler: (@MainActor (any NavigationScreen) -> Void)?
}

/// Everything ``SimNavigationController/currentBarLook()`` (and the
/// ``SimNavigationController/itemLook(of:)`` it asks) reads, as counters and the few values read
/// directly: equal inputs give an equal look. They read the transition (whether there is one, animated and not covered, its leaving and arriving
/// screens, its id, its progress), the stack's top, the bar's looks (``SimBarLookState``'s app,
/// scroll-edge, legacy, tint, item and background properties), the bar's fraction at the
/// transition's start (R104; stored at the transition's first computed frame and not changed
/// while it runs), each shown screen's scroll-edge state (its scroll position and large title,
/// R103, R131, R132), the arriving screen's `prefersNavigationBarHidden`, and the profile (a
/// constant of the controller).
struct ShownLookInputs {
    /// `transitionChanges`: the transition object, so its id, animation, cover and screens
    /// (all constants of the coordinator).
    var transition: Int
    /// `stackChanges`: the top screen outside a transition.
    var stack: Int
    /// ``SimBarLookState/version``: the bar's looks.
    var looks: Int
    /// 0: progress at or below 0 (or no transition), 1: in between, 2: at or beyond 1. The look
    /// depends on the progress only through this, unless ``fadesWithProgress``.
    var phase: Int
    /// The progress, compared only when ``fadesWithProgress``.
    var progress: Double
    /// `true` when the computed look cross-faded the items with the progress (R102) and shows
    /// the amount (``TransitionLookParts/showsAmount``): then the exact progress is an input.
    var fadesWithProgress = false
    /// `usesScrollEdge` of the top screen (or the leaving one), and of the arriving one.
    var firstAtScrollEdge: Bool
    var secondAtScrollEdge: Bool
    /// The arriving screen's `prefersNavigationBarHidden` (R104's mirror).
    var arrivingHidden: Bool

    /// Equal in every input read; the progress only if the look faded with it.
    func gaveSameLook(as other: ShownLookInputs) -> Bool {
        transition == other.transition && stack == other.stack && looks == other.looks && phase == other.phase
            && firstAtScrollEdge == other.firstAtScrollEdge && secondAtScrollEdge == other.secondAtScrollEdge
            && arrivingHidden == other.arrivingHidden
            && (!other.fadesWithProgress || progress == other.progress)
    }

    /// `true` when both frames cross-faded the items and showed the amount
    /// (``fadesWithProgress``), strictly between its ends, with every input but the progress
    /// the same (``sameButProgress(as:)``), and the amounts rounded as the look rounds them
    /// (``BlendedLook/rounded(_:)``) differ: then the two looks differ.
    ///
    /// The two frames blend the same parts (``TransitionLookParts``: their inputs are the same)
    /// by their own amounts, and a look that shows the amount has a part that is not steady:
    /// the foregrounds differ, or the screens draw no background of their own and the
    /// backgrounds or the foregrounds differ (``TransitionLookParts/showsAmount``). That part's
    /// blend keeps the rounded amount, which ``BlendedLook``'s `==` compares.
    func showsAnotherAmount(than other: ShownLookInputs) -> Bool {
        // A test a line: `&&` retains its operands for its closures in a debug build.
        if !fadesWithProgress || !other.fadesWithProgress { return false }
        if phase != 1 || other.phase != 1 { return false }
        // In thousandths: in phase 1 the progress is strictly between 0 and 1, which
        // `BlendedLook.rounded(_:)` leaves unclamped and rounds as here before dividing by 1,000
        // (a whole number of thousandths from 1 to 999 is strictly between the ends, and two
        // differ exactly when their quotients do). Asked as `>` and `<`: a NaN progress (phase
        // 1 too) is not between them.
        let thousandths = (progress * 1000).rounded()
        if !(thousandths > 0) { return false }
        if !(thousandths < 1000) { return false }
        let otherThousandths = (other.progress * 1000).rounded()
        if !(otherThousandths > 0) { return false }
        if !(otherThousandths < 1000) { return false }
        if thousandths == otherThousandths { return false }
        return sameButProgress(as: other)
    }

    /// Equal in every input but the progress (and its phase): a transition's frames while only
    /// the progress moves.
    func sameButProgress(as other: ShownLookInputs) -> Bool {
        transition == other.transition && stack == other.stack && looks == other.looks
            && firstAtScrollEdge == other.firstAtScrollEdge && secondAtScrollEdge == other.secondAtScrollEdge
            && arrivingHidden == other.arrivingHidden
    }
}

/// What a transition's frame computes before blending with the progress: the two screens' item
/// looks and whether UIKit runs an item transition between them. They read every input of
/// ``ShownLookInputs`` but the progress, so they hold for the transition's next frames while
/// only the progress moves (a cross-fade: each frame's look differs, these do not).
///
/// Each frame blends the looks' foreground and background parts by the progress: the parts, and
/// whether each pair is equal (what ``BlendedLook/init(from:to:amount:)`` compares), are worked
/// out here once (in a debug build a part cost ~500 instructions, a comparison ~450). A class
/// of constants: each frame reads it through a reference, where a debug build copied the
/// struct's ~1.6 KB twice a frame.
final class TransitionLookParts {
    /// The frame's inputs, when the parts are kept for the next frames (``ShownLookInputs``).
    let inputs: ShownLookInputs?
    let from: NavigationBarLook
    let to: NavigationBarLook
    let itemTransition: Bool
    /// What shows over the leaving and the arriving screen while screens draw their own
    /// backgrounds; `nil` when none does.
    let ownBackgrounds: (leaving: BlendedLook, arriving: BlendedLook)?
    /// `from`'s and `to`'s ``NavigationBarLook/foregroundPart``s and ``NavigationBarLook/backgroundPart``s.
    let foregrounds: (from: NavigationBarLook, to: NavigationBarLook)
    let backgrounds: (from: NavigationBarLook, to: NavigationBarLook)
    /// `from == to`, and the same of their foreground and background parts.
    let equal: (looks: Bool, foregrounds: Bool, backgrounds: Bool)
    /// `false` when a cross-fade's frames all show the same look whatever its amount: the two
    /// looks are equal (every blend shows `from`'s parts), or the screens draw their own
    /// backgrounds (the blended background is not shown) and the foregrounds are equal (each
    /// blend shows `from`'s or the equal `to`'s foreground steadily). In the corpus's look
    /// files most frames that computed a look the same as the frame before's were of the latter.
    let showsAmount: Bool

    init(
        inputs: ShownLookInputs?, from: NavigationBarLook, to: NavigationBarLook, itemTransition: Bool,
        ownBackgrounds: (leaving: BlendedLook, arriving: BlendedLook)?
    ) {
        (self.inputs, self.from, self.to, self.itemTransition) = (inputs, from, to, itemTransition)
        self.ownBackgrounds = ownBackgrounds
        let foregrounds = (from: from.foregroundPart, to: to.foregroundPart)
        let backgrounds = (from: from.backgroundPart, to: to.backgroundPart)
        (self.foregrounds, self.backgrounds) = (foregrounds, backgrounds)
        equal = (from == to, foregrounds.from == foregrounds.to, backgrounds.from == backgrounds.to)
        if equal.looks {
            showsAmount = false
        } else if case .some = ownBackgrounds {  // not the generic `!= nil`
            showsAmount = !equal.foregrounds
        } else {
            showsAmount = true
        }
    }

    /// The bar's foreground and background blended as the items' looks are by `amount`: what
    /// `BlendedLook(from: from, to: to, amount: amount)`'s parts blended by its amount give.
    func blendedParts(amount: Double) -> (foreground: BlendedLook, background: BlendedLook) {
        let rounded = BlendedLook.rounded(amount)
        // `BlendedLook.init(from:to:amount:)`'s branches: `from` steadily, `to` steadily, or a
        // fade by the rounded amount, which each part's blend takes as it is.
        if rounded <= 0 || equal.looks { return (.init(foregrounds.from), .init(backgrounds.from)) }
        if rounded >= 1 { return (.init(foregrounds.to), .init(backgrounds.to)) }
        return (
            BlendedLook(from: foregrounds.from, to: foregrounds.to, rounded: rounded, equal: equal.foregrounds),
            BlendedLook(from: backgrounds.from, to: backgrounds.to, rounded: rounded, equal: equal.backgrounds)
        )
    }
}

/// A navigation item's appearances (R102): the standard one, and the scroll-edge one (`nil`
/// when the writer set only the standard one, as SwiftUI's `toolbarBackground` does, R133).
struct SimItemAppearance: Equatable {
    var standard: NavigationBarLook
    var scrollEdge: NavigationBarLook?
}

/// A screen's own background view under a cleared bar.
enum SimScreenBackground: Equatable {
    /// The look's background, alpha and shadow, whatever the scroll position.
    case look(NavigationBarLook)
    /// A view that draws what UIKit's own bar would draw over the screen: the app's appearance,
    /// scroll-edge rule included (R103, R134).
    case system
}

extension SimNavigationController: BarAppearanceHost {
    /// The app's own look of the bar (its standard appearance, or `UINavigationBar.appearance()`
    /// set before the bar entered a window, R101): what it shows with no appearance strategy,
    /// and what a screen without a look must show. Defaults to the system bar.
    public var appBarLook: NavigationBarLook {
        get { barLook.app }
        set {
            barLook.app = newValue
            barLook.isActive = true
        }
    }

    /// The app's own scroll-edge appearance (`scrollEdgeAppearance` set once by the app, the
    /// usual iOS 15 fix is the standard one again); `nil`, the default, leaves none set, so at
    /// the scroll edge the bar shows the standard appearance with a transparent background (R103).
    public var appScrollEdgeLook: NavigationBarLook? {
        get { barLook.appScrollEdge }
        set {
            barLook.appScrollEdge = newValue
            barLook.isActive = true
        }
    }

    /// R100: the bar's own properties change the whole bar at once; R130: they replace what
    /// anyone wrote before, the tint included. R103: on iOS 15+ they do not reach the
    /// scroll-edge appearance.
    public func setSharedBarLook(_ look: NavigationBarLook?) {
        barLook.legacy = look
        barLook.tint = look?.tint
        barLook.isActive = true
    }

    /// R102: the item's standard, scroll-edge and compact appearances. No item appearance
    /// carries a tint: the host writes the bar's `tintColor` (R130), which stays until the next
    /// write, whichever screen that is for; `nil` puts the app's tint back.
    public func setItemLook(_ look: NavigationBarLook?, for screen: any NavigationScreen) {
        setItem(look, scrollEdge: true, for: screen)
    }

    /// R133: only the item's standard (and compact) appearance; its scroll-edge one stays unset.
    public func setItemStandardLook(_ look: NavigationBarLook?, for screen: any NavigationScreen) {
        setItem(look, scrollEdge: false, for: screen)
    }

    private func setItem(_ look: NavigationBarLook?, scrollEdge: Bool, for screen: any NavigationScreen) {
        let id = ObjectIdentifier(screen)
        if let look {
            barLook.items[id] = SimItemAppearance(standard: look, scrollEdge: scrollEdge ? look : nil)
            barLook.tint = look.tint  // R130: the one bar's tint, last write wins
        } else {
            barLook.items[id] = nil
            barLook.tint = nil  // the bar's own apply: the app's tint (R130)
        }
        barLook.isActive = true
    }

    /// A background view in the screen's own view, under a bar whose background is cleared
    /// (HBDNavigationBar, RTRootNavigationController): it moves with the screen. Its tint goes
    /// on the bar (R130), as the item's does.
    public func setScreenBackground(_ look: NavigationBarLook?, for screen: any NavigationScreen) {
        let id = ObjectIdentifier(screen)
        barLook.backgrounds[id] = look.map { .look($0) }
        if let look { barLook.tint = look.tint }
        barLook.isActive = true
    }

    /// R134: a background view that draws UIKit's own bar for the screen (the app's appearance,
    /// the system material, and on iOS 15+ at the scroll edge the scroll-edge rule, R103); the
    /// bar's tint goes back to the app's.
    public func setSystemScreenBackground(for screen: any NavigationScreen) {
        barLook.backgrounds[ObjectIdentifier(screen)] = .system
        barLook.items[ObjectIdentifier(screen)] = nil
        barLook.tint = nil
        barLook.isActive = true
    }

    /// Set by the installed appearance strategy (``BarAppearanceHost``).
    public var lookChangeHandler: (@MainActor (any NavigationScreen) -> Void)? {
        get { barLook.lookChangeHandler }
        set { barLook.lookChangeHandler = newValue }
    }

    /// The app changes `screen`'s look while it is shown (a bar fading with scrolling, as
    /// HBDNavigationBar's `hbd_barAlpha` or GKNavigationBarSwift's `gk_navBarAlpha` are set from
    /// `scrollViewDidScroll`): the preference changes, the installed appearance strategy hears of
    /// it (``lookChangeHandler``), and at rest the moment is judged like any other.
    public func setNavigationBarLook(_ look: NavigationBarLook?, for screen: SimScreen) {
        screen.navigationPreferences.navigationBarLook = look
        if stackContains(screen) { barLook.lookChangeHandler?(screen) }
        if isIdle { noteBarLookAtRest() }
    }

    /// The look `screen` wants: its stated look over the app's, whatever the scroll position;
    /// without one, what UIKit's own bar shows over it with the app's appearance (R103, R134).
    func wantedLook(of screen: SimScreen) -> NavigationBarLook {
        if let stated = screen.navigationPreferences.navigationBarLook { return stated.over(barLook.app) }
        return appLook(atScrollEdge: usesScrollEdge(screen))
    }

    /// R103, R131, R132: the bar uses its scroll-edge appearance over `screen` when the content
    /// is at its top edge, on iOS 15+ for every bar, on iOS 13–14 only for a large-title one.
    func usesScrollEdge(_ screen: SimScreen) -> Bool {
        // A test a line: `&&` and `||` retain their operands for their closures in a debug build.
        if screen.isScrolledAwayFromTop { return false }
        if profile.majorVersion >= 15 { return true }
        return screen.hasLargeTitle
    }

    /// The app's appearance as UIKit resolves it (R103): at the scroll edge its scroll-edge
    /// appearance, or the standard one with a transparent background.
    func appLook(atScrollEdge: Bool) -> NavigationBarLook {
        guard atScrollEdge else { return barLook.app }
        if let edge = barLook.appScrollEdge { return edge.over(barLook.app) }
        return barLook.app.withTransparentBackground
    }

    /// What the bar shows as `screen`'s item when nothing moves: its own background if it has
    /// one (with the item's title and style), else its item's appearance, else the bar's own:
    /// the legacy properties over the app's standard appearance, or at the scroll edge the
    /// scroll-edge rule, which the legacy background does not reach (R103). The tint is the
    /// bar's, as last written (R130).
    func itemLook(of screen: SimScreen) -> NavigationBarLook {
        let id = ObjectIdentifier(screen)
        let atEdge = usesScrollEdge(screen)
        var look: NavigationBarLook
        // `count` first: most bars have no screen backgrounds or item appearances, and a debug
        // build's dictionary lookup hashed the screen's identifier on every frame.
        switch barLook.backgrounds.count == 0 ? nil : barLook.backgrounds[id] {
        case .look(let own): look = own.over(barLook.app)
        case .system: look = appLook(atScrollEdge: atEdge)
        case nil:
            if barLook.items.count != 0, let item = barLook.items[id] {
                // R102, R133: the item's scroll-edge appearance, else the bar's, else the item's
                // standard one with a transparent background.
                if !atEdge {
                    look = item.standard.over(barLook.app)
                } else if let edge = item.scrollEdge ?? barLook.appScrollEdge {
                    look = edge.over(barLook.app)
                } else {
                    look = item.standard.over(barLook.app).withTransparentBackground
                }
            } else {
                look = barOwnLook(atScrollEdge: atEdge)
            }
        }
        look.tint = barLook.tint ?? barLook.app.tint  // R130
        return look
    }

    /// The bar's own look with no item appearance: the legacy properties over the app's
    /// standard appearance; at the scroll edge on iOS 15+, the app's scroll-edge look with the
    /// legacy title and style (R100, R103: the legacy background does not reach it). On iOS
    /// 13–14 a bar set only through the legacy properties draws them at the scroll edge too
    /// (R132).
    private func barOwnLook(atScrollEdge: Bool) -> NavigationBarLook {
        guard let legacy = barLook.legacy else { return appLook(atScrollEdge: atScrollEdge) }
        let merged = legacy.over(barLook.app)
        guard atScrollEdge, profile.majorVersion >= 15 else { return merged }
        var edge = appLook(atScrollEdge: true)
        (edge.titleColor, edge.titleFontSize, edge.style) = (merged.titleColor, merged.titleFontSize, merged.style)
        return edge
    }

    /// `true` when UIKit runs an item transition between the two screens' appearances (R102):
    /// either has an item appearance or its own background (whose tint and title are the item's).
    private func hasItemAppearance(_ screen: SimScreen?) -> Bool {
        guard let screen else { return false }
        let id = ObjectIdentifier(screen)
        return (barLook.items.count != 0 && barLook.items[id] != nil)
            || (barLook.backgrounds.count != 0 && barLook.backgrounds[id] != nil)
    }

    /// Records what the bar shows when it changed, and a transition's wanted looks at its first
    /// frame; called before each frame is recorded and at each moment at rest.
    func updateBarLook() {
        if !barLook.isActive {
            // Asked again only when the answer can have changed: the top screen or the
            // transition's leaving one is another, or a look was stated (or a screen's
            // preferences replaced) anywhere. Reading the two screens' flags on every frame cost
            // ~700 instructions a frame in a debug build (retains and releases of the stack, the
            // screens, their preferences and the transition). No locals here: a debug build
            // zeroes each one on every call, and this runs on every frame.
            if noLookCheckedAt.stack == stackChanges, noLookCheckedAt.transition == transitionChanges,
                noLookCheckedAt.looks == ScreenPreferences.lookStatements,
                noLookCheckedAt.preferences == SimScreen.preferencesReplaced
            {
                return
            }
            guard shownScreensStateLook() else { return }
            barLook.isActive = true
        }
        recordBarLook()
    }

    /// `true` when the top screen or the transition's leaving one states a look; when neither
    /// does, notes the counts it was asked at (``noLookCheckedAt``).
    @inline(never) private func shownScreensStateLook() -> Bool {
        // A flag, not the look itself: copying the look out on every frame was a third of a
        // push and pop's instructions (callgrind of `perf`'s simulator workload).
        // The top by index, not `last`: a debug build calls the generic `last` on every frame.
        let count = stack.count
        var stated = count > 0 && stack[count - 1].navigationPreferences.statesNavigationBarLook
        if !stated, let leaving = transition?.leaving {
            stated = leaving.navigationPreferences.statesNavigationBarLook
        }
        if !stated {
            noLookCheckedAt = (
                stackChanges, transitionChanges, ScreenPreferences.lookStatements, SimScreen.preferencesReplaced
            )
        }
        return stated
    }

    /// What ``updateBarLook()`` does once looks are in play. Out of line: the check above runs on
    /// every frame, and inlined with this its prologue cost more than the check itself.
    @inline(never) private func recordBarLook() {
        let running = transition
        // A transition between two screens that state no look is UIKit's own bar going from one
        // to the other (R103, R131: a scrolled screen and one at its top edge differ): what
        // UIKit does there is what they want, so it is not judged; their moments at rest are.
        if let running, running.isAnimated, !running.isCovered, let leaving = running.leaving,
            barLook.recordedTransition != running.id,
            leaving.navigationPreferences.navigationBarLook != nil
                || running.arriving.navigationPreferences.navigationBarLook != nil
        {
            barLook.recordedTransition = running.id
            timeline.append(
                .barLook(
                    .transition(
                        id: running.id, leaving: wantedLook(of: leaving), arriving: wantedLook(of: running.arriving),
                        leavingHidden: leaving.prefersNavigationBarHidden,
                        arrivingHidden: running.arriving.prefersNavigationBarHidden)))
        }
        // Most frames show the look of the frame before (5,985 changes in 14,532 frames of the
        // corpus's bench worker): when nothing `currentBarLook()` reads changed since the frame
        // that computed the recorded look, the look is that one, so it is not computed again
        // (~24,000 instructions a frame in a debug build, the comparison included). Exact: every
        // input is in the key (``ShownLookInputs``), and after each computation here
        // `lastShown` is the look computed (recorded, or equal to the one recorded).
        var inputs = ShownLookInputs(
            transition: transitionChanges, stack: stackChanges, looks: barLook.version, phase: 0, progress: 0,
            firstAtScrollEdge: false, secondAtScrollEdge: false, arrivingHidden: false)
        if let running, running.isAnimated, !running.isCovered, let leaving = running.leaving {
            let progress = running.progress
            inputs.progress = progress
            inputs.phase = progress <= 0 ? 0 : progress >= 1 ? 2 : 1
            inputs.firstAtScrollEdge = usesScrollEdge(leaving)
            inputs.secondAtScrollEdge = usesScrollEdge(running.arriving)
            inputs.arrivingHidden = running.arriving.prefersNavigationBarHidden
        } else if stack.count > 0 {
            inputs.firstAtScrollEdge = usesScrollEdge(stack[stack.count - 1])
        }
        // `lastShownInputs` is set only below, where `lastShown` becomes (or already is) the look.
        var lastInputs: ShownLookInputs?
        if Self.cachesShownBarLook, let last = barLook.lastShownInputs {
            if inputs.gaveSameLook(as: last) { return }
            lastInputs = last
        }
        let shown = currentBarLook(fadesWithProgress: &inputs.fadesWithProgress, inputs: inputs)
        // A cross-fade's frame at another amount than the frame that computed the look before
        // shows another look: recorded without comparing the two (~1,200 instructions in a
        // debug build; most frames of a cross-fade).
        var differs = false
        if let lastInputs { differs = inputs.showsAnotherAmount(than: lastInputs) }
        barLook.lastShownInputs = inputs
        barLook.computedLooks &+= 1
        if !differs, let last = barLook.lastShown, last == shown { return }  // not the generic `Optional.==`
        barLook.lastShown = shown
        timeline.append(.barLook(.shown(shown)))
    }

    /// `false` computes the bar's look on every frame (``recordBarLook()``'s cache off): for
    /// tests that compare the timelines played both ways. `@exclusivity(unchecked)`: main-actor
    /// isolated, each access a load or a store (read on every frame, each read a run-time check).
    @_spi(Testing) @exclusivity(unchecked) public static var cachesShownBarLook = true

    /// How many frames computed the bar's look (the others reused the last one): for tests.
    @_spi(Testing) public var computedBarLooks: Int { barLook.computedLooks }

    /// The wanted look at a moment at rest (after what the bar shows then).
    func noteBarLookAtRest() {
        updateBarLook()
        guard barLook.isActive, let top = Self.top(of: stack) else { return }
        timeline.append(
            .barLook(.rest(top: wantedLook(of: top), hidden: top.prefersNavigationBarHidden, covered: isCovered)))
    }

    /// What the bar shows now.
    func currentBarLook() -> BarLookShown {
        var fades = false
        return currentBarLook(fadesWithProgress: &fades, inputs: nil)
    }

    /// What the bar shows now; `fadesWithProgress` set when it cross-fades with the transition's
    /// progress (the exact progress is then an input, not only its phase: ``ShownLookInputs``).
    /// With `inputs` (the frame's, from ``recordBarLook()``), a transition's item looks are
    /// taken from its last frame while only the progress moved (``TransitionLookParts``).
    private func currentBarLook(fadesWithProgress: inout Bool, inputs: ShownLookInputs?) -> BarLookShown {
        guard let running = transition, running.isAnimated, !running.isCovered, let leaving = running.leaving else {
            guard let top = Self.top(of: stack) else {
                return BarLookShown(overTop: .init(barLook.app), foreground: .init(barLook.app))
            }
            let look = itemLook(of: top)
            return BarLookShown(overTop: .init(look.backgroundPart), foreground: .init(look.foregroundPart))
        }
        let arriving = running.arriving
        let parts: TransitionLookParts
        if Self.cachesShownBarLook, let inputs, let last = barLook.transitionParts, let lastInputs = last.inputs,
            lastInputs.sameButProgress(as: inputs)
        {
            parts = last
        } else {
            let from = itemLook(of: leaving)
            let to = itemLook(of: arriving)
            // A screen's own background is its item's look (`from` and `to`, not asked again).
            parts = TransitionLookParts(
                inputs: inputs, from: from, to: to,
                itemTransition: hasItemAppearance(leaving) || hasItemAppearance(arriving),
                ownBackgrounds: barLook.backgrounds.count == 0
                    ? nil : (background(over: leaving, itemLook: from), background(over: arriving, itemLook: to)))
            if inputs != nil { barLook.transitionParts = parts }
        }
        // R102: an item transition cross-fades the two items' looks with the progress (an
        // interactive one follows the finger and goes back on cancel); on iOS 26 the arriving
        // item's applies at once. R104: a bar that was hidden when the transition began shows
        // the arriving item's look. R100: without item appearances the bar shows its own
        // properties, already changed for the arriving screen if a callback changed them.
        if barLook.barAtTransitionStart?.id != running.id {
            barLook.barAtTransitionStart = (running.id, barFraction)
        }
        let wasHidden = (barLook.barAtTransitionStart?.fraction ?? 1) < 0.5
        let blended: (foreground: BlendedLook, background: BlendedLook)
        if parts.itemTransition {
            let fades = profile.majorVersion < 26 && !wasHidden
            // A bar that hides with the transition keeps the leaving item's look until it is gone
            // (R104's mirror, a modelling choice: nothing of the arriving item shows).
            let hides = !wasHidden && arriving.prefersNavigationBarHidden
            // The exact progress is an input only when the look shows the amount (at either end,
            // 0 and 1, the phase tells it).
            fadesWithProgress = fades && !hides && parts.showsAmount
            blended = parts.blendedParts(amount: hides ? 0 : fades ? running.progress : 1)
        } else {
            // Both are the bar's own (or the app's) now: `to` steadily.
            blended = (.init(parts.foregrounds.to), .init(parts.backgrounds.to))
        }
        let foreground = blended.foreground
        // At either end only one screen is on screen: the arriving one has not come in yet
        // (progress 0, a swipe back at its start or its cancelled end), or the leaving one is gone.
        let oneScreen = running.progress <= 0 || running.progress >= 1
        guard let ownBackgrounds = parts.ownBackgrounds else {
            // No screen draws its own (the usual case): both show the bar's background.
            let bar = blended.background
            return BarLookShown(overTop: bar, overLeaving: oneScreen ? nil : bar, foreground: foreground)
        }
        if running.progress <= 0 { return BarLookShown(overTop: ownBackgrounds.leaving, foreground: foreground) }
        if running.progress >= 1 { return BarLookShown(overTop: ownBackgrounds.arriving, foreground: foreground) }
        return BarLookShown(
            overTop: ownBackgrounds.arriving, overLeaving: ownBackgrounds.leaving, foreground: foreground)
    }

    /// What shows over `screen` while screens draw their own backgrounds: its own (its item's
    /// look's background part), or, the bar's background being cleared, the content through.
    private func background(over screen: SimScreen, itemLook: NavigationBarLook) -> BlendedLook {
        if barLook.backgrounds[ObjectIdentifier(screen)] != nil { return .init(itemLook.backgroundPart) }
        return .init(NavigationBarLook.transparent.backgroundPart)
    }

    /// What the bar shows over the top screen now, when it is not cross-fading (`expect look`).
    public var shownBarLook: NavigationBarLook? {
        let shown = currentBarLook()
        guard let background = shown.overTop.steady, let foreground = shown.foreground.steady else { return nil }
        var look = background
        (look.tint, look.titleColor, look.titleFontSize, look.style) =
            (foreground.tint, foreground.titleColor, foreground.titleFontSize, foreground.style)
        return look
    }
}

extension SimScreen {
    /// How the bar should look while the screen is on top (`navigationPreferences.navigationBarLook`,
    /// as on the UIKit host); `nil` leaves the app's look alone. To change it while the screen is
    /// shown, use ``SimNavigationController/setNavigationBarLook(_:for:)``, which tells the
    /// installed strategy.
    public var navigationBarLook: NavigationBarLook? {
        get { navigationPreferences.navigationBarLook }
        set { navigationPreferences.navigationBarLook = newValue }
    }
}

extension NavigationBarLook {
    /// This look with a transparent background and no shadow, as UIKit modifies the standard
    /// appearance at the scroll edge when no scroll-edge appearance is set (R103:
    /// `configureWithTransparentBackground()` clears the shadow too).
    var withTransparentBackground: NavigationBarLook {
        var look = self
        (look.background, look.alpha, look.shadowHidden) = (.transparent, 1, true)
        return look
    }
}
