import Foundation
import NavigationScenarioRunner
import NavigationScenarios
import ScenarioTestSupport
import Testing

@testable import NavigationBench

/// A real matrix run of the built `navhooks-bench` (from `.build`, beside the test bundle):
/// however the bench ends, none of its `__matrix-shard` workers is left running.
@Suite(.serialized)
struct WorkerLifetimeTests {
    /// The built executable: beside the test bundle (`.build/<triple>/debug/`).
    static var executable: String? {
        var candidates: [String] = []
        if let bundle = Bundle.main.executableURL?.deletingLastPathComponent() {
            candidates.append(bundle.appendingPathComponent("navhooks-bench").path)
            candidates.append(bundle.deletingLastPathComponent().appendingPathComponent("navhooks-bench").path)
        }
        for bundle in Bundle.allBundles {
            candidates.append(
                bundle.bundleURL.deletingLastPathComponent().appendingPathComponent("navhooks-bench").path)
        }
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        candidates.append(root.appendingPathComponent(".build/debug/navhooks-bench").path)
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// The process ids of running (not zombie) `__matrix-shard` processes whose command line
    /// names `marker`.
    static func workers(marked marker: String) -> [Int32] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap(Int32.init).filter { pid in
            guard let data = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline") else { return false }
            let command = String(decoding: data.map { $0 == 0 ? 0x20 : $0 }, as: UTF8.self)
            return command.contains("__matrix-shard") && command.contains(marker) && runs(pid)
        }
    }

    /// Polls `condition` every 50 ms for up to `seconds`; whether it came true. (A bound on
    /// waiting, not a timing assertion.) It waits without holding a thread: the few threads
    /// that run every test go on with the others meanwhile.
    static func eventually(within seconds: Double, _ condition: () -> Bool) async -> Bool {
        let end = Date().addingTimeInterval(seconds)
        while Date() < end {
            if condition() { return true }
            try? await Task.sleep(nanoseconds: 50_000_000)
        }
        return condition()
    }

    /// Waits for `process` to end without holding a thread (``eventually(within:_:)``), for up to
    /// a minute, then as `waitUntilExit` does.
    static func ended(_ process: Process) async {
        _ = await eventually(within: 60) { !process.isRunning }
        process.waitUntilExit()
    }

    /// A bench started by ``startMatrix(lifeline:stop:)``; `workers` ran, and `scratch` was in its
    /// temporary folder, when `stop` was done.
    typealias Run = (
        process: Process, marker: String, errors: Pipe, directory: String, temporary: String, workers: [Int32],
        scratch: [String]
    )

