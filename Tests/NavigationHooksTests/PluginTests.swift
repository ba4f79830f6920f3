import NavigationHooks
import Testing

struct BoomError: Error {}

/// Adds a seam hook and a handler, and optionally fails after adding them.
struct ProbePlugin: NavigationPlugin {
    var failAfterAdding = false
    func install(on hooks: HookRegistry, recording installation: PluginInstallation) throws {
        installation.addHook(PopGestureHook(shouldBegin: { _ in true }), to: hooks.host.seams.popGesture)
        try installation.addHandler(
            ShouldPopClosure { _ in .deny(reason: "probe") }, to: hooks.dispatcher.shouldPopHandlers, name: "probe")
        if failAfterAdding { throw BoomError() }
    }
}

struct OtherPlugin: NavigationPlugin {
    func install(on hooks: HookRegistry, recording installation: PluginInstallation) throws {
        installation.addHook(PopGestureHook(shouldBegin: { _ in false }), to: hooks.host.seams.popGesture)
    }
}

@MainActor
struct PluginTests {
    @Test func uninstallRestoresEverySeamAndChain() throws {
        let host = TestHost("Root", "Top")
        let installation = try host.hooks.install(ProbePlugin())
        #expect(host.seams.popGesture.hooks.count == 1)
        #expect(host.hooks.dispatcher.shouldPopHandlers.names == ["probe"])
        #expect(host.activations == ["+popGesture"])
        installation.uninstall()
        #expect(host.seams.popGesture.isEmpty)
        #expect(host.hooks.dispatcher.shouldPopHandlers.isEmpty)
        #expect(host.activations == ["+popGesture", "-popGesture"])
        #expect(host.hooks.installations.isEmpty)
        installation.uninstall()  // a second call does nothing
        #expect(host.activations.count == 2)
    }

    /// An installation kept after its registry is gone: uninstalling still undoes what it
    /// recorded, and reaches no registry (the registry's closures ask its life token first).
    @Test func installationOutlivingItsRegistryUninstalls() throws {
        final class Log { var entries: [String] = [] }
        struct Records: NavigationPlugin {
            let log: Log
            func install(on hooks: HookRegistry, recording installation: PluginInstallation) throws {
                installation.onUninstall { log.entries.append("undone") }
            }
        }
        let log = Log()
        weak var registry: HookRegistry?
        var installation: PluginInstallation?
        do {
            let host = TestHost("Root")
            registry = host.hooks
            installation = try host.hooks.install(Records(log: log))
            #expect(registry?.installations.count == 1)
        }
        #expect(registry == nil)
        installation?.uninstall()
        #expect(log.entries == ["undone"])
        #expect(installation?.isInstalled == false)
    }

    /// Uninstalling undoes every addition last first, one addition or many, and an undo
    /// recorded while uninstalling runs too.
    @Test func uninstallUndoesLastFirst() throws {
        final class Log { var entries: [String] = [] }
        struct Records: NavigationPlugin {
            let count: Int
            let log: Log
            func install(on hooks: HookRegistry, recording installation: PluginInstallation) throws {
                for number in 1...count {
                    installation.onUninstall {
                        log.entries.append("\(number)")
                        if number == 2 { installation.onUninstall { log.entries.append("late") } }
                    }
                }
            }
        }
        for count in 1...4 {
            let log = Log()
            let installation = try TestHost("Root").hooks.install(Records(count: count, log: log))
            installation.uninstall()
            installation.uninstall()
            let expected = (1...count).reversed().flatMap { $0 == 2 ? ["2", "late"] : ["\($0)"] }
            #expect(log.entries == expected, "\(count) additions")
        }
    }

    /// An installation kept after its navigation controller is gone uninstalls without
    /// trapping, and still undoes what it recorded.
    @Test func anInstallationOutlivingItsHooksUninstallsSafely() throws {
        var host: TestHost? = TestHost("Root", "Top")
        let chain = host!.hooks.dispatcher.shouldPopHandlers
        let installation = try host!.hooks.install(ProbePlugin())
        weak let weakHooks = host!.hooks
        host = nil
        #expect(weakHooks == nil)
        installation.uninstall()
        #expect(chain.isEmpty)
    }

