import Strata
import Testing

@Suite struct YAMLParserTests {
    let yaml = YAMLFormat()

    @Test("plain scalars are typed by the YAML 1.2 core schema; quoted ones stay strings")
    func coreSchemaTyping() throws {
        let t = try yaml.parse(
            """
            yes: yes
            no: off
            tilde: ~
            null-word: Null
            empty:
            t: True
            f: FALSE
            int: -012
            octal: 0o17
            hex: 0x1F
            float: 1.5
            half: .5
            exp: 1e3
            inf: -.inf
            nan: .NaN
            date: 2024-05-01
            quoted: "12"
            single: 'true'
            block: |
              text

            """)
        #expect(t.format == .yaml)
        #expect(
            t.canonicalJSON()
                == #"{"yes":"yes","no":"off","tilde":null,"null-word":null,"empty":null,"t":true,"f":false,"int":-12,"#
                + #""octal":15,"hex":31,"float":1.5,"half":0.5,"exp":1e3,"inf":"-inf","nan":"nan","#
                + #""date":"2024-05-01","quoted":"12","single":"true","block":"text\n"}"#)
        #expect(t.kind(t.at("$.exp")) == .number)
        #expect(t.double(t.at("$.exp")) == 1000)
        #expect(t.double(t.at("$.inf")) == -.infinity)
        #expect(t.double(t.at("$.nan"))?.isNaN == true)
        #expect(t.int(t.at("$.hex")) == 31)
    }

    @Test("tags are respected: !!str makes a string, ! a string, !!int must fit, unknown tags keep the value")
    func tags() throws {
        let t = try yaml.parse("a: !!str 12\nb: ! 12\nc: !!int 7\nd: !!float 1\ne: !local 5\nf: !!null ''\n")
        #expect(t.canonicalJSON() == #"{"a":"12","b":"12","c":7,"d":1,"e":5,"f":null}"#)
        let e = try #require(yaml.error("a: !!int twelve\n"))
        #expect(e.description == "1:10: 'twelve' is not a valid !!int")
    }

    @Test("mappings keep their order; anchors and aliases are resolved into copies")
    func anchorsAndAliases() throws {
        let t = try yaml.parse(
            """
            z: &base { host: example.org, port: 443 }
            a: *base
            list: [&one 1, *one]

            """)
        #expect(
            t.canonicalJSON()
                == #"{"z":{"host":"example.org","port":443},"a":{"host":"example.org","port":443},"list":[1,1]}"#)
        // The copies span the alias in the source, so node starts keep document order.
        #expect(t.raw(at: "$.a.host") == "*base")
        #expect(t.raw(at: "$.list[1]") == "*one")
    }

    @Test("an alias of an unknown anchor is an error at the alias")
    func unknownAlias() {
        #expect(yaml.error("a: 1\nb: *nope\n")?.description.hasPrefix("2:4: ") == true)
    }

    @Test("an anchor belongs to its document: a later document cannot name it")
    func anchorsPerDocument() {
        #expect(yaml.error("--- &a [x]\n--- *a\n")?.message == "alias *a names no anchor")
    }

    @Test("a billion-laughs stream is refused with an error, not expanded")
    func billionLaughs() throws {
        var text = "a: &a [x, x, x, x, x, x, x, x, x, x]\n"
        var previous = "a"
        for name in ["b", "c", "d", "e", "f", "g", "h", "i"] {
            text += "\(name): &\(name) [" + Array(repeating: "*\(previous)", count: 10).joined(separator: ", ") + "]\n"
            previous = name
        }
        let e = try #require(yaml.error(text))
        #expect(e.message.contains("aliases expand to more than 10000 nodes"))
        #expect(e.line == 4)  // d: ten copies of c, itself 1 + 10 × (1 + 10 × 11) nodes
        // A modest use of aliases is fine.
        #expect(yaml.error("a: &a [1, 2]\nb: [*a, *a, *a]\n") == nil)
    }

    @Test("several documents become an array of documents; one document is the root; none is null")
    func documents() throws {
        let many = try yaml.stream(Array("--- 1\n--- {a: b}\n---\n- x\n".utf8))
        #expect(many.tree.canonicalJSON() == #"[1,{"a":"b"},["x"]]"#)
        #expect(many.documents == Array(many.tree.children(Tree.root)))
        let one = try yaml.stream(Array("a: 1\n".utf8))
        #expect(one.documents == [Tree.root])
        #expect(one.tree.canonicalJSON() == #"{"a":1}"#)
        let none = try yaml.stream(Array("# only a comment\n".utf8))
        #expect(none.documents.isEmpty)
        #expect(none.tree.kind(Tree.root) == .null)
    }

