import Foundation
import Strata
import StrataTestSupport
import Testing

/// `strata run` prints a large body in pieces, never copied whole: the pieces read as the whole text did, each is
/// whole characters, and the scrubber still finds a secret that spans two of them.
@Suite struct ExchangeOutputTests {
    static let secret = "s3cret-key-value"

    /// An exchange of a live JSON response whose body is `body`, for a request that redacts `key`.
    static func exchange(_ body: [UInt8], contentType: String = "application/json", truncated: Bool = false) throws
        -> Exchange
    {
        let session = try Session.parse(
            Array(
                #"{ "baseURL": "https://api.test", "redact": ["key"], "routes": [ { "name": "r", "path": "/r", "params": { "key": "\#(secret)" } } ] }"#
                    .utf8), file: "session.json", directory: ".")
        let route = try #require(session.route(named: "r"))
        let request = try RequestBuilder(session: session, environment: [:]).build(route)
        let response = Response(
            status: 200, headers: ["Content-Type": contentType], body: body, duration: .milliseconds(3),
            origin: .live(url: request.url, redirects: []), truncated: truncated)
        let parsed = ResponsePipeline(session: session).parse(response, for: route)
        return Exchange(route: route, request: request, response: response, parsed: parsed, source: "live")
    }

    /// A JSON body over two pieces long: an "é" and the secret each straddle the first piece's end.
    static func largeBody() -> [UInt8] {
        var text = #"{"a": ""#
        text += String(repeating: "x", count: (1 << 20) - text.utf8.count - 1) + "é"
        text += #"", "b": "\#(secret)", "pad": ""# + String(repeating: "y", count: 1 << 20) + #""}"#
        var bytes = Array(text.utf8)
        // Move the secret onto the boundary of the second piece.
        let at = bytes.count - (1 << 20) - 40
        bytes.replaceSubrange(at..<(at + secret.utf8.count), with: Array(secret.utf8))
        return bytes
    }

    @Test("every view's pieces are whole characters and read as its text and a line break; secrets are scrubbed")
    func viewsInPieces() throws {
        let exchange = try Self.exchange(Self.largeBody())
        for view in Exchange.View.allCases {
            var pieces: [[UInt8]] = []
            exchange.write(view) { pieces.append($0) }
            #expect(pieces.allSatisfy { String(validating: $0, as: UTF8.self) != nil }, "\(view) split a character")
            let whole = pieces.flatMap { $0 }
            #expect(String(decoding: whole, as: UTF8.self) == exchange.text(view) + "\n", "\(view)")
            #expect(!String(decoding: whole, as: UTF8.self).contains(Self.secret), "\(view) shows the secret")
        }
        var raw: [[UInt8]] = []
        exchange.write(.raw) { raw.append($0) }
        #expect(raw.count > 1, "a 2 MiB body is written in pieces")
        #expect(raw.allSatisfy { $0.count <= 1 << 20 })
    }

    @Test("the JSON report in pieces is the report: the body string escaped as it is read, the tree's JSON as made")
    func jsonInPieces() throws {
        for body in [Self.largeBody(), Array(#"{"q": "a \"quoted\" \u0001 value"}"#.utf8), [0xFF, 0x00, 0x41]] {
            let exchange = try Self.exchange(body)
            var pieces: [[UInt8]] = []
            exchange.writeJSONReport { pieces.append($0) }
            let text = String(decoding: pieces.flatMap { $0 }, as: UTF8.self)
            #expect(text == exchange.jsonReport() + "\n")
            let object = try #require(
                try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any], "the report is JSON")
            let response = try #require(object["response"] as? [String: Any])
            if String(validating: body, as: UTF8.self) != nil {
                #expect(response["bodyEncoding"] as? String == "text")
                let shown = String(decoding: body, as: UTF8.self).replacingOccurrences(
                    of: Self.secret, with: "<redacted>")
                #expect(response["body"] as? String == shown)
                #expect(object["parsed"] is [String: Any], "the tree's JSON is in the report")
            } else {
                #expect(response["bodyEncoding"] as? String == "base64")
                #expect(response["body"] as? String == Data(body).base64EncodedString())
            }
        }
    }

    @Test("a JSON body cut at maxBodyBytes is not parsed, and says why; cut text still reads")
    func cutBodies() throws {
        let cut = try Self.exchange(Array(#"[{"id": 1}, {"id": 2}, {"i"#.utf8), truncated: true)
        #expect(cut.parsed.tree == nil)
        #expect(cut.parsed.parser == "json")
        #expect(
            cut.parsed.error?.description
                == "1:27: the body was cut at maxBodyBytes after 26 B, so it is not a whole json document; raise maxBodyBytes (--max-body) to parse it"
        )
        let text = try Self.exchange(Array("first line\nsecond li".utf8), contentType: "text/plain", truncated: true)
        #expect(text.parsed.parser == "text" && text.parsed.tree != nil, "text is read as far as it came")
        let whole = try Self.exchange(Array(#"[{"id": 1}]"#.utf8), truncated: false)
        #expect(whole.parsed.tree != nil)
    }
}
