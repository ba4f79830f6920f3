import Foundation
import NavigationScenarioRunner
import Testing

@testable import NavigationBench

/// On the user's own files the report says first how the recommended composition does on
/// them (zero defects, or which), then ranks: a combination that drops protection the files
/// never try can rank as high, so the rank alone misleads (the user saw it 80th).
@MainActor
struct UsersFilesReportTests {
    static let draft = """
        screen Feed
        screen Composer guard=deny
        root Feed
        push Composer
        tap-back
        expect top Composer
        """

    /// App code no plugin can fix (wix/react-native-navigation #5502): one blocked pop per
    /// profile, whatever is installed.
    static let sticky = """
        gesture-switch sticky
        screen Library
        screen Player gesture=disabled
        screen Comments
        root Library
        push Player
        pop
        push Comments
        swipe-back finish
        """

    static let combinations = ["--plugins", "recommended", "--plugins", "none"]

    @Test func aCleanRecommendedCompositionIsSaidFirst() throws {
        let path = try RecordingReplayTests.write(Self.draft, name: "draft.nav")
        for format in ["table", "markdown"] {
            let (status, out, err) = RecordingReplayTests.bench([path, "--format", format] + Self.combinations)
            #expect(status == 0, "\(err)")
            let line = try #require(
                out.replacingOccurrences(of: "\n  ", with: " ").range(
                    of: "holds on your 1 file: 0 defects on the documented model and under every second reading "
                        + "played; rank 1 of 2, no private API"), "\(out)")
            let ranking = try #require(
                out.replacingOccurrences(of: "\n  ", with: " ").range(
                    of: format == "table" ? "rank  documented" : "| Rank |"))
            #expect(line.lowerBound < ranking.lowerBound, "\(out)")
        }
    }

    @Test func theRecommendedCompositionsDefectsAreNamedWithTheirProfiles() throws {
        let path = try RecordingReplayTests.write(Self.sticky, name: "sticky.nav")
        let (status, out, _) = RecordingReplayTests.bench([path] + Self.combinations)
        #expect(status == 0)
        let text = out.replacingOccurrences(of: "\n  ", with: " ")
        #expect(
            text.contains(
                "does not hold on your 1 file: 7 defects on the documented model, 7 in the worst case; rank 2 of 2, "
                    + "no private API"), "\(out)")
        #expect(text.contains("what remains: documented model (ios13–ios27: sticky.nav)"), "\(out)")
        #expect(text.contains("the documented model's defects are real"), "\(out)")
    }

    @Test func theBuiltInCorpusIsNamedSo() throws {
        var report = BenchReport(results: [ScorecardTests.run("a.nav", "ios17", [], documented: 0)])
        report.highlighted = PluginCombination([])
        #expect(try report.render(.table).contains("holds on the built-in corpus (1 file): 0 defects"))
    }
}
