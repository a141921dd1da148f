/// A parser that turns a response body of some data type into a `Tree`.
///
/// Parsers are plugged into a `ParserRegistry` by data type, the way DXDAL's `isDataTypeAcceptable` did:
///
/// ```swift
/// struct CSVParser: Parser {
///     let name = "csv"
///     func isDataTypeAcceptable(_ type: String) -> Bool { type == "csv" || type == "text/csv" }
///     func parse(_ bytes: [UInt8]) throws(ParseError) -> Tree { ... build with TreeBuilder ... }
/// }
/// var registry = ParserRegistry.standard
/// registry.register(CSVParser())
/// ```
public protocol Parser: Sendable {
    /// The short type name used with `--type` and in sessions (`json`, `xml`).
    var name: String { get }

    /// True when this parser reads `type`: a short name (`json`) or a media type without parameters
    /// (`application/json`, `application/vnd.api+json`), lowercased.
    func isDataTypeAcceptable(_ type: String) -> Bool

    /// True when `bytes` look like this parser's format (used when the Content-Type is missing or wrong).
    func sniff(_ bytes: [UInt8]) -> Bool

    /// Parses `bytes`, or throws an error with its position.
    func parse(_ bytes: [UInt8]) throws(ParseError) -> Tree

    /// True when only a whole document parses (JSON, XML, YAML, property lists): a body cut at `maxBodyBytes` is
    /// then not parsed at all (it would fail at its end, after building a tree as large as the body). False (the
    /// default) for formats given whatever arrived (text, forms, lines and events).
    var needsWholeDocument: Bool { get }

    /// Why this parser is not run, when it stands in for one that may not be (an untrusted session's program):
    /// the registry then shows the body as text with this reason as the note. Nil (the default) for a parser that
    /// runs.
    var withheldReason: String? { get }
}

extension Parser {
    /// By default a parser claims no content by sniffing.
    public func sniff(_ bytes: [UInt8]) -> Bool { false }

    /// By default a parser reads what part of a body there is.
    public var needsWholeDocument: Bool { false }

    /// By default a parser runs.
    public var withheldReason: String? { nil }
}
