/// Everything installed on one navigation controller: its ``NavigationDispatcher`` and
/// its plugins. A host creates one per navigation controller (`host.hooks`); nothing is
/// global.
///
/// ```swift
/// let hooks = host.hooks
/// try hooks.dispatcher.shouldPopHandlers.add(name: "draft") { context in
///     context.trigger.isUserInitiated ? .deny(reason: "unsaved draft") : .pass
/// }
/// let installation = try hooks.install(SomePlugin())
/// installation.uninstall()
/// ```
///
/// The `willShow` point is wired to the host's navigation-delegate seam while it has at
/// least one observer, so `willShow` handlers run whichever plugins are installed.
@MainActor
public final class HookRegistry {
    /// The navigation controller these hooks belong to.
    public unowned let host: any NavigationHost
    /// The four interception points.
    public let dispatcher = NavigationDispatcher()
    /// The plugins installed, in installation order.
    public var installations: [PluginInstallation] { installed }
    /// ``installations``' storage, behind a getter because another module's direct read of a
    /// stored property checks exclusivity whatever the attribute says (a composition reads the
    /// count around each plugin it installs: two run-time checks a plugin in a debug build).
    /// `@exclusivity(unchecked)`, as ``installedNames``: main-actor isolated, and no access is
    /// held across a call, so accesses cannot overlap.
    @exclusivity(unchecked) private var installed: [PluginInstallation] = []
    /// Their names, in the same order: ``installation(named:)`` compares `[String]`'s elements,
    /// which a debug build reads with the standard library's specialized code (every run the
    /// bench plays installs its plugins through it).
    @exclusivity(unchecked) private var installedNames: [String] = []
    private var willShowToken: SeamToken?
    /// Says whether this registry still lives: the closures the registry leaves with others
    /// (its dispatcher's, its installations', its `willShow` hook) hold it and reach the registry
    /// `unowned(unsafe)` only while it says so, instead of a weak reference to the registry. A
    /// weak reference gives its object a side table for good, and each retain and release of the
    /// registry (every `hooks` read of a host) then takes the runtime's slow path; a weak
    /// reference to the token costs a weak load at each call, and `unowned` a retain and
    /// release of the registry. The closures capture the token alone and reach the registry
    /// through it: a closure that captures one object has it as its context, where one that
    /// captured the token and the registry cost an allocation and its release, for each plugin
    /// every run the bench plays installs (callgrind of a debug bench worker).
    private let lifeToken = LifeToken()

    /// Creates the hooks of `host`. Hosts call this once, lazily, for their `hooks`.
    public init(host: any NavigationHost) {
        self.host = host
        lifeToken.registry = self
        dispatcher.willShowHandlers.onEmptinessChange = { [token = lifeToken] isEmpty in
            if token.isAlive { token.registry?.wireWillShow(isEmpty: isEmpty) }
        }
    }

    /// The closures this registry left with others do nothing from now on.
    deinit { lifeToken.isAlive = false }

    /// Installs `plugin`.
    ///
    /// Installing a plugin whose ``NavigationPlugin/pluginName`` is already installed on
    /// this navigation controller is a no-op that returns the existing installation (the
    /// new instance's configuration is ignored; uninstall first to reconfigure).
    ///
    /// - Throws: what the plugin's `install` throws; everything it had added is removed
    ///   again and nothing is installed.
    @discardableResult
    public func install(_ plugin: some NavigationPlugin) throws -> PluginInstallation {
        let name = type(of: plugin).pluginName
        if let existing = installation(named: name) { return existing }
        // Weak: an app may keep an installation longer than the navigation controller; its
        // uninstall() then still undoes what it recorded, and there is no list to leave.
        let installation = PluginInstallation(pluginName: name) { [token = lifeToken] done in
            if token.isAlive { token.registry?.remove(done) }
        }
        installed.append(installation)
        installedNames.append(name)
        do {
            try plugin.install(on: self, recording: installation)
        } catch {
            installation.uninstall()
            throw error
        }
        return installation
    }

    /// The installation of the plugin named `name`, if installed.
    public func installation(named name: String) -> PluginInstallation? {
        // An index loop over the names: a debug build runs `first(where:)` and `for in`'s
        // iterator unspecialized, and every run the bench plays installs its plugins through here.
        var index = 0
        while index < installedNames.count {
            if installedNames[index] == name { return installed[index] }
            index += 1
        }
        return nil
    }

    /// Forgets `installation`, uninstalled.
    private func remove(_ installation: PluginInstallation) {
        guard let index = installed.firstIndex(where: { $0 === installation }) else { return }
        installed.remove(at: index)
        installedNames.remove(at: index)
    }

    /// Whether a plugin of this type is installed.
    public func isInstalled<P: NavigationPlugin>(_ plugin: P.Type) -> Bool {
        installation(named: P.pluginName) != nil
    }

    /// Uninstalls every plugin, last installed first.
    public func uninstallAll() {
        while let last = installed.last { last.uninstall() }
    }

    private func wireWillShow(isEmpty: Bool) {
        let seam = host.seams.navigationDelegate
        if isEmpty {
            if let token = willShowToken { try? seam.remove(token) }
            willShowToken = nil
        } else if willShowToken == nil {
            willShowToken = seam.add(
                NavigationDelegateHook(willShow: { [token = lifeToken] context in
                    if token.isAlive { token.registry?.dispatcher.willShow(context) }
                }))
        }
    }
}

/// Whether a registry still lives (``HookRegistry``'s `lifeToken`), for the closures it left
/// with others; its registry's deinit marks it.
///
/// `@unchecked Sendable`: written once, by its registry's deinit, and read by the registry's
/// closures, on the main actor where registries live.
private final class LifeToken: @unchecked Sendable {
    /// `false` once the registry deinitialized.
    @exclusivity(unchecked) var isAlive = true
    /// The registry, set by its initializer; read only while ``isAlive`` says it lives (no
    /// reference count to keep: a debug build's `unowned` retains and releases it).
    @exclusivity(unchecked) unowned(unsafe) var registry: HookRegistry?
}
