import Foundation
import Strata
import Testing

@Suite struct PropertyListParserTests {
    let plist = PropertyListFormat()

    static let xmlPlist = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        <dict>
        \t<key>zeta</key>
        \t<string>last letter &amp; first key</string>
        \t<key>count</key>
        \t<integer>42</integer>
        \t<key>ratio</key>
        \t<real>0.25</real>
        \t<key>enabled</key>
        \t<true/>
        \t<key>hidden</key>
        \t<false/>
        \t<key>created</key>
        \t<date>2024-05-01T12:00:00Z</date>
        \t<key>blob</key>
        \t<data>
        \taGVs
        \tbG8=
        \t</data>
        \t<key>list</key>
        \t<array>
        \t\t<integer>-7</integer>
        \t\t<string></string>
        \t\t<array/>
        \t\t<dict>
        \t\t</dict>
        \t</array>
        </dict>
        </plist>

        """

    @Test("an XML plist becomes objects, arrays, numbers, bools and readable strings, keys in document order")
    func xmlPlistValues() throws {
        let t = try plist.parse(Self.xmlPlist)
        #expect(t.format == .plist)
        #expect(
            t.canonicalJSON()
                == #"{"zeta":"last letter & first key","count":42,"ratio":0.25,"enabled":true,"hidden":false,"created":"2024-05-01T12:00:00Z","blob":"5 bytes, base64: aGVsbG8=","list":[-7,"",[],{}]}"#
        )
        #expect(t.int(t.at("$.count")) == 42)
        #expect(t.double(t.at("$.ratio")) == 0.25)
        #expect(t.kind(t.at("$.enabled")) == .bool)
        #expect(t.int(t.at("$.list[0]")) == -7)
    }

    @Test("XML plist values span their elements")
    func xmlPlistSpans() throws {
        let t = try plist.parse(Self.xmlPlist)
        #expect(t.raw(at: "$.count") == "<integer>42</integer>")
        #expect(t.raw(at: "$.enabled") == "<true/>")
        #expect(t.raw(at: "$.list[1]") == "<string></string>")
        #expect(t.raw(at: "$.list[2]") == "<array/>")
        let list = try #require(t.raw(at: "$.list"))
        #expect(list.hasPrefix("<array>") && list.hasSuffix("</array>"))
        let root = try #require(t.raw(at: "$"))
        #expect(root.hasPrefix("<dict>") && root.hasSuffix("</dict>"))
    }

    @Test("integers are normalized to JSON numbers; reals keep their text")
    func numbers() throws {
        let t = try plist.parse(
            "<plist><array><integer> +007 </integer><integer>0x1F</integer><integer>-0</integer><real>1e3</real><real>-2.50</real></array></plist>"
        )
        #expect(t.canonicalJSON() == "[7,31,0,1e3,-2.50]")
    }

    @Test("a bare value without <plist> is read too")
    func bareValue() throws {
        #expect(try plist.parse("<array><string>a</string></array>").canonicalJSON() == #"["a"]"#)
    }

    @Test(
        "a malformed XML plist is an error at the offending element",
        arguments: [
            ("<plist><dict><string>x</string></dict></plist>", "expected <key> in <dict>, found <string>", 1, 14),
            ("<plist><dict><key>a</key></dict></plist>", "<key>a</key> has no value in <dict>", 1, 14),
            ("<plist><dict><key>a</key><key>b</key></dict></plist>", "expected a value after <key>a</key>", 1, 26),
            ("<plist><integer>4x</integer></plist>", "invalid <integer> '4x': expected a whole number", 1, 8),
            ("<plist><real>fast</real></plist>", "invalid <real> 'fast': expected a number", 1, 8),
            ("<plist><date>May 1st</date></plist>", "invalid <date> 'May 1st'", 1, 8),
            ("<plist><data>!!!</data></plist>", "invalid <data>: expected base64", 1, 8),
            ("<plist><color>red</color></plist>", "unknown property list element <color>", 1, 8),
            (
                "<plist><string>a</string><string>b</string></plist>", "<plist> must hold exactly one value, found 2",
                1, 26
            ),
            ("<plist></plist>", "<plist> must hold exactly one value, found 0", 1, 1),
            ("<plist><array>text<string/></array></plist>", "unexpected text 'text' in <array>", 1, 15),
            ("<plist><string>a<b/></string></plist>", "<string> cannot contain the element <b>", 1, 17),
            ("<plist><key>a</key></plist>", "<key> outside a <dict>", 1, 8),
            ("<plist><dict>\n<key>a</key>\n<string>x</dict></plist>", "expected </string> to close <string>", 3, 10),
        ])
    func malformedXML(input: String, message: String, line: Int, column: Int) {
        let error = plist.error(input)
        #expect(error?.message.contains(message) == true, "\(error?.message ?? "parsed")")
        #expect(error?.line == line)
        #expect(error?.column == column)
    }

    @Test("a binary plist written by Foundation reads back with every value")
    func binaryFromFoundation() throws {
        let value: [String: Any] = [
            "name": "Strata ✓", "count": 42, "negative": -5, "big": UInt64.max, "ratio": 1.5, "yes": true,
            "no": false, "epoch": Date(timeIntervalSince1970: 0), "bytes": Data([1, 2, 3]),
            "nested": [1, "two", ["k": "v"]] as [Any], "empty": [String: Any](),
        ]
        let data = try PropertyListSerialization.data(fromPropertyList: value, format: .binary, options: 0)
        let t = try plist.parse([UInt8](data))
        #expect(t.format == .plist)
        #expect(t.childCount(Tree.root) == value.count)
        #expect(t.string(at: "$.name") == "Strata ✓")
        #expect(t.numberText(t.at("$.count")) == "42")
        #expect(t.numberText(t.at("$.negative")) == "-5")
        #expect(t.numberText(t.at("$.big")) == "18446744073709551615")
        #expect(t.numberText(t.at("$.ratio")) == "1.5")
        #expect(t.bool(t.at("$.yes")) == true)
        #expect(t.bool(t.at("$.no")) == false)
        #expect(t.string(at: "$.epoch") == "1970-01-01T00:00:00Z")
        #expect(t.string(at: "$.bytes") == "3 bytes, base64: AQID")
        #expect(t.canonicalJSON(t.at("$.nested")) == #"[1,"two",{"k":"v"}]"#)
        #expect(t.canonicalJSON(t.at("$.empty")) == "{}")
        #expect(t.indices.allSatisfy { t.span($0) == 0..<data.count })
    }

    /// A hand-assembled `bplist00`: objects in order, 2-byte offsets, 1-byte references.
    static func bplist(_ objects: [[UInt8]], top: Int = 0) -> [UInt8] {
        func be64(_ v: Int) -> [UInt8] { (0..<8).reversed().map { UInt8((v >> ($0 * 8)) & 0xFF) } }
        var out = Array("bplist00".utf8)
        var offsets: [Int] = []
        for o in objects {
            offsets.append(out.count)
            out += o
        }
        let table = out.count
        for o in offsets { out += [UInt8(o >> 8), UInt8(o & 0xFF)] }
        out += [0, 0, 0, 0, 0, 0, 2, 1] + be64(objects.count) + be64(top) + be64(table)
        return out
    }

    static func double(_ v: Double) -> [UInt8] { (0..<8).reversed().map { UInt8((v.bitPattern >> ($0 * 8)) & 0xFF) } }

    @Test("a binary dictionary keeps its stored key order; UTF-16 strings, UIDs, dates and floats read")
    func binaryByHand() throws {
        let alpha = Array("ålpha".utf16).flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
        let bytes = Self.bplist([
            [0xD3, 1, 2, 7, 3, 4, 8],
            [0x54] + Array("zeta".utf8),
            [0x65] + alpha,
            [0x80, 0x07],
            [0xA3, 5, 6, 9],
            [0x33] + Self.double(0.5),
            [0x22, 0x3F, 0xA0, 0x00, 0x00],
            [0x51, UInt8(ascii: "m")],
            [0x4F, 0x10, 0x11] + Array(repeating: 0xAB, count: 17),
            [0x13, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFE],
        ])
        let t = try plist.parse(bytes)
        #expect(t.children(Tree.root).map { t.key($0) } == ["zeta", "ålpha", "m"])
        #expect(
            t.canonicalJSON()
                == #"{"zeta":{"CF$UID":7},"ålpha":["2001-01-01T00:00:00.500Z",1.25,-2],"m":"17 bytes, base64: q6urq6urq6urq6urq6urq6s="}"#
        )
    }

    @Test("binary dates read as ISO 8601 in UTC, before 1970, past 9999 and before year 1 included")
    func binaryDates() throws {
        let seconds: [Double] = [-978_307_200.25, 252_423_993_599, 252_423_993_600, -63_145_612_800, .infinity]
        let bytes = Self.bplist([[0xA5, 1, 2, 3, 4, 5]] + seconds.map { [0x33] + Self.double($0) })
        let t = try plist.parse(bytes)
        #expect(
            t.children(Tree.root).map { t.string($0) } == [
                "1969-12-31T23:59:59.750Z", "9999-12-31T23:59:59Z", "10000-01-01T00:00:00Z", "-0001-12-31T00:00:00Z",
                "inf",
            ])
    }

    @Test(
        "a damaged binary plist is an error, never a crash",
        arguments: [
            ([UInt8](Array("bplist00".utf8) + [0x08]), "binary property list is too short"),
            (PropertyListParserTests.bplist([[0xA1, 0]]), "object 0 contains itself (a reference cycle)"),
            (PropertyListParserTests.bplist([[0xA1, 5]]), "object reference 5 is out of range (1 objects)"),
            (PropertyListParserTests.bplist([[0xD1, 1, 1], [0x10, 1]]), "dictionary key at byte 11 is not a string"),
            (
                PropertyListParserTests.bplist([[0x5F, 0x10, 0x20, 0x41]]),
                "string at byte 8 runs past the end of the object area"
            ),
            (PropertyListParserTests.bplist([[0x70]]), "unknown object marker 0x70 at byte 8"),
            (PropertyListParserTests.bplist([[0x08]], top: 3), "binary property list trailer is damaged"),
            (
                [UInt8](Array("bplist15".utf8) + Array(repeating: 0, count: 40)),
                "unsupported binary property list version '15'"
            ),
        ])
    func damagedBinary(bytes: [UInt8], message: String) {
        do {
            let t = try plist.parse(bytes)
            Issue.record("parsed as \(t.canonicalJSON())")
        } catch {
            #expect(error.message.contains(message), "\(error.message)")
        }
    }

    /// A chain of `levels` arrays, each holding the next one twice, ending in `true`: 2^(levels+1)-1 nodes.
    static func chain(_ levels: Int) -> [UInt8] {
        var objects: [[UInt8]] = (0..<levels).map { [0xA2, UInt8($0 + 1), UInt8($0 + 1)] }
        objects.append([0x09])
        return bplist(objects)
    }

    @Test("shared references expand at every use, within a node budget")
    func sharedReferences() throws {
        let small = try plist.parse(Self.chain(5))
        #expect(small.count == 63)
        #expect(small.canonicalJSON(small.at("$[1][0][1][0][1]")) == "true")
        do {
            _ = try plist.parse(Self.chain(40))
            Issue.record("2^41 nodes expanded")
        } catch {
            #expect(error.message.contains("expands to more than 1000000 values"), "\(error.message)")
        }
    }

    @Test("plists are sniffed by bplist magic or a <plist> root, and accepted by their media types")
    func sniffAndTypes() throws {
        #expect(plist.sniff(Array("bplist00".utf8) + [0, 1]))
        #expect(plist.sniff(Array(Self.xmlPlist.utf8)))
        #expect(plist.sniff(Array("<plist version=\"1.0\"><true/></plist>".utf8)))
        #expect(!plist.sniff(Array("<rss/>".utf8)))
        #expect(!plist.sniff(Array("{}".utf8)))
        for t in ["plist", "application/x-plist", "application/plist", "application/x-apple-plist"] {
            #expect(plist.isDataTypeAcceptable(t), "\(t)")
        }
        #expect(!plist.isDataTypeAcceptable("application/xml"))
    }
}
