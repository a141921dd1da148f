import Foundation

/// The parsers Strata knows, and the rules for choosing one for a response body.
///
/// Selection, in order:
/// 1. An explicit type (`--type`, a route's `contentType`): a parser name (`json`) or a media type. The chosen
///    parser's error is the outcome's error; nothing else is tried.
/// 2. The Content-Type header, lowercased, without parameters (`; charset=utf-8`), matched by each parser's
///    `isDataTypeAcceptable`, so structured suffixes (`application/vnd.api+json`, `application/atom+xml`) work.
///    When that parser fails and another parser's `sniff` matches and succeeds, its tree is used and `note` says
///    the header was wrong.
/// 3. Sniffing, when the header is missing, generic (`text/plain`, `application/octet-stream`) or names a type no
///    parser reads: the last-registered parser whose `sniff` matches. With no header, a failing sniffed parser's
///    error is the outcome (the body looks like JSON but is not); with a generic header it falls back and says so.
/// 4. The fallback: text, or a hex view when the body is binary (NUL bytes or invalid UTF-8).
///
/// Text read because of a `charset=iso-8859-1` (or `windows-1252`) Content-Type is decoded as ISO-8859-1.
public struct ParserRegistry: Sendable {
    /// Registered parsers; later registrations take precedence.
    public private(set) var parsers: [any Parser]

    /// Creates a registry with the given parsers.
    public init(_ parsers: [any Parser]) { self.parsers = parsers }

    /// The built-in parsers: text, hex, sse (server-sent events), ndjson (JSON lines), form, xml, plist, yaml, json
    /// (later ones are asked first).
    public static var standard: ParserRegistry {
        ParserRegistry([
            TextFormat(), HexFormat(), EventStreamFormat(), JSONLinesFormat(), FormFormat(), XMLFormat(),
            PropertyListFormat(), YAMLFormat(), JSONFormat(),
        ])
    }

    /// Media types that say nothing about the format, so the body is sniffed.
    public static let genericTypes: Set<String> = [
        "text/plain", "application/octet-stream", "binary/octet-stream", "application/unknown", "*/*",
        "application/binary", "application/x-download",
    ]

    /// Adds a parser; it takes precedence over earlier ones for the names and types it accepts.
    public mutating func register(_ parser: any Parser) { parsers.append(parser) }

    /// The names of the registered parsers, each once, the one asked first (the last registered) first.
    public var names: [String] {
        var seen: Set<String> = []
        return parsers.reversed().map(\.name).filter { seen.insert($0).inserted }
    }

    /// The parser registered under `name` (`json`, `xml`), if any.
    public func parser(named name: String) -> (any Parser)? {
        let n = name.lowercased()
        return parsers.last { $0.name == n }
    }

    /// The parser that reads `type`: a parser name, or a media type (parameters and case ignored).
    public func parser(forType type: String) -> (any Parser)? {
        if let p = parser(named: type) { return p }
        let media = ParserRegistry.mediaType(type)
        guard !media.isEmpty else { return nil }
        return parsers.last { $0.isDataTypeAcceptable(media) }
    }