    /// Whether process `pid` runs (exists and is not a zombie).
    static func runs(_ pid: Int32) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8) else { return false }
        let state = stat.split(separator: ")").last?.split(separator: " ").first
        return state != "Z" && state != "X"
    }

    /// Starts the default matrix over a copy of an eighth of the corpus (every eighth file) in a
    /// directory named after a fresh UUID, with a temporary folder of its own (`temporary`,
    /// `TMPDIR`), and does `stop` as soon as its workers run (the matrix, some 70,000 runs,
    /// takes far longer than the test needs it to run; an eighth is planned, and its workers
    /// started, eight times sooner than the whole corpus).
    ///
    /// The workers are watched for, and `stop` done, on a thread of its own, polling every 10 ms:
    /// the test's task, on the pool the other tests share, may wait a long while to resume, and
    /// meanwhile the workers play (when the whole suite ran, over two seconds of both cores
    /// went to the three tests' workers before they were stopped). `stop` gets the bench's
    /// process id; it is not done if no worker was seen within a minute or the bench ended first.
    ///
    /// With `lifeline`, the bench is started as a program (a test) that means it to end with
    /// it starts it: `NAVHOOKS_BENCH_PARENT` names this process and its standard input is the
    /// pipe's reading end.
    static func startMatrix(
        lifeline: TestLifeline? = nil, stop: @escaping @Sendable (Int32) -> Void
    ) async throws -> Run? {
        guard let executable else { return nil }
        let marker = "lifetime-\(UUID().uuidString)"
        let directory = try TestScratch.folder(marker)
        let temporary = try TestScratch.folder("tmp")
        let corpus = try #require(ScenarioCorpus.defaultDirectory(currentDirectory: "/nonexistent"))
        try FileManager.default.createDirectory(atPath: directory + "/c0", withIntermediateDirectories: true)
        let files = try FileManager.default.contentsOfDirectory(atPath: corpus).filter { $0.hasSuffix(".nav") }.sorted()
        for (index, file) in files.enumerated() where index % 8 == 0 {
            try FileManager.default.copyItem(atPath: corpus + "/" + file, toPath: directory + "/c0/" + file)
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = [directory, "--format", "json"]
        process.environment = ProcessInfo.processInfo.environment.merging(["TMPDIR": temporary]) { $1 }
        if let lifeline {
            process.standardInput = lifeline.reading
            process.environment?["NAVHOOKS_BENCH_PARENT"] = String(getpid())
        }
        let errors = Pipe()
        process.standardOutput = FileHandle.nullDevice
        process.standardError = errors
        try process.run()
        let pid = process.processIdentifier
        let (seen, scratch) = await OwnThread.run { () -> ([Int32], [String]) in
            let end = Date().addingTimeInterval(60)
            var seen = workers(marked: marker)
            while seen.isEmpty, runs(pid), Date() < end {
                usleep(10_000)
                seen = workers(marked: marker)
            }
            let scratch = (try? FileManager.default.contentsOfDirectory(atPath: temporary)) ?? []
            if !seen.isEmpty { stop(pid) }
            return (seen, scratch)
        }
        #expect(!seen.isEmpty, "the matrix ended before its workers could be seen")
        return (process, marker, errors, directory, temporary, seen, scratch)
    }

    /// `run` ended as a bench stopped by `signal` does: status 130, the message saying so, and no
    /// worker left.
    static func expectStopped(_ run: Run, by signal: String) async {
        await Self.ended(run.process)
        #expect(run.process.terminationReason == .exit)
        #expect(run.process.terminationStatus == 130)
        let errors = String(decoding: run.errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(errors.contains("navhooks-bench: stopped (\(signal))"), "\(errors)")
        #expect(
            await Self.eventually(within: 5) { Self.workers(marked: run.marker).isEmpty }, "a worker outlived the bench"
        )
    }

    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/proc/self/cmdline")))
    func ctrlCStopsTheBenchAndEveryWorker() async throws {
        #expect(Self.executable != nil, "navhooks-bench is not built beside the tests")
        guard let run = try await Self.startMatrix(stop: { kill($0, SIGINT) }) else { return }
        defer { TestScratch.remove(run.directory) }
        await Self.expectStopped(run, by: "SIGINT")
    }

    /// A bench a test starts (the docs' samples) ends when the test process does, however it
    /// ends: closing the lifeline's writing end is what the kernel does when that process dies.
    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/proc/self/cmdline")))
    func aBenchStartedWithALifelineStopsWhenItCloses() async throws {
        let lifeline = TestLifeline()
        guard
            let run = try await Self.startMatrix(lifeline: lifeline, stop: { _ in try? lifeline.writing.close() })
        else { return }
        defer { TestScratch.remove(run.directory) }
        try? lifeline.reading.close()
        await Self.expectStopped(run, by: "SIGTERM")
    }

    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/proc/self/cmdline")))
    func killingTheBenchEndsEveryWorker() async throws {
        guard let run = try await Self.startMatrix(stop: { kill($0, SIGKILL) }) else { return }
        defer { TestScratch.remove(run.directory) }
        #expect(!run.scratch.isEmpty)
        await Self.ended(run.process)
        #expect(run.process.terminationReason == .uncaughtSignal)
        #expect(
            await Self.eventually(within: 5) { Self.workers(marked: run.marker).isEmpty }, "a worker outlived the bench"
        )
        // Its scratch folder (the workers' groups, results and progress, the JSON spool) goes with it.
        #expect(
            await Self.eventually(within: 5) {
                (try? FileManager.default.contentsOfDirectory(atPath: run.temporary)) == []
            },
            "left in the temporary folder: \((try? FileManager.default.contentsOfDirectory(atPath: run.temporary)) ?? [])"
        )
    }
}
