import NavigationHooks
import NavigationSimulator
import NavigationStrategies
import Testing

/// Issue 38 finding 3 (R155): a look a declarative view writes after the composition is
/// installed (the SwiftUI probe installs, then writes) reaches the appearance strategy.
@MainActor
struct DeclaredLookTests {
    static let look = NavigationBarLook(background: .color(BarColor(hex: "1C1C1E")!), tint: .white, style: .dark)

    static func stackWithStrategyInstalledFirst(_ plugin: any NavigationPlugin) throws -> (
        SimNavigationController, SimScreen
    ) {
        let nav = SimNavigationController(profile: .ios17)
        let root = SimScreen("Root")
        nav.setViewControllers([root], animated: false)
        nav.runUntilIdle()
        try StrategyComposition([plugin]).install(on: nav.hooks)  // NavigationPreferenceProbe.resolve's order
        return (nav, root)
    }

    /// `UINavigationItem.standardAppearance`'s documentation (R102): the top item's appearance
    /// overrides the bar's while the item is on top, so the root shows its look at rest, as it
    /// would had the look been stated before the strategy was installed. Written into the
    /// preferences alone (main at be93f32), it waited for the first push.
    @Test(arguments: [0, 1])
    func r155_aLookWrittenAfterTheStrategyReachesIt(_ which: Int) throws {
        let plugin: any NavigationPlugin = which == 0 ? ItemBarAppearancePlugin() : TransitionBarBackgroundPlugin()
        let (silent, silentRoot) = try Self.stackWithStrategyInstalledFirst(plugin)
        silentRoot.navigationPreferences.navigationBarLook = Self.look
        silent.runUntilIdle()
        #expect(silent.shownBarLook != Self.look)  // the finding

        let (nav, root) = try Self.stackWithStrategyInstalledFirst(
            which == 0 ? ItemBarAppearancePlugin() : TransitionBarBackgroundPlugin())
        // NavigationPreferenceProbe.writing: a changed look goes to the strategy.
        if root.navigationPreferences.write({ $0.navigationBarLook = Self.look }) { nav.lookChangeHandler?(root) }
        nav.runUntilIdle()
        #expect(nav.shownBarLook == Self.look)
        // SwiftUI writes again on every appearance (R62): an unchanged look is not sent again.
        #expect(!root.navigationPreferences.write { $0.navigationBarLook = Self.look })
    }
}
