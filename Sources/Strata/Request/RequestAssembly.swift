import Foundation
import StrataDocuments

/// Turns resolved params into a URL, headers and a body.
struct RequestAssembly {
    var url: String
    var path: String
    var headers: HTTPHeaders
    var body: [UInt8]?
    var contentType: String?
    /// Why a templated body could not be filled in (a typed placeholder's value, a multipart file).
    var problems: [String] = []
    /// Environment variables a body template reads that are not set.
    var missingVariables: [String] = []
    /// What read the body's chained values (`${response:…}`): their secrets.
    var chains: ChainResolver

    /// Assembles the parts; values of params named in `verbatim` are inserted without percent-encoding (used
    /// for the `<redacted>` placeholder, which is for display only).
    init(
        method: String, baseURL: String, pathTemplate: PathTemplate, params: [ResolvedParam], encoding: BodyEncoding,
        template: BodyTemplate? = nil, environment: [String: String] = [:], directory: String = ".",
        routeName: String = "", verbatim: Set<String> = [], chains: ChainResolver = ChainResolver()
    ) {
        self.chains = chains
        let sent = params.filter { $0.status == .sent }
        func value(_ p: ResolvedParam, _ encode: (String) -> String) -> String {
            verbatim.contains(p.name) ? p.value : encode(p.value)
        }
        (url, path) = RequestAssembly.location(
            baseURL: baseURL, pathTemplate: pathTemplate, sent: sent, verbatim: verbatim)
        // Headers, then the body.
        var headers = HTTPHeaders()
        for p in sent where p.location == .header { headers[p.name] = p.value }
        // Cookies: one `Cookie` header, after any the session sets.
        let cookies = sent.filter { $0.location == .cookie }.map { "\($0.name)=\($0.value)" }
        if !cookies.isEmpty {
            headers["Cookie"] = ([headers["Cookie"]].compactMap { $0 } + cookies).joined(separator: "; ")
        }
        let bodyParams = sent.filter { $0.location == .body }
        if let template {
            let used = Set(template.paramNames)
            var fill = BodyFill(
                params: params, environment: environment, directory: directory, verbatim: verbatim,
                routeName: routeName, chains: chains)
            let filled = fill.fill(template, extra: bodyParams.filter { !used.contains($0.name) })
            body = filled.body
            contentType = filled.contentType
            problems = fill.problems + fill.chains.readProblems
            self.chains = fill.chains
            missingVariables = fill.missing
            if headers["Content-Type"] == nil { headers["Content-Type"] = filled.contentType }
        } else if bodyParams.isEmpty {
            body = nil
            contentType = nil
        } else {
            switch encoding {
            case .form:
                let text = bodyParams.map {
                    PercentEncoding.formEncode($0.name) + "=" + value($0) { PercentEncoding.formEncode($0) }
                }.joined(separator: "&")
                body = Array(text.utf8)
                contentType = "application/x-www-form-urlencoded"
            case .json, .raw, .multipart:
                var text = "{"
                for (k, p) in bodyParams.enumerated() {
                    if k > 0 { text += "," }
                    text += JSONString.quote(p.name) + ":" + RequestAssembly.jsonValue(p)
                }
                text += "}"
                body = Array(text.utf8)
                contentType = "application/json"
            }
            if headers["Content-Type"] == nil, let contentType { headers["Content-Type"] = contentType }
        }
        if let ct = headers["Content-Type"], body != nil { contentType = ct }
        self.headers = headers
    }

    /// The URL and the path of a request with the `sent` params: path params fill `pathTemplate`, query params
    /// follow the base URL's own query; values of params named in `verbatim` are not percent-encoded.
    ///
    /// A path that goes after a base URL is always an absolute path of URL characters: it starts with `/`, and its
    /// literal text keeps only path bytes and `%XX` escapes (the rest is encoded), so nothing in a template or in
    /// what a client sent to `strata serve` (`@evil.test/`, `\\h`, `?`, `#`, a line break) can end the base URL's
    /// authority or start another part of the URL: the host and port sent to are always the base URL's.
    static func location(
        baseURL: String, pathTemplate: PathTemplate, sent: [ResolvedParam], verbatim: Set<String>
    ) -> (url: String, path: String) {
        func value(_ p: ResolvedParam, _ encode: (String) -> String) -> String {
            verbatim.contains(p.name) ? p.value : encode(p.value)
        }
        // Path: substitute each {name} (the first sent path param of that name).
        var pathParams: [String: ResolvedParam] = [:]
        for p in sent where p.location == .path && pathParams[p.name] == nil { pathParams[p.name] = p }
        let appended = !baseURL.isEmpty
        func literal(_ text: String) -> String {
            appended ? PercentEncoding.reencode(text, allowing: PercentEncoding.path) : text
        }
        func param(_ name: String) -> String? {
            pathParams[name].map { p in value(p) { PercentEncoding.encode($0, allowing: PercentEncoding.pathSegment) } }
        }
        var path = pathTemplate.filled(literal: literal, param)
        if appended && !path.hasPrefix("/") { path = "/" + path }
        // URL: base (its own query kept), path, then query params.
        var base = baseURL
        var baseQuery = ""
        if let q = base.firstIndex(of: "?") {
            baseQuery = String(base[base.index(after: q)...])
            base = String(base[..<q])
        }
        while base.hasSuffix("/") { base.removeLast() }
        var query = baseQuery.isEmpty ? [] : [baseQuery]
        for p in sent where p.location == .query {
            let v = value(p) { PercentEncoding.encode($0, allowing: PercentEncoding.unreserved) }
            query.append(PercentEncoding.encode(p.name, allowing: PercentEncoding.unreserved) + "=" + v)
        }
        return (base + path + (query.isEmpty ? "" : "?" + query.joined(separator: "&")), path)
    }

    /// A param's value as JSON: numbers and bools declared as such stay unquoted when the value still is one.
    static func jsonValue(_ p: ResolvedParam) -> String {
        switch p.kind {
        case .number where Tree.isJSONNumber(p.value): p.value
        case .bool where p.value == "true" || p.value == "false": p.value
        default: JSONString.quote(p.value)
        }
    }
}
