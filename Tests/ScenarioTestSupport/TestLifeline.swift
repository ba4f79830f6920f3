#if os(macOS) || os(Linux)
    import CProcessLifeline
    import Foundation

    /// A lifeline for a child process a test starts: a pipe whose reading end becomes the child's
    /// standard input and whose writing end only the test process holds, so that the child reads
    /// end-of-file when the test process ends, however it ends.
    ///
    /// Both ends are made close-on-exec atomically (`navhooks_cloexec_pipe`: `pipe2` with `O_CLOEXEC` on Linux): a process
    /// that another thread forks and executes meanwhile (a second child, the scratch folder's
    /// shell) inherits neither, and so cannot keep the lifeline open. The child still gets the
    /// reading end: `Process` duplicates it onto the child's standard input, which clears the flag
    /// on that copy.
    public struct TestLifeline: Sendable {
        /// The child's standard input.
        public let reading: FileHandle
        /// Held by the test process only; closing it (or the process ending) ends the lifeline.
        public let writing: FileHandle

        /// A new lifeline.
        public init() {
            var ends: [Int32] = [-1, -1]
            let made = navhooks_cloexec_pipe(&ends) == 0
            if made {
                reading = FileHandle(fileDescriptor: ends[0], closeOnDealloc: true)
                writing = FileHandle(fileDescriptor: ends[1], closeOnDealloc: true)
            } else {
                // No descriptors left: a pipe as `Pipe` makes it (without the atomic flag).
                let pipe = Pipe()
                reading = pipe.fileHandleForReading
                writing = pipe.fileHandleForWriting
            }
        }

        /// Starts `process` with a new lifeline as its standard input and waits for it to end
        /// without holding a thread (so main-actor tests run meanwhile); `false` when it could
        /// not be started. The caller sets everything else (arguments, environment, output).
        public static func run(_ process: Process) async -> Bool {
            let lifeline = TestLifeline()
            defer { try? lifeline.writing.close() }
            process.standardInput = lifeline.reading
            let started = await withCheckedContinuation { (done: CheckedContinuation<Bool, Never>) in
                process.terminationHandler = { _ in done.resume(returning: true) }
                do {
                    try process.run()
                    lowerPriority(of: process.processIdentifier)
                } catch {
                    process.terminationHandler = nil
                    done.resume(returning: false)
                }
            }
            try? lifeline.reading.close()
            return started
        }

        /// The niceness of a test's child (`nice` 10; the processes it starts, a bench's workers,
        /// inherit it): the test process's main-actor tests run one after another, the longest
        /// chain of the run, so they keep a core while the children share what is left, and the
        /// children use both cores once the test process is done with its own tests.
        static let childNiceness: Int32 = 10

        /// Lowers the priority of the child `pid` to ``childNiceness``, right after it started
        /// (before a bench starts its workers, which inherit it).
        static func lowerPriority(of pid: Int32) {
            #if os(Linux)
                _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), id_t(pid), childNiceness)
            #else
                _ = setpriority(PRIO_PROCESS, id_t(pid), childNiceness)
            #endif
        }
    }
#endif
