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

    @Test("names differing only in the case of letters are one name; other bytes are compared exactly")
    func caseFolding() {
        var h = HTTPHeaders()
        h.append(name: "X-Long-Header-Name-Over-Eight-Bytes", value: "1")
        h.append(name: "x-long-header-name-over-eight-BYTES", value: "2")
        h.append(name: "X-[", value: "bracket")
        h.append(name: "X-{", value: "brace")
        h.append(name: "Ümlaut", value: "u")
        #expect(h.values("X-LONG-HEADER-NAME-OVER-EIGHT-BYTES") == ["1", "2"])
        #expect(h["x-["] == "bracket")
        #expect(h["x-{"] == "brace")
        #expect(h["Ümlaut"] == "u")
        #expect(h["ümlaut"] == nil)
        #expect(h["X-Long-Header-Name-Over-Eight-Byte"] == nil)
    }

    @Test("thousands of names and repeats stay findable as the index grows, and replacing keeps the new spelling")
    func growth() {
        var h = HTTPHeaders()
        for k in 0..<5_000 { h["Name-\(k)"] = "v\(k)" }
        for k in 0..<5_000 where k % 7 == 0 { h.append(name: "name-\(k)", value: "again") }
        #expect(h.count == 5_000 + 715)
        #expect((0..<5_000).allSatisfy { h["NAME-\($0)"] == "v\($0)" })
        #expect(h.values("name-14") == ["v14", "again"])
        h["NAME-3"] = "three"
        #expect(h.fields[3] == HTTPHeaders.Field(name: "NAME-3", value: "three"))
        h["name-14"] = "one"
        #expect(h.values("Name-14") == ["one"])
        #expect(h["name-4999"] == "v4999")
        #expect(HTTPHeaders(h.fields.map { ($0.name, $0.value) }).values("NAME-0") == ["v0", "again"])
    }

    @Test("header names must be tokens")
    func names() {
        #expect(HTTPHeaders.isValidName("X-Trace_1"))
        #expect(!HTTPHeaders.isValidName("X Trace"))
        #expect(!HTTPHeaders.isValidName(""))
        #expect(!HTTPHeaders.isValidName("Ä"))
    }
}
