/// A parse failure that says what went wrong and where: byte offset, line and column.
public struct ParseError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What went wrong, phrased for a person (`expected ':' after object key`).
    public var message: String
    /// Byte offset of the problem in the input.
    public var offset: Int
    /// 1-based line of the problem.
    public var line: Int
    /// 1-based column of the problem, counted in characters.
    public var column: Int

    /// Creates an error with an explicit position.
    public init(message: String, offset: Int, line: Int, column: Int) {
        self.message = message
        self.offset = offset
        self.line = line
        self.column = column
    }

    /// Creates an error at `offset` in `bytes`, computing line and column.
    public init(_ message: String, at offset: Int, in bytes: [UInt8]) {
        let (line, column) = TextPosition.lineColumn(of: offset, in: bytes)
        self.init(message: message, offset: offset, line: line, column: column)
    }

    /// `LINE:COL: message`; prefix a file name for the full `FILE:LINE:COL: message` form.
    public var description: String { "\(line):\(column): \(message)" }

    /// `FILE:LINE:COL: message`.
    public func located(in file: String) -> String { "\(file):\(line):\(column): \(message)" }
}
