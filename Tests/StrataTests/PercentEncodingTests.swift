import Testing

@testable import Strata
@testable import StrataDocuments
@testable import StrataMapping

/// Percent-encoding for paths, queries and form bodies, and the scrubber that finds secrets written each way.
@Suite struct PercentEncodingTests {
    @Test("a query value keeps letters, digits and -._~ and writes every other byte as %XX, UTF-8 by byte")
    func unreserved() {
        #expect(PercentEncoding.encode("aZ09-._~", allowing: PercentEncoding.unreserved) == "aZ09-._~")
        #expect(PercentEncoding.encode("a b+c/é", allowing: PercentEncoding.unreserved) == "a%20b%2Bc%2F%C3%A9")
    }

    @Test("a path segment keeps sub-delimiters, : and @, and encodes / so a value stays one segment")
    func pathSegment() {
        #expect(PercentEncoding.encode("a:b@c;d=e/f g", allowing: PercentEncoding.pathSegment) == "a:b@c;d=e%2Ff%20g")
    }

    @Test("a form value writes a space as + and a + as %2B, and decodes back")
    func form() {
        let encoded = PercentEncoding.formEncode("a b+c&d=é*")
        #expect(encoded == "a+b%2Bc%26d%3D%C3%A9%2A")
        #expect(PercentEncoding.decode(encoded, plusAsSpace: true) == "a b+c&d=é*")
    }

    @Test("a secret is found as written, percent-encoded, form-encoded and JSON-escaped; a plain token as written")
    func scrubberVariants() {
        let scrubber = SecretScrubber(values: ["pa ss\"wörd", "plainToken-1.2_3~"])
        for text in [
            "pa ss\"wörd", "pa%20ss%22w%C3%B6rd", "pa+ss%22w%C3%B6rd", #"pa ss\"wörd"#, "plainToken-1.2_3~",
        ] {
            #expect(scrubber.scrub("<\(text)>") == "<<redacted>>", "\(text)")
        }
    }
}
