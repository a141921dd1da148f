/// Sends requests to the real API with libcurl: the request's timeout over the whole exchange, redirects followed
/// and listed (credentials only to their origin), headers in wire order, bodies decoded and bounded, a timing
/// breakdown, and cancellation that returns at once.
///
/// Each send runs on a thread of its own, so a slow transfer never holds the caller's thread or Swift's
/// cooperative pool.
public struct LiveSource: DataSource {
    /// The cookie jar shared by this source's sends, or nil to keep no cookies between sends.
    public let cookies: CookieJar?

    /// Creates a live source keeping cookies in `cookies` when given.
    public init(cookies: CookieJar? = nil) {
        self.cookies = cookies
    }

    /// `live`.
    public var name: String { "live" }

    /// Sends `request` over HTTP(S) and returns the response, following redirects.
    public func send(_ request: BuiltRequest) async throws(TransportError) -> Response {
        try await send(request, progress: nil)
    }

    /// Sends `request` like ``send(_:)``, reporting the status, headers and each piece of the body to `progress`
    /// (on the transfer's thread) as they arrive.
    public func send(_ request: BuiltRequest, progress: TransferObserver?) async throws(TransportError) -> Response {
        try await send(request, progress: progress, sink: nil)
    }

    /// Sends `request` and writes its body to file descriptor `fd` as it arrives instead of keeping it: the
    /// response's body is empty, the file holds the body (up to `maxBodyBytes`, `truncated` set past it).
    func send(_ request: BuiltRequest, bodyTo fd: Int32) async throws(TransportError) -> Response {
        try await send(request, progress: nil, sink: fd)
    }

    private func send(
        _ request: BuiltRequest, progress: TransferObserver?, sink: Int32?
    ) async throws(TransportError) -> Response {
        if !request.missingVariables.isEmpty {
            throw .missingVariables(route: request.routeName, request.missingVariables)
        }
        try LiveSource.check(request)
        if Task.isCancelled { throw .cancelled }
        let exchange = CurlExchange(request: request, cookies: cookies, observer: progress, sink: sink)
        let result = await withTaskCancellationHandler {
            await withCheckedContinuation { exchange.start($0) }
        } onCancel: {
            exchange.cancel()
        }
        switch result {
        case .success(let response): return response
        case .failure(let e): throw e
        }
    }

    /// Refuses a request whose URL cannot be sent, saying what is wrong with it.
    static func check(_ request: BuiltRequest) throws(TransportError) {
        var shown: String { request.redactedLocation().url }
        if request.baseURL.isEmpty {
            throw .invalidURL(
                "the session has no baseURL, so '\(shown)' is not a full URL; add \"baseURL\" to session.json")
        }
        guard let url = URLParts(request.url) else {
            throw .invalidURL("'\(shown)' is not a valid http(s) URL")
        }
        guard url.scheme == "http" || url.scheme == "https" else {
            throw .invalidURL("'\(shown)' uses '\(url.scheme)'; only http and https are supported")
        }
    }

    /// The scheme of an absolute URL with a host.
    struct URLParts {
        var scheme: String

        init?(_ text: String) {
            guard let origin = RedirectPolicy.Origin(text) else { return nil }
            scheme = origin.scheme
        }
    }
}
