import Foundation
import StrataDocuments

/// An entry's meta file (`NUMBER.json`): everything but the response body, which is kept beside it
/// (`NUMBER.body`) as the bytes that arrived (scrubbed).
extension HistoryEntry {
    /// The meta file's JSON text.
    func metaText() -> String {
        OutputJSON.object([
            ("number", .int(number)), ("time", .string(summary.timeText)),
            ("timeMs", .number(String(Int64((time.timeIntervalSince1970 * 1000).rounded())))),
            ("route", .string(route)), ("source", .string(source)), ("request", HistoryEntry.json(request)),
            ("response", HistoryEntry.json(response)),
        ]).text(pretty: true) + "\n"
    }

    static func json(_ request: BuiltRequest) -> OutputJSON {
        .object([
            ("method", .string(request.method)), ("url", .string(request.url)), ("path", .string(request.path)),
            ("baseURL", .string(request.baseURL)), ("pathTemplate", .string(request.pathTemplate)),
            ("headers", json(request.headers)), ("contentType", .optional(request.contentType)),
            ("bodyEncoding", .string(request.bodyEncoding.rawValue)),
            ("bodyBase64", .optional(request.body.map { Data($0).base64EncodedString() })),
            ("timeout", .number(String(request.timeout))),
            (
                "params",
                .array(
                    request.params.map { p in
                        var fields: [(String, OutputJSON)] = [
                            ("name", .string(p.name)), ("value", .string(p.value)), ("template", .string(p.template)),
                            ("in", .string(p.location.rawValue)), ("origin", .string(p.origin.name)),
                            ("kind", .string(p.kind.rawValue)), ("required", .bool(p.required)),
                            ("secret", .bool(p.isSecret)), ("status", .string(p.status.rawValue)),
                        ]
                        if case .response(let route, let query) = p.origin {
                            fields += [("fromRoute", .string(route)), ("fromQuery", .string(query))]
                        }
                        return .object(fields)
                    })
            ),
        ])
    }

    static func json(_ response: Response) -> OutputJSON {
        let origin: OutputJSON
        switch response.origin {
        case .live(let url, let redirects):
            origin = .object([
                ("live", .string(url)),
                (
                    "redirects",
                    .array(
                        redirects.map {
                            .object([("status", .int($0.status)), ("from", .string($0.from)), ("to", .string($0.to))])
                        })
                ),
            ])
        case .fixture(let file, let number, let delay):
            origin = .object([("fixture", .string(file)), ("number", .int(number)), ("delayNs", nanos(delay))])
        case .server(let answer):
            origin = .object([("server", .string(answer))])
        }
        return .object([
            ("status", .int(response.status)), ("headers", json(response.headers)), ("size", .int(response.size)),
            ("durationNs", nanos(response.duration)),
            (
                "timing",
                response.timing.map { t in .object(t.phases.map { ($0.name + "Ns", nanos($0.duration)) }) } ?? .null
            ),
            ("origin", origin), ("truncated", .bool(response.truncated)),
        ])
    }

    static func json(_ headers: HTTPHeaders) -> OutputJSON {
        .array(headers.fields.map { .array([.string($0.name), .string($0.value)]) })
    }

    static func nanos(_ d: Duration) -> OutputJSON {
        let c = d.components
        return .int(Int(c.seconds) * 1_000_000_000 + Int(c.attoseconds / 1_000_000_000))
    }

    /// Reads a meta file's bytes (`body` is the response body, or nil to read a summary only).
    static func decode(_ bytes: [UInt8], body: [UInt8]) throws(HistoryError) -> HistoryEntry {
        try decode(parse(bytes), body: body)
    }

    static func parse(_ bytes: [UInt8]) throws(HistoryError) -> Tree {
        do {
            return try JSONParser().parse(bytes)
        } catch {
            throw .unreadable("not JSON: \(error)")
        }
    }

