/// A JSONPath query that cannot be used: what is wrong and at which column (`query:1:7: expected ']'`).
public struct QueryError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What went wrong, phrased for a person.
    public var message: String
    /// The 1-based column of the problem, counted in Unicode scalars.
    public var column: Int

    /// Creates an error at `column`.
    public init(message: String, column: Int) {
        self.message = message
        self.column = column
    }

    /// `query:1:COL: message`, the form the CLI prints.
    public var description: String { "query:1:\(column): \(message)" }
}
