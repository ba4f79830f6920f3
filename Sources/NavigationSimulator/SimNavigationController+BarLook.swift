public import NavigationHooks

/// The bar's look: what the three appearance mechanisms set (``BarAppearanceHost``) and what
/// the bar shows from it, frame by frame (R100–R105).
struct SimBarLookState {
    /// The app's own look (``SimNavigationController/appBarLook``).
    var app = NavigationBarLook.system
    /// The bar's own properties, set by ``SimNavigationController/setSharedBarLook(_:)``.
    var shared: NavigationBarLook?
    /// Each screen's navigation item appearances, by screen.
    var items: [ObjectIdentifier: NavigationBarLook] = [:]
    /// Each screen's own background view, by screen.
    var backgrounds: [ObjectIdentifier: NavigationBarLook] = [:]
    /// `true` once looks are in play: nothing is recorded before.
    var isActive = false
    var lastShown: BarLookShown?
    /// The transition whose wanted looks were recorded.
    var recordedTransition: Int?
    /// The bar's visible fraction when the running transition began (R104).
    var barAtTransitionStart: (id: Int, fraction: Double)?
    /// ``BarAppearanceHost/lookChangeHandler``.
    var lookChangeHandler: (@MainActor (any NavigationScreen) -> Void)?
}

extension SimNavigationController: BarAppearanceHost {
    /// The app's own look of the bar: what it shows with no appearance strategy, and what a
    /// screen without a look must show. Defaults to the system bar.
    public var appBarLook: NavigationBarLook {
        get { barLook.app }
        set {
            barLook.app = newValue
            barLook.isActive = true
        }
    }

    /// R100: the bar's own properties change the whole bar at once. R103: on iOS 15+ they do
    /// not reach the scroll-edge appearance.
    public func setSharedBarLook(_ look: NavigationBarLook?) {
        barLook.shared = look
        barLook.isActive = true
    }

    /// R102: the item's standard, scroll-edge and compact appearances.
    public func setItemLook(_ look: NavigationBarLook?, for screen: any NavigationScreen) {
        barLook.items[ObjectIdentifier(screen)] = look
        barLook.isActive = true
    }