    @Test func installingTwiceReturnsTheExistingInstallation() throws {
        let host = TestHost("Root", "Top")
        let first = try host.hooks.install(ProbePlugin())
        let second = try host.hooks.install(ProbePlugin())
        #expect(first === second)
        #expect(host.seams.popGesture.hooks.count == 1)
        #expect(host.hooks.isInstalled(ProbePlugin.self))
    }

    @Test func aFailedInstallLeavesNothingBehind() throws {
        let host = TestHost("Root", "Top")
        #expect(throws: BoomError.self) { try host.hooks.install(ProbePlugin(failAfterAdding: true)) }
        #expect(host.seams.popGesture.isEmpty)
        #expect(host.hooks.dispatcher.shouldPopHandlers.isEmpty)
        #expect(host.hooks.installations.isEmpty)
    }

    @Test func twoPluginsShareASeamAndUninstallInEitherOrder() throws {
        for reversed in [false, true] {
            let host = TestHost("Root", "Top")
            let a = try host.hooks.install(ProbePlugin())
            let b = try host.hooks.install(OtherPlugin())
            #expect(host.seams.popGesture.hooks.count == 2)
            if reversed {
                b.uninstall()
                a.uninstall()
            } else {
                a.uninstall()
                b.uninstall()
            }
            #expect(host.seams.popGesture.isEmpty)
            #expect(host.activations == ["+popGesture", "-popGesture"])
        }
    }

    @Test func removingAnUnknownSeamHookIsATypedError() throws {
        let host = TestHost("Root")
        let token = host.seams.appearance.add(AppearanceHook { _ in })
        try host.seams.appearance.remove(token)
        #expect(throws: SeamError.unknownHook(token)) { try host.seams.appearance.remove(token) }
    }

    @Test func aTokenFromAnotherSeamIsATypedErrorEvenWithTheSameSerial() throws {
        let host = TestHost("Root")
        let appearance = host.seams.appearance
        let other = Seam<AppearanceHook>("other")
        let token = appearance.add(AppearanceHook { _ in })
        let foreign = other.add(AppearanceHook { _ in })  // the first serial of its seam too
        #expect(throws: SeamError.unknownHook(foreign)) { try appearance.remove(foreign) }
        #expect(appearance.hooks.count == 1)
        try appearance.remove(token)
        #expect(appearance.isEmpty && other.hooks.count == 1)
    }

    @Test func willShowIsWiredToTheDelegateSeamWhileItHasObservers() throws {
        let host = TestHost("Root", "Top")
        var shown: [String] = []
        let id = try host.hooks.dispatcher.willShowHandlers.add { shown.append($0.arriving.screenName) }
        #expect(host.activations == ["+navigationDelegate"])
        host.sendWillShow()
        #expect(shown == ["Top"])
        try host.hooks.dispatcher.willShowHandlers.remove(id)
        #expect(host.activations == ["+navigationDelegate", "-navigationDelegate"])
        host.sendWillShow()
        #expect(shown == ["Top"])
    }

    @Test func uninstallAllRemovesEveryPlugin() throws {
        let host = TestHost("Root", "Top")
        try host.hooks.install(ProbePlugin())
        try host.hooks.install(OtherPlugin())
        host.hooks.uninstallAll()
        #expect(host.hooks.installations.isEmpty)
        #expect(host.seams.popGesture.isEmpty)
    }

    @Test func theCodePopSignatureOfShouldPopItem() {
        let host = TestHost("Root", "Top")
        let top = host.topScreen!
        #expect(!ShouldPopItemCall(host: host, item: top).isCodePop)
        host.screens.removeLast()  // the app's code popped first (R21)
        #expect(ShouldPopItemCall(host: host, item: top).isCodePop)
    }
}