    @Test("every node has a byte span: scalars their text (quotes too), members from key to value, flow brackets")
    func spans() throws {
        let t = try yaml.parse("name: \"Ada\"\ntags: [a, b]\nnested:\n  deep: 1\n")
        #expect(t.raw(at: "$.name") == "name: \"Ada\"")
        #expect(t.raw(at: "$.tags") == "tags: [a, b]")
        #expect(t.raw(at: "$.tags[1]") == "b")
        #expect(t.raw(at: "$.nested") == "nested:\n  deep: 1")
        #expect(t.raw(at: "$.nested.deep") == "deep: 1")
        // Raw → parsed: a byte finds the deepest node covering it, keys included.
        let unicode = try yaml.parse("é: \"héllo\"\nb: [ü, 1]\n")
        #expect(unicode.raw(at: "$.b") == "b: [ü, 1]")
        #expect(unicode.raw(at: "$.b[0]") == "ü")
        let offset = 35
        #expect(String(decoding: t.source[offset..<(offset + 4)], as: UTF8.self) == "deep")
        #expect(t.node(atByte: offset) == t.at("$.nested.deep"))
    }

    @Test("errors carry the library's message at line and column")
    func errors() throws {
        let e = try #require(yaml.error("a: 1\nb: [1, 2\n"))
        #expect(e.line == 3 && e.column == 1)
        #expect(e.message == "did not find expected ',' or ']' (while parsing a flow sequence)")
        let tab = try #require(yaml.error("a:\n\tb: 1\n"))
        #expect(tab.line == 2)
        // Duplicate keys are kept, in order, and flagged as in JSON.
        let dup = try yaml.parse("a: 1\na: 2\n")
        #expect(dup.isDuplicateKey(1) && dup.isDuplicateKey(2))
    }

    @Test("a key that is a collection becomes its compact JSON text")
    func complexKeys() throws {
        let t = try yaml.parse("? [a, b]\n: pair\n? {k: 1}\n: map\n")
        #expect(t.canonicalJSON() == #"{"[\"a\",\"b\"]":"pair","{\"k\":1}":"map"}"#)
    }

    @Test("the registry picks YAML by media type, suffix, name and file extension; sniffs only --- and %YAML")
    func registry() throws {
        let r = ParserRegistry.standard
        for type in ["application/yaml", "application/x-yaml", "text/yaml", "application/openapi+yaml", "yaml", "yml"] {
            #expect(r.parser(forType: type)?.name == "yaml", "\(type)")
        }
        #expect(ParserRegistry.type(forPath: "openapi.yaml") == "yaml")
        #expect(ParserRegistry.type(forPath: "ci.YML") == "yaml")
        #expect(r.parse(Array("a: 1\n".utf8), contentType: "application/yaml").tree?.canonicalJSON() == #"{"a":1}"#)
        #expect(r.parse(Array("--- a: 1\n".utf8)).parser == "yaml")
        #expect(r.parse(Array("a: 1\n".utf8)).parser == "text")
        #expect(r.parse(Array("{\"a\": 1}".utf8)).parser == "json")
    }

    @Test("nesting to the depth limit parses with no deeper call stack; a collection key has a bound of its own")
    func deepNesting() throws {
        // A debug build (`swift run strata`) overflowed its stack writing 3 000 nested sequences, one call per level.
        let depth = 10_000
        let flow = try YAMLFormat().parse(
            Array((String(repeating: "[", count: depth) + String(repeating: "]", count: depth)).utf8))
        #expect(flow.count == depth)
        // Block style indents each level one more space: 3 000 levels are 4.5 MB.
        let levels = 3_000
        let block =
            (0..<levels).map { String(repeating: " ", count: $0) + "k:\n" }.joined()
            + String(repeating: " ", count: levels) + "v\n"
        #expect(try YAMLFormat().parse(Array(block.utf8)).count == levels + 1)
        let tooDeep = String(repeating: "[", count: depth + 2) + String(repeating: "]", count: depth + 2)
        #expect(throws: ParseError.self) { try YAMLFormat().parse(Array(tooDeep.utf8)) }
        let key = "? " + String(repeating: "[", count: 150) + String(repeating: "]", count: 150) + "\n: v\n"
        do {
            _ = try YAMLFormat().parse(Array(key.utf8))
            Issue.record("a key nested 150 levels was accepted")
        } catch {
            #expect(error.message == "a key nested deeper than 100 levels")
            #expect(error.line == 1 && error.column == 103)
        }
        let shallowKey = "? " + String(repeating: "[", count: 50) + String(repeating: "]", count: 50) + "\n: v\n"
        #expect(try YAMLFormat().parse(Array(shallowKey.utf8)).count == 2)
    }

    @Test("flow collections nested far past the limit are refused where the limit is crossed, without reading on")
    func nestingPastTheLimitStopsEarly() {
        let depth = 40_000
        let text = "---\n" + String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        do {
            _ = try YAMLFormat().parse(Array(text.utf8))
            Issue.record("accepted \(depth) levels")
        } catch {
            #expect(error.message == "nesting deeper than 10000 levels")
            #expect(error.offset <= 4 + 10_002)
        }
    }
}