    /// A background view in the screen's own view, under a bar whose background is cleared
    /// (HBDNavigationBar, RTRootNavigationController): it moves with the screen.
    public func setScreenBackground(_ look: NavigationBarLook?, for screen: any NavigationScreen) {
        barLook.backgrounds[ObjectIdentifier(screen)] = look
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

    /// The look `screen` wants: its stated look over the app's, or the app's.
    func wantedLook(of screen: SimScreen) -> NavigationBarLook {
        screen.navigationPreferences.navigationBarLook?.over(barLook.app) ?? barLook.app
    }

    /// What the bar shows as `screen`'s item when nothing moves: its own background if it has
    /// one, else its item's appearance, else the bar's own properties (R103 on iOS 15+: their
    /// background does not reach the scroll edge, where a screen at rest is), else the app's.
    func itemLook(of screen: SimScreen) -> NavigationBarLook {
        let id = ObjectIdentifier(screen)
        if let own = barLook.backgrounds[id] ?? barLook.items[id] { return own.over(barLook.app) }
        guard let shared = barLook.shared else { return barLook.app }
        let merged = shared.over(barLook.app)
        guard profile.majorVersion >= 15 else { return merged }
        var atScrollEdge = merged
        (atScrollEdge.background, atScrollEdge.alpha, atScrollEdge.shadowHidden) =
            (barLook.app.background, barLook.app.alpha, barLook.app.shadowHidden)  // R103
        return atScrollEdge
    }

    /// `true` when UIKit runs an item transition between the two screens' appearances (R102):
    /// either has an item appearance or its own background (whose tint and title are the item's).
    private func hasItemAppearance(_ screen: SimScreen?) -> Bool {
        guard let screen else { return false }
        let id = ObjectIdentifier(screen)
        return barLook.items[id] != nil || barLook.backgrounds[id] != nil
    }

    /// Records what the bar shows when it changed, and a transition's wanted looks at its first
    /// frame; called before each frame is recorded and at each moment at rest.
    func updateBarLook() {
        if !barLook.isActive {
            // A flag, not the look itself: copying the look out on every frame was a third of a
            // push and pop's instructions (callgrind of `perf`'s simulator workload).
            let stated =
                stack.last?.navigationPreferences.statesNavigationBarLook == true
                || transition?.leaving?.navigationPreferences.statesNavigationBarLook == true
            guard stated else { return }
            barLook.isActive = true
        }
        if let running = transition, running.isAnimated, !running.isCovered, let leaving = running.leaving,
            barLook.recordedTransition != running.id
        {
            barLook.recordedTransition = running.id
            timeline.append(
                .barLook(
                    .transition(
                        id: running.id, leaving: wantedLook(of: leaving), arriving: wantedLook(of: running.arriving),
                        leavingHidden: leaving.prefersNavigationBarHidden,
                        arrivingHidden: running.arriving.prefersNavigationBarHidden)))
        }
        let shown = currentBarLook()
        guard shown != barLook.lastShown else { return }
        barLook.lastShown = shown
        timeline.append(.barLook(.shown(shown)))
    }

    /// The wanted look at a moment at rest (after what the bar shows then).
    func noteBarLookAtRest() {
        updateBarLook()
        guard barLook.isActive, let top = stack.last else { return }
        timeline.append(
            .barLook(.rest(top: wantedLook(of: top), hidden: top.prefersNavigationBarHidden, covered: isCovered)))
    }

    /// What the bar shows now.
    func currentBarLook() -> BarLookShown {
        guard let running = transition, running.isAnimated, !running.isCovered, let leaving = running.leaving else {
            guard let top = stack.last else {
                return BarLookShown(overTop: .init(barLook.app), foreground: .init(barLook.app))
            }
            let look = itemLook(of: top)
            return BarLookShown(overTop: .init(look.backgroundPart), foreground: .init(look.foregroundPart))
        }
        let arriving = running.arriving
        let from = itemLook(of: leaving)
        let to = itemLook(of: arriving)
        // R102: an item transition cross-fades the two items' looks with the progress (an
        // interactive one follows the finger and goes back on cancel); on iOS 26 the arriving
        // item's applies at once. R104: a bar that was hidden when the transition began shows
        // the arriving item's look. R100: without item appearances the bar shows its own
        // properties, already changed for the arriving screen if a callback changed them.
        if barLook.barAtTransitionStart?.id != running.id {
            barLook.barAtTransitionStart = (running.id, barFraction)
        }
        let wasHidden = (barLook.barAtTransitionStart?.fraction ?? 1) < 0.5
        let barWide: BlendedLook
        if hasItemAppearance(leaving) || hasItemAppearance(arriving) {
            let fades = profile.majorVersion < 26 && !wasHidden
            barWide = BlendedLook(from: from, to: to, amount: fades ? running.progress : 1)
        } else {
            barWide = BlendedLook(to)  // both are the bar's own (or the app's) now
        }
        func background(over screen: SimScreen) -> BlendedLook {
            if let own = barLook.backgrounds[ObjectIdentifier(screen)] { return .init(own.backgroundPart) }
            // The bar's background is cleared while screens draw their own: a screen without
            // one shows through.
            if !barLook.backgrounds.isEmpty { return .init(NavigationBarLook.transparent.backgroundPart) }
            return .init(from: barWide.from.backgroundPart, to: barWide.to.backgroundPart, amount: barWide.amount)
        }
        let foreground = BlendedLook(
            from: barWide.from.foregroundPart, to: barWide.to.foregroundPart, amount: barWide.amount)
        // At either end only one screen is on screen: the arriving one has not come in yet
        // (progress 0, a swipe back at its start or its cancelled end), or the leaving one is gone.
        if running.progress <= 0 { return BarLookShown(overTop: background(over: leaving), foreground: foreground) }
        if running.progress >= 1 { return BarLookShown(overTop: background(over: arriving), foreground: foreground) }
        return BarLookShown(
            overTop: background(over: arriving), overLeaving: background(over: leaving), foreground: foreground)
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
