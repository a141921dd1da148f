import Strata
import Testing

/// The `Host` rule of `strata serve`: which names a request may give for the server it was sent to.
@Suite struct ServeHostRuleTests {
    static func problem(_ host: String?, listener: ServeListener, allow: [String] = []) -> Int? {
        var headers = HTTPHeaders()
        if let host { headers.append(name: "Host", value: host) }
        let request = ServeRequest(method: "GET", path: "/x", headers: headers, listener: listener)
        return request.hostProblem(allowHosts: allow)?.status
    }

    @Test("on loopback the listening address and the loopback names with its port are accepted")
    func loopbackNames() {
        let listener = ServeListener(host: "127.0.0.1", port: 8080)
        for host in ["127.0.0.1:8080", "localhost:8080", "LOCALHOST:8080", "[::1]:8080", "127.0.0.2:8080"] {
            #expect(Self.problem(host, listener: listener) == nil, "\(host)")
        }
    }

    @Test("another name, another port, a malformed or missing Host are refused")
    func refused() {
        let listener = ServeListener(host: "127.0.0.1", port: 8080)
        #expect(Self.problem("evil.test:8080", listener: listener) == 421)
        #expect(Self.problem("evil.test", listener: listener) == 421)
        #expect(Self.problem("127.0.0.1:9090", listener: listener) == 421)
        #expect(Self.problem("127.0.0.1", listener: listener) == 421)
        #expect(Self.problem("localhost.evil.test:8080", listener: listener) == 421)
        #expect(Self.problem("user@127.0.0.1:8080", listener: listener) == 400)
        #expect(Self.problem("127.0.0.1:80x", listener: listener) == 400)
        #expect(Self.problem("[::1", listener: listener) == 400)
        #expect(Self.problem("", listener: listener) == 400)
        #expect(Self.problem(nil, listener: listener) == 400)
    }

    @Test("a listener's address reads back as itself, as a --serve value and as the Host a client sends it")
    func addressRoundTrip() throws {
        for listener in [
            ServeListener(host: "127.0.0.1", port: 8080), ServeListener(host: "::1", port: 9000),
            ServeListener(host: "0.0.0.0", port: 1), ServeListener(host: "localhost", port: 65535),
        ] {
            #expect(ServeListener(address: listener.description, defaultHost: "unused") == listener)
            #expect(Self.problem(listener.description, listener: listener) == nil, "\(listener)")
        }
        #expect(ServeListener(address: "8080", defaultHost: "127.0.0.1")?.description == "127.0.0.1:8080")
    }

    @Test(
        "not a listening address: no port, a port out of range, a bracket not closed or followed by junk",
        arguments: ["", "abc", "70000", "-1", "host:", ":80", "[::1]", "[::1", "[::1]8080", "[]:80"])
    func notAListeningAddress(_ text: String) {
        #expect(ServeListener(address: text, defaultHost: "127.0.0.1") == nil)
    }

    @Test("port 80 may be left out of the Host")
    func defaultPort() {
        #expect(Self.problem("localhost", listener: ServeListener(host: "localhost", port: 80)) == nil)
    }

    @Test("an any-address listener takes address literals and localhost, not names")
    func wildcard() {
        let listener = ServeListener(host: "0.0.0.0", port: 8080)
        #expect(Self.problem("192.168.1.20:8080", listener: listener) == nil)
        #expect(Self.problem("[fe80::1]:8080", listener: listener) == nil)
        #expect(Self.problem("localhost:8080", listener: listener) == nil)
        #expect(Self.problem("rebound.evil.test:8080", listener: listener) == 421)
        #expect(Self.problem("1.2.3:8080", listener: listener) == 421)
    }

    @Test("serve.allowHosts adds names: for any port without one, for that port with one")
    func allowedNames() {
        let listener = ServeListener(host: "127.0.0.1", port: 8080)
        #expect(Self.problem("dev.app.test:8080", listener: listener, allow: ["dev.app.test"]) == nil)
        #expect(Self.problem("dev.app.test:9", listener: listener, allow: ["dev.app.test"]) == nil)
        #expect(Self.problem("dev.app.test:8080", listener: listener, allow: ["dev.app.test:8080"]) == nil)
        #expect(Self.problem("dev.app.test:9", listener: listener, allow: ["dev.app.test:8080"]) == 421)
        #expect(Self.problem("other.test:8080", listener: listener, allow: ["dev.app.test"]) == 421)
    }

    @Test("a request whose listener is not known (in process) is not checked")
    func unknownListener() {
        #expect(ServeRequest(method: "GET", path: "/x").hostProblem(allowHosts: []) == nil)
    }
}
