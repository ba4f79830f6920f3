import NavigationHooks
import NavigationSimulator
import Testing

@testable import NavigationStrategies

/// The app's own navigation delegate: records every call it gets.
@MainActor
final class RecordingDelegate: SimNavigationDelegate {
    var calls: [String] = []
    func willShow(_ screen: SimScreen, animated: Bool) { calls.append("willShow \(screen.screenName)") }
    func didShow(_ screen: SimScreen, animated: Bool) { calls.append("didShow \(screen.screenName)") }
}

/// Two plugins, installed in an order.
struct PluginPair: Sendable, CustomTestStringConvertible {
    let first: String
    let second: String
    var testDescription: String { "\(first) then \(second)" }

    static var all: [PluginPair] {
        let names = StrategyCatalog.names
        return names.flatMap { a in names.filter { $0 != a }.map { PluginPair(first: a, second: $0) } }
    }
}

@MainActor
struct CompositionTests {
    /// Every seam of `nav`, as a list of hook counts.
    private func hookCounts(_ nav: SimNavigationController) -> [Int] {
        let seams = nav.seams
        return [
            seams.backAction.hooks.count, seams.privateBackButtonAction.hooks.count,
            seams.shouldPopItem.hooks.count, seams.backMenu.hooks.count, seams.navigationDelegate.hooks.count,
            seams.popGesture.hooks.count, seams.appearance.hooks.count, seams.popOperations.hooks.count,
            seams.interactivePop.hooks.count, seams.accessibilityEscape.hooks.count,
            seams.backKeyCommand.hooks.count, seams.responderKeyCommand.hooks.count, seams.sheetDismissal.hooks.count,
        ]
    }

    @Test(arguments: PluginPair.all)
    func everyPairInstallsAndUninstallsInEitherOrder(_ pair: PluginPair) throws {
        for uninstallFirstFirst in [true, false] {
            let appDelegate = RecordingDelegate()
            let nav = SimNavigationController(profile: .ios26)
            nav.delegate = appDelegate
            nav.setViewControllers([SimScreen("Home"), SimScreen("List")], animated: false)
            nav.runUntilIdle()
            let edgeDelegate = nav.edgePopGestureDelegate
            let contentDelegate = nav.contentPopGestureDelegate

            let a = try nav.hooks.install(StrategyCatalog.plugin(named: pair.first)!)
            let b = try nav.hooks.install(StrategyCatalog.plugin(named: pair.second)!)
            #expect(hookCounts(nav).reduce(0, +) > 0)
            if uninstallFirstFirst {
                a.uninstall()
                b.uninstall()
            } else {
                b.uninstall()
                a.uninstall()
            }
            #expect(hookCounts(nav).allSatisfy { $0 == 0 })
            #expect(nav.delegate === appDelegate)
            #expect(nav.edgePopGestureDelegate === edgeDelegate)
            #expect(nav.contentPopGestureDelegate === contentDelegate)
            #expect(nav.hooks.dispatcher.shouldPopHandlers.isEmpty && nav.hooks.dispatcher.willShowHandlers.isEmpty)
        }
    }

    /// The app's own navigation delegate gets every call it would get without plugins.
    @Test(arguments: [[String]()] + StrategyCatalog.names.map { [$0] } + [["recommended"]])
    func theAppsOwnDelegateReceivesEveryCallback(_ names: [String]) throws {
        let plugins = names == ["recommended"] ? StrategyComposition.recommended.names : names
        func script(installing names: [String]) throws -> [String] {
            let appDelegate = RecordingDelegate()
            let nav = SimNavigationController(profile: .ios18)
            nav.delegate = appDelegate
            nav.setViewControllers([SimScreen("Home")], animated: false)
            nav.runUntilIdle()
            try StrategyCatalog.composition(names).install(on: nav.hooks)
            for step in 0..<6 {
                if step % 3 == 2 {
                    nav.popViewController(animated: true)
                } else {
                    nav.pushViewController(SimScreen("S\(step)"), animated: true)
                }
                nav.runUntilIdle()
            }
            nav.delegate = appDelegate  // the app sets its delegate again after installation
            nav.popToRootViewController(animated: true)
            nav.runUntilIdle()
            return appDelegate.calls
        }
        let without = try script(installing: [])
        #expect(!without.isEmpty)
        #expect(try script(installing: plugins) == without)
    }

