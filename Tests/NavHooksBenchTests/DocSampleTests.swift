import Foundation
import NavigationScenarioRunner
import NavigationStrategies
import Testing

@testable import NavigationBench

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
@MainActor
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

    /// What the bench printed for each list of arguments (standard output, standard error), so
    /// samples of one command run it once.
    static var printed: [[String]: (out: String, err: String)] = [:]

    /// What the bench prints for `sample` now, cut as the sample says.
    static func output(of sample: Sample) -> String {
        let arguments = sample.arguments.flatMap(expanded)
        let (out, err) = printed[arguments] ?? bench(arguments)
        printed[arguments] = (out, err)
        var lines = (sample.stderr ? err : out).split(separator: "\n", omittingEmptySubsequences: false)
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

    /// Runs the bench in this process, as `navhooks-bench` does, from the package root.
    static func bench(_ arguments: [String]) -> (out: String, err: String) {
        var out = ""
        var err = ""
        let command = BenchCommand(
            runner: SimulatorScenarioRunner(playsVariants: BenchOptions.playsVariants(arguments)),
            availablePlugins: StrategyCatalog.names,
            recommendedPlugins: StrategyComposition.recommended.names,
            currentDirectory: root.path,
            output: { out += $0 },
            errorOutput: { err += $0 })
        _ = command.run(arguments)
        return (out, err)
    }

    @Test func everySampleIsWhatTheBenchPrintsNow() throws {
        var checked = 0
        for document in Self.documents {
            let url = Self.root.appendingPathComponent(document)
            let text = try String(contentsOf: url, encoding: .utf8)
            let samples = Self.samples(in: text)
            guard !samples.isEmpty else { continue }
            var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            // Back to front, so a rewritten block does not move the ones before it.
            for sample in samples.reversed() where !sample.isFull || Self.full {
                let now = Self.output(of: sample)
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
