import Strata
import Testing

@Suite struct EventStreamParserTests {
    let sse = EventStreamFormat()

    @Test("each event is an object of its fields; data that is JSON is parsed, other data stays text")
    func events() throws {
        let t = try sse.parse("event: price\nid: 7\ndata: {\"sku\":\"A1\",\"price\":9.5}\n\ndata: hello\n\n")
        #expect(t.format.name == "sse")
        #expect(t.canonicalJSON() == #"[{"event":"price","id":"7","data":{"sku":"A1","price":9.5}},{"data":"hello"}]"#)
        #expect(t.raw(at: "$[0].data.price") == "9.5")
        #expect(t.raw(at: "$[0].id") == "7")
        #expect(t.raw(at: "$[1]") == "data: hello")
    }

    @Test("data lines are joined with line breaks; multi-line JSON is still JSON")
    func multiLineData() throws {
        let t = try sse.parse("data: first\ndata: second\n\ndata: {\"a\":\ndata:  [1, 2]}\n\n")
        #expect(t.string(at: "$[0].data") == "first\nsecond")
        #expect(t.canonicalJSON() == #"[{"data":"first\nsecond"},{"data":{"a":[1,2]}}]"#)
        #expect(t.raw(at: "$[1].data") == "{\"a\":\ndata:  [1, 2]}")
    }

    @Test("comments, unknown fields and comment-only blocks are skipped; one space after the colon is dropped")
    func comments() throws {
        let t = try sse.parse(": keep-alive\n\n:another\nfoo: bar\ndata:no space\ndata:  two spaces\n\n")
        #expect(t.canonicalJSON() == #"[{"data":"no space\n two spaces"}]"#)
    }

    @Test("retry is a number when it is digits; the last event and id of a block win")
    func retryAndId() throws {
        let t = try sse.parse("retry: 3000\nid: 1\nid: 2\nevent: a\nevent: b\ndata: x\n\nretry: soon\n\n")
        #expect(t.canonicalJSON() == #"[{"retry":3000,"id":"2","event":"b","data":"x"},{"retry":"soon"}]"#)
    }

    @Test("CRLF, lone CR and a byte order mark are read like LF")
    func lineEndings() throws {
        let crlf = try sse.parse("\u{FEFF}event: a\r\ndata: 1\r\n\r\ndata: 2\r\rdata: 3\r\n\r\n")
        #expect(crlf.canonicalJSON() == #"[{"event":"a","data":1},{"data":2},{"data":3}]"#)
        #expect(crlf.raw(at: "$[0].data") == "1")
    }

    @Test("the last event is kept without its blank line; an empty stream is an empty list")
    func unterminated() throws {
        #expect(
            try sse.parse("data: {\"n\":1}\n\ndata: {\"n\":2}").canonicalJSON()
                == #"[{"data":{"n":1}},{"data":{"n":2}}]"#)
        #expect(try sse.parse("").canonicalJSON() == "[]")
    }

    @Test("text/event-stream picks the sse parser; events are addressed by index")
    func registry() throws {
        let outcome = ParserRegistry.standard.parse(
            Array("data: {\"ok\":true}\n\n".utf8), contentType: "text/event-stream; charset=utf-8")
        #expect(outcome.parser == "sse")
        let tree = try #require(outcome.tree)
        #expect(tree.path(tree.at("$[0].data.ok")).description == "$[0].data.ok")
        #expect(StreamingBody.format(of: "text/event-stream") == "sse")
        #expect(StreamingBody.format(of: "application/json") == nil)
    }

    @Test("complete events are split off for printing as they arrive; the unfinished rest waits")
    func records() {
        let bytes = Array(": ping\n\nevent: a\ndata: 1\n\ndata: 2\n".utf8)
        let (records, consumed) = StreamingBody.records(bytes, format: "sse")
        #expect(records == ["event: a\ndata: 1"])
        #expect(String(decoding: bytes[consumed...], as: UTF8.self) == "data: 2\n")
    }
}
