#if os(macOS) || os(Linux)
import Foundation

/// `perf`'s figure for what a fresh clone runs: `swift run navhooks-bench`, the default command
/// in a debug build. It times the debug executable next to this one (`.build/debug/navhooks-bench`,
/// built by `swift build`) running the default command as a separate process in this process's
/// folder (the package root), output discarded, as ``MemoryBenchmark`` times its runs.
@MainActor
struct DebugBuildBenchmark {
    /// The figure.
    struct Result: Codable, Equatable {
        /// The debug executable timed, or why none was.
        var executable: String
        /// Wall-clock seconds of the default command; `nil` when the debug build was not found
        /// or failed.
        var seconds: Double?
        /// CPU seconds of it and its workers.
        var cpuSeconds: Double?
    }

    /// `.build/debug/NAME` beside this executable's `.build/release/NAME` (`navhooks-bench`, or an
    /// app's own bench); `nil` when there is no executable.
    nonisolated static func debugExecutable(besides executable: URL?) -> String? {
        guard let executable else { return nil }
        // `.build/release` is a link to `.build/<triple>/release`: either way the sibling `debug`.
        let configuration = executable.resolvingSymlinksInPath().deletingLastPathComponent()
        return configuration.deletingLastPathComponent().appendingPathComponent("debug")
            .appendingPathComponent(executable.lastPathComponent).path
    }

    /// Runs the default command with the debug executable.
    func run() -> Result {
        guard let path = Self.debugExecutable(besides: Bundle.main.executableURL),
            FileManager.default.isExecutableFile(atPath: path)
        else {
            return Result(executable: "no debug build beside this one: run `swift build` first")
        }
        let row = MemoryBenchmark(executable: path, corpus: "").measure("default command", format: "table", [])
        guard row.exitStatus == 0 else { return Result(executable: path + " (exit \(row.exitStatus))") }
        return Result(executable: path, seconds: row.seconds, cpuSeconds: row.cpuSeconds)
    }
}
#endif
