/// A request ready to send: method, URL, headers and body, plus the params it was built from.
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
    public var params: [ResolvedParam]
    /// Seconds to wait for a live response.
    public var timeout: Double
    /// Environment variables that are needed and not set; a live send refuses such a request.
    public var missingVariables: [MissingVariable]
    /// The expanded base URL.
    public var baseURL: String
    /// The route's path template.
    public var pathTemplate: String
    /// How body params are encoded.
    public var bodyEncoding: BodyEncoding

    /// The params that are sent.
    public var sentParams: [ResolvedParam] { params.filter { $0.status == .sent } }

    /// The value sent for param `name`, if it is sent.
    public func sentValue(_ name: String) -> String? { sentParams.first { $0.name == name }?.value }

    /// The request with every secret value replaced by `<redacted>`, for showing and exporting.
    public func redacted() -> BuiltRequest {
        var copy = self
        var params = self.params
        for i in params.indices where params[i].isSecret { params[i].value = ResolvedParam.redacted }
        let parts = RequestAssembly(
            method: method, baseURL: baseURL, pathTemplate: pathTemplate, params: params, encoding: bodyEncoding,
            verbatim: Set(params.filter(\.isSecret).map(\.name)))
        copy.params = params
        copy.url = parts.url
        copy.path = parts.path
        copy.headers = parts.headers
        copy.body = parts.body
        copy.contentType = parts.contentType
        return copy
    }

    /// The body as text when it is UTF-8 (it always is for form and JSON bodies).
    public var bodyText: String? { body.flatMap { String(validating: $0, as: UTF8.self) } }
}

extension BuiltRequest {
    /// `text` (a URL, an error message) with this request's secret values replaced by `<redacted>`.
    public func redacting(_ text: String) -> String {
        let scrubber = SecretScrubber(values: params.filter(\.isSecret).map(\.value))
        guard !scrubber.isEmpty else { return text }
        return String(decoding: scrubber.scrub(Array(text.utf8), json: false), as: UTF8.self)
    }
}
