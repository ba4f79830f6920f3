import NavigationHooks
import NavigationSimulator
import NavigationStrategies
import Testing

/// One row of the coverage table: a guard plugin, a user trigger, a profile.
struct CoverageCase: Sendable, CustomTestStringConvertible {
    let plugin: String
    let trigger: PopTrigger
    let profile: IOSProfile
    var testDescription: String { "\(plugin) × \(trigger) × \(profile)" }

    /// What each guard plugin's docs promise (its `intercepts` table), by plugin name. A
    /// catalog plugin missing here promises to intercept nothing, and is tested for that.
    @MainActor static let promises: [String: @MainActor (PopTrigger, Int) -> Bool] = [
        BaseClassGuardPlugin.pluginName: { BaseClassGuardPlugin.intercepts($0, iOSMajorVersion: $1) },
        ShouldPopItemGuardPlugin.pluginName: { ShouldPopItemGuardPlugin.intercepts($0, iOSMajorVersion: $1) },
        BackActionOverridePlugin.pluginName: { BackActionOverridePlugin.intercepts($0, iOSMajorVersion: $1) },
        PopGestureGuardPlugin.pluginName: { PopGestureGuardPlugin.intercepts($0, iOSMajorVersion: $1) },
        BackMenuGuardPlugin.pluginName: { BackMenuGuardPlugin.intercepts($0, iOSMajorVersion: $1) },
        ExitGuardPlugin.pluginName: { ExitGuardPlugin.intercepts($0, iOSMajorVersion: $1) },
        BackKeyCommandGuardPlugin.pluginName: { BackKeyCommandGuardPlugin.intercepts($0, iOSMajorVersion: $1) },
    ]
    static let userTriggers: [PopTrigger] = PopTrigger.allCases.filter(\.isUserInitiated)

    /// Every catalog plugin × user trigger × profile.
    static let all: [CoverageCase] = StrategyCatalog.names.flatMap { plugin in
        userTriggers.flatMap { trigger in
            IOSProfile.allCases.map { CoverageCase(plugin: plugin, trigger: trigger, profile: $0) }
        }
    }

    /// What the plugin's docs promise (its `intercepts` table); nothing for a plugin that is
    /// not a guard.
    @MainActor var promised: Bool {
        Self.promises[plugin]?(trigger, profile.majorVersion) ?? false
    }
}

@MainActor
struct CoverageTests {
    /// Every plugin a promise is written for is in the catalog.
    @MainActor @Test func everyPromiseNamesACatalogPlugin() {
        #expect(Set(CoverageCase.promises.keys).isSubset(of: StrategyCatalog.names))
    }

    /// Trigger × profile → intercepted or not, for each catalog plugin alone, measured on
    /// the simulator and compared with the coverage the plugin's docs promise.
    @Test(arguments: CoverageCase.all)
    func pluginInterceptsExactlyWhatItsDocsPromise(_ row: CoverageCase) throws {
        let editor = Fixture.guardedScreen("Editor", customBack: row.trigger == .customBackButton)
        let nav = Fixture.navigation(row.profile, [SimScreen("Home"), SimScreen("List"), editor])
        Fixture.wireCustomBack(editor, on: nav)
        try nav.hooks.install(StrategyCatalog.plugin(named: row.plugin)!)
        guard Fixture.performUserBack(row.trigger, on: nav) else { return }  // not on this profile
        let intercepted = Fixture.stays(editor, on: nav)
        #expect(intercepted == row.promised, "\(nav.timeline.dump())")
        let report = Detectors.analyze(nav.timeline)
        #expect(report.unguardedPops == (intercepted ? 0 : 1))
    }

    /// With no plugin, every user path pops the guarded screen: the problem the plugins solve.
    @Test(arguments: IOSProfile.allCases)
    func withoutPluginsEveryUserPathSlipsPastTheGuard(_ profile: IOSProfile) {
        for trigger in CoverageCase.userTriggers {
            let editor = Fixture.guardedScreen("Editor", customBack: trigger == .customBackButton)
            let nav = Fixture.navigation(profile, [SimScreen("Home"), SimScreen("List"), editor])
            Fixture.wireCustomBack(editor, on: nav)
            guard Fixture.performUserBack(trigger, on: nav) else { continue }
            #expect(!Fixture.stays(editor, on: nav), "\(trigger) on \(profile)")
            #expect(Detectors.analyze(nav.timeline).unguardedPops == 1, "\(trigger) on \(profile)")
        }
    }

