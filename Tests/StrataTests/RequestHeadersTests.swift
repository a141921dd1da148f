import Strata
import Testing

@Suite struct RequestHeadersTests {
    @Test("lookup ignores case and returns the first value")
    func lookup() {
        let h: HTTPHeaders = ["Content-Type": "text/plain", "X-A": "1"]
        #expect(h["content-type"] == "text/plain")
        #expect(h["CONTENT-TYPE"] == "text/plain")
        #expect(h["missing"] == nil)
    }

    @Test("setting replaces every field of that name in place of the first; nil removes them")
    func setting() {
        var h = HTTPHeaders([("A", "1"), ("B", "2"), ("a", "3")])
        h["a"] = "x"
        #expect(h.fields.map { "\($0.name)=\($0.value)" } == ["a=x", "B=2"])
        h["C"] = "new"
        #expect(h.fields.map(\.name) == ["a", "B", "C"])
        h["b"] = nil
        #expect(h.fields.map(\.name) == ["a", "C"])
    }

    @Test("repeated fields keep their order")
    func repeated() {
        var h = HTTPHeaders()
        h.append(name: "Set-Cookie", value: "a=1")
        h.append(name: "set-cookie", value: "b=2")
        #expect(h.values("SET-COOKIE") == ["a=1", "b=2"])
    }

    @Test("header names must be tokens")
    func names() {
        #expect(HTTPHeaders.isValidName("X-Trace_1"))
        #expect(!HTTPHeaders.isValidName("X Trace"))
        #expect(!HTTPHeaders.isValidName(""))
        #expect(!HTTPHeaders.isValidName("Ä"))
    }
}
