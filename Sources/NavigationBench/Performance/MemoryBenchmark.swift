import Foundation
import NavigationScenarios

/// `perf`'s edge measurements: the bench's peak memory on 10 and 100 copies of the corpus in
/// every output format, and the two inputs that used to crash or crawl (100,000 pushes, two
/// hundred hour-long waits). Each is a separate run of this executable, whose peak resident
/// memory (`VmHWM` on Linux, written by the run itself at exit; elsewhere `wait4`'s
/// `ru_maxrss`) is the figure, with its workers': the whole process tree, each process's peak
/// added (an upper bound of what the machine held at once).
@MainActor
public struct MemoryBenchmark {
    /// One child run.
    struct Row: Codable, Equatable {
        /// What ran: `10 copies`, `100k pushes`, …
        var input: String
        var format: String
        var peakMegabytes: Double
        /// Wall-clock seconds (on a shared machine, mostly waiting) …
        var seconds: Double
        /// … and CPU seconds of the process and its workers (user + system).
        var cpuSeconds: Double
        var exitStatus: Int32
    }

    /// The combinations the copies run against: enough runs to show what grows with files,
    /// few enough for `perf` to stay short.
    static let plugins = [
        "--plugins", "none", "--plugins", "recommended", "--plugins",
        "BackMenuGuard,PopGestureGuard,ShouldPopItemGuard",
        "--plugins", "DelegateBarHiding", "--profiles", "ios17,ios26",
    ]

    var executable: String
    var corpus: String

    /// Where a measured run writes its own peak memory (kilobytes) when it ends.
    public nonisolated static let peakFileVariable = "NAVHOOKS_PEAK_MEMORY_FILE"

    /// Where a worker of a measured run writes its peak.
    public nonisolated static func workerPeakFile(_ path: String, pid: Int32) -> String { "\(path).worker-\(pid)" }

    /// This process's peak resident memory in kilobytes (`VmHWM`), where `/proc` has it.
    public nonisolated static func ownPeakKilobytes() -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
        for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
            return Int(line.split(separator: " ").dropFirst().first ?? "")
        }
        return nil
    }

    func run() throws -> [Row] {
        let root = Scratch.path("perf-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(atPath: root) }
        let files = try FileManager.default.contentsOfDirectory(atPath: corpus).filter { $0.hasSuffix(".nav") }
        var rows: [Row] = []
        for copies in [10, 100] {
            let directory = root + "/copies\(copies)"
            for copy in 0..<copies {
                let folder = directory + "/c\(copy)"
                try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
                for file in files {
                    try FileManager.default.copyItem(atPath: corpus + "/" + file, toPath: folder + "/" + file)
                }
            }
            for format in ReportFormat.allCases {
                rows.append(
                    measure(
                        "\(copies) copies", format: format.rawValue,
                        [directory, "--format", format.rawValue] + Self.plugins))
            }
        }
        let pushes = 100_000
        var text = (0...pushes).map { "screen S\($0)\n" }.joined() + "root S0\n"
        text += (1...pushes).map { "push S\($0) animated=false\n" }.joined()
        try text.write(toFile: root + "/pushes.nav", atomically: false, encoding: .utf8)
        rows.append(
            measure("100k pushes", format: "table", [root + "/pushes.nav", "--plugins", "none", "--profiles", "ios17"]))
        try ("screen A\nscreen B bar=hidden\nroot A\npush B\n" + String(repeating: "wait 3600\n", count: 200))
            .write(toFile: root + "/waits.nav", atomically: false, encoding: .utf8)
        rows.append(
            measure(
                "200 × wait 3600", format: "table",
                [root + "/waits.nav", "--plugins", "recommended", "--profiles", "ios17"]))
        return rows
    }

    /// Runs this executable with `arguments`, output discarded; its peak memory and wall time.
    func measure(_ input: String, format: String, _ arguments: [String]) -> Row {
        let start = ContinuousClock.now
        var pid: pid_t = 0
        #if os(Linux)
            var actions = posix_spawn_file_actions_t()
        #else
            var actions: posix_spawn_file_actions_t?
        #endif
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let peakFile = Scratch.path("peak-\(UUID().uuidString)")
        defer { unlink(peakFile) }
        var environment = ProcessInfo.processInfo.environment
        environment[Self.peakFileVariable] = peakFile
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for pointer in argv + envp { free(pointer) } }
        guard posix_spawn(&pid, executable, &actions, nil, argv, envp) == 0 else {
            return Row(input: input, format: format, peakMegabytes: 0, seconds: 0, cpuSeconds: 0, exitStatus: -1)
        }
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
        let seconds = PerfRunner.seconds(ContinuousClock.now - start)
        #if os(Linux)
            let own = (try? String(contentsOfFile: peakFile, encoding: .utf8)).flatMap { Int($0) }
            let folder = (peakFile as NSString).deletingLastPathComponent
            let prefix = (Self.workerPeakFile(peakFile, pid: 0) as NSString).lastPathComponent.dropLast(1)
            let workers = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [])
                .filter { $0.hasPrefix(prefix) }
                .compactMap { name -> Int? in
                    let path = (folder as NSString).appendingPathComponent(name)
                    defer { unlink(path) }
                    return (try? String(contentsOfFile: path, encoding: .utf8)).flatMap { Int($0) }
                }
            let megabytes = Double((own ?? usage.ru_maxrss) + workers.reduce(0, +)) / 1024  // kilobytes
        #else
            let megabytes = Double(usage.ru_maxrss) / 1_048_576  // bytes
        #endif
        let exit = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        let cpu = [usage.ru_utime, usage.ru_stime].reduce(0.0) { $0 + Double($1.tv_sec) + Double($1.tv_usec) / 1e6 }
        return Row(
            input: input, format: format, peakMegabytes: megabytes, seconds: seconds, cpuSeconds: cpu, exitStatus: exit)
    }
}
