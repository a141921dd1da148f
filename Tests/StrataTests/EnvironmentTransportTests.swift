import Testing

@testable import Strata
@testable import StrataDocuments
@testable import StrataMapping

/// Environments override the transport keys (`tls`, `proxy`, `connectTimeout`, `maxBodyBytes`) as they override
/// the base URL: the keys an environment leaves out keep the session's values, and `--max-body` beats both.
@Suite struct EnvironmentTransportTests {
    static let text = """
        { "baseURL": "https://api.example.com", "maxBodyBytes": 1000, "proxy": "http://127.0.0.1:8888",
          "environments": {
            "staging": { "baseURL": "https://staging.example.com", "tls": { "insecure": true }, "maxBodyBytes": 50 },
            "prod": { "baseURL": "https://prod.example.com" } },
          "routes": [ { "name": "a", "path": "/a" } ] }
        """

    static func session() throws -> Session {
        try Session.parse(Array(text.utf8), file: "/nonexistent/session.json", directory: "/nonexistent")
    }

    @Test("an environment's tls and maxBodyBytes replace the session's; what it leaves out stays")
    func overrides() throws {
        let staging = try Self.session().applying(environment: "staging")
        #expect(staging.transport.insecure)
        #expect(staging.transport.maxBodyBytes == 50)
        #expect(staging.transport.proxy == "http://127.0.0.1:8888")
        let prod = try staging.applying(environment: "prod")
        #expect(!prod.transport.insecure)
        #expect(prod.transport.maxBodyBytes == 1000)
        let none = try staging.applying(environment: nil)
        #expect(none.transport == (try Self.session()).transport)
    }

    @Test("--max-body beats the session's and every environment's limit, across switches")
    func commandLineLimitWins() throws {
        var session = try Self.session()
        session.maxBodyOverride = 7
        #expect(session.transport.maxBodyBytes == 7)
        #expect(try session.applying(environment: "staging").transport.maxBodyBytes == 7)
        #expect(try session.applying(environment: "staging").applying(environment: nil).transport.maxBodyBytes == 7)
    }

    @Test("a mistake in an environment's transport keys is located in the file")
    func located() throws {
        let (_, problems) = Session.parseReportingProblems(
            Array(#"{ "environments": { "x": { "connectTimeout": -1 } }, "routes": [] }"#.utf8),
            file: "session.json", directory: "/nonexistent")
        #expect(
            problems.map(\.description).contains { $0.hasPrefix("session.json:1:") && $0.contains("connectTimeout") })
    }
}
