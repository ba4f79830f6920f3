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
            let line = try #require(out.range(of: "your files, recommended composition (rank 1 of 2): zero defects"))
            let ranking = try #require(out.range(of: "zero defects: 1 of 2 combinations"))
            #expect(line.lowerBound < ranking.lowerBound, "\(out)")
        }
    }

    @Test func theRecommendedCompositionsDefectsAreNamedWithTheirProfiles() throws {
        let path = try RecordingReplayTests.write(Self.sticky, name: "sticky.nav")
        let (status, out, _) = RecordingReplayTests.bench([path] + Self.combinations)
        #expect(status == 0)
        #expect(
            out.replacingOccurrences(of: "\n  ", with: " ").contains(
                "your files, recommended composition (rank 2 of 2): 7 defects: ios13, ios14, ios16, ios17, ios18, "
                    + "ios26, ios27: 1 blocked (sticky.nav)"), "\(out)")
    }

    @Test func theBuiltInCorpusHasNoSuchLine() {
        var report = BenchReport(results: [])
        report.highlighted = PluginCombination([])
        #expect(report.recommendedOnUsersFilesLine == nil)
    }
}
