#if os(macOS) || os(Linux)
import Foundation
import NavigationHooks
import NavigationScenarioRunner
import NavigationScenarios
import NavigationSimulator
import NavigationStrategies

/// Seeded mutations of scenario files, fed to the parser and the simulator: no input may crash
/// the bench, hang it, or get an error without its `FILE:LINE:COLUMN`.
///
/// ```
/// corpus files ─► mutant (1–4 byte, line or word mutations, seed-determined) ─► read + parse
///    ├─ errors: each must be located in the mutant (line ≥ 1 and within it, column ≥ 1, one line)
///    └─ scenario: played on one profile with no plugins, the recommended composition and a
///       random combination; every mutant must finish within ``hangLimit`` seconds
/// ```
///
/// A crash ends the process (the test or `navhooks-bench fuzz` fails with it); a hang past
/// ``hangLimit`` is reported by a watchdog, which prints the mutant and exits with status 1.
/// The same seed makes the same mutants.
struct ScenarioFuzzer {
    /// One problem found, with what reproduces it.
    struct Finding: CustomStringConvertible, Sendable {
        var mutant: Int
        var file: String
        var mutations: [String]
        var problem: String
        var description: String {
            "mutant #\(mutant) of \(file) (\(mutations.joined(separator: ", "))): \(problem)"
        }
    }

    /// What a fuzzing session did.
    struct Summary: Sendable {
        var mutants = 0
        var rejected = 0
        var runs = 0
        var slowestSeconds = 0.0
        var findings: [Finding] = []
    }

    /// A mutant slower than this (seconds) is a hang.
    var hangLimit = 10.0
    /// The bench's name, as the hang's message gives it.
    var toolName = BenchCommand.defaultToolName
    let seed: UInt64
    /// The files mutated: their names and bytes.
    let corpus: [(name: String, bytes: [UInt8])]

    /// Creates a fuzzer over `corpus`.
    init(corpus: [(name: String, bytes: [UInt8])], seed: UInt64) {
        self.corpus = corpus
        self.seed = seed
    }

