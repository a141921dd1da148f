/// A request ready to send: method, URL, headers and body, plus the params it was built from.
///
/// Its ``scrubber`` is built once, with the request, from the values it is built from that can be secret (the
/// params, the base URL's password, values chained from other responses); those are set only when a request is
/// built (``init(routeName:method:url:path:headers:body:contentType:params:timeout:transport:missingVariables:baseURL:pathTemplate:bodyEncoding:bodyTemplate:environment:sessionDirectory:chainedSecrets:)``,
/// ``markingSecret(where:)``, ``sent(toBaseURL:)``), so the scrubber always knows what the request carries.
public struct BuiltRequest: Sendable, Equatable {
    /// The route it was built for.
    public var routeName: String
    /// The HTTP method.
    public var method: String
    /// The full URL: base URL, path and query.
    public var url: String
    /// The path after substitution, relative to the base URL, percent-encoded (`/products/1`); fixtures are keyed
    /// by it.
    public var path: String
    /// The headers, in order (session, route, header params, then Content-Type).
    public var headers: HTTPHeaders
    /// The body bytes, or nil when there is none.
    public var body: [UInt8]?
    /// The body's media type, when there is a body.
    public var contentType: String?
    /// Every param with its value, destination and origin, including ones left out.
    public private(set) var params: [ResolvedParam]
    /// Seconds a live exchange may take in all, redirects and body included.
    public var timeout: Double
    /// TLS trust, proxy, connect timeout and body limit for a live send.
    public var transport = TransportSettings()
    /// Environment variables that are needed and not set; a live send refuses such a request.
    public var missingVariables: [MissingVariable]
    /// The expanded base URL.
    public private(set) var baseURL: String
    /// The route's path template.
    public var pathTemplate: String
    /// How body params are encoded.
    public var bodyEncoding: BodyEncoding
    /// The route's body template, when the body was filled in from one.
    public var bodyTemplate: BodyTemplate? = nil
    /// The environment the request was built with, so an export can tell which secrets came from a variable.
    var environment: [String: String] = [:]
    /// The session folder, which a multipart body's file paths are relative to.
    var sessionDirectory = "."
    /// Secret values read from other routes' responses (`${response:…}` of a redacted field), wherever they were
    /// put: the scrubber hides them.
    private(set) var chainedSecrets: [String]
    /// The scrubber that knows this request's secret values (built with the request); apply it to anything shown
    /// or written.
    public private(set) var scrubber: SecretScrubber

    /// Creates a request and builds its scrubber.
    init(
        routeName: String, method: String, url: String, path: String, headers: HTTPHeaders, body: [UInt8]?,
        contentType: String?, params: [ResolvedParam], timeout: Double, transport: TransportSettings = .init(),
        missingVariables: [MissingVariable], baseURL: String, pathTemplate: String, bodyEncoding: BodyEncoding,
        bodyTemplate: BodyTemplate? = nil, environment: [String: String] = [:], sessionDirectory: String = ".",
        chainedSecrets: [String] = []
    ) {
        self.routeName = routeName
        self.method = method
        self.url = url
        self.path = path
        self.headers = headers
        self.body = body
        self.contentType = contentType
        self.params = params
        self.timeout = timeout
        self.transport = transport
        self.missingVariables = missingVariables
        self.baseURL = baseURL
        self.pathTemplate = pathTemplate
        self.bodyEncoding = bodyEncoding
        self.bodyTemplate = bodyTemplate
        self.environment = environment
        self.sessionDirectory = sessionDirectory
        self.chainedSecrets = chainedSecrets
        self.scrubber = SecretScrubber(params: params, chainedSecrets: chainedSecrets, baseURL: baseURL)
    }

    /// This request with `params` and `baseURL` in place of its own, and the scrubber built again from them.
    func replacing(params: [ResolvedParam], baseURL: String? = nil) -> BuiltRequest {
        var copy = self
        copy.params = params
        if let baseURL { copy.baseURL = baseURL }
        copy.scrubber = SecretScrubber(params: copy.params, chainedSecrets: chainedSecrets, baseURL: copy.baseURL)
        return copy
    }