    /// The recommended composition guards every user path on every profile, and the app's
    /// own code pop still goes through.
    @Test(arguments: IOSProfile.allCases)
    func theRecommendedCompositionGuardsEveryPath(_ profile: IOSProfile) throws {
        for trigger in CoverageCase.userTriggers {
            let editor = Fixture.guardedScreen("Editor", customBack: trigger == .customBackButton)
            let nav = Fixture.navigation(profile, [SimScreen("Home"), SimScreen("List"), editor])
            Fixture.wireCustomBack(editor, on: nav)
            try StrategyComposition.recommended.install(on: nav.hooks)
            guard Fixture.performUserBack(trigger, on: nav) else { continue }
            #expect(Fixture.stays(editor, on: nav), "\(trigger) on \(profile)")
            nav.popViewController(animated: true)
            nav.runUntilIdle()
            #expect(nav.screens.map(\.screenName) == ["Home", "List"], "\(trigger) on \(profile)")
            #expect(Detectors.analyze(nav.timeline).unguardedPops == 0)
        }
    }

    /// The public-only mode uses `backAction` (R26: iOS 16+) and nothing before: the tap is
    /// taken exactly where the public API exists, and no private seam gets a hook.
    @Test(arguments: IOSProfile.allCases)
    func thePublicOnlyModeTakesTheTapFromIOS16(_ profile: IOSProfile) throws {
        let editor = Fixture.guardedScreen("Editor")
        let nav = Fixture.navigation(profile, [SimScreen("Home"), editor])
        try nav.hooks.install(BackActionOverridePlugin(mechanism: .publicOnly))
        #expect(nav.seams.privateBackButtonAction.isEmpty)
        nav.tapBack()
        nav.runUntilIdle()
        let intercepted = nav.screens.last === editor
        #expect(intercepted == (profile.majorVersion >= 16))
        #expect(
            intercepted
                == BackActionOverridePlugin.intercepts(
                    .backButton, iOSMajorVersion: profile.majorVersion, mechanism: .publicOnly))
    }

    /// QMUI 4.x's private hook alone goes blind on iOS 26 (R27); `backAction` does not.
    @Test(arguments: IOSProfile.allCases)
    func thePrivateHookAloneMissesTheTapOnIOS26(_ profile: IOSProfile) throws {
        let editor = Fixture.guardedScreen("Editor")
        let nav = Fixture.navigation(profile, [SimScreen("Home"), editor])
        try nav.hooks.install(BackActionOverridePlugin(mechanism: .privateHookOnly))
        nav.tapBack()
        nav.runUntilIdle()
        let intercepted = nav.screens.last === editor
        #expect(intercepted == (profile.majorVersion < 26))
        #expect(
            intercepted
                == BackActionOverridePlugin.intercepts(
                    .backButton, iOSMajorVersion: profile.majorVersion, mechanism: .privateHookOnly))
    }

    /// An extension override of `navigationBar(_:shouldPop:)` is never called (R23); the
    /// class implementation is.
    @Test func theShouldPopItemGuardOnlyWorksAsAClassImplementation() throws {
        for installation in [ShouldPopItemInstallation.classImplementation, .extensionOverride] {
            let editor = Fixture.guardedScreen("Editor")
            let nav = Fixture.navigation(.ios17, [SimScreen("Home"), editor])
            try nav.hooks.install(ShouldPopItemGuardPlugin(installation: installation))
            nav.tapBack()
            nav.runUntilIdle()
            #expect((nav.screens.last === editor) == (installation == .classImplementation))
        }
    }

    /// The back menu offers every destination; a pick is refused when it would remove a
    /// refusing screen (R37: decided at pick time).
    @Test func theBackMenuRefusesPicksPastTheFirstRefusingScreen() throws {
        let editor = Fixture.guardedScreen("Editor")
        let nav = Fixture.navigation(.ios17, [SimScreen("Home"), SimScreen("List"), editor, SimScreen("Preview")])
        try nav.hooks.install(BackMenuGuardPlugin())
        #expect(nav.backMenuDestinations().map(\.screenName) == ["Editor", "List", "Home"])
        nav.chooseFromBackMenu(nav.screens[1] as! SimScreen)
        nav.runUntilIdle()
        #expect(nav.screens.map(\.screenName) == ["Home", "List", "Editor", "Preview"])
        nav.chooseFromBackMenu(editor)
        nav.runUntilIdle()
        #expect(nav.screens.map(\.screenName) == ["Home", "List", "Editor"])
    }
}