    /// The media type of a Content-Type value: lowercased, without parameters (`Application/JSON; charset=x`
    /// gives `application/json`).
    public static func mediaType(_ contentType: String) -> String {
        let head = contentType.split(separator: ";", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        return String(head).trimmed.lowercased()
    }

    /// The `charset` parameter of a Content-Type value, lowercased and unquoted (`text/plain; charset="UTF-8"`
    /// gives `utf-8`), or nil.
    public static func charset(_ contentType: String) -> String? {
        parameter("charset", of: contentType)?.trimmingCharacters(in: ["\"", "'"]).lowercased()
    }

    /// The first parameter called `name` (any case) of a media type with parameters (a Content-Type value, one
    /// range of an Accept header), trimmed, or nil; a parameter with an empty value counts as absent.
    public static func parameter(_ name: String, of value: some StringProtocol) -> String? {
        for parameter in value.split(separator: ";").dropFirst() {
            let pair = parameter.split(separator: "=", maxSplits: 1).map { String($0).trimmed }
            if pair.count == 2, pair[0].lowercased() == name { return pair[1] }
        }
        return nil
    }

    /// Parses `bytes`, choosing the parser by explicit `type`, then `contentType`, then sniffing, then text; with
    /// `cut` (the body was cut at its limit), a parser that needs a whole document is not run but fails at once.
    public func parse(_ bytes: [UInt8], type: String? = nil, contentType: String? = nil, cut: Bool = false)
        -> ParseOutcome
    {
        func run(_ p: any Parser, _ bytes: [UInt8]) -> ParseOutcome { self.run(p, bytes, cut: cut) }
        if let type, !type.trimmed.isEmpty {
            guard let p = parser(forType: type) else {
                let message = "unknown data type '\(type)' (known: \(names.joined(separator: ", ")))"
                return ParseOutcome(
                    parser: "none", tree: nil, error: ParseError(message: message, offset: 0, line: 1, column: 1))
            }
            return run(p, bytes)
        }
        let media = contentType.map(ParserRegistry.mediaType) ?? ""
        let latin1 = contentType.flatMap(ParserRegistry.charset).map(ParserRegistry.latin1Names.contains) ?? false
        if !media.isEmpty, !ParserRegistry.genericTypes.contains(media),
            let declared = parsers.last(where: { $0.isDataTypeAcceptable(media) })
        {
            let outcome = run(latin1 && declared is TextFormat ? TextFormat(encoding: .latin1) : declared, bytes)
            guard outcome.error != nil else { return outcome }
            for p in parsers.reversed() where p.name != declared.name && p.sniff(bytes) {
                var sniffed = run(p, bytes)
                if sniffed.tree != nil {
                    sniffed.note =
                        "Content-Type says \(media) but the body is not \(declared.name) (\(outcome.error!)); "
                        + "it parses as \(p.name)"
                    return sniffed
                }
            }
            return outcome
        }
        if let p = parsers.last(where: { $0.sniff(bytes) }) {
            var sniffed = run(p, bytes)
            if media.isEmpty { return sniffed }
            if let error = sniffed.error {
                var fallback = fallback(bytes, latin1: latin1)
                fallback.note =
                    "the body looks like \(p.name) but does not parse (\(error)); shown as \(fallback.tree!.format)"
                return fallback
            }
            sniffed.note = "Content-Type \(media) does not name a format; the body looks like \(p.name)"
            return sniffed
        }
        var outcome = fallback(bytes, latin1: latin1)
        if !media.isEmpty, !ParserRegistry.genericTypes.contains(media) {
            outcome.note = "no parser reads \(media); shown as \(outcome.tree!.format)"
        }
        return outcome
    }

    /// Charset names read as ISO-8859-1.
    static let latin1Names: Set<String> = ["iso-8859-1", "latin1", "latin-1", "iso_8859-1", "windows-1252", "cp1252"]

    /// Text, or the hex view for binary bodies: never fails.
    private func fallback(_ bytes: [UInt8], latin1: Bool = false) -> ParseOutcome {
        var p: any Parser = parser(named: "text") ?? TextFormat()
        if latin1, p is TextFormat { p = TextFormat(encoding: .latin1) }
        let outcome = run(p, bytes)
        if outcome.tree != nil { return outcome }
        return ParseOutcome(parser: "hex", tree: HexView.tree(bytes), error: nil)
    }

    private func run(_ p: any Parser, _ bytes: [UInt8], cut: Bool = false) -> ParseOutcome {
        if let reason = p.withheldReason {
            var outcome = fallback(bytes)
            outcome.note = "shown as \(outcome.tree!.format): \(reason)"
            outcome.withheldParser = p.name
            return outcome
        }
        if cut && p.needsWholeDocument {
            // Parsing would fail at the end, after building a tree as large as the body.
            let lines = bytes.reduce(into: 1) { n, b in if b == 0x0A { n += 1 } }
            let column = bytes.count - (bytes.lastIndex(of: 0x0A).map { $0 + 1 } ?? 0) + 1
            let message =
                "the body was cut at maxBodyBytes after \(ByteCount.text(bytes.count)), so it is not a whole \(p.name) "
                + "document; raise maxBodyBytes (--max-body) to parse it"
            return ParseOutcome(
                parser: p.name, tree: nil,
                error: ParseError(message: message, offset: bytes.count, line: lines, column: column))
        }
        do {
            return ParseOutcome(parser: p.name, tree: try p.parse(bytes), error: nil)
        } catch {
            return ParseOutcome(parser: p.name, tree: nil, error: error)
        }
    }
}

/// The result of parsing a body: which parser ran, its tree or its error, and a note about how it was chosen.
public struct ParseOutcome: Sendable {
    /// The name of the parser that produced the tree or the error (`none` for an unknown explicit type).
    public var parser: String
    /// The tree, when parsing succeeded.
    public var tree: Tree?
    /// The error, when parsing failed.
    public var error: ParseError?
    /// How the parser was chosen when it was not simply the declared one, e.g. the Content-Type was wrong.
    public var note: String?
    /// The session's external parser that was chosen but not run, because the session is not trusted (the body
    /// is shown as text instead, and ``note`` says how to trust it).
    public var withheldParser: String? = nil

    /// Creates an outcome.
    public init(parser: String, tree: Tree?, error: ParseError?, note: String? = nil) {
        self.parser = parser
        self.tree = tree
        self.error = error
        self.note = note
    }
}

extension String {
    /// The string without leading and trailing white space.
    package var trimmed: String {
        var s = Substring(self)
        while let f = s.first, f.isWhitespace { s.removeFirst() }
        while let l = s.last, l.isWhitespace { s.removeLast() }
        return String(s)
    }
}

extension ParserRegistry {
    /// The parser name a file's extension implies (`.json` → `json`, `.xml`, `.plist`, `.yaml`/`.yml` → `yaml`,
    /// `.txt` → `text`, `.ndjson`/`.jsonl` → `ndjson`, `.sse` → `sse`), or nil.
    public static func type(forPath path: String) -> String? {
        guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return nil }
        switch path[path.index(after: dot)...].lowercased() {
        case "json": return "json"
        case "xml": return "xml"
        case "plist": return "plist"
        case "yaml", "yml": return "yaml"
        case "txt", "text": return "text"
        case "ndjson", "jsonl": return "ndjson"
        case "sse": return "sse"
        default: return nil
        }
    }
}