    @Test func installingTheSameCompositionTwiceChangesNothing() throws {
        let nav = Fixture.navigation(.ios17, [SimScreen("Home")])
        let first = try StrategyComposition.recommended.install(on: nav.hooks)
        let counts = hookCounts(nav)
        let second = try StrategyComposition.recommended.install(on: nav.hooks)
        #expect(hookCounts(nav) == counts)
        #expect(zip(first, second).allSatisfy { $0 === $1 })
    }

    /// Installations an app keeps after its navigation controller is gone uninstall without
    /// trapping (the host's seams and the hooks are weakly held by what they recorded).
    @Test func installationsOutlivingTheirNavigationControllerUninstallSafely() throws {
        var nav: SimNavigationController? = Fixture.navigation(.ios17, [SimScreen("Home"), SimScreen("Next")])
        let installations = try StrategyComposition.recommended.install(on: nav!.hooks)
        weak let weakNav = nav
        nav = nil
        #expect(weakNav == nil)
        for installation in installations.reversed() { installation.uninstall() }
    }

    @Test func unknownPluginNamesAreATypedError() {
        #expect(throws: UnknownPluginError.self) { try StrategyCatalog.composition(["NoSuchPlugin"]) }
    }

    /// TransitionEvents reports every way a screen leaves.
    @Test func transitionEventsReportsEveryPop() throws {
        let nav = Fixture.navigation(.ios17, [SimScreen("Home"), SimScreen("A"), SimScreen("B"), SimScreen("C")])
        var log: [String] = []
        try nav.hooks.install(
            TransitionEventsPlugin { event in
                switch event {
                case .willPop(let e): log.append("will \(e.kind) \(e.removed.map(\.screenName))")
                case .didPop(let e): log.append("did \(e.kind) \(e.removed.map(\.screenName))")
                case .interactivePop(let e): log.append("swipe \(e.stage)")
                case .keptAppearing(let screen): log.append("kept \(screen.screenName)")
                }
            })
        nav.swipeBack(.edge, progress: 0.3, release: .cancel)
        nav.runUntilIdle()
        nav.popToViewController(nav.screens[1], animated: true)
        nav.runUntilIdle()
        let top = nav.screens.last as! SimScreen
        nav.setViewControllers([SimScreen("Home2"), top], animated: true)
        nav.runUntilIdle()
        #expect(log.contains("will pop [\"C\"]"))
        #expect(log.contains("swipe cancelled"))
        #expect(!log.contains("did pop [\"C\"]"))
        #expect(log.contains("will popTo [\"C\", \"B\"]"))
        #expect(log.contains("did popTo [\"C\", \"B\"]"))
        #expect(log.contains("kept A"))
    }
}

@MainActor
struct CatalogTests {
    /// R51, R78: only BackKeyCommandGuard hooks a ⌘[ seam; by default the public one (the
    /// screen's own key command), the private action only in its explicit mode; ExitGuard's
    /// seams are public. The recommended composition therefore hooks no private seam.
    @Test func onlyBackKeyCommandGuardHooksTheKeyCommandSeams() throws {
        for name in StrategyCatalog.names {
            let nav = SimNavigationController(profile: .ios17)
            try StrategyCatalog.composition([name]).install(on: nav.hooks)
            #expect(nav.seams.responderKeyCommand.hooks.isEmpty == (name != "BackKeyCommandGuard"), "\(name)")
            #expect(nav.seams.backKeyCommand.hooks.isEmpty, "\(name): the private action only in its mode")
        }
        let privateMode = SimNavigationController(profile: .ios17)
        try StrategyCatalog.composition(["BackKeyCommandGuard:privateAction"]).install(on: privateMode.hooks)
        #expect(privateMode.seams.backKeyCommand.hooks.count == 1)
        #expect(privateMode.seams.responderKeyCommand.hooks.isEmpty)
        let exitGuard = SimNavigationController(profile: .ios17)
        try exitGuard.hooks.install(ExitGuardPlugin())
        #expect(exitGuard.seams.accessibilityEscape.hooks.count == 1 && exitGuard.seams.sheetDismissal.hooks.count == 1)
        let recommended = SimNavigationController(profile: .ios26)
        try StrategyComposition.recommended.install(on: recommended.hooks)
        #expect(recommended.seams.backKeyCommand.isEmpty && recommended.seams.privateBackButtonAction.isEmpty)
    }

