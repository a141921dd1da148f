import Foundation
import Strata
import Testing

/// Reading `mappings` and `map` from session.json: what is accepted, and every mistake reported at file:line:col.
@Suite struct MappingConfigurationTests {
    /// Loads the `mappings` of `json` and returns the set and its diagnostics as `file:line:col: message` lines.
    static func load(_ json: String) -> (MappingSet, [String]) {
        let tree = MappingFixture.tree(json)
        let (set, diagnostics) = MappingSet.load(from: tree, at: tree.node(at: "$.mappings"), file: "session.json")
        return (set, diagnostics.map(\.description))
    }

    @Test("the issue's BookStore configuration loads into classes, properties and types")
    func loadsTheIssueConfiguration() throws {
        let (set, diagnostics) = Self.load(SeedDXDALTests.config)
        #expect(diagnostics.isEmpty)
        #expect(set.names == ["BookStore", "Article"])
        let store = try #require(set["BookStore"])
        #expect(store.dateFormat == .pattern("yyyyMMdd"))
        #expect(
            store.properties.map(\.name) == ["name", "territory", "catalogue", "foundationDate", "numberOfArticles"])
        #expect(store.property(named: "catalogue")?.type == .array(.object("Article")))
        #expect(
            store.property(named: "numberOfArticles")
                == PropertyMapping(
                    "numberOfArticles", .dictionary(values: .string, keys: ["thirdKey": .object("Article")]),
                    field: "numberOf"))
        let article = try #require(set["Article"])
        #expect(article.property(named: "publicationDate")?.format == .pattern("M/d/yyyy"))
        #expect(article.property(named: "isbn")?.optional == true)
    }

    @Test("a configuration loaded from JSON equals the same one built in Swift")
    func jsonEqualsSwift() {
        let (set, _) = Self.load(
            """
            {"mappings": {"Feed": {"jsonapi": "feeds", "timeZone": "Europe/Berlin", "dateStyle": "medium",
              "properties": {"id": "int", "tags": {"of": "string"}, "kind": {"type": "string", "default": "rss"},
                             "items": {"of": {"by": "kind", "map": {"a": "Feed"}}}, "owner": {"hasOne": ["Feed"]}}}}}
            """)
        let swift = MappingSet([
            ClassMapping(
                name: "Feed",
                properties: [
                    PropertyMapping("id", .int),
                    PropertyMapping("tags", .array(.string)),
                    PropertyMapping("kind", .string, default: .string("rss")),
                    PropertyMapping("items", .array(.choice(Discriminator(field: "kind", ["a": "Feed"])))),
                    PropertyMapping("owner", .hasOne(["Feed"])),
                ],
                dateFormat: .styles(date: .medium, time: .none), timeZone: TimeZone(identifier: "Europe/Berlin"),
                jsonapiType: "feeds")
        ])
        #expect(set == swift)
    }

    @Test("unknown classes and types are reported at the type string, with suggestions")
    func unknownClassesAndTypes() {
        let (_, diagnostics) = Self.load(
            """
            {"mappings": {
              "Store": {"properties": {"items": "[Articel]", "name": "strin", "owner": "Nobody"}},
              "Article": {"properties": {"title": "string"}}
            }}
            """)
        #expect(
            diagnostics == [
                "session.json:2:37: unknown class \"Articel\" for Store.items; did you mean Article? (classes: Store, Article)",
                "session.json:2:58: unknown type \"strin\" for Store.name; did you mean string? (types: string, int, "
                    + "double, decimal, bool, date, url, any, dictionary, [T], {T}, or a class name)",
                "session.json:2:76: unknown class \"Nobody\" for Store.owner (classes: Store, Article)",
            ])
    }

    @Test("bad date patterns are errors; likely mistakes in patterns are warnings")
    func datePatterns() {
        let (_, diagnostics) = Self.load(
            """
            {"mappings": {"A": {"dateFormat": "yyyy-MM-ddTHH:mm:ss", "properties": {
              "b": {"type": "date", "format": "YYYY-MM-dd"},
              "c": {"type": "date", "format": "yyyy-mm-dd"},
              "d": {"type": "date", "format": "'unterminated"},
              "e": {"type": "date", "format": "rfc3339"}
            }}}}
            """)
        #expect(
            diagnostics == [
                "session.json:1:35: bad date pattern for class A: unquoted letter 'T' in date pattern "
                    + "'yyyy-MM-ddTHH:mm:ss' is not a pattern field; quote it: yyyy-MM-dd'T'HH:mm:ss",
                "session.json:2:35: warning: date pattern for A.b: 'Y' in date pattern 'YYYY-MM-dd' is the "
                    + "week-based year (wrong around New Year); use 'y'",
                "session.json:3:35: warning: date pattern for A.c: 'm' in date pattern 'yyyy-mm-dd' is minutes; use "
                    + "'M' for the month",
                "session.json:4:35: bad date pattern for A.d: unterminated quote in date pattern ''unterminated'; "
                    + "close it with '",
            ])
    }

    @Test("keys, values, of and format on the wrong type are reported at their key")
    func optionsOnTheWrongType() {
        let (_, diagnostics) = Self.load(
            """
            {"mappings": {"A": {"properties": {
              "a": {"type": "string", "keys": {"x": "int"}},
              "b": {"type": "int", "values": "string"},
              "c": {"type": "int", "of": "string"},
              "d": {"type": "int", "format": "unix"},
              "e": {"field": "x"}
            }}}}
            """)
        #expect(
            diagnostics == [
                "session.json:2:27: \"keys\" applies to dictionaries only; A.a has type string (set \"type\": \"dictionary\")",
                "session.json:3:24: \"values\" applies to dictionaries only; A.b has type int (set \"type\": \"dictionary\")",
                "session.json:4:24: \"of\" applies to arrays; A.c has type int (write \"type\": \"[T]\" or leave out type)",
                "session.json:5:24: \"format\" applies to dates; A.d has type int",
                "session.json:6:8: property A.e has no type; add \"type\" (or \"of\", \"hasOne\", \"hasMany\")",
            ])
    }

    @Test("unknown keys and values of the wrong JSON type are reported with what is allowed")
    func unknownKeysAndWrongValueTypes() {
        let (set, diagnostics) = Self.load(
            """
            {"mappings": {"A": {"propertes": {}, "properties": {
              "a": {"type": "string", "optinal": true},
              "b": {"type": "string", "optional": "yes"},
              "c": 42
            }}, "B": [], "string": {"properties": {}}}}
            """)
        #expect(
            diagnostics == [
                "session.json:1:21: unknown key 'propertes' in class A; did you mean 'properties'? (known keys: "
                    + "properties, dateFormat, dateStyle, timeStyle, timeZone, only, jsonapi, description)",
                "session.json:2:27: unknown key 'optinal' in property A.a; did you mean 'optional'? (known keys: field, "
                    + "type, of, values, keys, format, transform, optional, default, dateStyle, timeStyle, only, hasOne, hasMany, description)",
                "session.json:3:39: optional of A.b must be true or false, found string \"yes\"",
                "session.json:4:8: property A.c must be a type string or an object with \"type\", found number 42",
                "session.json:5:10: class B lists no properties (JCModel's form: an array of property names)",
                "session.json:5:14: class name string is a built-in type; choose another name",
            ])
        // What could be read is kept.
        #expect(set["A"]?.properties.map(\.name) == ["a", "b"])
    }

    @Test("defaults must fit their property's type; only must name properties; time zones must exist")
    func defaultsOnlyAndTimeZones() {
        let (_, diagnostics) = Self.load(
            """
            {"mappings": {"A": {"timeZone": "Mars/Olympus", "only": ["a", "zz"], "properties": {
              "a": {"type": "int", "default": "many"},
              "b": {"type": "B", "only": ["nope"]}
            }}, "B": {"properties": {"x": "int"}}}}
            """)
        #expect(
            diagnostics == [
                "session.json:1:33: unknown time zone \"Mars/Olympus\" for timeZone of A; use an identifier such as UTC, "
                    + "Europe/Berlin, or an offset such as +02:00",
                "session.json:2:35: default of A.a: the default \"many\" is not a valid int",
                "session.json:1:63: only lists \"zz\", which is not a property of A",
                "session.json:3:31: only lists \"nope\", which is not a property of B",
            ])
    }

    @Test("a time zone offset reads as dates' offsets do: Z, +hh, +hhmm, +hh:mm")
    func timeZoneOffsets() {
        func zone(_ text: String) -> (seconds: Int?, diagnostics: [String]) {
            let (set, diagnostics) = Self.load(
                #"{"mappings": {"A": {"timeZone": "\#(text)", "properties": {"a": "int"}}}}"#)
            return (set["A"]?.timeZone?.secondsFromGMT(), diagnostics)
        }
        let good = ["Z", "+02", "-0530", "+02:00", "-12:45", "GMT+01:00"].map { zone($0) }
        #expect(good.map(\.seconds) == [0, 7200, -19_800, 7200, -45_900, 3600])
        #expect(good.map(\.diagnostics) == Array(repeating: [], count: 6))
        for bad in ["+2", "+02:", "+0:2:00", "+24:00", "+02:60", "02:00", "+02:00x"] {
            #expect(zone(bad).seconds == nil, "\(bad)")
            #expect(zone(bad).diagnostics.first?.contains("unknown time zone") == true, "\(bad)")
        }
    }

    @Test("a missing mappings node is an empty set; a mappings value that is not an object is reported")
    func emptyAndWrongMappings() {
        let tree = MappingFixture.tree(#"{"mappings": []}"#)
        let (empty, none) = MappingSet.load(from: tree, at: nil, file: "s.json")
        #expect(empty.isEmpty && none.isEmpty)
        let (_, diagnostics) = MappingSet.load(from: tree, at: tree.node(at: "$.mappings"), file: "s.json")
        #expect(
            diagnostics.map(\.description) == [
                "s.json:1:14: mappings must be an object of classes by name, found an array"
            ])
    }

    // MARK: Routes

    static func route(_ map: String, mappings: MappingSet = MappingSet([ClassMapping(name: "Article", properties: [])]))
        -> (RouteMapping?, [String])
    {
        let tree = MappingFixture.tree(#"{"map": \#(map)}"#)
        let (route, diagnostics) = RouteMapping.load(
            from: tree, at: tree.node(at: "$.map")!, file: "session.json", mappings: mappings)
        return (route, diagnostics.map(\.description))
    }

    @Test("a route map is a class name, or an object with class, keyPath, format and only")
    func routeForms() {
        #expect(Self.route(#""Article""#).0 == RouteMapping(className: "Article"))
        #expect(Self.route(#""[Article]""#).0 == RouteMapping(type: .array(.object("Article"))))
        #expect(
            Self.route(#"{"class": "Article", "keyPath": "a.b.0"}"#).0
                == RouteMapping(className: "Article", keyPath: "a.b.0"))
        #expect(
            Self.route(#"{"format": "jsonapi"}"#).0 == RouteMapping(type: nil, format: .jsonapi))
        #expect(Self.route("null").0 == nil)
    }

    @Test("route mistakes are reported: unknown class, unknown key, unknown format, missing class")
    func routeMistakes() {
        #expect(
            Self.route(#""Artcle""#).1 == [
                "session.json:1:9: unknown class \"Artcle\" in map; did you mean Article? (classes: Article)"
            ])
        #expect(Self.route(#""Artcle""#).0 == RouteMapping(className: "Artcle"))
        #expect(
            Self.route(#"{"class": "Article", "keypath": "x"}"#).1 == [
                "session.json:1:30: unknown key 'keypath' in map; did you mean 'keyPath'? (known keys: class, "
                    + "keyPath, format, only)"
            ])
        #expect(
            Self.route(#"{"class": "Article", "format": "xml"}"#).1 == [
                "session.json:1:40: unknown map format \"xml\"; use jsonapi, or leave it out for plain data"
            ])
        #expect(
            Self.route(#"{"keyPath": "a"}"#).1 == [
                "session.json:1:9: map needs \"class\": the class the response maps to"
            ])
        #expect(
            Self.route("3").1 == [
                "session.json:1:9: map must be a class name or an object with \"class\", found number 3"
            ])
    }
}

