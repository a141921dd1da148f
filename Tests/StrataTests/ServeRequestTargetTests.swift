import Foundation
import Strata
import StrataTestSupport
import Testing

/// `strata serve --source live|record`: no request target picks where the session's credentials go.
@Suite struct ServeRequestTargetTests {
    static let base = "https://api.example.com:8443/v1"
    static let environment = ["UP_KEY": "k3y", "UP_TOKEN": "t0ken"]
    let session: Session
    let builder: RequestBuilder

    init() throws {
        session = try Session.parse(
            Array(
                """
                { "name": "up", "baseURL": "\(Self.base)", "params": { "api_key": "${env:UP_KEY}" },
                  "headers": { "Authorization": "Bearer ${env:UP_TOKEN}" }, "redact": ["api_key"],
                  "routes": [ { "name": "item", "path": "/items/{id}", "params": { "id": "1" } } ] }
                """.utf8), file: "session.json", directory: ".")
        builder = RequestBuilder(session: session, environment: Self.environment)
    }

    /// Targets an attacker would try, as libmicrohttpd hands them over (path before `?`, query after).
    static let hostile = [
        "@127.0.0.1:18002/stolen", "@evil.test", "evil.test:443", "http://evil.test/x", "https://evil.test",
        "//evil.test/x", "\\\\evil.test/x", "/\\\\evil.test", "%40evil.test/x", "/%40evil.test", "/%2f%2fevil.test",
        "%2f%2fevil.test", "/x\r\nHost: evil.test", "/x\r\n\r\nGET http://evil.test/ HTTP/1.1", "/x\0@evil.test",
        "[::1]:18002/x", "/[::1]:18002", "[::1]", "/..", "/../../etc/passwd", "/a/%2e%2e/%2E%2E/b", "/./.././x",
        "*", "", "/#@evil.test", "/x?y", "/x#frag", "/" + String(repeating: "a/../", count: 2000) + "@evil.test",
        "/" + String(repeating: "%", count: 10_000), "/é@evil.test", "/x y@evil.test:1/",
    ]

    static func request(_ target: String, headers: HTTPHeaders = [:]) -> ServeRequest {
        let parts = target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        return ServeRequest(
            method: "GET", path: String(parts[0]), query: parts.count > 1 ? String(parts[1]) : "", headers: headers)
    }

    @Test("only origin-form targets are served; absolute-form, authority-form, '*' and stray bytes are refused")
    func originFormOnly() {
        for target in ["/", "/items/7", "//evil.test/x", "/%40evil.test", "/a/../b", "/items?q=%23&next=/x@y"] {
            #expect(Self.request(target).targetProblem == nil, "\(target)")
        }
        for target in [
            "@127.0.0.1:18002/stolen", "evil.test:443", "http://evil.test/x", "*", "", "[::1]:80/x", "\\\\evil/x",
            "/x y", "/x\r\nHost: evil", "/x\0", "/x#frag", "/x\u{7F}", "/x?a=b c", "/x?a=\r\n", "/x\\y",
        ] {
            let problem = Self.request(target).targetProblem
            #expect(problem != nil, "\(target.debugDescription) is served")
            #expect(target.count < 2 || problem?.contains(target) != true, "the reason repeats the target")
        }
        #expect(ServeRequest(method: "OPTIONS", path: "*").isServerWideOptions)
        #expect(ServeRequest(method: "OPTIONS", path: "*").targetProblem == nil)
        #expect(ServeRequest(method: "GET", path: "*").targetProblem != nil)
    }

    @Test("every upstream URL has the base URL's scheme, host and port and stays under its path, whatever the target")
    func upstreamHostIsTheBaseURLs() throws {
        let base = try #require(URLComponents(string: Self.base))
        for target in Self.hostile {
            let built = try Self.request(target).liveRequest(for: session, builder: builder)
            let sent = try #require(URLComponents(string: built.url), "\(target.debugDescription) → \(built.url)")
            #expect(sent.scheme == base.scheme && sent.host == base.host && sent.port == base.port, "\(built.url)")
            #expect(sent.user == nil && sent.password == nil, "\(built.url)")
            #expect(sent.fragment == nil, "\(built.url)")
            #expect(built.url.hasPrefix(Self.base + "/"), "\(built.url)")
            // Dot segments are gone, so nothing climbs above /v1 (libcurl would squash them otherwise).
            let segments = sent.percentEncodedPath.split(separator: "/", omittingEmptySubsequences: false)
            #expect(!segments.contains { [".", ".."].contains(PercentEncoding.decode(String($0))) }, "\(built.url)")
            #expect(!built.url.utf8.contains { $0 <= 0x20 || $0 >= 0x7F || $0 == UInt8(ascii: "\\") }, "\(built.url)")
        }
    }

    @Test("the path and query a client sends reach the API as sent, under the base URL's path")
    func pathAndQueryAsSent() throws {
        let built = try Self.request("/items/%2F7/a@b:c?q=red%20shoes&next=/x@y&x=%23")
            .liveRequest(for: session, builder: builder)
        #expect(built.url == Self.base + "/items/%2F7/a@b:c?api_key=k3y&q=red%20shoes&next=%2Fx%40y&x=%23")
        let climbing = try Self.request("/a/b/../../../c/./d/").liveRequest(for: session, builder: builder)
        #expect(climbing.url == Self.base + "/c/d/?api_key=k3y")
    }

