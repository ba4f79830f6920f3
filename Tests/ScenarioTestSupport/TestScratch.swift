import Foundation

#if canImport(CProcessLifeline)
    import CProcessLifeline
#endif

/// Folders for tests' files, inside this process's scratch folder (`navhooks_scratch_folder`,
/// CProcessLifeline): removed when the test process ends, however it ends, so a test run
/// killed with SIGKILL leaves nothing in the temporary folder. Remove a folder when done too
/// (``remove(_:)``). Tests write their input files there with ``write(_:toFile:)``.
public enum TestScratch {
    /// A new empty folder whose name starts with `prefix`.
    public static func folder(_ prefix: String) throws -> String {
        #if canImport(CProcessLifeline)
            let root =
                navhooks_scratch_folder().map { String(cString: $0) } ?? FileManager.default.temporaryDirectory.path
        #else
            let root = FileManager.default.temporaryDirectory.path  // (type-checked for iOS only)
        #endif
        let path = (root as NSString).appendingPathComponent("\(prefix)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// Writes `text` to the file `path` (made, or emptied first), without waiting for the disk:
    /// `String.write(toFile:atomically:encoding:)` waits for it (`fsync`) on the thread that runs
    /// the test, atomically or not. A test's scratch folder is new and nothing reads a file of
    /// it before it is written.
    public static func write(_ text: String, toFile path: String) throws {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: path]) }
        let file = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        if #available(macOS 10.15.4, iOS 13.4, *) {
            try file.write(contentsOf: Data(text.utf8))
            try file.close()
        } else {
            file.write(Data(text.utf8))
            file.closeFile()
        }
    }

    /// Removes `path` (a folder ``folder(_:)`` made) on a thread of its own and returns at once.
    /// On a disk that discards freed blocks as files are removed, removing a folder of files
    /// takes milliseconds a file; the test's thread (the main actor, or one of the few threads
    /// that run every test) would wait for it. What is not removed yet when the process ends
    /// goes with the scratch folder.
    public static func remove(_ path: String) {
        Thread.detachNewThread { try? FileManager.default.removeItem(atPath: path) }
    }
}

/// Switches for the tests `swift test` keeps small so a person waits seconds, not minutes:
/// `.ci/run` sets `NAVHOOKS_FULL_TESTS=1` and runs them in full (every combination, the
/// fuzzing budget, the signal tests' matrices, the limits' largest inputs).
public enum FullTests {
    /// The environment variable.
    public static let variable = "NAVHOOKS_FULL_TESTS"
    /// Whether the full versions run.
    public static var enabled: Bool { ProcessInfo.processInfo.environment[variable] == "1" }
}
