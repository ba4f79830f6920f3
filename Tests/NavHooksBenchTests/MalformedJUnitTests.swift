import Foundation
import Testing

@testable import NavigationBench

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// CI on a malformed file: the JUnit document (what a CI page shows) carries every
/// `FILE:LINE:COLUMN: error:` line, parsed by an XML parser, and the bench still exits 2.
@MainActor
struct MalformedJUnitTests {
    @Test func aMalformedFileIsAFailedTestCaseCarryingEachError() throws {
        let bad = try RecordingReplayTests.write("screen A bar=hiden\nroot A\npush Nope\n", name: "bad.nav")
        let good = try RecordingReplayTests.write("screen A\nroot A\n", name: "good.nav")
        let (status, out, err) = RecordingReplayTests.bench([bad, good, "--format", "junit"])
        #expect(status == 2)
        #expect(err.contains("nothing was run"))
        let document = try XMLDocument(data: Data(out.utf8))
        let root = try #require(document.rootElement())
        #expect(root.name == "testsuites")
        #expect(root.attribute(forName: "failures")?.stringValue == "1")
        let suites = root.elements(forName: "testsuite")
        #expect(suites.map { $0.attribute(forName: "name")?.stringValue } == [bad])
        let failure = try #require(
            suites.first?.elements(forName: "testcase").first?.elements(forName: "failure").first)
        let lines = (failure.stringValue ?? "").split(separator: "\n").map(String.init)
        // The same lines the log has, one per error.
        #expect(lines.count == 2)
        #expect(lines.allSatisfy { err.contains($0) })
        #expect(lines.first?.hasPrefix("\(bad):1:14: error: invalid value 'hiden' for 'bar'") == true)
        #expect(lines.last?.hasPrefix("\(bad):3:6: error: unknown screen 'Nope'") == true)
        #expect(failure.attribute(forName: "message")?.stringValue == "2 errors: nothing was run")
    }

    @Test func aMissingInputIsAFailedTestCaseToo() throws {
        let (status, out, _) = RecordingReplayTests.bench(["/nonexistent/flows.nav", "--format", "junit"])
        #expect(status == 2)
        let document = try XMLDocument(data: Data(out.utf8))
        let failure = try #require(
            document.rootElement()?.elements(forName: "testsuite").first?
                .elements(forName: "testcase").first?.elements(forName: "failure").first)
        #expect(failure.stringValue?.contains("/nonexistent/flows.nav") == true)
    }
}
