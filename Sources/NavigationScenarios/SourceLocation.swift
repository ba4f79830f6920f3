/// A place in a scenario file: 1-based line and column.
///
/// Columns count characters (a tab is one column), so an editor's "go to line:column" lands
/// on the offending token.
public struct SourceLocation: Hashable, Sendable, Codable, Comparable, CustomStringConvertible {
    /// The file as it was named on the command line or to the parser.
    public var file: String
    /// 1-based line number.
    public var line: Int
    /// 1-based column number.
    public var column: Int

    /// Creates a location.
    public init(file: String, line: Int, column: Int) {
        self.file = file
        self.line = line
        self.column = column
    }

    /// `FILE:LINE:COLUMN`, the prefix compilers and editors understand.
    public var description: String { "\(file):\(line):\(column)" }

    public static func < (lhs: SourceLocation, rhs: SourceLocation) -> Bool {
        (lhs.file, lhs.line, lhs.column) < (rhs.file, rhs.line, rhs.column)
    }
}
