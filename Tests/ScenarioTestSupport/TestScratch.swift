import Foundation

#if canImport(CProcessLifeline)
    import CProcessLifeline
#endif

/// Folders for tests' files, inside this process's scratch folder (`navhooks_scratch_folder`,
/// CProcessLifeline): removed when the test process ends, however it ends, so a test run
/// killed with SIGKILL leaves nothing in the temporary folder. Remove a folder when done too.
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
