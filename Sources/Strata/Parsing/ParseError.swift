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

/// Converting between byte offsets and line:column positions.
public enum TextPosition {
    /// The 1-based line and character column of byte `offset` in `bytes`.
    public static func lineColumn(of offset: Int, in bytes: [UInt8]) -> (line: Int, column: Int) {
        let end = min(max(offset, 0), bytes.count)
        var line = 1
        var lineStart = 0
        bytes.withUnsafeBufferPointer { b in
            for k in 0..<end where b[k] == 0x0A {
                line += 1
                lineStart = k + 1
            }
        }
        var column = 1
        for k in lineStart..<end where bytes[k] & 0xC0 != 0x80 { column += 1 }
        return (line, column)
    }

    /// The byte offset of 1-based `line` and byte `column` in `bytes` (clamped to the input).
    public static func offset(line: Int, column: Int, in bytes: [UInt8]) -> Int {
        var current = 1
        var k = 0
        while current < line, k < bytes.count {
            if bytes[k] == 0x0A { current += 1 }
            k += 1
        }
        return min(k + max(column - 1, 0), bytes.count)
    }
}
