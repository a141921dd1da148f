/// The parsers Strata knows, and the rules for choosing one for a response body.
///
/// Selection order: an explicit type name (`--type`, a route's `contentType`); the Content-Type header,
/// including structured suffixes (`application/vnd.api+json`) and parameters (`; charset=utf-8`); sniffing the
/// bytes when the header is missing, generic, or its parser fails; then text, or hex for binary data.
public struct ParserRegistry: Sendable {
    /// Registered parsers; later registrations take precedence.
    public private(set) var parsers: [any Parser]

    /// Creates a registry with the given parsers.
    public init(_ parsers: [any Parser]) { self.parsers = parsers }

    /// The built-in parsers: json (more to come from the parsers work).
    public static var standard: ParserRegistry { ParserRegistry([JSONFormat()]) }

    /// Adds a parser; it takes precedence over earlier ones for the types it accepts.
    public mutating func register(_ parser: any Parser) { parsers.append(parser) }

    /// The parser registered under `name` (`json`, `xml`), if any.
    public func parser(named name: String) -> (any Parser)? {
        parsers.last { $0.name == name.lowercased() }
    }

    /// Parses `bytes`, choosing the parser by explicit `type`, then `contentType`, then sniffing.
    public func parse(_ bytes: [UInt8], type: String? = nil, contentType: String? = nil) -> ParseOutcome {
        let chosen: (any Parser)? =
            type.flatMap { parser(named: $0) }
            ?? contentType.flatMap { ct in
                let media = ct.split(separator: ";").first.map { String($0).trimmed.lowercased() } ?? ""
                return parsers.last { $0.isDataTypeAcceptable(media) }
            }
            ?? parsers.last { $0.sniff(bytes) }
        guard let p = chosen else {
            return ParseOutcome(parser: "none", tree: nil, error: nil)
        }
        do {
            return ParseOutcome(parser: p.name, tree: try p.parse(bytes), error: nil)
        } catch {
            return ParseOutcome(parser: p.name, tree: nil, error: error)
        }
    }
}

/// The result of parsing a body: which parser ran, and its tree or its error.
public struct ParseOutcome: Sendable {
    /// The name of the parser that was chosen.
    public var parser: String
    /// The tree, when parsing succeeded.
    public var tree: Tree?
    /// The error, when parsing failed.
    public var error: ParseError?
}

extension String {
    /// The string without leading and trailing white space.
    var trimmed: String {
        var s = Substring(self)
        while let f = s.first, f.isWhitespace { s.removeFirst() }
        while let l = s.last, l.isWhitespace { s.removeLast() }
        return String(s)
    }
}
