import Foundation
import ScenarioTestSupport
import Testing

/// Every sample of the bench's output in the documentation is what the bench prints now, so no
/// figure in the docs can drift from the command that makes it.
///
/// A sample is a fenced code block right after a comment line naming the command:
///
///     <!-- navhooks-bench --plugins recommended Examples/Scenarios/look-*.nav from="appearance" -->
///
/// The words are the bench's arguments (paths relative to the package root; a `*` in a file
/// name is expanded), except these, which say what part of the output the block shows:
/// - `stderr`: the diagnostics (standard error) instead of the report;
/// - `from="TEXT"`: from the first line that starts with TEXT;
/// - `lines=N`: at most N lines;
/// - `full`: the command is too slow for `swift test`; checked with `NAVHOOKS_FULL_TESTS=1`.
///
/// `NAVHOOKS_UPDATE_DOCS=1 swift test --filter DocSampleTests` rewrites every sample it checks in
/// place with what the bench prints now (add `NAVHOOKS_FULL_TESTS=1` for the `full` ones): run it
/// after changing the bench's output, and read the diff.
///
/// The samples are checked against the built `navhooks-bench` (beside the test bundle), each
/// command in a child process, so the suite needs no actor and holds no thread while they run.
struct DocSampleTests {
    static let root = URL(
        fileURLWithPath: #filePath.replacingOccurrences(of: "Tests/NavHooksBenchTests/DocSampleTests.swift", with: ""))

    static let updates = ProcessInfo.processInfo.environment["NAVHOOKS_UPDATE_DOCS"] == "1"
    static let full = ProcessInfo.processInfo.environment["NAVHOOKS_FULL_TESTS"] == "1"

    /// One sample: where its block is and the command that makes it.
    struct Sample: Equatable {
        var arguments: [String]
        var stderr = false
        var from: String?
        var lines: Int?
        var isFull = false
        /// The block's lines between its fences, as 0-based line indices of the document.
        var body: Range<Int>
        var text: String
    }

    /// The documents that can carry samples: the README and every Markdown file under
    /// `Sources` and `Examples`.
    static var documents: [String] {
        var found = ["README.md"]
        for top in ["Sources", "Examples"] {
            let base = root.appendingPathComponent(top).path
            guard let walker = FileManager.default.enumerator(atPath: base) else { continue }
            while let relative = walker.nextObject() as? String {
                if relative.hasSuffix(".md") { found.append(top + "/" + relative) }
            }
        }
        return found.sorted()
    }

    /// The words of a comment: blank-separated, a double-quoted part kept whole (`from="a b"`).
    static func words(_ text: Substring) -> [String] {
        var words: [String] = []
        var current = ""
        var quoted = false
        for character in text {
            if character == "\"" {
                quoted.toggle()
            } else if character == " " && !quoted {
                if !current.isEmpty { words.append(current) }
                current = ""
            } else {
                current.append(character)
            }
        }
        if !current.isEmpty { words.append(current) }
        return words
    }

    /// The samples of `text`.
    static func samples(in text: String) -> [Sample] {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        var samples: [Sample] = []
        var index = 0
        while index < lines.count {
            defer { index += 1 }
            // A sample's comment has a `<`: only such a line is trimmed (Foundation's trim, every
            // line of every document, cost more than the rest of the reading).
            guard lines[index].utf8.contains(UInt8(ascii: "<")) else { continue }
            let line = lines[index].trimmingCharacters(in: .whitespaces)
            guard line.hasPrefix("<!-- navhooks-bench"), line.hasSuffix("-->"),
                index + 1 < lines.count, lines[index + 1].hasPrefix("```")
            else { continue }
            let inner = line.dropFirst("<!-- navhooks-bench".count).dropLast("-->".count)
            var sample = Sample(arguments: [], body: 0..<0, text: "")
            for word in words(inner) {
                if word == "stderr" {
                    sample.stderr = true
                } else if word == "full" {
                    sample.isFull = true
                } else if word.hasPrefix("from=") {
                    sample.from = String(word.dropFirst("from=".count))
                } else if word.hasPrefix("lines="), let count = Int(word.dropFirst("lines=".count)) {
                    sample.lines = count
                } else {
                    sample.arguments.append(word)
                }
            }
            var end = index + 2
            while end < lines.count, !lines[end].hasPrefix("```") { end += 1 }
            sample.body = (index + 2)..<end
            sample.text = lines[sample.body].joined(separator: "\n")
            samples.append(sample)
            index = end
        }
        return samples
    }

    /// `Examples/Scenarios/look-*.nav` → the matching files, sorted; other words as they are.
    static func expanded(_ argument: String) -> [String] {
        guard argument.contains("*") else { return [argument] }
        let folder = (argument as NSString).deletingLastPathComponent
        let pattern = (argument as NSString).lastPathComponent
        let parts = pattern.split(separator: "*", omittingEmptySubsequences: false).map(String.init)
        let names =
            (try? FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent(folder).path)) ?? []
        return names.filter { name in
            guard name.hasPrefix(parts[0]), name.hasSuffix(parts[parts.count - 1]) else { return false }
            var rest = Substring(name.dropFirst(parts[0].count))
            for part in parts.dropFirst().dropLast() {
                guard let range = rest.range(of: part) else { return false }
                rest = rest[range.upperBound...]
            }
            return rest.count >= parts[parts.count - 1].count
        }
        .sorted().map { folder + "/" + $0 }
    }