/// Checking a set built in Swift.
@Suite struct MappingSetProblemsTests {
    @Test("a set built from Swift lists its mistakes in words")
    func swiftSetProblems() {
        var trimmed = PropertyMapping("t", .object("C"))
        trimmed.transforms = [.trim]
        let set = MappingSet([
            ClassMapping(
                name: "A",
                properties: [
                    PropertyMapping("b", .array(.object("Bee"))),
                    PropertyMapping("d", .date, format: .pattern("yyyy-MM-ddTHH")),
                    PropertyMapping("n", .int, format: .unix, default: .string("x")),
                    PropertyMapping("c", .object("C"), only: ["zz"]),
                    trimmed,
                ], only: ["b", "q"]),
            ClassMapping(name: "C", properties: [PropertyMapping("x", .int)]),
        ])
        #expect(
            set.problems == [
                "only of A lists \"q\", which is not a property of A",
                "unknown class \"Bee\" for A.b",
                "bad date pattern for A.d: unquoted letter 'T' in date pattern 'yyyy-MM-ddTHH' is not a pattern "
                    + "field; quote it: yyyy-MM-dd'T'HH",
                "format applies to dates; A.n has type int",
                "default of A.n: the default \"x\" is not a valid int",
                "only of A.c lists \"zz\", which is not a property of C",
                "transform applies to scalar values; A.t has type C",
            ])
        #expect(MappingSet([ClassMapping(name: "Ok", properties: [PropertyMapping("a", .string)])]).problems.isEmpty)
    }
}

