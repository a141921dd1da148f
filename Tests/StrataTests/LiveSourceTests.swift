import Foundation
import Strata
import StrataTestSupport
import Testing

/// LiveSource against a loopback HTTP server the tests start themselves.
@Suite struct LiveSourceTests {
    static func session(_ baseURL: String, timeout: Double = 60, routes: String) throws -> Session {
        try Session.parse(
            Array(
                """
                { "name": "T", "baseURL": "\(baseURL)", "timeout": \(timeout),
                  "headers": { "Accept": "application/json", "X-Client": "strata" },
                  "params": { "key": "${env:LIVE_TEST_KEY:-k}" }, "routes": [ \(routes) ] }
                """.utf8), file: "session.json", directory: ".")
    }

    static func send(_ s: Session, _ route: String, _ edits: [ParamEdit] = []) async throws -> Response {
        let r = try RequestBuilder(session: s, environment: [:]).build(s.route(named: route)!, edits: edits)
        return try await LiveSource().send(r)
    }

    @Test("GET sends query params and default headers, and the response carries status, headers, body and origin")
    func getWithQuery() async throws {
        let server = try LoopbackServer { .echo($0) }
        defer { server.stop() }
        let s = try Self.session(
            server.baseURL, routes: #"{ "name": "get", "path": "/get", "params": { "q": "red shoes", "n": "2" } }"#)
        let response = try await Self.send(s, "get", [.set(name: "n", value: "3")])
        #expect(response.status == 200)
        #expect(response.contentType == "application/json")
        let seen = try #require(server.requests.first)
        #expect(seen.method == "GET")
        #expect(seen.path == "/get")
        #expect(seen.query.map { "\($0.name)=\($0.value)" } == ["q=red shoes", "n=3", "key=k"])
        #expect(seen.headers["accept"] == "application/json")
        #expect(seen.headers["X-Client"] == "strata")
        #expect(response.size == response.body.count && response.size > 0)
        #expect(response.origin == .live(url: server.baseURL + "/get?q=red%20shoes&n=3&key=k", redirects: []))
        #expect(response.durationMs > 0)
    }

    @Test("POST sends a form body with its content type")
    func postForm() async throws {
        let server = try LoopbackServer { .echo($0) }
        defer { server.stop() }
        let s = try Self.session(
            server.baseURL, routes: #"{ "name": "post", "method": "POST", "path": "/post", "params": { "a": "1 2" } }"#)
        _ = try await Self.send(s, "post")
        let seen = try #require(server.requests.first)
        #expect(seen.method == "POST")
        #expect(seen.bodyText == "a=1+2&key=k")
        #expect(seen.headers["Content-Type"] == "application/x-www-form-urlencoded")
    }

    @Test("POST sends a JSON body with its content type, and header params as headers")
    func postJSON() async throws {
        let server = try LoopbackServer { .echo($0) }
        defer { server.stop() }
        let s = try Self.session(
            server.baseURL,
            routes: #"""
                { "name": "post", "method": "POST", "path": "/post", "body": "json",
                  "params": { "n": 1, "s": "x", "X-Trace": { "value": "t1", "in": "header" } } }
                """#)
        _ = try await Self.send(s, "post")
        let seen = try #require(server.requests.first)
        #expect(seen.bodyText == #"{"n":1,"s":"x","key":"k"}"#)
        #expect(seen.headers["Content-Type"] == "application/json")
        #expect(seen.headers["X-Trace"] == "t1")
    }

    @Test("error statuses are responses, not failures")
    func statusCodes() async throws {
        let server = try LoopbackServer { r in .text("teapot", status: Int(r.path.dropFirst(8)) ?? 500) }
        defer { server.stop() }
        let s = try Self.session(
            server.baseURL, routes: #"{ "name": "s", "path": "/status/{code}", "params": { "code": "418" } }"#)
        #expect(try await Self.send(s, "s").status == 418)
        #expect(try await Self.send(s, "s", [.set(name: "code", value: "503")]).status == 503)
        #expect(try await Self.send(s, "s", [.set(name: "code", value: "204")]).status == 204)
    }

    @Test("redirects are followed and listed in the origin")
    func redirects() async throws {
        let server = try LoopbackServer { r in
            switch r.path {
            case "/start": .redirect("/middle")
            case "/middle": .redirect("/end", status: 301)
            default: .json(#"{"at":"end"}"#)
            }
        }
        defer { server.stop() }
        let s = try Self.session(server.baseURL, routes: #"{ "name": "r", "path": "/start" }"#)
        let response = try await Self.send(s, "r")
        #expect(response.status == 200)
        #expect(String(decoding: response.body, as: UTF8.self) == #"{"at":"end"}"#)
        let (url, redirects) = try #require(response.origin.live, "not live")
        #expect(url == server.baseURL + "/end")
        #expect(
            redirects == [
                Response.Redirect(status: 302, from: server.baseURL + "/start?key=k", to: server.baseURL + "/middle"),
                Response.Redirect(status: 301, from: server.baseURL + "/middle", to: server.baseURL + "/end"),
            ])
    }

    @Test("a slow server fails with a one-line timeout after the session's timeout")
    func timeout() async throws {
        // The server would answer after 30 s; the bounds below leave room for a loaded machine running every test.
        let server = try LoopbackServer { _ in .json("{}", delay: 30) }
        defer { server.stop() }
        let s = try Self.session(server.baseURL, timeout: 1, routes: #"{ "name": "slow", "path": "/delay" }"#)
        do {
            _ = try await Self.send(s, "slow")
            Issue.record("answered")
        } catch let e as TransportError {
            #expect(e == .timedOut(url: server.baseURL + "/delay?key=k", seconds: 1))
            #expect(e.description == "timed out after 1 s waiting for \(server.baseURL)/delay?key=k")
        }
    }

    @Test("cancelling the task while the server holds the request returns cancelled")
    func cancellation() async throws {
        // The server would answer after 30 s; it says when the request has arrived, and the task is cancelled then.
        let (arrived, signal) = AsyncStream<Void>.makeStream()
        let server = try LoopbackServer { _ in
            signal.yield()
            return .json("{}", delay: 30)
        }
        defer { server.stop() }
        let s = try Self.session(server.baseURL, timeout: 60, routes: #"{ "name": "slow", "path": "/delay" }"#)
        let task = Task { try await Self.send(s, "slow") }
        var waiting = arrived.makeAsyncIterator()
        _ = await waiting.next()
        task.cancel()
        let result = await task.result
        #expect(throws: TransportError.cancelled) { try result.get() }
    }

    @Test("connection refused is a one-line error naming the URL")
    func refused() async throws {
        let server = try LoopbackServer { _ in .json("{}") }
        let base = server.baseURL
        server.stop()
        let s = try Self.session(base, routes: #"{ "name": "r", "path": "/x" }"#)
        do {
            _ = try await Self.send(s, "r")
            Issue.record("answered")
        } catch let e as TransportError {
            #expect(e == .connectionRefused(url: base + "/x?key=k"))
            #expect(e.description == "connection refused: nothing is listening at \(base)/x?key=k")
        }
    }

    @Test("a host that does not resolve is a one-line host-not-found error")
    func hostNotFound() async throws {
        // .invalid is reserved (RFC 2606): it never resolves.
        let s = try Self.session("http://strata-test-host.invalid", routes: #"{ "name": "r", "path": "/x" }"#)
        do {
            _ = try await Self.send(s, "r")
            Issue.record("answered")
        } catch let e as TransportError {
            #expect(e == .hostNotFound(url: "http://strata-test-host.invalid/x?key=k"))
            #expect(
                e.description == "host not found: cannot resolve the host of http://strata-test-host.invalid/x?key=k")
        }
    }

    @Test("TLS to a plain HTTP server fails as a TLS error")
    func tlsFailure() async throws {
        let server = try LoopbackServer { _ in .json("{}") }
        defer { server.stop() }
        let s = try Self.session("https://127.0.0.1:\(server.port)", routes: #"{ "name": "r", "path": "/x" }"#)
        do {
            _ = try await Self.send(s, "r")
            Issue.record("answered")
        } catch let e as TransportError {
            try #require(e.isTLS, "expected a TLS error, got \(e)")
            #expect(!e.description.contains("\n"))
        }
    }

    @Test("invalid URLs and missing secrets are refused before anything is sent")
    func refusedBeforeSending() async throws {
        let noBase = try Self.session("", routes: #"{ "name": "r", "path": "/x" }"#)
        await #expect(throws: TransportError.self) { try await Self.send(noBase, "r") }
        let ftp = try Self.session("ftp://example.com", routes: #"{ "name": "r", "path": "/x" }"#)
        do {
            _ = try await Self.send(ftp, "r")
        } catch let e as TransportError {
            #expect(e == .invalidURL("'ftp://example.com/x?key=k' uses 'ftp'; only http and https are supported"))
        }
        let s = try Session.parse(
            Array(
                #"{ "baseURL": "http://127.0.0.1:9", "params": { "k": "${env:NOPE_KEY}" }, "routes": [ { "name": "r", "path": "/x" } ] }"#
                    .utf8),
            file: "s.json", directory: ".")
        do {
            _ = try await Self.send(s, "r")
            Issue.record("sent")
        } catch let e as TransportError {
            #expect(
                e.description
                    == "route 'r' needs environment variable NOPE_KEY (needed by param 'k') (set it, or give a default: ${env:NAME:-value})"
            )
        }
    }
}
