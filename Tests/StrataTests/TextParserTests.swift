import Strata
import Testing

@Suite struct TextParserTests {
    let text = TextFormat()

    @Test("text is one string node spanning the whole body, control characters kept")
    func textIsOneString() throws {
        let t = try text.parse("line one\nline\ttwo \u{1B}[1m\n")
        #expect(t.format == .text)
        #expect(t.count == 1)
        #expect(t.kind(Tree.root) == .string)
        #expect(t.string(Tree.root) == "line one\nline\ttwo \u{1B}[1m\n")
        #expect(t.span(Tree.root) == 0..<t.source.count)
        #expect(t.canonicalJSON() == #""line one\nline\ttwo \u001B[1m\n""#)
    }

    @Test("a UTF-8 byte order mark stays in the span but not in the value; empty text is an empty string")
    func bomAndEmpty() throws {
        let t = try text.parse([0xEF, 0xBB, 0xBF] + Array("hé".utf8))
        #expect(t.string(Tree.root) == "hé")
        #expect(t.span(Tree.root) == 0..<6)
        let empty = try text.parse("")
        #expect(empty.string(Tree.root) == "")
        #expect(empty.canonicalJSON() == #""""#)
    }

    @Test("binary bodies (NUL bytes or invalid UTF-8) become a hex view of 16-byte rows")
    func binaryBecomesHex() throws {
        var bytes = Array(#"{"a":1}"#.utf8) + [0x00, 0xFF, 0x0A]
        bytes += Array("0123456789".utf8)
        let t = try text.parse(bytes)
        #expect(t.format == .binary)
        #expect(
            TreePrinter().string(t) == """
                $ {} 3
                  format: "binary"
                  bytes: 20
                  rows [] 2
                    [0]: "00000000  7b 22 61 22 3a 31 7d 00  ff 0a 30 31 32 33 34 35  |{\\"a\\":1}...012345|"
                    [1]: "00000010  36 37 38 39                                       |6789|"

                """)
        #expect(t.raw(at: "$.rows[1]") == "6789")
        #expect(t.span(t.at("$.rows[0]")) == 0..<16)
        #expect(t.span(t.at("$.rows")) == 0..<20)
        #expect(try text.parse([0xC3, 0x28]).format == .binary)
        #expect(try text.parse(Array("ok\u{0}".utf8)).format == .binary)
    }

    @Test("the hex view shows at most maxBytes and says how much it left out")
    func hexTruncates() throws {
        let bytes = [UInt8](repeating: 0xAA, count: 100)
        let t = HexView.tree(bytes, maxBytes: 32)
        #expect(t.childCount(t.at("$.rows")) == 2)
        #expect(t.string(at: "$.truncated") == "showing the first 32 of 100 bytes")
        #expect(t.int(t.at("$.bytes")) == 100)
        let all = try HexFormat().parse(bytes)
        #expect(all.childCount(all.at("$.rows")) == 7)
        #expect(all.node(at: "$.truncated") == nil)
    }

    @Test("hex rows follow hexdump -C: offset, two groups of eight, printable ASCII between bars")
    func hexRows() {
        let bytes: [UInt8] = Array(0x1E...0x2F)
        #expect(
            HexView.row(bytes, at: 0)
                == "00000000  1e 1f 20 21 22 23 24 25  26 27 28 29 2a 2b 2c 2d  |.. !\"#$%&'()*+,-|")
        #expect(HexView.row(bytes, at: 16, count: 2) == "00000010  2e 2f" + String(repeating: " ", count: 45) + "|./|")
        #expect(HexView.row([UInt8](repeating: 0x7F, count: 1), at: 0, count: 1).hasSuffix("|.|"))
    }

    @Test("text accepts text and any text/* media type; hex accepts hex and binary")
    func types() {
        #expect(text.isDataTypeAcceptable("text"))
        #expect(text.isDataTypeAcceptable("text/plain"))
        #expect(text.isDataTypeAcceptable("text/csv"))
        #expect(!text.isDataTypeAcceptable("application/json"))
        #expect(HexFormat().isDataTypeAcceptable("binary"))
        #expect(HexFormat().isDataTypeAcceptable("hex"))
        #expect(!text.sniff(Array("anything".utf8)))
    }
}
