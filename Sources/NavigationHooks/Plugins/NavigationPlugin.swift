/// A strategy: a set of seam hooks and handlers that installs on one navigation
/// controller's ``NavigationHooks`` and uninstalls cleanly.
///
/// A plugin records everything it adds through the ``PluginInstallation`` it is given, so
/// uninstalling removes exactly that, in reverse order, and leaves every seam and chain as
/// it found them:
///
/// ```swift
/// struct LogPops: NavigationPlugin {
///     func install(on hooks: HookRegistry, recording installation: PluginInstallation) throws {
///         installation.addHook(
///             PopOperationHook(didPop: { event in print("popped", event.removed.map(\.screenName)) }),
///             to: hooks.host.seams.popOperations)
///     }
/// }
/// ```
@MainActor
public protocol NavigationPlugin {
    /// The plugin's identity: one installation per name per navigation controller.
    /// Defaults to the type's name.
    static var pluginName: String { get }
    /// Installs the plugin. Everything added must go through `installation`; if this
    /// throws, what was recorded so far is removed again.
    func install(on hooks: HookRegistry, recording installation: PluginInstallation) throws
}

extension NavigationPlugin {
    /// The type's name.
    public static var pluginName: String { String(describing: Self.self) }
}

/// One plugin installed on one navigation controller: what it added, and the way to take
/// it out again.
@MainActor
public final class PluginInstallation {
    /// The installed plugin's ``NavigationPlugin/pluginName``.
    public let pluginName: String
    /// `false` once uninstalled.
    public private(set) var isInstalled = true
    /// What undoes each addition, the last one first. A list of its own, not an array of
    /// closures: a debug build ran the standard library's generic `append` for such an array
    /// (~950 instructions an addition), and every run the bench plays installs its plugins.
    /// `@exclusivity(unchecked)`: main-actor isolated, and no access is held across a call
    /// (``uninstall()`` takes an entry off before it runs it), so accesses cannot overlap.
    @exclusivity(unchecked) private var lastUndo: Undo?
    /// The first addition's undo, kept in place, run after the list's: most plugins record one
    /// or two, and each entry of the list cost an allocation and its release (~550 instructions
    /// in a debug build, every plugin of every run the bench plays).
    @exclusivity(unchecked) private var firstUndo: (@MainActor () -> Void)?
    private let onUninstall: @MainActor (PluginInstallation) -> Void

    /// One entry of the undo list.
    private final class Undo: Sendable {
        let body: @MainActor () -> Void
        let previous: Undo?

        init(_ body: @escaping @MainActor () -> Void, previous: Undo?) {
            self.body = body
            self.previous = previous
        }
    }

    init(pluginName: String, onUninstall: @escaping @MainActor (PluginInstallation) -> Void) {
        self.pluginName = pluginName
        self.onUninstall = onUninstall
    }

    deinit {
        // Entry by entry, newest first: releasing the newest alone would release the rest
        // recursively, one stack frame an entry.
        while let undo = lastUndo { lastUndo = undo.previous }
    }

    /// Adds `hook` to `seam`, to be removed on uninstall.
    public func addHook<Hook>(_ hook: Hook, to seam: Seam<Hook>) {
        let token = seam.add(hook)
        record { try? seam.remove(token) }
    }

    /// Registers `handler` on `chain`, to be removed on uninstall.
    ///
    /// - Throws: what ``HandlerChain/add(_:at:name:)`` throws.
    @discardableResult
    public func addHandler<Handler>(
        _ handler: Handler, to chain: HandlerChain<Handler>, at position: HandlerPosition = .last,
        name: String? = nil
    ) throws(HandlerChainError) -> HandlerID {
        let id = try chain.add(handler, at: position, name: name)
        record { try? chain.remove(id) }
        return id
    }

    /// Runs `body` on uninstall, in reverse order of registration with everything else.
    public func onUninstall(_ body: @escaping @MainActor () -> Void) {
        record(body)
    }

    private func record(_ undo: @escaping @MainActor () -> Void) {
        if firstUndo == nil, lastUndo == nil {
            firstUndo = undo
        } else {
            lastUndo = Undo(undo, previous: lastUndo)
        }
    }

    /// Removes everything the plugin added, last first. Calling it again does nothing.
    public func uninstall() {
        guard isInstalled else { return }
        isInstalled = false
        // The list, newest first, then the first addition's; an undo recorded meanwhile runs too.
        while true {
            if let undo = lastUndo {
                lastUndo = undo.previous
                undo.body()
            } else if let first = firstUndo {
                firstUndo = nil
                first()
            } else {
                break
            }
        }
        onUninstall(self)
    }
}
