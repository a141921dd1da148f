import Strata
import Testing

@Suite struct JSONLinesParserTests {
    let ndjson = JSONLinesFormat()

    @Test("each line is one element of an array, typed, pointing at its own bytes")
    func lines() throws {
        let t = try ndjson.parse("{\"id\":1,\"ok\":true}\r\n\n[1,\"two\"]\n42\n")
        #expect(t.format.name == "ndjson")
        #expect(t.canonicalJSON() == #"[{"id":1,"ok":true},[1,"two"],42]"#)
        #expect(t.raw(at: "$[0]") == "{\"id\":1,\"ok\":true}")
        #expect(t.raw(at: "$[1][1]") == "\"two\"")
        #expect(t.kind(t.at("$[2]")) == .number)
    }

    @Test("a line that is not JSON is an error at its own line and column")
    func badLine() throws {
        let error = try #require(ndjson.error("{\"a\":1}\n{\"b\":2}\n{\"c\" 3}\n"))
        #expect(error.line == 3)
        #expect(error.column == 6)
        #expect(error.description.hasPrefix("3:6: "))
    }

    @Test(
        "the media types of NDJSON and JSON Lines pick it; a body mislabelled JSON is read as lines, pretty JSON never")
    func registry() {
        for type in ["application/x-ndjson", "application/jsonl", "application/json-lines"] {
            #expect(ParserRegistry.standard.parse(Array("{}\n{}\n".utf8), contentType: type).parser == "ndjson")
        }
        // Declared as JSON but made of lines: the JSON error gives way to the lines, with a note saying so.
        let mislabelled = ParserRegistry.standard.parse(
            Array("{\"a\":1}\n{\"a\":2}\n".utf8), contentType: "application/json")
        #expect(mislabelled.parser == "ndjson")
        #expect(mislabelled.note?.contains("parses as ndjson") == true)
        #expect(ParserRegistry.standard.parse(Array("{\n  \"a\": 1\n}\n".utf8)).parser == "json")
        #expect(ParserRegistry.standard.parse(Array("[1,\n2]\n".utf8)).parser == "json")
        #expect(ParserRegistry.type(forPath: "events.jsonl") == "ndjson")
    }

    @Test("while lines arrive, the complete ones parse on their own")
    func partial() throws {
        let prefix = StreamingBody.completePrefix(Array("{\"n\":1}\n{\"n\":2}\n{\"n\":".utf8))
        #expect(try ndjson.parse(prefix).canonicalJSON() == #"[{"n":1},{"n":2}]"#)
        #expect(StreamingBody.records(Array("{\"n\":1}\n\n{\"n\"".utf8), format: "ndjson").records == ["{\"n\":1}"])
    }
}