    /// What the bench prints for `sample` now (`printed`: the bench's standard output and
    /// standard error for each list of arguments), cut as the sample says.
    static func output(of sample: Sample, printed: [[String]: BenchOutput]) -> String {
        guard let printed = printed[sample.arguments.flatMap(expanded)] else { return "(navhooks-bench did not run)" }
        var lines = (sample.stderr ? printed.err : printed.out).split(separator: "\n", omittingEmptySubsequences: false)
        while lines.last?.isEmpty == true { lines.removeLast() }
        if let from = sample.from {
            // A sample cut from a line the bench no longer prints shows that, and so fails.
            guard let start = lines.firstIndex(where: { $0.hasPrefix(from) }) else {
                return "(navhooks-bench printed no line starting with '\(from)')"
            }
            lines = Array(lines[start...])
        }
        if let count = sample.lines { lines = Array(lines.prefix(count)) }
        return lines.joined(separator: "\n")
    }

    /// What one command of the bench printed.
    struct BenchOutput: Sendable {
        var out: String
        var err: String
    }

    /// Runs the built `navhooks-bench` with `arguments` from the package root, as a reader of
    /// the docs runs it, in a child process: the test waits without holding a thread, so the
    /// other tests (most of them on the main actor) run beside it.
    static func bench(_ executable: String, _ arguments: [String]) async throws -> BenchOutput {
        // Files, not pipes: nothing waits for a reader, however much the bench prints.
        let folder = try TestScratch.folder("doc-sample")
        defer { TestScratch.remove(folder) }
        let outPath = folder + "/out"
        let errPath = folder + "/err"
        for path in [outPath, errPath] { _ = FileManager.default.createFile(atPath: path, contents: nil) }
        let out = try FileHandle(forWritingTo: URL(fileURLWithPath: outPath))
        let err = try FileHandle(forWritingTo: URL(fileURLWithPath: errPath))
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.currentDirectoryURL = root
        process.standardOutput = out
        process.standardError = err
        // The bench ends with this process (`NAVHOOKS_BENCH_PARENT` and a ``TestLifeline``).
        process.environment = ProcessInfo.processInfo.environment.merging([
            "NAVHOOKS_BENCH_PARENT": String(getpid())
        ]) { $1 }
        let started = await TestLifeline.run(process)
        try out.close()
        try err.close()
        guard started else { return BenchOutput(out: "(navhooks-bench could not be started)", err: "") }
        return BenchOutput(
            out: try String(contentsOfFile: outPath, encoding: .utf8),
            err: try String(contentsOfFile: errPath, encoding: .utf8))
    }

    @Test func everySampleIsWhatTheBenchPrintsNow() async throws {
        let executable = try #require(WorkerLifetimeTests.executable, "navhooks-bench is not built beside the tests")
        var documents: [(document: String, url: URL, text: String, samples: [Sample])] = []
        for document in Self.documents {
            let url = Self.root.appendingPathComponent(document)
            let text = try String(contentsOf: url, encoding: .utf8)
            let samples = Self.samples(in: text).filter { !$0.isFull || Self.full }
            if !samples.isEmpty { documents.append((document, url, text, samples)) }
        }
        // Every command once (samples of one command share its run), all of them at once.
        let commands = Set(documents.flatMap { $0.samples.map { $0.arguments.flatMap(Self.expanded) } })
        let printed = try await withThrowingTaskGroup(of: ([String], BenchOutput).self) { group in
            for arguments in commands {
                group.addTask { (arguments, try await Self.bench(executable, arguments)) }
            }
            var printed: [[String]: BenchOutput] = [:]
            for try await (arguments, output) in group { printed[arguments] = output }
            return printed
        }
        var checked = 0
        for (document, url, text, samples) in documents {
            var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            // Back to front, so a rewritten block does not move the ones before it.
            for sample in samples.reversed() {
                let now = Self.output(of: sample, printed: printed)
                checked += 1
                if Self.updates {
                    lines.replaceSubrange(sample.body, with: now.isEmpty ? [] : [now])
                } else {
                    #expect(
                        sample.text == now,
                        "\(document):\(sample.body.lowerBound): the sample of 'navhooks-bench \(sample.arguments.joined(separator: " "))' differs from what the bench prints now; NAVHOOKS_UPDATE_DOCS=1 swift test --filter DocSampleTests rewrites it"
                    )
                }
            }
            if Self.updates {
                let updated = lines.joined(separator: "\n")
                if updated != text { try updated.write(to: url, atomically: true, encoding: .utf8) }
            }
        }
        #expect(checked > 0)
    }

    @Test func theSampleSyntaxIsRead() {
        let text = """
            intro
            <!-- navhooks-bench --plugins recommended a/look-*.nav from="appearance slot" lines=3 stderr full -->
            ```text
            one
            two
            ```
            <!-- not a sample -->
            ```text
            x
            ```
            """
        let samples = Self.samples(in: text)
        #expect(
            samples == [
                Sample(
                    arguments: ["--plugins", "recommended", "a/look-*.nav"], stderr: true, from: "appearance slot",
                    lines: 3, isFull: true, body: 3..<5, text: "one\ntwo")
            ])
    }

    @Test func aGlobNamesTheMatchingFilesInOrder() {
        let looks = Self.expanded("Examples/Scenarios/look-*.nav")
        #expect(looks.count >= 3)
        #expect(looks == looks.sorted())
        #expect(looks.allSatisfy { $0.hasPrefix("Examples/Scenarios/look-") && $0.hasSuffix(".nav") })
        #expect(Self.expanded("--check") == ["--check"])
    }
}
