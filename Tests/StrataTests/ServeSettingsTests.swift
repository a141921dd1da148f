import Foundation
import Strata
import StrataTestSupport
import Testing

@Suite struct ServeSettingsTests {
    @Test("serve.cors is read from session.json")
    func reads() throws {
        let session = try Session.parse(
            Array(
                #"{ "routes": [], "serve": { "cors": { "allowOrigins": ["http://localhost:3000"], "maxAge": 5 } } }"#
                    .utf8), file: "session.json", directory: ".")
        #expect(session.serve.cors?.allowOrigins == ["http://localhost:3000"])
        #expect(session.serve.cors?.maxAge == 5)
        let none = try Session.parse(Array(#"{ "routes": [] }"#.utf8), file: "session.json", directory: ".")
        #expect(none.serve.cors == nil)
    }

    @Test("check reports an unknown serve key, a bad origin and a bad maxAge with their positions")
    func problems() throws {
        let dir = try ScratchDirectory([
            "session.json": """
            { "routes": [],
              "serve": { "cors": { "allowOrigin": "*", "allowOrigins": ["localhost:3000/app"], "maxAge": -1 } } }
            """
        ])
        defer { dir.remove() }
        let shown = SessionCheck.run(path: dir.path).diagnostics.map {
            $0.description.replacingOccurrences(of: dir.path + "/", with: "")
        }
        #expect(shown.contains { $0.hasPrefix("session.json:2:24: unknown key 'allowOrigin' in 'serve.cors'") })
        #expect(
            shown.contains(
                "session.json:2:61: origin 'localhost:3000/app' must be scheme://host[:port] with no path (like http://localhost:3000) or \"*\""
            ))
        #expect(shown.contains("session.json:2:94: 'serve.cors.maxAge' must be 0–86400 seconds, found -1"))
    }

    @Test("check refuses allowCredentials with every origin, and an allowHosts entry that is no host[:port]")
    func credentialsWithEveryOrigin() throws {
        let dir = try ScratchDirectory([
            "session.json": """
            { "routes": [],
              "serve": { "cors": { "allowCredentials": true }, "allowHosts": ["dev.app.test", "http://x/"] } }
            """
        ])
        defer { dir.remove() }
        let shown = SessionCheck.run(path: dir.path).diagnostics.map {
            $0.description.replacingOccurrences(of: dir.path + "/", with: "")
        }
        #expect(
            shown.contains {
                $0.hasPrefix("session.json:2:44: 'serve.cors.allowCredentials' cannot be true while 'allowOrigins' is")
            }, "\(shown)")
        #expect(
            shown.contains { $0.hasPrefix("session.json:2:83: 'http://x/' is not a host or host:port") }, "\(shown)")
        let named = try Session.parse(
            Array(#"{ "routes": [], "serve": { "allowHosts": ["dev.app.test:8080"] } }"#.utf8), file: "session.json",
            directory: ".")
        #expect(named.serve.allowHosts == ["dev.app.test:8080"])
    }
}
