import NavigationHooks

/// The demo's decision log: installs a `DecisionTrace` on the dispatcher, prints what it
/// recorded each time a screen finished showing (and when a refusal leaves the stack as it
/// was, at the next one), then empties it, so the trace never grows past one interaction.
///
/// A plugin of the app's own: the same `NavigationPlugin` protocol the strategies use.
struct TraceConsolePlugin: NavigationPlugin {
    /// Entries kept at most between two prints; older ones are dropped (a long series of
    /// refused swipes with no transition in between).
    static let maximumEntries = 200

    func install(on hooks: HookRegistry, recording installation: PluginInstallation) throws {
        let trace = DecisionTrace()
        hooks.dispatcher.trace = trace
        let flush: @MainActor (String) -> Void = { screen in
            guard !trace.entries.isEmpty else { return }
            print("NavigationHooks decisions up to \(screen):\n\(trace.text)")
            trace.removeAll()
        }
        installation.addHook(
            NavigationDelegateHook(
                willShow: { _ in
                    if trace.entries.count > Self.maximumEntries { trace.removeAll() }
                },
                didShow: { context in flush(context.arriving.screenName) }),
            to: hooks.host.seams.navigationDelegate)
    }
}
