import Foundation
import StrataDocuments

/// A request that arrived at `strata serve`: method, raw path and query, headers and body, as the client sent them.
public struct ServeRequest: Sendable {
    /// The method, upper case.
    public var method: String
    /// The path as sent (percent-encoded), without the query.
    public var path: String
    /// The query string as sent, without `?` (empty when there is none).
    public var query: String
    /// The headers, in the order they came.
    public var headers: HTTPHeaders
    /// The body bytes (empty when there is none).
    public var body: [UInt8]
    /// The address the request arrived at, when the server knows it (the `Host` rule reads it).
    public var listener: ServeListener?

    /// Creates a request.
    public init(
        method: String, path: String, query: String = "", headers: HTTPHeaders = [:], body: [UInt8] = [],
        listener: ServeListener? = nil
    ) {
        self.method = method.uppercased()
        self.path = path
        self.query = query
        self.headers = headers
        self.body = body
        self.listener = listener
    }

    /// The query params, decoded (`+` as space), in order.
    public var queryParams: [(name: String, value: String)] { ServeRequest.formPairs(query) }

    /// The body params: the fields of a form body, or the members of a JSON object body (strings as their value,
    /// other scalars as their JSON text, objects and arrays as compact JSON), in order.
    public var bodyParams: [(name: String, value: String)] {
        guard !body.isEmpty else { return [] }
        let type = (headers["Content-Type"] ?? "").lowercased()
        if type.hasPrefix("application/x-www-form-urlencoded") {
            return ServeRequest.formPairs(String(decoding: body, as: UTF8.self))
        }
        guard type.contains("json"), let tree = try? JSONParser().parse(body), tree.kind(Tree.root) == .object else {
            return []
        }
        return tree.children(Tree.root).map { member in
            let name = tree.key(member) ?? ""
            switch tree.kind(member) {
            case .string: return (name, tree.string(member) ?? "")
            case .object, .array: return (name, String(decoding: tree.source[tree.span(member)], as: UTF8.self))
            default: return (name, tree.scalarText(member))
            }
        }
    }

    /// `a=1&b=x+y` as decoded name/value pairs.
    static func formPairs(_ text: String) -> [(name: String, value: String)] {
        text.split(separator: "&", omittingEmptySubsequences: true).map { field in
            let parts = field.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = PercentEncoding.decode(String(parts[0]), plusAsSpace: true)
            let value = parts.count > 1 ? PercentEncoding.decode(String(parts[1]), plusAsSpace: true) : ""
            return (name, value)
        }
    }

    /// The request as the mock source's matcher sees it (``ServedRequest/built``), named for its session route.
    public func builtRequest(for session: Session) -> BuiltRequest { ServedRequest(self, session: session).built }

    /// The request as the mock source's matcher sees it, for the route named `routeName`: the path as sent, query
    /// and body params, and every header as a header param; secrets as the session's `redact` list and credential
    /// headers say.
    func builtRequest(for session: Session, routeName: String) -> BuiltRequest {
        // Takes no session: a nested function that read it would copy the whole session into its context, and
        // retain each of its fields, for every request.
        func param(_ name: String, _ value: String, _ location: ParamLocation, secret: Bool) -> ResolvedParam {
            ResolvedParam(
                name: name, value: value, template: value, location: location, origin: .added, kind: .string,
                required: false, isSecret: secret, status: .sent, missingVariables: [], description: nil)
        }
        let (queryPairs, bodyPairs) = (queryParams, bodyParams)
        var params: [ResolvedParam] = []
        params.reserveCapacity(queryPairs.count + bodyPairs.count + headers.count)
        for pair in queryPairs {
            params.append(param(pair.name, pair.value, .query, secret: session.keepsSecret(pair.name, in: .query)))
        }
        for pair in bodyPairs {
            params.append(param(pair.name, pair.value, .body, secret: session.keepsSecret(pair.name, in: .body)))
        }
        for field in headers {
            params.append(param(field.name, field.value, .header, secret: session.keepsSecret(field.name, in: .header)))
        }
        let isJSON = headers["Content-Type"].map { $0.lowercased().contains("json") } ?? false
        return BuiltRequest(
            routeName: routeName, method: method, url: path + (query.isEmpty ? "" : "?" + query), path: path,
            headers: headers, body: body.isEmpty ? nil : body, contentType: headers["Content-Type"], params: params,
            timeout: session.timeout, missingVariables: [], baseURL: "", pathTemplate: path,
            bodyEncoding: isJSON ? .json : .form)
    }

    /// The route name given to a request no session route describes (recorded pairs go to `fixtures/served.json`).
    public static let unroutedName = "served"
}
