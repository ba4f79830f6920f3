import Foundation
import NavigationScenarioRunner
import ScenarioTestSupport
import Testing

@testable import NavigationBench

/// `RunMetrics.countFields` is the one list of metrics in code; the report's documentation
/// (Examples/Scenarios/README.md) is a copy for readers, kept equal here.
struct MetricDocsTests {
    static func scenarioReadme() throws -> String {
        try String(contentsOf: Corpus.directory.appendingPathComponent("README.md"), encoding: .utf8)
    }

    /// The code spans in `text`, in order.
    static func codeSpans(_ text: some StringProtocol) -> [String] {
        text.split(separator: "`", omittingEmptySubsequences: false).enumerated()
            .filter { $0.offset % 2 == 1 }.map { String($0.element) }
    }

    @Test func theMetricTableListsEveryMetric() throws {
        let readme = try Self.scenarioReadme()
        let start = try #require(readme.range(of: "| metric | counts |"))
        let rows = readme[start.upperBound...].split(separator: "\n").dropFirst().prefix { $0.hasPrefix("|") }
        let documented = rows.flatMap { Self.codeSpans($0.split(separator: "|")[0]) }
        let keys = RunMetrics.countFields.map(\.key) + ["nsPerDispatch"]
        #expect(documented.count == keys.count)
        #expect(Set(documented) == Set(keys))
    }

    @Test func theDocumentedCSVHeaderIsTheHeader() throws {
        let readme = try Self.scenarioReadme()
        let start = try #require(readme.range(of: "under the header `"))
        let end = try #require(readme[start.upperBound...].firstIndex(of: "`"))
        let documented = readme[start.upperBound..<end].split(separator: ",").map {
            $0.trimmingCharacters(in: .whitespacesAndNewlines)
        }
        #expect(documented == BenchReport.csvHeader)
    }
}
