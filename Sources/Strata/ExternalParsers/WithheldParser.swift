import StrataDocuments

/// An external parser of a session that is not trusted, standing in its place: chosen as the parser would be (by
/// its name or media types), it runs nothing, and the registry shows the body as text with ``reason`` as the note.
struct WithheldParser: Parser {
    /// The parser not run.
    let parser: ExternalParser
    /// Why, and how to trust the session (``Session/programsNotRun``).
    let reason: String

    var name: String { parser.name }

    var withheldReason: String? { reason }

    func isDataTypeAcceptable(_ type: String) -> Bool { parser.isDataTypeAcceptable(type) }

    /// Never called: the registry shows the body as text instead.
    func parse(_ bytes: [UInt8]) throws(ParseError) -> Tree { try TextFormat().parse(bytes) }
}