    /// The `.nav` files of `directory`, sorted.
    static func corpus(in directory: String) -> [(name: String, bytes: [UInt8])] {
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? [])
            .filter { $0.hasSuffix(".nav") }.sorted()
        return names.compactMap { name in
            FileManager.default.contents(atPath: (directory as NSString).appendingPathComponent(name))
                .map { (name, [UInt8]($0)) }
        }
    }

    /// Makes and checks `count` mutants; `willCheck` gets each one's description before it is
    /// checked (the last one printed names the mutant that crashed), `progress` is called after each.
    @MainActor
    func run(
        mutants count: Int, willCheck: (String) -> Void = { _ in }, progress: (Int) -> Void = { _ in }
    ) -> Summary {
        var random = SeededGenerator(seed: seed)
        var summary = Summary()
        let watchdog = Watchdog(limit: hangLimit, toolName: toolName)
        defer { watchdog.stop() }
        let plugins = StrategyCatalog.names
        for index in 0..<count where !corpus.isEmpty {
            let source = corpus[Int(random.next() % UInt64(corpus.count))]
            var bytes = source.bytes
            var applied: [String] = []
            for _ in 0..<(1 + Int(random.next() % 4)) {
                applied.append(Self.mutate(&bytes, &random))
            }
            let file = "mutant-\(index)-" + source.name
            let description = "mutant #\(index) of \(source.name) (\(applied.joined(separator: ", "))), seed \(seed)"
            watchdog.watch(description)
            willCheck(description)
            let start = Date()
            summary.mutants += 1
            switch ScenarioCorpus.parse(bytes: bytes, file: file) {
            case .failure(let diagnostics):
                summary.rejected += 1
                let lines = String(decoding: bytes, as: UTF8.self).split(
                    omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }
                ).count
                for diagnostic in diagnostics.diagnostics {
                    let place = diagnostic.location
                    let located =
                        place.file == file && place.line >= 1 && place.line <= max(lines, 1) && place.column >= 1
                        && !diagnostic.message.isEmpty && !diagnostic.message.contains("\n")
                        && diagnostic.description.hasPrefix("\(file):\(place.line):\(place.column): error: ")
                    if !located {
                        summary.findings.append(
                            Finding(
                                mutant: index, file: source.name, mutations: applied,
                                problem: "unlocated error: \(diagnostic)"))
                    }
                }
            case .success(let scenario):
                let profiles = ScenarioProfile.allCases.filter(scenario.runs(on:))
                if !profiles.isEmpty {
                    let profile = profiles[Int(random.next() % UInt64(profiles.count))]
                    let randomPlugins = plugins.filter { _ in random.next() % 2 == 0 }
                    let runner = SimulatorScenarioRunner(skipsEquivalentRuns: false)
                    for combination in [[], StrategyComposition.recommended.names, randomPlugins] {
                        _ = runner.run(scenario, profile: profile.rawValue, plugins: combination)
                        summary.runs += 1
                    }
                }
            }
            let seconds = Date().timeIntervalSince(start)
            summary.slowestSeconds = max(summary.slowestSeconds, seconds)
            if seconds > hangLimit {
                summary.findings.append(
                    Finding(mutant: index, file: source.name, mutations: applied, problem: "took \(seconds) s"))
            }
            progress(index + 1)
        }
        return summary
    }

    // MARK: Mutations

    static let words = [
        "root", "push", "pop", "pop-to", "pop-to-root", "set-stack", "tap-back", "back-menu", "swipe-back",
        "content-swipe", "present", "dismiss", "wait", "expect", "voiceover-escape", "key-back",
        "swipe-down-sheet", "trackpad-swipe", "confirm", "screen", "profile", "delegate", "3600", "0", "-1",
        "1e308", "nan", "inf", "0.99999", "99999999999999999999", "finish", "cancel", "discard", "keep",
        "back=custom", "guard=confirm", "guard=deny", "bar=hidden", "gesture=disabled", "scroll=horizontal",
        "progress=1", "progress=0", "style=fullscreen", "animated=false", "ios13", "ios26", "#", "=", "é",
    ]
    static let screenOptions = [
        "back=custom", "guard=confirm", "guard=deny", "bar=hidden", "gesture=disabled", "scroll=horizontal",
    ]
    static let bytes: [UInt8] = [0x00, 0xFF, 0xC3, 0xED, 0xF4, 0x80, 0x0D, 0x0A, 0x09, 0x20, 0x23, 0x3D, 0x7F]

    /// Applies one mutation and names it.
    static func mutate(_ bytes: inout [UInt8], _ random: inout SeededGenerator) -> String {
        func pick(_ count: Int) -> Int { count <= 0 ? 0 : Int(random.next() % UInt64(count)) }
        var lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false).map(Array.init)
        func joined() -> [UInt8] { Array(lines.joined(separator: [0x0A])) }
        func isLine(_ line: [UInt8], _ keyword: String) -> Bool {
            line.split(separator: 0x20).first.map { $0.elementsEqual(keyword.utf8) } ?? false
        }
        switch pick(9) {
        case 8:
            // An option on a screen declaration (the root's, as often as not).
            let screens = lines.indices.filter { isLine(lines[$0], "screen") }
            guard !screens.isEmpty else { return "no screen to change" }
            let root = lines.first { isLine($0, "root") }?.split(separator: 0x20).dropFirst().first.map(Array.init)
            let rootLine = screens.first { lines[$0].split(separator: 0x20).dropFirst().first.map(Array.init) == root }
            let at = random.next() % 2 == 0 ? (rootLine ?? screens[pick(screens.count)]) : screens[pick(screens.count)]
            let option = Self.screenOptions[pick(Self.screenOptions.count)]
            lines[at] += Array(" \(option)".utf8)
            bytes = joined()
            return "'\(option)' on line \(at + 1)"
        case 0 where !bytes.isEmpty:
            let at = pick(bytes.count)
            bytes[at] ^= UInt8(1) << UInt8(pick(8))
            return "flip a bit at \(at)"
        case 1:
            let at = pick(bytes.count + 1)
            let byte = Self.bytes[pick(Self.bytes.count)]
            bytes.insert(byte, at: at)
            return "insert 0x\(String(byte, radix: 16)) at \(at)"
        case 2 where !bytes.isEmpty:
            let at = pick(bytes.count)
            let length = min(1 + pick(8), bytes.count - at)
            bytes.removeSubrange(at..<(at + length))
            return "delete \(length) bytes at \(at)"
        case 3:
            let at = pick(lines.count)
            let times = 1 + pick(50)
            lines.insert(contentsOf: Array(repeating: lines[at], count: times), at: at)
            bytes = joined()
            return "repeat line \(at + 1) \(times)×"
        case 4 where lines.count > 1:
            let at = pick(lines.count)
            lines.remove(at: at)
            bytes = joined()
            return "delete line \(at + 1)"
        case 5:
            let a = pick(lines.count)
            let b = pick(lines.count)
            lines.swapAt(a, b)
            bytes = joined()
            return "swap lines \(a + 1) and \(b + 1)"
        case 6:
            let at = pick(lines.count)
            var words = lines[at].split(separator: 0x20).map(Array.init)
            let word = Self.words[pick(Self.words.count)]
            if words.isEmpty || random.next() % 2 == 0 {
                words.append(Array(word.utf8))  // an extra word: an option on a declaration, say
            } else {
                words[pick(words.count)] = Array(word.utf8)
            }
            lines[at] = Array(words.joined(separator: [0x20]))
            bytes = joined()
            return "word '\(word)' into line \(at + 1)"
        default:
            // A step naming a screen of the file, where the file's steps are.
            let names = lines.compactMap { line -> String? in
                let words = line.split(separator: 0x20)
                guard words.count > 1, words[0].elementsEqual("screen".utf8) else { return nil }
                return String(decoding: words[1], as: UTF8.self)
            }
            let name = names.isEmpty ? "A" : names[pick(names.count)]
            let steps = [
                "key-back", "key-back text", "key-back bar", "voiceover-escape", "swipe-down-sheet", "tap-back",
                "confirm discard", "confirm keep",
                "back-menu \(name)", "push \(name)", "pop-to \(name)", "set-stack \(name)", "present \(name)",
                "dismiss", "pop", "pop-to-root", "wait 3600", "swipe-back progress=1 finish",
                "content-swipe progress=0.9 cancel", "trackpad-swipe finish", "expect top \(name)",
            ]
            let step = steps[pick(steps.count)]
            // Right after `root` (the stack holds one screen there) as often as anywhere else.
            let afterRoot = lines.firstIndex { isLine($0, "root") }.map { $0 + 1 }
            let at = random.next() % 2 == 0 ? (afterRoot ?? pick(lines.count + 1)) : pick(lines.count + 1)
            lines.insert(Array(step.utf8), at: at)
            bytes = joined()
            return "insert '\(step)'"
        }
    }
}

/// Ends the process when one mutant takes longer than `limit` seconds: a hang cannot report
/// itself, so a thread beside it does.
final class Watchdog: @unchecked Sendable {
    private let lock = NSLock()
    private var current: (what: String, since: Date)?
    private var stopped = false

    init(limit: Double, toolName: String) {
        let thread = Thread { [weak self] in
            while true {
                Thread.sleep(forTimeInterval: 0.5)
                guard let self else { return }
                self.lock.lock()
                let (current, stopped) = (self.current, self.stopped)
                self.lock.unlock()
                if stopped { return }
                if let current, Date().timeIntervalSince(current.since) > limit {
                    FileHandle.standardError.write(
                        Data("\(toolName) fuzz: error: hang: \(current.what) ran for more than \(limit) s\n".utf8))
                    exit(1)
                }
            }
        }
        thread.start()
    }

    func watch(_ what: String) {
        lock.lock()
        current = (what, Date())
        lock.unlock()
    }

    func stop() {
        lock.lock()
        stopped = true
        lock.unlock()
    }
}
#endif