    /// Segments that are no dot segment to RFC 3986 but that servers behind a proxy read as one: nginx decodes
    /// `%2F` first, Tomcat cuts `;params`, IIS decodes twice, some servers split at `\`.
    static let disguised = [
        "/..%2Fadmin", "/..%2fadmin", "/%2e%2e%2fadmin", "/%2E%2E%2Fadmin", "/a/..%2F..%2Fadmin", "/x/..%2F",
        "/..;/admin", "/..;jsessionid=1/admin", "/.;/x", "/%2e%2e;/x", "/%252e%252e/admin", "/%25252e%25252e/x",
        "/..%5Cadmin", "/..%255c..%255cx", "/a/%2e%2e%252fb", "/ok/..%c0%af/x/..%2F..",
    ]

    @Test("a segment a server behind the proxy would read as '..' ('..%2F', '..;', '%252e%252e', '..%5C') is refused")
    func disguisedDotSegmentsAreRefused() {
        for target in Self.disguised {
            let problem = Self.request(target).targetProblem
            #expect(problem?.contains("could read as '..'") == true, "\(target) is served")
        }
        for target in [
            "/items/v1.2", "/a...b", "/files/report.final.pdf", "/items/%2F7", "/...", "/a;b", "/a/../b", "/%2e%2e/b",
            "/.well-known/x", "/a/.b", "/%2e%2e%2e", "/v;..", "/50%25",
        ] {
            #expect(Self.request(target).targetProblem == nil, "\(target) is refused")
        }
    }

    @Test("a target that is served stays under the base URL's path even as a lenient server reads it")
    func servedTargetsStayUnderTheBasePathAsServersReadThem() throws {
        let basePath = try #require(URLComponents(string: Self.base)).percentEncodedPath
        for target in Self.hostile + Self.disguised where Self.request(target).targetProblem == nil {
            let built = try Self.request(target).liveRequest(for: session, builder: builder)
            let sent = try #require(URLComponents(string: built.url)).percentEncodedPath
            let read = Self.asALenientServerReads(sent)
            #expect(
                read == basePath || read.hasPrefix(basePath + "/"), "\(target.debugDescription) → \(sent) → \(read)")
        }
    }

    /// `path` as the most lenient server behind a proxy reads it: decoded three times, `\` taken for `/`, each
    /// segment's `;params` cut, then its dot segments removed.
    static func asALenientServerReads(_ path: String) -> String {
        var text = path
        for _ in 0..<3 { text = PercentEncoding.decode(text) }
        var kept: [Substring] = []
        for segment in text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "/" || $0 == "\\" }) {
            switch segment.prefix(while: { $0 != ";" }) {
            case ".": continue
            case "..": if !kept.isEmpty { kept.removeLast() }
            default: kept.append(segment)
            }
        }
        return kept.joined(separator: "/")
    }

    @Test("Host and X-Forwarded-* headers never choose where a request goes")
    func hostHeadersDoNotRoute() throws {
        let headers: HTTPHeaders = [
            "Host": "evil.test:18002", "X-Forwarded-Host": "evil.test", "X-Forwarded-Proto": "http",
            "X-Forwarded-For": "10.0.0.1", "Forwarded": "host=evil.test",
        ]
        let built = try Self.request("/items/1", headers: headers).liveRequest(for: session, builder: builder)
        let sent = try #require(URLComponents(string: built.url))
        #expect(sent.host == "api.example.com" && sent.port == 8443 && sent.scheme == "https")
        #expect(built.headers["Host"] == nil)
        #expect(built.headers["Authorization"] == "Bearer t0ken")
    }

    @Test("a refused target is a 400 with one line, and the live source is never asked")
    func refusedBeforeForwarding() throws {
        let source = CountingSource()
        let responder = ServeResponder(
            session: session, upstream: .live(source), journal: try ServeJournal(), loopback: true,
            environment: Self.environment)
        for target in ["@127.0.0.1:18002/stolen", "http://evil.test/x", "evil.test:443", "*", "\\\\evil.test"] {
            let reply = responder.respond(Self.request(target))
            #expect(reply.status == 400, "\(target)")
            #expect(reply.outcome == "refused (request target)")
            if case .bytes(let body) = reply.body { #expect(body.split(separator: 0x0A).count == 1) }
        }
        let options = responder.respond(ServeRequest(method: "OPTIONS", path: "*"))
        #expect(options.status == 204 && options.headers["Allow"]?.hasPrefix("GET, HEAD") == true)
        #expect(source.count == 0)
    }
}

/// A live source that counts what it is asked to send and answers nothing.
private final class CountingSource: DataSource, @unchecked Sendable {
    private let lock = NSLock()
    private var sent = 0
    var count: Int { lock.withLock { sent } }
    var name: String { "live" }
    func send(_ request: BuiltRequest) async throws(TransportError) -> Response {
        lock.withLock { sent += 1 }
        throw .connection(url: request.url, detail: "not sent in this test")
    }
}
