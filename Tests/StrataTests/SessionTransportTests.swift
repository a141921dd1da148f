import Foundation
import Strata
import StrataTestSupport
import Testing

/// The transport keys of session.json: read into the request, and checked with file:line:col.
@Suite struct SessionTransportTests {
    static func problems(_ files: [String: String]) throws -> [String] {
        let dir = try ScratchDirectory(files)
        defer { dir.remove() }
        return SessionCheck.run(path: dir.path).diagnostics.map {
            $0.description.replacingOccurrences(of: dir.path + "/", with: "")
        }
    }

    @Test("tls, proxy, connectTimeout and maxBodyBytes reach the built request; caFile resolves inside the session")
    func readIntoRequest() throws {
        let dir = try ScratchDirectory([
            "certs/ca.pem": "-----BEGIN CERTIFICATE-----\n",
            "session.json": """
            { "baseURL": "https://staging.test", "connectTimeout": 2.5, "maxBodyBytes": 4096,
              "proxy": "http://127.0.0.1:8888", "tls": { "caFile": "certs/ca.pem", "insecure": false },
              "routes": [ { "name": "r", "path": "/r" } ] }
            """,
        ])
        defer { dir.remove() }
        let s = try Session.load(from: dir.path)
        let transport = try RequestBuilder(session: s).build(s.route(named: "r")!).transport
        #expect(transport.connectTimeout == 2.5)
        #expect(transport.maxBodyBytes == 4096)
        #expect(transport.proxy == "http://127.0.0.1:8888")
        #expect(transport.insecure == false)
        #expect(transport.caFile?.hasSuffix("/certs/ca.pem") == true)
        let plain = try Session.parse(Array(#"{ "routes": [] }"#.utf8), file: "session.json", directory: ".")
        #expect(plain.transport == TransportSettings())
        #expect(plain.transport.maxBodyBytes == 1 << 30 && plain.transport.connectTimeout == 10)
    }

    @Test("bad transport values are check errors with file:line:col, unknown tls keys with a suggestion")
    func checked() throws {
        let found = try Self.problems([
            "session.json": """
            { "connectTimeout": 0, "maxBodyBytes": 1e20, "proxy": "not a url",
              "tls": { "insecur": true, "caFile": "../outside.pem" }, "routes": [] }
            """
        ])
        #expect(
            Array(found.prefix(4)) == [
                "session.json:1:21: 'connectTimeout' must be more than 0 seconds",
                "session.json:1:40: 'maxBodyBytes' must be a whole number, found 1e20",
                #"session.json:1:55: 'proxy' must be a URL like "http://127.0.0.1:8888" (http, https, socks4, socks5 or socks5h), found "not a url""#,
                "session.json:2:12: unknown key 'insecur' in 'tls'; did you mean 'insecure'? (known keys: insecure, caFile)",
            ])
        // A path led out of the session by `..` is said to be outside, whether or not a file is there.
        #expect(found.count == 5)
        #expect(found.last?.hasPrefix(#"session.json:2:39: 'tls.caFile' "../outside.pem" resolves to /"#) == true)
        #expect(
            found.last?.hasSuffix(
                "/outside.pem, outside the session folder; it must be a PEM file inside the session folder") == true)
        let tooLarge = try Self.problems(["session.json": #"{ "maxBodyBytes": 68719476737, "routes": [] }"#])
        #expect(
            tooLarge == ["session.json:1:19: 'maxBodyBytes' must be at most 68719476736 (64 GiB), found 68719476737"])
    }
}
