import Strata

/// A response made ready for the explorer: parsed, its lines indexed, and mapped; built off the UI loop.
public struct ResponseDocument: Sendable {
    /// The request that was sent (secrets intact; show ``BuiltRequest/redacted()``).
    public let request: BuiltRequest
    /// The response.
    public let response: Response
    /// The parser that ran and its tree or error.
    public let outcome: ParseOutcome
    /// Where the body's lines start.
    public let lines: LineIndex
    /// Child counts and sibling positions remembered for the tree.
    public let memo: TreeMemo
    /// The mapped objects, when the route maps its response and the body parsed.
    public var mapping: MappedDocument?

    /// Creates a document from its parts.
    public init(
        request: BuiltRequest, response: Response, outcome: ParseOutcome, lines: LineIndex,
        mapping: MappedDocument? = nil
    ) {
        self.request = request
        self.response = response
        self.outcome = outcome
        self.lines = lines
        self.memo = TreeMemo()
        self.mapping = mapping
    }

    /// The parsed tree, when the body parsed.
    public var tree: Tree? { outcome.tree }

    /// The body bytes.
    public var body: [UInt8] { response.body }

    /// True when the body is shown as hex rows (binary data).
    public var isBinary: Bool { tree?.format == .binary }
}
