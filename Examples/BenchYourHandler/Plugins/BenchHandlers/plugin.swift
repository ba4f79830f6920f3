import Foundation
import PackagePlugin

/// `swift package bench-handlers [ARGS…]`: builds the app's bench (`bench-my-handlers`, release)
/// and runs it with ARGS, on `Flows` when ARGS name no file or folder. The bench's exit status
/// is the command's.
@main
struct BenchHandlers: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        let result = try packageManager.build(.product("bench-my-handlers"), parameters: .init(configuration: .release))
        guard result.succeeded, let bench = result.builtArtifacts.first(where: { $0.kind == .executable }) else {
            Diagnostics.error("bench-my-handlers did not build:\n\(result.logText)")
            return
        }
        let namesInput = arguments.first.map { !$0.hasPrefix("-") && !["merge", "perf", "fuzz"].contains($0) } ?? false
        let process = Process()
        process.executableURL = bench.url
        process.arguments = namesInput ? arguments : ["Flows"] + arguments
        process.currentDirectoryURL = context.package.directoryURL
        try process.run()
        process.waitUntilExit()
        if process.terminationStatus != 0 {
            Diagnostics.error("bench-my-handlers exited with status \(process.terminationStatus)")
        }
    }
}
