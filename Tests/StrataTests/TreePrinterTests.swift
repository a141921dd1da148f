import Strata
import Testing

@Suite struct TreePrinterTests {
    let printer = TreePrinter()

    @Test("a JSON document prints one indented line per node: containers with counts, scalars with values")
    func printsJSON() throws {
        let t = try JSONParser().parse(
            Array(
                #"{"name":"HappyBook","open":true,"rating":null,"catalogue":[{"title":"Swift","price":12.50},{}],"tags":[]}"#
                    .utf8))
        #expect(
            printer.string(t) == """
                $ {} 5
                  name: "HappyBook"
                  open: true
                  rating: null
                  catalogue [] 2
                    [0] {} 2
                      title: "Swift"
                      price: 12.50
                    [1] {} 0
                  tags [] 0

                """)
    }

    @Test("an XML document prints attributes, text members and repeated elements as their paths name them")
    func printsXML() throws {
        let t = try XMLFormat().parse(
            Array(
                #"<bookstore id="s1"><book lang="en"><title>Swift</title></book><book/><p>a<b>c</b>d</p></bookstore>"#
                    .utf8))
        #expect(
            printer.string(t) == """
                $ {} 1
                  bookstore {} 4
                    @id: "s1"
                    book {} 2
                      @lang: "en"
                      title: "Swift"
                    book#1: null
                    p {} 3
                      #text: "a"
                      b: "c"
                      #text#1: "d"

                """)
    }

    @Test("duplicate JSON keys print with the occurrence their path uses")
    func duplicateKeys() throws {
        let t = try JSONParser().parse(Array(#"{"a":1,"b":2,"a":3,"a":4}"#.utf8))
        #expect(printer.string(t) == "$ {} 4\n  a: 1\n  b: 2\n  a#1: 3\n  a#2: 4\n")
        #expect(t.path(t.at("$.a#2")).description == "$.a#2")
    }

    @Test("keys that would be misread are quoted; strings are escaped as in JSON")
    func quoting() throws {
        let t = try JSONParser().parse(
            Array(
                #"{"odd key":1,"":2,"[0]":3,"$x":4,"q\"k":5,"tab\tk":6,"ok-key_1":"line\nnext \"q\" \u0001","@a:b":7}"#
                    .utf8))
        #expect(
            printer.string(t) == #"""
                $ {} 8
                  "odd key": 1
                  "": 2
                  "[0]": 3
                  "$x": 4
                  "q\"k": 5
                  "tab\tk": 6
                  ok-key_1: "line\nnext \"q\" \u0001"
                  @a:b: 7

                """#)
    }

    @Test("scalar roots print as $ with their value")
    func scalarRoots() throws {
        #expect(printer.string(try TextFormat().parse(Array("hi\n".utf8))) == "$: \"hi\\n\"\n")
        #expect(printer.string(try JSONParser().parse(Array(" -1.50e3 ".utf8))) == "$: -1.50e3\n")
        #expect(printer.string(try JSONParser().parse(Array("[]".utf8))) == "$ [] 0\n")
    }

    @Test("printing a subtree labels its top node as its parent names it")
    func subtree() throws {
        let t = try JSONParser().parse(Array(#"{"a":{"b":[10,{"c":true}]},"a":0}"#.utf8))
        #expect(printer.string(t, from: t.at("$.a.b")) == "b [] 2\n  [0]: 10\n  [1] {} 1\n    c: true\n")
        #expect(printer.string(t, from: t.at("$.a.b[1]")) == "[1] {} 1\n  c: true\n")
        #expect(printer.line(t, t.at("$.a#1")) == "a#1: 0")
        #expect(printer.line(t, t.at("$.a.b[1].c")) == "c: true")
        #expect(printer.line(t, Tree.root) == "$ {} 2")
    }

    @Test("long strings can be cut for narrow views")
    func truncation() throws {
        let t = try JSONParser().parse(Array(#"["abcdefghij","abc"]"#.utf8))
        #expect(TreePrinter(maxStringLength: 5).string(t) == "$ [] 2\n  [0]: \"abcd…\"\n  [1]: \"abc\"\n")
        #expect(TreePrinter(indent: 4).string(t) == "$ [] 2\n    [0]: \"abcdefghij\"\n    [1]: \"abc\"\n")
    }

    @Test("lines deeper than maxIndentDepth stop indenting and show their depth")
    func indentLimit() throws {
        let t = try JSONParser().parse(Array("[[[[1]]]]".utf8))
        #expect(
            TreePrinter(maxIndentDepth: 2).string(t) == """
                $ [] 1
                  [0] [] 1
                    [0] [] 1
                    (depth 3) [0] [] 1
                    (depth 4) [0]: 1

                """)
    }

    @Test("a 100 000-deep tree prints without recursion")
    func deepTree() {
        let depth = 100_000
        var b = TreeBuilder(source: [], format: .custom("test"))
        for _ in 0..<depth { b.beginContainer(.array, start: 0) }
        b.scalar(.bool, bool: true, start: 0, end: 0)
        let t = b.build()
        var lines = 0
        var last: [UInt8] = []
        printer.write(t) { chunk in
            lines += chunk.count { $0 == 0x0A }
            last = chunk
        }
        #expect(lines == depth + 1)
        let tail = String(decoding: last.suffix(40), as: UTF8.self)
        #expect(tail.hasSuffix("(depth 100000) [0]: true\n"), "\(tail)")
    }

    @Test("large trees stream in chunks of about chunkSize bytes")
    func largeTreeStreams() throws {
        let count = 200_000
        let text = "[" + (0..<count).map(String.init).joined(separator: ",") + "]"
        let t = try JSONParser().parse(Array(text.utf8))
        var chunks: [Int] = []
        var total: [UInt8] = []
        printer.write(t, chunkSize: 4096) { chunk in
            chunks.append(chunk.count)
            total += chunk
        }
        #expect(chunks.count > 100)
        #expect(chunks.dropLast().allSatisfy { $0 >= 4096 && $0 < 4096 + 64 })
        let all = String(decoding: total, as: UTF8.self)
        #expect(all.hasPrefix("$ [] 200000\n  [0]: 0\n  [1]: 1\n"))
        #expect(all.hasSuffix("  [199999]: 199999\n"))
        #expect(all == printer.string(t))
    }
}
