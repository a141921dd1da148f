import Strata
import Testing

/// Scrubbing a body in pieces gives the bytes scrubbing it whole gives, wherever the pieces are cut.
@Suite struct SecretScrubberStreamTests {
    static let scrubber = SecretScrubber(values: ["s3cret", "12345"])

    static func pieces(_ body: [UInt8], cutAt cut: Int, json: Bool) -> [UInt8] {
        var stream = SecretScrubber.Stream(scrubber, json: json)
        var out = stream.feed(Array(body[..<cut]))
        out += stream.feed(Array(body[cut...]))
        return out + stream.finish()
    }

    @Test("every cut of a body, as bytes and as JSON, scrubs like the whole", arguments: [false, true])
    func everyCut(json: Bool) {
        let body = Array(#"{"a": "s3cret", "n": 12345, "e": "x\"s3cret\\", "b": "s3cre"}s3cret"#.utf8)
        let whole = Self.scrubber.scrub(body, json: json)
        #expect(String(decoding: whole, as: UTF8.self).contains("<redacted>"))
        for cut in 0...body.count {
            #expect(Self.pieces(body, cutAt: cut, json: json) == whole, "cut at \(cut)")
        }
    }

    @Test("a stream with no secrets passes pieces through unchanged")
    func noSecrets() {
        var stream = SecretScrubber.Stream(SecretScrubber(values: []), json: false)
        #expect(stream.feed(Array("abc".utf8)) == Array("abc".utf8))
        #expect(stream.finish().isEmpty)
    }
}
