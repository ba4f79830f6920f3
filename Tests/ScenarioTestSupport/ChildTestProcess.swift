import Foundation

/// A heavy test whose work must run on the main actor (the simulator's types are main-actor
/// types) run in a child process of the test binary, so that it plays on the other core
/// beside the main-actor tests of this process, which Swift Testing runs one after another.
///
/// The test calls ``run(filter:part:_:)`` with its work. In `swift test`'s process it starts the
/// test binary again, with `--filter` selecting the test and ``variable`` naming the part to
/// play, and waits for it without holding a thread; the child plays the work and reports its
/// issues as any test run does; the parent returns the child's exit status and what it printed
/// (its failed expectations, with their places and messages). Where the test binary cannot be
/// started again (not Linux, or already a child), the work runs in this process.
public enum ChildTestProcess {
    /// The environment variable that makes a test process a child, naming its part.
    public static let variable = "NAVHOOKS_TEST_CHILD"

    /// What a child printed, and how it ended; its description is the issue the parent records.
    public struct Outcome: Sendable, CustomStringConvertible {
        /// The child's exit status: 0 when every expectation held.
        public var status: Int32
        /// The lines of the child's output about a failure (issues, their places and
        /// messages), or its whole output when it failed without one.
        public var failures: String

        public var description: String { "in a child process (exit status \(status)):\n\(failures)" }
    }

    /// This process's part, when it is a child.
    static var part: String? { ProcessInfo.processInfo.environment[variable] }

    /// Set in a child whose standard input is its lifeline: a pipe whose writing end only the
    /// parent holds, so that reading it ends when the parent ends, however it ends.
    static let lifelineVariable = "NAVHOOKS_TEST_LIFELINE"

    /// Runs `work` in a child process of the test binary started with `--filter filter` (a
    /// pattern that selects this test only) and the part `part` (one case of a parameterized
    /// test: the child plays only the case named so, and passes the others); `nil` when the
    /// child passed, else its outcome. In the child, and where no child can be started, runs
    /// `work` here.
    public static func run(filter: String, part: String, _ work: () async throws -> Void) async throws -> Outcome? {
        if let current = Self.part {
            #if os(Linux)
                _ = watchesParent
            #endif
            if current == part { try await work() }
            return nil
        }
        #if os(Linux)
            if let executable { return try await outcome(of: executable, filter: filter, part: part) }
        #endif
        try await work()
        return nil
    }

    /// Runs `work` for each of `parts`, each in a child process of its own, all at once, as
    /// ``run(filter:part:_:)`` runs one: the parts that failed, with their outcomes. One test
    /// case waits for all of them: Swift Testing runs only a few test cases at a time (twice
    /// the cores), and a case that waits for a child holds one of those places.
    public static func run(
        filter: String, parts: [String], _ work: (String) async throws -> Void
    ) async throws -> [(part: String, outcome: Outcome)] {
        if let current = Self.part {
            #if os(Linux)
                _ = watchesParent
            #endif
            if parts.contains(current) { try await work(current) }
            return []
        }
        #if os(Linux)
            if let executable {
                return try await withThrowingTaskGroup(of: (String, Outcome?).self) { group in
                    for part in parts {
                        group.addTask { (part, try await outcome(of: executable, filter: filter, part: part)) }
                    }
                    var failed: [(part: String, outcome: Outcome)] = []
                    for try await (part, outcome) in group {
                        if let outcome { failed.append((part, outcome)) }
                    }
                    return failed.sorted { $0.part < $1.part }
                }
            }
        #endif
        for part in parts { try await work(part) }
        return []
    }

    #if os(Linux)
        /// In a child started by ``outcome(of:filter:part:)``: a thread that ends this process
        /// when its lifeline closes, so no child outlives the test run that started it (killed,
        /// it cannot end its children itself). Started once, on the first call.
        static let watchesParent: Void = {
            guard ProcessInfo.processInfo.environment[lifelineVariable] == "stdin" else { return }
            Thread.detachNewThread {
                var byte: UInt8 = 0
                // The parent never writes: `read` returns 0 (end of file) when the parent ends.
                while read(0, &byte, 1) > 0 {}
                _exit(137)
            }
        }()

        /// The test binary, where it can be started again with Swift Testing's arguments (macOS
        /// runs tests through a helper that loads the bundle: there the work runs in-process).
        static var executable: String? {
            let path = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().path
            return path.hasSuffix(".xctest") ? path : nil
        }

        /// Starts `executable` for the test `filter` selects, playing `part`, and waits for it.
        static func outcome(of executable: String, filter: String, part: String) async throws -> Outcome? {
            let folder = try TestScratch.folder("child-test")
            defer { TestScratch.remove(folder) }
            let outputPath = folder + "/output"
            _ = FileManager.default.createFile(atPath: outputPath, contents: nil)
            // A file, not a pipe: nothing waits for a reader, however much the child prints.
            let output = try FileHandle(forWritingTo: URL(fileURLWithPath: outputPath))
            let process = Process()
            process.executableURL = URL(fileURLWithPath: executable)
            process.arguments = ["--testing-library", "swift-testing", "--filter", filter]
            process.environment = ProcessInfo.processInfo.environment.merging([
                variable: part, lifelineVariable: "stdin",
            ]) { $1 }
            process.currentDirectoryURL = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
            process.standardOutput = output
            process.standardError = output
            // The child's lifeline (``watchesParent``, ``TestLifeline``): it ends with this process.
            let started = await TestLifeline.run(process)
            try output.close()
            guard started else {
                return Outcome(status: -1, failures: "the test binary \(executable) could not be started again")
            }
            let printed = (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? ""
            let ranOne = printed.contains("Test run with ") && !printed.contains("Test run with 0 tests")
            guard process.terminationReason != .exit || process.terminationStatus != 0 || !ranOne else { return nil }
            // Swift Testing's lines about issues: `✘ … recorded an issue at FILE:LINE:COLUMN: …` and
            // the `↳` lines of their messages under them.
            var lines: [Substring] = []
            var inIssue = false
            for line in printed.split(separator: "\n") {
                if line.hasPrefix("✘") && line.contains("recorded an issue") {
                    inIssue = true
                } else if !line.hasPrefix("↳") {
                    inIssue = false
                }
                if inIssue { lines.append(line) }
            }
            let status =
                process.terminationReason == .exit ? process.terminationStatus : 128 + process.terminationStatus
            let failures =
                lines.isEmpty
                ? (ranOne ? printed : "the child ran no test of '\(filter)':\n\(printed)")
                : lines.joined(separator: "\n")
            return Outcome(status: status == 0 ? 1 : status, failures: failures)
        }
    #endif
}
