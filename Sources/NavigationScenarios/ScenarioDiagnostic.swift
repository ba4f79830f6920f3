/// One error found in a scenario file.
///
/// Printed as `FILE:LINE:COLUMN: error: MESSAGE`, the format compilers use, so editors and CI
/// annotate the offending token.
public struct ScenarioDiagnostic: Error, Hashable, Sendable, CustomStringConvertible {
    /// Where the offending token starts.
    public var location: SourceLocation
    /// What is wrong, in one sentence.
    public var message: String

    /// Creates a diagnostic.
    public init(location: SourceLocation, message: String) {
        self.location = location
        self.message = message
    }

    /// `FILE:LINE:COLUMN: error: MESSAGE`.
    public var description: String { "\(location): error: \(message)" }
}

/// Every error found in one scenario file, in source order.
///
/// A file with any error runs nothing; the parser keeps going after an error so that all of
/// them are reported at once.
public struct ScenarioDiagnostics: Error, Hashable, Sendable, CustomStringConvertible {
    /// The errors, sorted by line and column.
    public var diagnostics: [ScenarioDiagnostic]

    /// Creates the list; sorts it by location.
    public init(_ diagnostics: [ScenarioDiagnostic]) {
        self.diagnostics = diagnostics.sorted { $0.location < $1.location }
    }

    /// One diagnostic a line.
    public var description: String { diagnostics.map(\.description).joined(separator: "\n") }
}
