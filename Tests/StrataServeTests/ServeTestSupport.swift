import Foundation
import Strata
import StrataServe
import StrataTestSupport

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A session in a scratch folder served on a free loopback port, in process, and a URLSession client for it.
final class ServedSession: @unchecked Sendable {
    let dir: ScratchDirectory
    let session: Session
    let server: HTTPServer
    let responder: ServeResponder
    let client: URLSession

    /// Serves `fixtures` (file name → text) under a session whose session.json is `sessionJSON`, on `threads`
    /// event-loop threads.
    init(
        fixtures: [String: String], sessionJSON: String = ServedSession.sessionJSON,
        limits: ServeLimits = ServeLimits(), threads: Int = HTTPServer.defaultThreads,
        upstream: ((Session) -> ServeResponder.Upstream)? = nil, journalFile: String? = nil,
        environment: [String: String] = [:], exchangeObserver: (@Sendable (ServeExchange) -> Void)? = nil
    ) throws {
        var files = ["session.json": sessionJSON]
        for (name, text) in fixtures { files["fixtures/" + name] = text }
        dir = try ScratchDirectory(files)
        session = try Session.load(from: dir.path)
        responder = ServeResponder(
            session: session, upstream: upstream?(session) ?? .mock(MockSource(session: session)),
            journal: try ServeJournal(file: journalFile), loopback: true, environment: environment,
            exchangeObserver: exchangeObserver)
        server = try HTTPServer(responder: responder, host: "127.0.0.1", port: 0, limits: limits, threads: threads)
        let config = URLSessionConfiguration.ephemeral
        config.requestCachePolicy = .reloadIgnoringLocalCacheData
        config.timeoutIntervalForRequest = 30
        client = URLSession(configuration: config)
    }

    deinit {
        server.stop()
        dir.remove()
    }

    static let sessionJSON = """
        { "name": "served", "baseURL": "http://127.0.0.1:1", "redact": ["token", "X-Secret"],
          "routes": [ { "name": "items", "path": "/items" }, { "name": "item", "path": "/items/{id}", "params": { "id": "1" } } ] }
        """

    /// A response as the tests read it.
    struct Reply {
        var status: Int
        var headers: [String: String]
        var body: Data
        var text: String { String(decoding: body, as: UTF8.self) }
        func header(_ name: String) -> String? {
            headers.first { $0.key.lowercased() == name.lowercased() }?.value
        }
    }

    /// Sends a request and waits for its response.
    func fetch(
        _ path: String, method: String = "GET", headers: [String: String] = [:], body: Data? = nil
    ) async throws -> Reply {
        var request = URLRequest(url: URL(string: server.url + path)!)
        request.httpMethod = method
        for (k, v) in headers { request.setValue(v, forHTTPHeaderField: k) }
        request.httpBody = body
        let (data, response) = try await client.data(for: request)
        let http = response as! HTTPURLResponse
        var fields: [String: String] = [:]
        for (k, v) in http.allHeaderFields { fields["\(k)"] = "\(v)" }
        return Reply(status: http.statusCode, headers: fields, body: data)
    }
}