@Suite("Date pattern fix-its")
struct DatePatternFixTests {
    @Test("a word in a date pattern is quoted whole, and the suggested pattern reads the data")
    func quotesTheWord() throws {
        guard case .failure(let problem) = DatePattern.parse("dd.MM.yyyy at HH:mm") else {
            Issue.record("the pattern was accepted")
            return
        }
        #expect(problem.message.hasSuffix("quote it: dd.MM.yyyy 'at' HH:mm"), "\(problem.message)")
        guard case .failure(let t) = DatePattern.parse("yyyy-MM-ddTHH:mm") else { return }
        #expect(t.message.hasSuffix("quote it: yyyy-MM-dd'T'HH:mm"))
        let config = try JSONParser().parse(
            Array(#"{"A": {"properties": {"when": {"type": "date", "format": "dd.MM.yyyy 'at' HH:mm"}}}}"#.utf8))
        let (set, problems) = MappingSet.load(from: config, at: Tree.root, file: "session.json")
        #expect(problems.isEmpty)
        let data = try JSONParser().parse(Array(#"{"when": "03.12.2026 at 14:05"}"#.utf8))
        let result = Mapper(mappings: set).map(data, with: RouteMapping(type: .object("A"), keyPath: nil))
        #expect(result.issues.filter { $0.severity == .error }.isEmpty, "\(Array(result.issues).map(\.message))")
        guard case .date = result.values[1].content else {
            Issue.record("not a date: \(result.values[1].content)")
            return
        }
    }
}
