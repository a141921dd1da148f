/// A problem found in a user's file, reported as `file:line:col: message`.
public struct Diagnostic: Sendable, Equatable, CustomStringConvertible {
    /// How serious the problem is.
    public enum Severity: String, Sendable { case error, warning, info }

    /// The file the problem is in, as the user named it.
    public var file: String
    /// 1-based line.
    public var line: Int
    /// 1-based column.
    public var column: Int
    /// What is wrong and, where possible, what to do about it.
    public var message: String
    /// How serious it is.
    public var severity: Severity

    /// Creates a diagnostic at an explicit position.
    public init(file: String, line: Int, column: Int, message: String, severity: Severity = .error) {
        self.file = file
        self.line = line
        self.column = column
        self.message = message
        self.severity = severity
    }

    /// Creates a diagnostic pointing at node `node` of `tree`, parsed from `file`.
    public init(file: String, tree: Tree, node: Tree.Index, message: String, severity: Severity = .error) {
        let (line, column) = TextPosition.lineColumn(of: tree.startOffset(node), in: tree.source)
        self.init(file: file, line: line, column: column, message: message, severity: severity)
    }

    /// Creates a diagnostic pointing at the key of member `node` (or at the node when it has no key in the source).
    public init(file: String, tree: Tree, keyOf node: Tree.Index, message: String, severity: Severity = .error) {
        let offset = tree.keySpan(node)?.lowerBound ?? tree.startOffset(node)
        let (line, column) = TextPosition.lineColumn(of: offset, in: tree.source)
        self.init(file: file, line: line, column: column, message: message, severity: severity)
    }

    /// A parse error in `file` as a diagnostic.
    public init(file: String, error: ParseError) {
        self.init(file: file, line: error.line, column: error.column, message: error.message)
    }

    /// `file:line:col: message` (with `warning: ` / `info: ` before the message when not an error).
    public var description: String {
        "\(file):\(line):\(column): \(severity == .error ? "" : severity.rawValue + ": ")\(message)"
    }
}
