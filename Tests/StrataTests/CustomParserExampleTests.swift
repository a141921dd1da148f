import Strata
import Testing

// The example from docs/parsers.md, compiled and run here so the documentation cannot rot.

/// Reads comma-separated values with a header row into an array of objects, one per row.
///
/// `name,age\nAda,36` reads as `[{"name": "Ada", "age": "36"}]`. Fields may be quoted (`"a, b"`, with `""` for
/// a quote). Each row spans its line and each field its text, so the explorer can highlight them.
struct CSVParser: Parser {
    var name: String { "csv" }

    func isDataTypeAcceptable(_ type: String) -> Bool { type == "csv" || type == "text/csv" }

    func parse(_ bytes: [UInt8]) throws(ParseError) -> Tree {
        let rows = try fields(bytes)
        guard let header = rows.first else { throw ParseError("empty CSV: expected a header row", at: 0, in: bytes) }
        var builder = TreeBuilder(source: bytes, format: .custom("csv"))
        builder.beginContainer(.array, start: 0)
        for row in rows.dropFirst() {
            guard row.count == header.count else {
                throw ParseError(
                    "expected \(header.count) fields, found \(row.count)", at: row.first?.span.lowerBound ?? 0,
                    in: bytes)
            }
            builder.beginContainer(.object, start: row[0].span.lowerBound)
            for (title, field) in zip(header, row) {
                builder.scalar(
                    .string, key: title.text, value: field.text, start: field.span.lowerBound,
                    end: field.span.upperBound)
            }
            builder.endContainer(end: row[row.count - 1].span.upperBound)
        }
        builder.endContainer(end: bytes.count)
        return builder.build()
    }

    /// Splits `bytes` into rows of fields, each with its decoded text and its byte range.
    private func fields(_ bytes: [UInt8]) throws(ParseError) -> [[(text: String, span: Range<Int>)]] {
        var rows: [[(text: String, span: Range<Int>)]] = []
        var row: [(text: String, span: Range<Int>)] = []
        var i = 0
        while i < bytes.count {
            let start = i
            var value: [UInt8] = []
            if bytes[i] == UInt8(ascii: "\"") {
                i += 1
                while true {
                    guard i < bytes.count else { throw ParseError("unterminated quoted field", at: start, in: bytes) }
                    if bytes[i] == UInt8(ascii: "\"") {
                        if i + 1 < bytes.count, bytes[i + 1] == UInt8(ascii: "\"") {
                            value.append(bytes[i])
                            i += 2
                            continue
                        }
                        i += 1
                        break
                    }
                    value.append(bytes[i])
                    i += 1
                }
            } else {
                while i < bytes.count, bytes[i] != UInt8(ascii: ","), bytes[i] != 0x0A, bytes[i] != 0x0D {
                    value.append(bytes[i])
                    i += 1
                }
            }
            row.append((String(decoding: value, as: UTF8.self), start..<i))
            if i < bytes.count, bytes[i] == UInt8(ascii: ",") {
                i += 1
                continue
            }
            if i < bytes.count, bytes[i] == 0x0D { i += 1 }
            if i < bytes.count, bytes[i] == 0x0A { i += 1 }
            rows.append(row)
            row = []
        }
        return rows
    }
}

@Suite struct CustomParserExampleTests {
    let body = Array("name,motto\nAda,\"compute, then \"\"print\"\"\"\nGrace,ship it\n".utf8)

    @Test("a registered custom parser is chosen by its name and its media type")
    func registeredParserIsUsed() throws {
        var registry = ParserRegistry.standard
        registry.register(CSVParser())

        let outcome = registry.parse(body, contentType: "text/csv; charset=utf-8")
        #expect(outcome.parser == "csv")
        let tree = try #require(outcome.tree)
        #expect(
            tree.canonicalJSON()
                == #"[{"name":"Ada","motto":"compute, then \"print\""},{"name":"Grace","motto":"ship it"}]"#)
        #expect(tree.string(tree.node(at: "$[1].motto")!) == "ship it")
        #expect(registry.parse(body, type: "csv").tree?.format == .custom("csv"))
        #expect(registry.names.first == "csv")
        // Without the registration, text/csv is plain text.
        #expect(ParserRegistry.standard.parse(body, contentType: "text/csv").parser == "text")
    }

    @Test("the custom parser's spans and errors work like the built-in ones")
    func spansAndErrors() throws {
        let tree = try CSVParser().parse(body)
        let motto = try #require(tree.node(at: "$[0].motto"))
        #expect(String(decoding: tree.source[tree.span(motto)], as: UTF8.self) == "\"compute, then \"\"print\"\"\"")
        #expect(
            TreePrinter().string(tree, from: tree.node(at: "$[1]")!)
                == "[1] {} 2\n  name: \"Grace\"\n  motto: \"ship it\"\n")

        var registry = ParserRegistry.standard
        registry.register(CSVParser())
        let bad = registry.parse(Array("a,b\n1,2\n3\n".utf8), type: "csv")
        #expect(bad.error?.description == "3:1: expected 2 fields, found 1")
    }
}
