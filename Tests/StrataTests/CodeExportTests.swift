import Strata
import Testing

/// The request as code beyond curl: what each language's snippet reads like, and that a secret is read from its
/// environment variable (or `<redacted>`), never written. CodeSnippetRunTests runs them.
@Suite struct CodeExportTests {
    static let session = #"""
        { "baseURL": "http://h/api", "headers": { "Accept": "application/json" },
          "auth": { "type": "bearer", "token": "${env:API_TOKEN}" },
          "routes": [ { "name": "order", "method": "POST", "path": "/orders", "body": "json",
                        "params": { "sku": "PEN-1", "note": "say \"hi\"\n" } } ] }
        """#

    static func request(_ json: String = session, environment: [String: String] = ["API_TOKEN": "s3cr3t-token"])
        throws -> BuiltRequest
    {
        let s = try Session.parse(Array(json.utf8), file: "session.json", directory: ".")
        return try RequestBuilder(session: s, environment: environment).build(s.routes[0])
    }

    @Test("HTTPie: options first, a header item per line, the body raw; the token as its variable")
    func httpie() throws {
        #expect(
            try Self.request().code(.httpie) == #"""
                http --ignore-stdin POST 'http://h/api/orders' \
                  'Accept:application/json' \
                  "Authorization:Bearer $API_TOKEN" \
                  'Content-Type:application/json' \
                  --raw '{"sku":"PEN-1","note":"say \"hi\"\n"}'
                """#)
    }

    @Test("Python: requests.request with the headers, the token from os.environ, the body as UTF-8 bytes")
    func python() throws {
        #expect(
            try Self.request().code(.python) == #"""
                import os

                import requests

                response = requests.request(
                    "POST",
                    "http://h/api/orders",
                    headers={
                        "Accept": "application/json",
                        "Authorization": "Bearer " + os.environ["API_TOKEN"],
                        "Content-Type": "application/json",
                    },
                    data=("{\"sku\":\"PEN-1\",\"note\":\"say \\\"hi\\\"\\n\"}").encode(),
                )
                print(response.status_code)
                print(response.text)
                """#)
    }

    @Test("JavaScript: fetch in an ES module, the token in a template literal from process.env")
    func javascript() throws {
        #expect(
            try Self.request().code(.javascript) == #"""
                // Node 18 or later, as an ES module: node request.mjs

                const response = await fetch("http://h/api/orders", {
                  method: "POST",
                  headers: {
                    "Accept": "application/json",
                    "Authorization": `Bearer ${process.env.API_TOKEN}`,
                    "Content-Type": "application/json",
                  },
                  body: "{\"sku\":\"PEN-1\",\"note\":\"say \\\"hi\\\"\\n\"}",
                });
                console.log(response.status);
                console.log(await response.text());
                """#)
    }

    @Test("Swift: URLRequest, the token interpolated from the environment, FoundationNetworking where it is needed")
    func swift() throws {
        #expect(
            try Self.request().code(.swift) == #"""
                import Foundation
                #if canImport(FoundationNetworking)
                    import FoundationNetworking
                #endif

                let env = ProcessInfo.processInfo.environment
                var request = URLRequest(url: URL(string: "http://h/api/orders")!)
                request.httpMethod = "POST"
                request.addValue("application/json", forHTTPHeaderField: "Accept")
                request.addValue("Bearer \(env["API_TOKEN"] ?? "")", forHTTPHeaderField: "Authorization")
                request.addValue("application/json", forHTTPHeaderField: "Content-Type")
                request.httpBody = Data("{\"sku\":\"PEN-1\",\"note\":\"say \\\"hi\\\"\\n\"}".utf8)
                let (data, response) = try await URLSession.shared.data(for: request)
                print((response as! HTTPURLResponse).statusCode)
                print(String(decoding: data, as: UTF8.self))
                """#)
    }

    @Test("no language writes a secret: typed or written-in-the-file secrets are <redacted>, env ones their variable")
    func secretsStayOut() throws {
        let json = #"""
            { "baseURL": "http://h", "redact": ["X-Key", "key"],
              "headers": { "X-Key": "plain-secret-1" }, "params": { "key": "${env:KEY}" },
              "auth": { "type": "basic", "user": "me", "password": "${env:PW}" },
              "routes": [ { "name": "r", "path": "/r" } ] }
            """#
        let r = try Self.request(json, environment: ["KEY": "k-3y-value", "PW": "pw-value-9"])
        for language in CodeLanguage.allCases {
            let code = r.code(language)
            for secret in ["plain-secret-1", "k-3y-value", "pw-value-9"] {
                #expect(!code.contains(secret), "\(language): \(secret)")
            }
            #expect(code.contains("<redacted>"), "\(language)")
        }
        #expect(r.code(.python).contains(#""http://h/r?key=" + os.environ["KEY"]"#))
        #expect(r.code(.python).contains(#"auth=(("me").encode(), (os.environ["PW"]).encode()),"#))
        #expect(r.code(.javascript).contains("`http://h/r?key=${process.env.KEY}`"))
        #expect(r.code(.javascript).contains(#"Buffer.from(`me:${process.env.PW}`).toString("base64")"#))
        #expect(r.code(.swift).contains(#"URL(string: "http://h/r?key=\(env["KEY"] ?? "")")!"#))
        #expect(r.code(.httpie).contains(#"-a "me:$PW""#))
        #expect(r.code(.httpie).contains(#""http://h/r?key=$KEY""#))
        // With redacting off, the real values (for a user who asks for them).
        #expect(r.code(.python, redacting: false).contains("k-3y-value"))
    }

    @Test("text that would end a literal or start an interpolation is escaped in each language")
    func escaping() throws {
        let json = #"""
            { "baseURL": "http://h", "redact": ["X-T"], "headers": { "X-T": "`a` \\(b) $1 ${env:T}" },
              "routes": [ { "name": "r", "method": "POST", "path": "/r", "body": { "raw": "a`b \\(d) \"e\" \u0001", "contentType": "text/plain" } } ] }
            """#
        let r = try Self.request(json, environment: ["T": "tt-value"])
        #expect(r.code(.swift).contains(#"Data("a`b \\(d) \"e\" \u{1}".utf8)"#))
        #expect(
            r.code(.swift).contains(#"request.addValue("`a` \\(b) $1 \(env["T"] ?? "")", forHTTPHeaderField: "X-T")"#))
        #expect(r.code(.python).contains(#"data=("a`b \\(d) \"e\" \x01").encode(),"#))
        #expect(r.code(.python).contains(#""X-T": "`a` \\(b) $1 " + os.environ["T"],"#))
        #expect(r.code(.javascript).contains(#"body: "a`b \\(d) \"e\" \u0001","#))
        #expect(r.code(.javascript).contains(#""X-T": `\`a\` \\(b) $1 ${process.env.T}`,"#))
        #expect(r.code(.curl).contains(#"-H "X-T: \`a\` \\(b) \$1 $T""#))
    }

    @Test("a command-line name picks the language: its own name, or http, py, js, node")
    func names() {
        #expect(CodeLanguage(name: "Python") == .python)
        #expect(CodeLanguage(name: "js") == .javascript)
        #expect(CodeLanguage(name: "node") == .javascript)
        #expect(CodeLanguage(name: "http") == .httpie)
        #expect(CodeLanguage(name: "ruby") == nil)
    }
}