    /// This request with the params `isSecret` names marked secret (a writer's own `redact` list), its scrubber
    /// knowing their values too.
    func markingSecret(where isSecret: (String) -> Bool) -> BuiltRequest {
        guard params.contains(where: { !$0.isSecret && isSecret($0.name) }) else { return self }
        var params = self.params
        for i in params.indices where isSecret(params[i].name) { params[i].isSecret = true }
        return replacing(params: params)
    }

    /// This request as sent to `baseURL` (a request `strata serve` received, which has none, exported as sent to
    /// the served URL).
    public func sent(toBaseURL baseURL: String) -> BuiltRequest { replacing(params: params, baseURL: baseURL) }

    /// The params that are sent.
    public var sentParams: [ResolvedParam] { params.filter { $0.status == .sent } }

    /// The value sent for param `name`, if it is sent.
    public func sentValue(_ name: String) -> String? { sentParams.first { $0.name == name }?.value }

    /// The request with every secret value replaced by `<redacted>`, for showing and exporting.
    ///
    /// Secret params are rebuilt as `<redacted>` (so a path key or a query reads `id=<redacted>`), then the URL,
    /// headers and body go through ``scrubber``, which also catches a password in the URL's userinfo and a secret
    /// repeated in another value.
    public func redacted() -> BuiltRequest { redacted(substituting: [:]) }

    /// ``redacted()``, with the secret params at the indices of `substitutes` given that text instead of
    /// `<redacted>` (the curl export's markers for values read from environment variables).
    func redacted(substituting substitutes: [Int: String]) -> BuiltRequest {
        let params = redactedParams(substituting: substitutes)
        let base = scrubber.scrub(baseURL)
        // A templated body is not filled in again (it may read files): its secrets are scrubbed where they are.
        let parts = RequestAssembly(
            method: method, baseURL: base, pathTemplate: PathTemplate(filling: pathTemplate), params: params,
            encoding: bodyTemplate == nil ? bodyEncoding : .form,
            verbatim: Set(params.filter(\.isSecret).map(\.name)))
        var copy = replacing(
            params: params.map { p in
                var p = p
                if !p.isSecret { p.value = scrubber.scrub(p.value) }
                return p
            }, baseURL: base)
        copy.url = scrubber.scrub(parts.url)
        copy.path = scrubber.scrub(parts.path)
        if bodyTemplate == nil {
            copy.headers = scrubber.scrub(parts.headers)
            copy.body = parts.body.map { scrubber.scrub($0, json: bodyEncoding == .json) }
            copy.contentType = parts.contentType
        } else {
            var headers = parts.headers
            if let ct = contentType { headers["Content-Type"] = self.headers["Content-Type"] ?? ct }
            copy.headers = scrubber.scrub(headers)
            copy.body = body.map { scrubber.scrub($0, json: bodyEncoding == .json) }
        }
        return copy
    }

    /// The URL and the path of ``redacted()``, without building its headers and body.
    public func redactedLocation() -> (url: String, path: String) {
        let params = redactedParams(substituting: [:])
        let (url, path) = RequestAssembly.location(
            baseURL: scrubber.scrub(baseURL), pathTemplate: PathTemplate(filling: pathTemplate),
            sent: params.filter { $0.status == .sent }, verbatim: Set(params.filter(\.isSecret).map(\.name)))
        return (scrubber.scrub(url), scrubber.scrub(path))
    }

    /// The params with each secret value replaced by `substitutes[index]`, or `<redacted>`.
    private func redactedParams(substituting substitutes: [Int: String]) -> [ResolvedParam] {
        var params = self.params
        for i in params.indices where params[i].isSecret { params[i].value = substitutes[i] ?? ResolvedParam.redacted }
        return params
    }

    /// The body as text when it is UTF-8 (it always is for form and JSON bodies).
    public var bodyText: String? { body.flatMap { String(validating: $0, as: UTF8.self) } }
}

extension BuiltRequest {
    /// `text` (a URL, an error message) with this request's secret values replaced by `<redacted>`: the same as
    /// `scrubber.scrub(text)`.
    public func redacting(_ text: String) -> String { scrubber.scrub(text) }
}
