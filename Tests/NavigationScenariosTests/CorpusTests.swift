import Foundation
import NavigationScenarios
import ScenarioTestSupport
import Testing

struct CorpusTests {
    @Test func theCorpusHasAtLeast28Files() {
        #expect(Corpus.files.count >= 28)
    }

    @Test(arguments: Corpus.files.map(\.lastPathComponent))
    func corpusFileParsesWithoutErrors(name: String) throws {
        let url = Corpus.directory.appendingPathComponent(name)
        let text = try String(contentsOf: url, encoding: .utf8)
        let result = ScenarioParser.parse(text: text, file: name)
        if case .failure(let failure) = result { Issue.record("\(failure)") }
        let scenario = try result.get()
        #expect(!scenario.title.isEmpty && scenario.title != String(name.dropLast(4)), "needs a scenario title")
        #expect(!scenario.expectations.isEmpty, "needs expect lines")
    }

    @Test func theCorpusCoversEveryTriggerProfileAndSetting() throws {
        let scenarios = try Corpus.scenarios()
        let actions = scenarios.flatMap { $0.steps.map(\.action) }
        let screens = scenarios.flatMap(\.screens)
        #expect(actions.contains(.tapBack))
        #expect(actions.contains { if case .backMenu = $0 { true } else { false } })
        #expect(actions.contains { if case .swipeBack(_, .finish) = $0 { true } else { false } })
        #expect(actions.contains { if case .swipeBack(_, .cancel) = $0 { true } else { false } })
        #expect(actions.contains { if case .contentSwipe = $0 { true } else { false } })
        #expect(actions.contains { if case .popTo = $0 { true } else { false } })
        #expect(actions.contains { if case .popToRoot = $0 { true } else { false } })
        #expect(actions.contains { if case .setStack = $0 { true } else { false } })
        #expect(actions.contains { if case .pop = $0 { true } else { false } })
        #expect(actions.contains(.present("Player", style: .fullScreen)))
        #expect(actions.contains { if case .present(_, .pageSheet) = $0 { true } else { false } })
        #expect(screens.contains { $0.back == .custom && $0.popGuard == .deny })
        #expect(screens.contains { $0.back == .custom && $0.popGuard == .none })
        #expect(screens.contains { $0.scroll == .horizontal })
        #expect(screens.contains { $0.gesture == .disabled })
        #expect(scenarios.contains { $0.installsOwnDelegate })
        let filtered = Set(scenarios.compactMap(\.profiles).flatMap { $0 })
        #expect(filtered == Set(ScenarioProfile.allCases))
    }

    /// A file named twice, by other spellings or through its directory, is one input.
    @Test func aFileNamedTwiceIsReadOnce() throws {
        let directory = URL(fileURLWithPath: try TestScratch.folder("corpus"))
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { TestScratch.remove(directory.path) }
        try TestScratch.write("screen A\nroot A\n", toFile: directory.appendingPathComponent("a.nav").path)
        let files = try ScenarioCorpus.files(
            in: ["a.nav", "./a.nav", directory.path + "/a.nav", "."], currentDirectory: directory.path)
        #expect(files == ["a.nav"])
    }
}
