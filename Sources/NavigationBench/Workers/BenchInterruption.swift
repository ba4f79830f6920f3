#if os(macOS) || os(Linux)
import Foundation
import NavigationHooks
import NavigationScenarioRunner
import NavigationScenarios
import NavigationSimulator
import NavigationStrategies

/// How the bench ends when it is told to stop, and how its workers end with it.
///
/// ```
/// SIGINT / SIGTERM ─► (signal source, off the main thread) ─► SIGKILL every worker
///                      ─► delete every output file half-written ─► "stopped" ─► exit 130
/// parent ends, any way ─► workers: SIGKILL from the kernel (Linux, PR_SET_PDEATHSIG)
///                      ─► workers: their standard input (a pipe from the parent) closes ─► exit
/// ```
///
/// The registry is process-wide: ``BenchCommand`` registers the workers it starts and the
/// temporary files it writes, and unregisters them when done; ``install(errorOutput:)`` is
/// called once by the executable (never by tests, which run the command in-process).
public enum BenchInterruption {
    /// The exit status after a stop: 128 + SIGINT, as shells report Ctrl-C.
    static let exitStatus: Int32 = 130
    /// The environment variable that tells a worker its parent's process id.
    static let parentVariable = "NAVHOOKS_BENCH_PARENT"

    private static let lock = NSLock()
    nonisolated(unsafe) private static var workers: Set<Int32> = []
    nonisolated(unsafe) private static var temporaryFiles: Set<String> = []
    nonisolated(unsafe) private static var sources: [any DispatchSourceSignal] = []

    static func register(worker pid: Int32) { locked { _ = workers.insert(pid) } }
    static func unregister(worker pid: Int32) { locked { _ = workers.remove(pid) } }
    static func register(temporaryFile path: String) { locked { _ = temporaryFiles.insert(path) } }
    static func unregister(temporaryFile path: String) { locked { _ = temporaryFiles.remove(path) } }

    private static func locked<T>(_ body: () -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        return body()
    }

    /// Stops the bench on SIGINT and SIGTERM: kills the workers, deletes half-written files,
    /// writes `TOOL: stopped (SIGNAL)…` (`toolName`, `navhooks-bench` by default) and exits with
    /// ``exitStatus``.
    public static func install(
        toolName: String = BenchCommand.defaultToolName, errorOutput: @escaping @Sendable (String) -> Void
    ) {
        // A queue of its own, not `.global()`: on Linux a global queue gets a thread only when
        // libdispatch's pool has room, and on a busy machine its monitor adds one about a second
        // later, while the workers play on (strace of the worker-lifetime tests under load: the
        // workers were killed 0.8-1.0 s after SIGINT). A serial queue of its own always gets one.
        let queue = DispatchQueue(label: "navhooks-bench.signals")
        for (number, name) in [(SIGINT, "SIGINT"), (SIGTERM, "SIGTERM")] {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
            source.setEventHandler {
                let (pids, files) = locked { (workers, temporaryFiles) }
                for pid in pids { kill(pid, SIGKILL) }
                for file in files { unlink(file) }
                errorOutput(
                    "\(toolName): stopped (\(name)): \(pids.count) workers ended, "
                        + "\(files.count) half-written files removed; no report\n")
                _exit(exitStatus)
            }
            source.resume()
            locked { sources.append(source) }
        }
    }

    /// In a worker: exits when the parent named by ``parentVariable`` is gone already, and as
    /// soon as standard input (the pipe from the parent) closes, which happens when the parent
    /// ends however it ends. `dieWithParent` is the platform's parent-death signal, if any;
    /// `whenGone` ends this process (a worker exits at once; a bench started by a test stops as
    /// on Ctrl-C, ending its own workers and removing its half-written files).
    public static func bindWorkerToParent(
        dieWithParent: () -> Void, whenGone: (@Sendable () -> Void)? = nil
    ) {
        let whenGone = whenGone ?? { _exit(exitStatus) }
        guard let value = ProcessInfo.processInfo.environment[parentVariable], let parent = Int32(value) else { return }
        dieWithParent()
        if getppid() != parent { whenGone() }  // the parent ended before the signal was set
        let thread = Thread {
            var byte: UInt8 = 0
            while true {
                let count = read(0, &byte, 1)
                if count == 0 || (count < 0 && errno != EINTR) { break }
            }
            whenGone()
        }
        thread.start()
    }
}

/// Output files written whole or not at all: into a temporary file in the same directory,
/// then renamed over the target; an interruption deletes the temporary file.
enum OutputFile {
    /// Writes `data` to `path` (creating its directory): whole, or not at all.
    static func write(_ data: Data, to path: String) throws {
        let directory = (path as NSString).deletingLastPathComponent
        if !directory.isEmpty {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        }
        let name = (path as NSString).lastPathComponent
        let temporary = ((directory.isEmpty ? "." : directory) as NSString)
            .appendingPathComponent(".\(name).\(getpid()).partial")
        BenchInterruption.register(temporaryFile: temporary)
        defer { BenchInterruption.unregister(temporaryFile: temporary) }
        do {
            try data.write(to: URL(fileURLWithPath: temporary))
            guard rename(temporary, path) == 0 else {
                throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: path])
            }
        } catch {
            unlink(temporary)
            throw error
        }
    }

    /// Writes `text` as UTF-8 to `path`: whole, or not at all.
    static func write(_ text: String, to path: String) throws { try write(Data(text.utf8), to: path) }
}
#endif
