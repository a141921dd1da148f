import Strata

/// A response made ready for the explorer: parsed, its lines indexed, and mapped; built off the UI loop.
package struct ResponseDocument: Sendable {
    /// The request that was sent (secrets intact; show ``BuiltRequest/redacted()``).
    package let request: BuiltRequest
    /// The response.
    package let response: Response
    /// The parser that ran and its tree or error.
    package let outcome: ParseOutcome
    /// Where the body's lines start.
    package let lines: LineIndex
    /// Child counts and sibling positions remembered for the tree.
    package let memo: TreeMemo
    /// The mapped objects, when the route maps its response and the body parsed.
    package var mapping: MappedDocument?

    /// Creates a document from its parts.
    package init(
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

    /// Parses `response` with the ``ResponsePipeline``'s parse stage and indexes its lines; mapping comes later
    /// (``MappedDocument/map(_:route:with:)``), so a huge response is on screen while its objects are built.
    ///
    /// Pure and possibly slow on big bodies, so the program runs it off the UI loop; the parse and the line index run
    /// at once. The tree, the line index and the Raw pane all read the response's one body array.
    package static func parse(
        _ response: Response, request: BuiltRequest, route: Route, with pipeline: ResponsePipeline
    ) -> ResponseDocument {
        // The line index reads only the body: it is built beside the parse, on the other core when there is one.
        let (outcome, lines) = BothAtOnce.run({ pipeline.parse(response, for: route) }, { LineIndex(response.body) })
        let document = ResponseDocument(request: request, response: response, outcome: outcome, lines: lines)
        if let tree = outcome.tree { document.memo.warm(tree, span: { tree.span($0) }) }
        return document
    }

    /// The parsed tree, when the body parsed.
    package var tree: Tree? { outcome.tree }

    /// The body bytes.
    package var body: [UInt8] { response.body }

    /// True when the body is shown as hex rows (binary data).
    package var isBinary: Bool { tree?.format == .binary }
}
