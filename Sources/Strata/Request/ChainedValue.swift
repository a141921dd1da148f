import StrataDocuments

/// `${response:ROUTE:QUERY}`: a value taken from the latest response of another route, so a token that `login`
/// returned feeds the routes that need it.
///
/// `QUERY` is an RFC 9535 JSONPath (``JSONPathQuery``) that must select exactly one node of the response's parsed
/// tree (any format the parser registry reads). The route name ends at the first `:`; the query is the rest, so it
/// may hold `:` (slices) and, inside quotes, `}`.
public struct ChainedValue: Sendable, Equatable, CustomStringConvertible {
    /// The route whose latest response is read.
    public let route: String
    /// The query selecting the value.
    public let query: JSONPathQuery

    /// The prefix of a chained placeholder's inside.
    static let prefix = "response:"

    /// Reads the inside of a `${response:ROUTE:QUERY}` placeholder, or throws saying what is wrong (an invalid
    /// query says at which column of the query).
    public init(placeholder inner: String) throws(TemplateError) {
        let body = inner.dropFirst(ChainedValue.prefix.count)
        guard let colon = body.firstIndex(of: ":") else {
            throw TemplateError(
                message:
                    "'${\(inner)}' needs a route and a query: ${response:ROUTE:QUERY} (like ${response:login:$.token})"
            )
        }
        let route = String(body[..<colon])
        let text = String(body[body.index(after: colon)...])
        guard !route.isEmpty else {
            throw TemplateError(message: "'${\(inner)}' names no route: ${response:ROUTE:QUERY}")
        }
        guard !text.isEmpty else {
            throw TemplateError(message: "'${\(inner)}' has no query: ${response:\(route):QUERY} (like $.token)")
        }
        do {
            query = try JSONPathQuery(text)
        } catch {
            let queryStart = inner.unicodeScalars.count - text.unicodeScalars.count
            throw TemplateError(
                message: "invalid query in '${\(inner)}': \(error)", inner: inner,
                offset: queryStart + error.column - 1)
        }
        self.route = route
    }

    /// The placeholder as written: `${response:login:$.token}`.
    public var description: String { "${response:\(route):\(query.text)}" }

    /// `login $.token`: where the value comes from, as the Request pane shows it after `from`.
    public var source: String { "\(route) \(query.text)" }

    /// Compares route and query text.
    public static func == (a: ChainedValue, b: ChainedValue) -> Bool {
        a.route == b.route && a.query.text == b.query.text
    }
}
