import ScenarioTestSupport
import Testing

extension ChildTestProcess {
    /// Runs `work`, the body of the test `test` (`Suite/name`; with `part`, the case so named),
    /// in a child process of the test binary (``run(filter:part:_:)``); the child's failures are
    /// recorded as the test's, at `sourceLocation`.
    ///
    /// For the longest main-actor tests: in a child they use the other core beside this
    /// process's main-actor tests, which Swift Testing runs one after another.
    static func expectPasses(
        _ test: String, part: String? = nil, sourceLocation: SourceLocation = #_sourceLocation,
        _ work: () async throws -> Void
    ) async throws {
        if let child = try await run(filter: test + "\\(", part: part ?? test, work) {
            Issue.record("\(child)", sourceLocation: sourceLocation)
        }
    }
}
