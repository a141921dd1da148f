import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Sends requests to the real API with URLSession: the request's timeout, redirects followed and listed, and
/// cancellation that returns at once.
public struct LiveSource: DataSource {
    /// Creates a live source.
    public init() {}

    /// `live`.
    public var name: String { "live" }

    /// Sends `request` over HTTP with URLSession and returns the response, following redirects.
    public func send(_ request: BuiltRequest) async throws(TransportError) -> Response {
        if !request.missingVariables.isEmpty {
            throw .missingVariables(route: request.routeName, request.missingVariables)
        }
        let urlRequest = try LiveSource.urlRequest(for: request)
        let delegate = LiveTaskDelegate(
            url: request.redacted().url, timeout: request.timeout, redirects: RedirectPolicy(for: request))
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = request.timeout
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.urlCache = nil
        let session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: nil)
        defer { session.finishTasksAndInvalidate() }
        let task = session.dataTask(with: urlRequest)
        let start = ContinuousClock.now
        let result = await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<LiveTaskDelegate.Outcome, Never>) in
                if delegate.wait(continuation) { task.resume() }
            }
        } onCancel: {
            delegate.finish(.failure(.cancelled))
            task.cancel()
        }
        let duration = ContinuousClock.now - start
        let outcome: LiveTaskDelegate.Completed
        switch result {
        case .success(let c): outcome = c
        case .failure(let e): throw e
        }
        var headers = HTTPHeaders()
        let fields = outcome.response.allHeaderFields.compactMap { (k, v) -> (String, String)? in
            guard let name = k as? String else { return nil }
            return (name, "\(v)")
        }
        for (name, value) in fields.sorted(by: { $0.0.lowercased() < $1.0.lowercased() }) {
            headers.append(name: name, value: value)
        }
        return Response(
            status: outcome.response.statusCode, headers: headers, body: outcome.body, duration: duration,
            origin: .live(
                url: request.redacting(outcome.response.url?.absoluteString ?? request.url),
                redirects: outcome.redirects.map {
                    Response.Redirect(status: $0.status, from: request.redacting($0.from), to: request.redacting($0.to))
                }))
    }

    /// The URLRequest for `request`, or `invalidURL` saying what is wrong with its URL.
    static func urlRequest(for request: BuiltRequest) throws(TransportError) -> URLRequest {
        if request.baseURL.isEmpty {
            throw .invalidURL(
                "the session has no baseURL, so '\(request.redacted().url)' is not a full URL; add \"baseURL\" to session.json"
            )
        }
        guard let url = URL(string: request.url), let scheme = url.scheme?.lowercased(), url.host != nil else {
            throw .invalidURL("'\(request.redacted().url)' is not a valid http(s) URL")
        }
        guard scheme == "http" || scheme == "https" else {
            throw .invalidURL("'\(request.redacted().url)' uses '\(scheme)'; only http and https are supported")
        }
        var r = URLRequest(url: url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: request.timeout)
        r.httpMethod = request.method
        for field in request.headers { r.addValue(field.value, forHTTPHeaderField: field.name) }
        if let body = request.body { r.httpBody = Data(body) }
        return r
    }
}

/// Collects one task's response, body and redirects, and resumes the waiting send exactly once.
final class LiveTaskDelegate: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    struct Completed: Sendable {
        var response: HTTPURLResponse
        var body: [UInt8]
        var redirects: [Response.Redirect]
    }
    typealias Outcome = Result<Completed, TransportError>

    private let lock = NSLock()
    private let url: String
    private let timeout: Double
    private let policy: RedirectPolicy
    private var continuation: CheckedContinuation<Outcome, Never>? = nil
    private var early: Outcome? = nil
    private var done = false
    private var body: [UInt8] = []
    private var redirects: [Response.Redirect] = []

    init(url: String, timeout: Double, redirects policy: RedirectPolicy) {
        self.url = url
        self.timeout = timeout
        self.policy = policy
    }

    /// Registers the waiting send; false (after resuming it) when the task already finished or was cancelled.
    func wait(_ c: CheckedContinuation<Outcome, Never>) -> Bool {
        lock.lock()
        if let early {
            lock.unlock()
            c.resume(returning: early)
            return false
        }
        continuation = c
        lock.unlock()
        return true
    }

    /// Delivers the outcome once; later calls are ignored.
    func finish(_ outcome: Outcome) {
        lock.lock()
        guard !done else {
            lock.unlock()
            return
        }
        done = true
        let c = continuation
        continuation = nil
        if c == nil { early = outcome }
        lock.unlock()
        c?.resume(returning: outcome)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        lock.withLock { body.append(contentsOf: data) }
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping (URLRequest?) -> Void
    ) {
        let entry = Response.Redirect(
            status: response.statusCode, from: response.url?.absoluteString ?? "",
            to: request.url?.absoluteString ?? "")
        let next = LiveTaskDelegate.applying(policy, to: request)
        if next != nil { lock.withLock { redirects.append(entry) } }
        completionHandler(next)
    }

    /// `request` as `policy` lets it follow a redirect: credentials removed when it leaves their origin; nil when
    /// it may not follow.
    static func applying(_ policy: RedirectPolicy, to request: URLRequest) -> URLRequest? {
        guard let target = request.url?.absoluteString else { return request }
        let fields = (request.allHTTPHeaderFields ?? [:]).sorted { $0.key < $1.key }
        guard
            let next = policy.follow(
                to: target, headers: HTTPHeaders(fields.map { ($0.key, $0.value) }),
                resendsBody: request.httpBody.map { !$0.isEmpty } ?? false)
        else { return nil }
        var out = request
        if next.url != target, let u = URL(string: next.url) { out.url = u }
        for (name, _) in fields where next.headers[name] == nil { out.setValue(nil, forHTTPHeaderField: name) }
        return out
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: Error?) {
        if let error {
            finish(.failure(map(error)))
            return
        }
        guard let response = task.response as? HTTPURLResponse else {
            finish(.failure(.connection(url: url, detail: "the server sent no HTTP response")))
            return
        }
        let (b, r) = lock.withLock { (body, redirects) }
        finish(.success(Completed(response: response, body: b, redirects: r)))
    }

    /// Turns a URLSession error into a one-line transport error.
    func map(_ error: Error) -> TransportError {
        guard let e = error as? URLError else {
            return .connection(url: url, detail: error.localizedDescription)
        }
        switch e.code {
        case .cancelled: return .cancelled
        case .timedOut: return .timedOut(url: url, seconds: timeout)
        case .cannotConnectToHost: return .connectionRefused(url: url)
        case .cannotFindHost, .dnsLookupFailed: return .hostNotFound(url: url)
        case .badURL, .unsupportedURL: return .invalidURL("'\(url)' cannot be requested (\(e.localizedDescription))")
        case .secureConnectionFailed, .serverCertificateUntrusted, .serverCertificateHasBadDate,
            .serverCertificateNotYetValid, .serverCertificateHasUnknownRoot, .clientCertificateRejected,
            .clientCertificateRequired:
            return .tls(url: url, detail: e.localizedDescription)
        case .networkConnectionLost: return .connection(url: url, detail: "the server closed the connection")
        case .notConnectedToInternet: return .connection(url: url, detail: "no network connection")
        default:
            // The platform reports many libcurl failures as .unknown; the text still says what happened.
            let text = e.localizedDescription.replacingOccurrences(of: "\n", with: " ")
            if ["SSL", "TLS", "certificate"].contains(where: { text.contains($0) }) {
                return .tls(url: url, detail: text)
            }
            return .connection(url: url, detail: text)
        }
    }
}