    static func decode(_ tree: Tree, body: [UInt8]) throws(HistoryError) -> HistoryEntry {
        let r = MetaReader(tree: tree)
        let top = Tree.root
        let req = try r.node(top, "request")
        let res = try r.node(top, "response")
        var params: [ResolvedParam] = []
        for p in tree.children(try r.node(req, "params")) {
            guard let location = ParamLocation(rawValue: try r.string(p, "in")),
                let origin = ResolvedParam.Origin(
                    name: try r.string(p, "origin"), route: r.optionalString(p, "fromRoute"),
                    query: r.optionalString(p, "fromQuery")),
                let kind = ParamValueKind(rawValue: try r.string(p, "kind")),
                let status = ResolvedParam.Status(rawValue: try r.string(p, "status"))
            else { throw .unreadable("a param has an unknown place, origin, kind or status") }
            params.append(
                ResolvedParam(
                    name: try r.string(p, "name"), value: try r.string(p, "value"),
                    template: try r.string(p, "template"),
                    location: location, origin: origin, kind: kind, required: try r.bool(p, "required"),
                    isSecret: try r.bool(p, "secret"), status: status, missingVariables: [], description: nil))
        }
        guard let encoding = BodyEncoding(rawValue: try r.string(req, "bodyEncoding")) else {
            throw .unreadable("unknown bodyEncoding")
        }
        var requestBody: [UInt8]? = nil
        if let b = r.optionalString(req, "bodyBase64") {
            guard let data = Data(base64Encoded: b) else { throw .unreadable("the request body is not base64") }
            requestBody = [UInt8](data)
        }
        let request = BuiltRequest(
            routeName: try r.string(top, "route"), method: try r.string(req, "method"), url: try r.string(req, "url"),
            path: try r.string(req, "path"), headers: try r.headers(req, "headers"), body: requestBody,
            contentType: r.optionalString(req, "contentType"), params: params, timeout: try r.number(req, "timeout"),
            missingVariables: [], baseURL: try r.string(req, "baseURL"),
            pathTemplate: try r.string(req, "pathTemplate"), bodyEncoding: encoding)
        let o = try r.node(res, "origin")
        let origin: Response.Origin
        if let url = r.optionalString(o, "live") {
            let redirects = try tree.children(try r.node(o, "redirects")).map { (n) throws(HistoryError) in
                Response.Redirect(
                    status: try r.int(n, "status"), from: try r.string(n, "from"), to: try r.string(n, "to"))
            }
            origin = .live(url: url, redirects: redirects)
        } else if let answer = r.optionalString(o, "server") {
            origin = .server(answer: answer)
        } else {
            origin = .fixture(
                file: try r.string(o, "fixture"), number: try r.int(o, "number"), delay: try r.duration(o, "delayNs"))
        }
        var timing: Response.Timing? = nil
        if let t = try? r.node(res, "timing"), tree.kind(t) == .object {
            timing = Response.Timing(
                dns: try r.duration(t, "dnsNs"), connect: try r.duration(t, "connectNs"),
                tls: try r.duration(t, "tlsNs"),
                firstByte: try r.duration(t, "firstByteNs"), download: try r.duration(t, "downloadNs"),
                total: try r.duration(t, "totalNs"))
        }
        let response = Response(
            status: try r.int(res, "status"), headers: try r.headers(res, "headers"), body: body,
            duration: try r.duration(res, "durationNs"), origin: origin, timing: timing,
            truncated: try r.bool(res, "truncated"))
        let ms = try r.number(top, "timeMs")
        return HistoryEntry(
            number: try r.int(top, "number"), time: Date(timeIntervalSince1970: ms / 1000), route: request.routeName,
            source: try r.string(top, "source"), request: request, response: response)
    }

    /// Reads a meta file's summary (the body's size is the one recorded; the body is not read).
    static func decodeSummary(_ bytes: [UInt8]) throws(HistoryError) -> Summary {
        let tree = try parse(bytes)
        let s = try decode(tree, body: []).summary
        let r = MetaReader(tree: tree)
        return Summary(
            number: s.number, time: s.time, route: s.route, source: s.source, method: s.method, url: s.url,
            status: s.status, size: try r.int(try r.node(Tree.root, "response"), "size"), duration: s.duration)
    }
}

/// Typed reads of a meta file's members; a missing or mistyped member is an ``HistoryError/unreadable(_:)``.
struct MetaReader {
    let tree: Tree

    func node(_ parent: Tree.Index, _ key: String) throws(HistoryError) -> Tree.Index {
        guard let n = tree.node(at: TreePath([.key(key)]), from: parent) else { throw .unreadable("no '\(key)'") }
        return n
    }

    func string(_ parent: Tree.Index, _ key: String) throws(HistoryError) -> String {
        guard let s = tree.string(try node(parent, key)) else { throw .unreadable("'\(key)' is not a string") }
        return s
    }

    func optionalString(_ parent: Tree.Index, _ key: String) -> String? {
        (try? node(parent, key)).flatMap { tree.string($0) }
    }

    func number(_ parent: Tree.Index, _ key: String) throws(HistoryError) -> Double {
        guard let text = tree.numberText(try node(parent, key)), let d = Double(text) else {
            throw .unreadable("'\(key)' is not a number")
        }
        return d
    }

    func int(_ parent: Tree.Index, _ key: String) throws(HistoryError) -> Int {
        guard let text = tree.numberText(try node(parent, key)), let i = Int(text) else {
            throw .unreadable("'\(key)' is not an integer")
        }
        return i
    }

    func bool(_ parent: Tree.Index, _ key: String) throws(HistoryError) -> Bool {
        guard let b = tree.bool(try node(parent, key)) else { throw .unreadable("'\(key)' is not true or false") }
        return b
    }

    func duration(_ parent: Tree.Index, _ key: String) throws(HistoryError) -> Duration {
        .nanoseconds(try int(parent, key))
    }

    func headers(_ parent: Tree.Index, _ key: String) throws(HistoryError) -> HTTPHeaders {
        var out = HTTPHeaders()
        for field in tree.children(try node(parent, key)) {
            let parts = tree.children(field).map { tree.string($0) }
            guard parts.count == 2, let name = parts[0], let value = parts[1] else {
                throw .unreadable("a header of '\(key)' is not [name, value]")
            }
            out.append(name: name, value: value)
        }
        return out
    }
}
