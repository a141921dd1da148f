/// Forwarding an arriving request to the session's API.
extension ServeRequest {
    /// Headers of the client's request that are not forwarded besides the per-connection ones: the live source
    /// sets `Host` and `Accept-Encoding` itself and answers `Expect` on its own hop.
    static let unforwardedHeaders: Set<String> = ["host", "expect", "accept-encoding"]

    /// The request to send to the session's base URL: the session's defaults (params and headers, with
    /// `${env:…}` expanded) under the path, query, headers and body the client sent; a header the session sets
    /// keeps the session's value. A body the client sent goes out unchanged (session body params are then not
    /// added). Client values are literal text: `${env:…}` in them is never expanded.
    ///
    /// The URL is the session's base URL with the client's path under its path (dot segments removed, so it cannot
    /// climb above it) and the client's query re-encoded: its host and port are always the base URL's, whatever
    /// the target or the `Host` and `X-Forwarded-*` headers say (``ServeResponder`` refuses targets that are not a
    /// path before this; `RequestAssembly.location` makes any path one that cannot leave its place).
    public func liveRequest(for session: Session, builder: RequestBuilder) throws(TransportError) -> BuiltRequest {
        try ServedRequest(self, session: session).liveRequest(for: session, builder: builder)
    }
}

extension ServedRequest {
    /// The request to send to the session's base URL (``ServeRequest/liveRequest(for:builder:)``), named for the
    /// route found when it arrived.
    func liveRequest(for session: Session, builder: RequestBuilder) throws(TransportError) -> BuiltRequest {
        let (method, path, headers, body) = (request.method, request.path, request.headers, request.body)
        let literalPath = ServeRequest.removingDotSegments(path)
            .replacingOccurrences(of: "{", with: "%7B").replacingOccurrences(of: "}", with: "%7D")
        let isJSON = (headers["Content-Type"] ?? "").lowercased().contains("json")
        let adHoc = Route(
            name: route?.name ?? ServeRequest.unroutedName, method: method, path: literalPath,
            body: isJSON ? .json : .form)
        var built: BuiltRequest
        do {
            built = try builder.build(adHoc)
        } catch {
            throw .invalidURL(error.message)
        }
        func param(_ name: String, _ value: String, _ location: ParamLocation) -> ResolvedParam {
            ResolvedParam(
                name: name, value: value, template: value, location: location, origin: .added, kind: .string,
                required: false, isSecret: session.isSecret(name, in: location), status: .sent,
                missingVariables: [], description: nil)
        }
        var params = built.params
        if !body.isEmpty { params.removeAll { $0.location == .body } }
        let set = Set(params.filter { $0.location == .header }.map { $0.name.lowercased() })
        params += request.queryParams.map { param($0.name, $0.value, .query) }
        params += request.bodyParams.map { param($0.name, $0.value, .body) }
        params += headers.endToEnd(droppingAlso: ServeRequest.unforwardedHeaders).filter {
            !set.contains($0.name.lowercased())
        }.map { param($0.name, $0.value, .header) }
        let parts = RequestAssembly(
            method: method, baseURL: built.baseURL, pathTemplate: PathTemplate(filling: literalPath), params: params,
            encoding: built.bodyEncoding)
        built = built.replacing(params: params)
        built.url = parts.url
        built.path = parts.path
        built.pathTemplate = literalPath
        built.headers = parts.headers
        built.body = parts.body
        built.contentType = parts.contentType
        if !body.isEmpty {
            built.body = body
            built.contentType = headers["Content-Type"]
            if let type = headers["Content-Type"] { built.headers["Content-Type"] = type }
        }
        return built
    }
}
