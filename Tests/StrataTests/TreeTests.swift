import Foundation
import Strata
import Testing

@Suite struct TreeTests {
    static let document = #"""
        {"bookstore": {"name": "HappyBook", "catalogue": [{"title": "Swift", "tags": ["a", "b"]}, {"title": "Rust"}],
         "odd key": 1, "a.b": 2, "@id": "s1", "": 0, "dup": 1, "dup": 2, "ünï": true, "1st": null}}
        """#

    func tree() throws -> Tree { try JSONParser().parse(Array(Self.document.utf8)) }

    @Test("node kinds cover object, array, string, number, bool and null")
    func kinds() throws {
        let t = try tree()
        #expect(t.kind(t.at("$.bookstore")) == .object)
        #expect(t.kind(t.at("$.bookstore.catalogue")) == .array)
        #expect(t.kind(t.at("$.bookstore.name")) == .string)
        #expect(t.kind(t.at(#"$.bookstore["odd key"]"#)) == .number)
        #expect(t.kind(t.at("$.bookstore.ünï")) == .bool)
        #expect(t.kind(t.at(#"$.bookstore["1st"]"#)) == .null)
        #expect(NodeKind.allCases.map(\.description) == ["object", "array", "string", "number", "bool", "null"])
        #expect(NodeKind.allCases.filter(\.isContainer) == [.object, .array])
    }

    @Test(
        "paths are written with dots for plain keys, brackets for others, and #n for repeats",
        arguments: [
            ("$.bookstore.name", "HappyBook"), ("$.bookstore.catalogue[1].title", "Rust"),
            ("$.bookstore.catalogue[0].tags[1]", "b"), (#"$.bookstore["odd key"]"#, "1"), (#"$.bookstore["a.b"]"#, "2"),
            (#"$.bookstore["@id"]"#, "s1"), (#"$.bookstore[""]"#, "0"), ("$.bookstore.dup", "1"),
            ("$.bookstore.dup#1", "2"), ("$.bookstore.ünï", "true"), (#"$.bookstore["1st"]"#, "null"),
        ])
    func pathsName(path: String, value: String) throws {
        let t = try tree()
        let i = try #require(t.node(at: path), "\(path)")
        #expect(t.scalarText(i).trimmingCharacters(in: CharacterSet(charactersIn: "\"")) == value)
        #expect(t.path(i).description == path)
    }

    @Test("every node's path leads back to it, through text and back")
    func everyPathRoundTrips() throws {
        let t = try tree()
        for i in t.indices {
            let p = t.path(i)
            let reparsed = try #require(TreePath(parsing: p.description), "\(p)")
            #expect(reparsed == p)
            #expect(t.node(at: reparsed) == i)
        }
        #expect(t.path(Tree.root).description == "$")
        #expect(t.path(Tree.root).components.isEmpty)
    }

    @Test("path text parses into components; keys with quotes and escapes too")
    func pathParsing() {
        #expect(
            TreePath(parsing: #"$.a.b[2]["c d"]#1"#)?.components == [
                .key("a"), .key("b"), .index(2), .key("c d", occurrence: 1),
            ])
        #expect(TreePath(parsing: #"$["q\"k"]"#)?.components == [.key("q\"k")])
        #expect(TreePath(parsing: #"$["\u00e9"]"#)?.components == [.key("é")])
        #expect(TreePath(parsing: ".a[0]")?.components == [.key("a"), .index(0)])
        #expect(TreePath(parsing: "$")?.components == [])
        #expect(TreePath(parsing: "")?.components == [])
        #expect(
            TreePath([.key("q\"k"), .key("tab\t"), .key("a-b_c"), .key("x", occurrence: 2)]).description
                == #"$["q\"k"]["tab\t"].a-b_c.x#2"#)
    }

    @Test(
        "malformed path text is nil",
        arguments: ["$.", "$[", "$[x]", "$[-1]", #"$["open"#, "$.a[1", "$$", "$a", #"$["k"x"#])
    func malformedPaths(text: String) {
        #expect(TreePath(parsing: text) == nil)
    }

    @Test(
        "lookups that lead nowhere are nil",
        arguments: [
            "$.missing", "$.bookstore.catalogue[9]", "$.bookstore[0]", "$.bookstore.catalogue.title",
            "$.bookstore.dup#2", "$.bookstore.name.x", "$[0]", "not a path",
        ])
    func missingLookups(path: String) throws {
        #expect(try tree().node(at: path) == nil)
    }

    @Test("lookups can start below the root")
    func relativeLookup() throws {
        let t = try tree()
        let catalogue = t.at("$.bookstore.catalogue")
        #expect(
            t.node(at: TreePath([.index(1), .key("title")]), from: catalogue) == t.at("$.bookstore.catalogue[1].title"))
        #expect(t.node(at: TreePath()) == Tree.root)
    }

    @Test("navigation: parents, children, siblings, depth and containment")
    func navigation() throws {
        let t = try JSONParser().parse(Array(#"{"a":[1,[2,3],4],"b":{}}"#.utf8))
        let a = t.at("$.a")
        let inner = t.at("$.a[1]")
        #expect(t.parent(Tree.root) == nil)
        #expect(t.parent(inner) == a)
        #expect(t.children(a).map { t.scalarText($0) } == ["1", "[]", "4"])
        #expect(t.childCount(a) == 3)
        #expect(t.childCount(t.at("$.b")) == 0)
        #expect(t.firstChild(t.at("$.b")) == nil)
        #expect(t.firstChild(a) == t.at("$.a[0]"))
        #expect(t.lastChild(a) == t.at("$.a[2]"))
        #expect(t.nextSibling(inner) == t.at("$.a[2]"))
        #expect(t.nextSibling(t.at("$.a[2]")) == nil)
        #expect(t.previousSibling(inner) == t.at("$.a[0]"))
        #expect(t.previousSibling(t.at("$.a[0]")) == nil)
        #expect(t.siblingIndex(t.at("$.a[2]")) == 2)
        #expect(t.child(a, at: 1) == inner)
        #expect(t.child(a, at: 3) == nil)
        #expect(t.child(a, at: -1) == nil)
        #expect(t.depth(t.at("$.a[1][0]")) == 3)
        #expect(t.subtreeEnd(inner) == t.at("$.a[2]"))
        #expect(t.contains(a, t.at("$.a[1][1]")))
        #expect(!t.contains(inner, t.at("$.a[2]")))
        #expect(t.isContainer(a) && !t.isContainer(t.at("$.a[0]")))
    }

    @Test("the deepest node containing a byte offset is found, keys included")
    func nodeContainingByte() throws {
        let text = #"{"a": [10, 20], "b": "x"}"#
        let t = try JSONParser().parse(Array(text.utf8))
        func offset(_ s: String) -> Int {
            text.utf8.count - text.components(separatedBy: s).last!.utf8.count - s.utf8.count
        }
        #expect(t.node(atByte: offset("20")) == t.at("$.a[1]"))
        #expect(t.node(atByte: offset(#""b""#)) == t.at("$.b"))
        #expect(t.node(atByte: offset(", 20")) == t.at("$.a"))
        #expect(t.node(atByte: 0) == Tree.root)
        // Past the document: the root, as a click after the last line selects it.
        #expect(t.node(atByte: text.utf8.count) == Tree.root)
    }

    @Test("JSON containers span to their own closing bracket, whatever their last descendant is")
    func jsonContainerSpans() throws {
        let text = #"{"a":[1,2],"b":{"c":"x]}"},"d":[[true]],"e":[{}],"f":[ ] ,"g":{"h":[null, "]"]}}"#
        let t = try JSONParser().parse(Array(text.utf8))
        #expect(t.raw(at: "$.a") == "[1,2]")
        #expect(t.raw(at: "$.b") == #"{"c":"x]}"}"#)
        #expect(t.raw(at: "$.d") == "[[true]]")
        #expect(t.raw(at: "$.d[0]") == "[true]")
        #expect(t.raw(at: "$.e") == "[{}]")
        #expect(t.raw(at: "$.f") == "[ ]")
        #expect(t.raw(at: "$.g") == #"{"h":[null, "]"]}"#)
        #expect(t.raw(at: "$") == text)
    }

    @Test("10 000-deep JSON spans, prints, paths and writes on a task's small stack")
    func deepJSONOffTheMainThread() async throws {
        let text = String(repeating: "[", count: 10_000) + "1" + String(repeating: "]", count: 10_000)
        let t = try JSONParser().parse(Array(text.utf8))
        let results = await Task.detached {
            (t.span(Tree.root), t.canonicalJSON(), TreePrinter().string(t).count, t.path(t.count - 1).components.count)
        }.value
        #expect(results.0 == 0..<20_001)
        #expect(results.1 == text)
        #expect(results.2 > 20_000)
        #expect(results.3 == 10_000)
        #expect(t.span(t.at("$[0]")) == 1..<20_000)
    }

    @Test("TreeBuilder makes trees with explicit spans, keys and values, flagging duplicate keys when asked")
    func builder() {
        let source = Array("k=v;k=w;n=3".utf8)
        var b = TreeBuilder(source: source, format: .custom("custom"))
        b.beginContainer(.object, start: 0)
        b.scalar(.string, key: "k", value: "v", start: 0, end: 3)
        b.scalar(.string, key: "k", value: "w", start: 4, end: 7)
        b.scalar(.number, key: "n", value: "3", start: 8, end: 11)
        b.beginContainer(.array, key: "open", start: 11)
        b.scalar(.bool, bool: true, start: 11, end: 11)
        let t = b.build()
        #expect(t.format == .custom("custom"))
        #expect(t.canonicalJSON() == #"{"k":"v","k":"w","n":3,"open":[true]}"#)
        #expect(t.isDuplicateKey(t.at("$.k")) && t.isDuplicateKey(t.at("$.k#1")))
        #expect(!t.isDuplicateKey(t.at("$.n")))
        #expect(t.raw(at: "$.k#1") == "k=w")
        #expect(t.span(t.at("$.open")) == 11..<11)
        #expect(t.keySpan(t.at("$.n")) == nil)

        var quiet = TreeBuilder(source: source, format: .custom("custom"), flagDuplicates: false)
        quiet.beginContainer(.object, start: 0)
        quiet.scalar(.string, key: "k", start: 0, end: 3)
        quiet.scalar(.string, key: "k", start: 4, end: 7)
        quiet.setValue("changed", of: 2)
        quiet.endContainer(end: 11)
        let q = quiet.build()
        #expect(!q.isDuplicateKey(q.at("$.k#1")))
        #expect(q.string(at: "$.k#1") == "changed")
        #expect(q.string(at: "$.k") == "")
    }

    @Test("pretty canonical JSON indents by two spaces")
    func prettyJSON() throws {
        let t = try JSONParser().parse(Array(#"{"a":[1,{"b":null}],"c":{},"d":[]}"#.utf8))
        #expect(
            t.canonicalJSON(pretty: true) == """
                {
                  "a": [
                    1,
                    {
                      "b": null
                    }
                  ],
                  "c": {},
                  "d": []
                }
                """)
        #expect(t.canonicalJSON(t.at("$.a[1]")) == #"{"b":null}"#)
    }

    @Test(
        "canonical JSON of every format is valid JSON that Foundation reads the same way",
        arguments: [
            ("json", #"{"a":[1,2.50,"x\u0001"],"b":{"c":null}}"#),
            ("xml", "<r a=\"1\"><x>t\u{1}ab\ttab</x><x/><y>\"q\" &lt;</y></r>"),
            (
                "plist",
                "<plist><dict><key>k\"</key><real>nan</real><key>n</key><real>+1.5</real><key>d</key><date>2024-01-01T00:00:00Z</date></dict></plist>"
            ),
            ("form", "a=1&a=%22two%22&c=%0A"),
            ("text", "multi\nline \"text\"\u{7F}"),
            ("hex", "\u{0}\u{1}binary"),
        ])
    func canonicalJSONEveryFormat(type: String, body: String) throws {
        let o = ParserRegistry.standard.parse(Array(body.utf8), type: type)
        let t = try #require(o.tree, "\(o.error?.description ?? "")")
        let text = t.canonicalJSON()
        let reparsed = try JSONParser().parse(Array(text.utf8))
        #expect(reparsed.canonicalJSON() == text)
        #expect(reparsed.count == t.count)
        _ = try JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed])
        for i in t.indices where t.kind(i) == .string {
            #expect(reparsed.string(i) == t.string(i))
        }
    }

    @Test("number text that is not JSON (from other formats) is written as a string")
    func nonJSONNumbers() throws {
        let t = try PropertyListFormat().parse(
            Array("<array><real>nan</real><real>+1.5</real><real>.5</real><real>2.0</real></array>".utf8))
        #expect(t.canonicalJSON() == #"["nan","+1.5",".5",2.0]"#)
    }

    @Test("a key's span stops at its unescaped opening quote, past escaped quotes and backslashes")
    func keySpansWithEscapes() throws {
        let t = try JSONParser().parse(Array(#"{"a\"b" : 1, "c\\": 2, "\\\"" :3}"#.utf8))
        let members = Array(t.children(Tree.root))
        let raw = members.map { m in t.keySpan(m).map { String(decoding: t.source[$0], as: UTF8.self) } }
        #expect(raw == [#""a\"b""#, #""c\\""#, #""\\\"""#])
        #expect(members.map { t.key($0) } == [#"a"b"#, #"c\"#, #"\""#])
    }

    @Test("formats are an enum: built-in names read back as their cases, any other name is custom")
    func formats() {
        for format in [Tree.Format.json, .xml, .plist, .yaml, .form, .text, .binary] {
            #expect(Tree.Format(name: format.name) == format)
        }
        #expect(Tree.Format(name: "csv") == .custom("csv"))
        #expect(Tree.Format.custom("csv").name == "csv")
        #expect(
            Tree.Format.json.hasTypedScalars && Tree.Format.plist.hasTypedScalars && Tree.Format.yaml.hasTypedScalars)
        #expect(!Tree.Format.xml.hasTypedScalars && !Tree.Format.form.hasTypedScalars)
    }
}
