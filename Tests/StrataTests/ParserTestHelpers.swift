import Strata

/// Small readers shared by the parser tests.
extension Tree {
    /// The source text node `i` spans.
    func raw(_ i: Index) -> String { String(decoding: source[span(i)], as: UTF8.self) }

    /// The node at `path`, or -1 when there is none (so a failed lookup fails the expectation that follows).
    func at(_ path: String) -> Index { node(at: path) ?? -1 }

    /// The source text node at `path` spans, or nil when there is no such node.
    func raw(at path: String) -> String? { node(at: path).map { raw($0) } }

    /// The decoded string at `path`, or nil.
    func string(at path: String) -> String? { node(at: path).flatMap { string($0) } }
}

extension Parser {
    /// Parses UTF-8 `text`.
    func parse(_ text: String) throws(ParseError) -> Tree { try parse(Array(text.utf8)) }

    /// The error parsing `text` gives, or nil when it parses.
    func error(_ text: String) -> ParseError? {
        do {
            _ = try parse(Array(text.utf8))
            return nil
        } catch {
            return error
        }
    }
}
