/// YAML as a registry entry: `yaml`, `application/yaml`, `application/x-yaml`, `text/yaml`, `text/x-yaml` and any
/// `+yaml` media type. Read by libyaml (through the `CYAML` module).
///
/// A YAML stream becomes the same tree as JSON:
///
/// - mappings become objects with their keys in document order, sequences arrays;
/// - plain scalars are typed by the YAML 1.2 core schema: `null`, `Null`, `NULL`, `~` and nothing are null;
///   `true`/`True`/`TRUE` and the `false` forms are bools; `12`, `-3`, `0o17`, `0x1F` are integers (kept as their
///   decimal text, `31`); `1.5`, `.5`, `1e3` are numbers; `.inf`, `-.inf` and `.nan` are the numbers `inf`,
///   `-inf`, `nan` (written as strings in JSON output); everything else (`yes`, `on`, `2024-05-01`) is a string.
///   Quoted and block (`|`, `>`) scalars are strings;
/// - tags are respected: `!!str 12` is a string, `!!int`, `!!float`, `!!bool`, `!!null` must fit their text (else
///   an error), `!` makes a string, other tags (`!!timestamp`, `!local`) keep the value as written;
/// - anchors and aliases are resolved: each alias becomes a copy of its anchored node. The copies are counted, and
///   a stream whose aliases would produce more than ten times its own node count (at least 10 000, at most
///   `expansionLimit`) is an error, so a "billion laughs" stream costs nothing;
/// - keys that are not scalars (`? [a, b] : x`) become their compact JSON text (`["a","b"]`), so every stream has a
///   tree; a repeated key keeps both members, in order, flagged as duplicates as in JSON;
/// - one document is the root itself; several documents in one stream become an array of documents; a stream
///   with no document (empty, or comments only) is null.
///
/// Spans: a scalar spans its text (quotes included), a flow collection its brackets, a block collection its
/// entries; a mapping member spans from its key to the end of its value, so a click on a key selects the member.
/// Every node copied by an alias spans the alias (`*name`). Errors are the library's message at its line and column.
public struct YAMLFormat: Parser {
    /// Only a whole document parses.
    public var needsWholeDocument: Bool { true }

    /// The deepest nesting accepted, aliases included.
    public var maxDepth: Int
    /// The most nodes aliases may produce, however large the document.
    public var expansionLimit: Int

    /// Creates the entry.
    public init(maxDepth: Int = 10_000, expansionLimit: Int = 1_000_000) {
        self.maxDepth = maxDepth
        self.expansionLimit = expansionLimit
    }

    /// `yaml`.
    public var name: String { "yaml" }

    /// Accepts `yaml`, `yml`, the YAML media types and any `+yaml` suffix.
    public func isDataTypeAcceptable(_ type: String) -> Bool {
        type == "yaml" || type == "yml" || type == "application/yaml" || type == "application/x-yaml"
            || type == "text/yaml" || type == "text/x-yaml" || type.hasSuffix("+yaml")
    }

    /// A body is sniffed as YAML only when it says so: it starts (after a byte order mark) with `%YAML` or a `---`
    /// document marker. Almost any text is valid YAML, so nothing else is claimed.
    public func sniff(_ bytes: [UInt8]) -> Bool {
        let body = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? bytes.dropFirst(3) : bytes[...]
        if body.starts(with: Array("%YAML".utf8)) { return true }
        guard body.starts(with: Array("---".utf8)) else { return false }
        let next = body.dropFirst(3).first
        return next == nil || next == 0x20 || next == 0x0A || next == 0x0D || next == 0x09
    }

    /// Reads the stream into a tree: its document, or an array of its documents.
    public func parse(_ bytes: [UInt8]) throws(ParseError) -> Tree { try stream(bytes).tree }

    /// Reads the stream and says which nodes are its documents: the root alone for one document, the root's
    /// children for several, none for an empty stream.
    public func stream(_ bytes: [UInt8]) throws(ParseError) -> YAMLStream {
        guard bytes.count < Int(UInt32.max) else {
            throw ParseError(message: "input larger than 4 GiB is not supported", offset: 0, line: 1, column: 1)
        }
        // YAML streams are UTF-8 here (libyaml would reject invalid bytes too, but without saying which).
        if let bad = YAMLFormat.firstInvalidUTF8(bytes) {
            let byte = String(bytes[bad], radix: 16, uppercase: true)
            throw ParseError("YAML must be UTF-8: invalid byte 0x\(byte)", at: bad, in: bytes)
        }
        do throws(YAMLFailure) {
            let graph = try YAMLGraph.read(bytes, maxDepth: maxDepth)
            var writer = YAMLTreeWriter(
                graph: graph, source: bytes, maxDepth: maxDepth, expansionLimit: expansionLimit)
            let tree = try writer.write()
            let documents: [Tree.Index] =
                switch graph.documents.count {
                case 0: []
                case 1: [Tree.root]
                default: Array(tree.children(Tree.root))
                }
            return YAMLStream(tree: tree, documents: documents)
        } catch {
            throw ParseError(error.message, at: min(error.offset ?? 0, bytes.count), in: bytes)
        }
    }
}

extension YAMLFormat {
    /// The offset of the first byte of `bytes` that is not part of valid UTF-8 (overlong forms, surrogates and
    /// values past U+10FFFF included), or nil when it is all valid.
    static func firstInvalidUTF8(_ b: [UInt8]) -> Int? {
        if String(validating: b, as: UTF8.self) != nil { return nil }
        var i = 0
        while i < b.count {
            let c = b[i]
            if c < 0x80 {
                i += 1
                continue
            }
            let n: Int
            switch c {
            case 0xC2...0xDF: n = 1
            case 0xE0...0xEF: n = 2
            case 0xF0...0xF4: n = 3
            default: return i
            }
            guard i + n < b.count else { return i }
            var v = UInt32(c) & (n == 1 ? 0x1F : n == 2 ? 0x0F : 0x07)
            for k in 1...n {
                guard b[i + k] & 0xC0 == 0x80 else { return i }
                v = v << 6 | UInt32(b[i + k] & 0x3F)
            }
            if n == 2 && (v < 0x800 || (0xD800...0xDFFF).contains(v)) || n == 3 && (v < 0x10000 || v > 0x10FFFF) {
                return i
            }
            i += n + 1
        }
        return 0  // not reached: the validating initializer and this scan agree
    }
}

/// A parsed YAML stream: the tree `YAMLFormat.parse` gives, and where its documents are in it.
public struct YAMLStream: Sendable {
    /// The tree: the document itself, an array of documents, or null for an empty stream.
    public var tree: Tree
    /// The node of each document, in order.
    public var documents: [Tree.Index]
}