    /// A composition whose install throws takes out what it installed, and only that: a plugin
    /// of the same name that was there before stays, and the installations it returns are the
    /// registry's, found or made.
    @Test func aFailedCompositionRemovesOnlyWhatItInstalled() throws {
        struct Refuses: NavigationPlugin {
            struct Refusal: Error {}
            func install(on hooks: HookRegistry, recording installation: PluginInstallation) throws { throw Refusal() }
        }
        let nav = SimNavigationController(profile: .ios17)
        let before = try nav.hooks.install(ExitGuardPlugin())
        let failing = StrategyComposition([ExitGuardPlugin(), PopGestureGuardPlugin(), Refuses()])
        #expect(throws: Refuses.Refusal.self) { try failing.install(on: nav.hooks) }
        #expect(nav.hooks.installations.map(\.pluginName) == [ExitGuardPlugin.pluginName])
        #expect(before.isInstalled && nav.seams.popGesture.isEmpty)
        let installed = try StrategyComposition([ExitGuardPlugin(), PopGestureGuardPlugin()]).install(on: nav.hooks)
        #expect(installed.count == 2 && installed[0] === before)
        let names = nav.hooks.installations.map(\.pluginName)
        #expect(names == [ExitGuardPlugin.pluginName, PopGestureGuardPlugin.pluginName])
    }

    /// A plugin listed twice is made once and taken out once, in its first place: what a failed
    /// composition made comes out last made first.
    @Test func aFailedCompositionTakesOutAPluginListedTwiceOnceInItsPlace() throws {
        struct Refuses: NavigationPlugin {
            struct Refusal: Error {}
            func install(on hooks: HookRegistry, recording installation: PluginInstallation) throws { throw Refusal() }
        }
        let nav = SimNavigationController(profile: .ios17)
        let failing = StrategyComposition([
            PopGestureGuardPlugin(), ShouldPopItemGuardPlugin(), PopGestureGuardPlugin(), Refuses(),
        ])
        #expect(throws: Refuses.Refusal.self) { try failing.install(on: nav.hooks) }
        #expect(nav.hooks.installations.isEmpty && nav.seamsWithHooks.isEmpty)
        let switches = nav.timeline.events.compactMap { event -> String? in
            guard case .seamCall(let seam, let detail) = event.kind else { return nil }
            return "\(seam) \(detail)"
        }
        #expect(
            switches == [
                "popGestureRecognizer.delegate proxies installed", "navigationBar(_:shouldPop:) activated",
                "navigationBar(_:shouldPop:) deactivated", "popGestureRecognizer.delegate proxies removed",
            ])
    }

    @Test func theCatalogListsEveryPluginItCanMake() {
        #expect(StrategyCatalog.names.count == 10)
        for name in StrategyCatalog.names {
            let plugin = StrategyCatalog.plugin(named: name)
            #expect(plugin.map { type(of: $0).pluginName } == name)
        }
    }

    /// A composition is in catalog order, the spellings of one name in the order given, each in
    /// its mode: the definition written out (every catalog name, then the spellings of it) on
    /// seeded shuffles of spellings with and without modes, duplicates and unknown names.
    @Test func aCompositionIsInCatalogOrderWithEachNamesSpellingsInTheOrderGiven() throws {
        let catalog = StrategyCatalog.names + StrategyCatalog.appearanceNames
        let spellings =
            catalog
            + StrategyCatalog.modes.sorted { $0.key < $1.key }.flatMap { name, modes in
                modes.map { "\(name):\($0)" }
            }
        var state: UInt64 = 41
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        for _ in 0..<300 {
            let chosen = (0..<next(7)).map { _ in spellings[next(spellings.count)] }
            let expected = catalog.flatMap { name in chosen.filter { StrategyCatalog.split($0).name == name } }
            let built = try StrategyCatalog.composition(chosen).plugins.map { String(describing: $0) }
            let made = expected.compactMap(StrategyCatalog.plugin(spelled:)).map { String(describing: $0) }
            #expect(made.count == expected.count)
            #expect(built == made, "\(chosen)")
        }
        #expect(
            throws: UnknownPluginError(names: ["Nope", "BackActionOverride:nope"], available: StrategyCatalog.names)
        ) {
            try StrategyCatalog.composition(["BackMenuGuard", "Nope", "BackActionOverride:nope"])
        }
    }
}
