import Foundation
import Strata
import Testing

/// The same document written as JSON and as XML maps to the same objects and the same issues (issue 32: XML
/// roots, key paths through repeated elements, wrappers declared as one object, attributes read by `field`).
@Suite struct MappingXMLEquivalenceTests {
    static let users = MappingSet([
        ClassMapping(name: "User", properties: [PropertyMapping("id", .int), PropertyMapping("name", .string)])
    ])

    static func xml(_ text: String) throws -> Tree { try XMLFormat().parse(Array(text.utf8)) }

    static func map(_ set: MappingSet, _ tree: Tree, _ route: RouteMapping) -> MappingResult {
        Mapper(mappings: set).map(tree, with: route)
    }

    // MARK: Roots

    @Test("without a keyPath, an XML root of repeated elements maps as the JSON array does: [User, User]")
    func rootArray() throws {
        let json = Self.map(
            Self.users, MappingFixture.tree(#"[{"id": 1, "name": "Ada"}, {"id": 2, "name": "Grace"}]"#),
            RouteMapping(className: "User"))
        let xml = Self.map(
            Self.users,
            try Self.xml(
                "<users><user><id>1</id><name>Ada</name></user><user><id>2</id><name>Grace</name></user></users>"),
            RouteMapping(className: "User"))
        #expect(json.jsonText() == #"[{"$class":"User","id":1,"name":"Ada"},{"$class":"User","id":2,"name":"Grace"}]"#)
        #expect(xml.jsonText() == json.jsonText())
        #expect(xml.issueLines == [])
        // Declared as an array, the same.
        let typed = Self.map(
            Self.users,
            try Self.xml("<users><user><id>1</id><name>Ada</name></user></users>"),
            RouteMapping(type: .array(.object("User"))))
        #expect(typed.jsonText() == #"[{"$class":"User","id":1,"name":"Ada"}]"#)
        #expect(typed.issueLines == [])
    }

    @Test("without a keyPath, an XML root element maps as the JSON object does, not wrapped in an array")
    func rootObject() throws {
        let json = Self.map(
            Self.users, MappingFixture.tree(#"{"id": 1, "name": "Ada"}"#), RouteMapping(className: "User"))
        let xml = Self.map(
            Self.users, try Self.xml(#"<user id="1"><name>Ada</name></user>"#), RouteMapping(className: "User"))
        #expect(json.jsonText() == #"{"$class":"User","id":1,"name":"Ada"}"#)
        #expect(xml.jsonText() == json.jsonText())
        #expect(xml.issueLines == [])
    }

    @Test("a class with a property for the root element still reads the document as its object")
    func rootElementAsProperty() throws {
        let set = MappingSet([
            ClassMapping(name: "Envelope", properties: [PropertyMapping("user", .object("User"))]),
            ClassMapping(name: "User", properties: [PropertyMapping("name", .string)]),
        ])
        let xml = Self.map(set, try Self.xml("<user><name>Ada</name></user>"), RouteMapping(className: "Envelope"))
        #expect(xml.jsonText() == #"{"$class":"Envelope","user":{"$class":"User","name":"Ada"}}"#)
        #expect(xml.issueLines == [])
    }

    @Test("an XML keyPath that misses says which member is missing and which are there, as JSON and plist do")
    func keyPathMiss() throws {
        let route = RouteMapping(className: "User", keyPath: "bookstore")
        let json = Self.map(Self.users, MappingFixture.tree(#"{"response": {"status": "ok"}}"#), route)
        let xml = Self.map(Self.users, try Self.xml("<response><status>ok</status></response>"), route)
        let plist = Self.map(
            Self.users,
            try PropertyListFormat().parse(
                Array(
                    #"<plist version="1.0"><dict><key>response</key><dict><key>status</key><string>ok</string></dict></dict></plist>"#
                        .utf8)), route)
        let expected =
            #"error keyPathNotFound $.bookstore User: route keyPath "bookstore": no member "bookstore" "#
            + #"(members: response) — fix "keyPath" in the route's map"#
        #expect(json.issueLines == [expected])
        #expect(xml.issueLines == [expected])
        #expect(plist.issueLines == [expected])
    }

    // MARK: Key paths through repeated elements

    static let store = MappingSet([
        ClassMapping(
            name: "Store",
            properties: [PropertyMapping("titles", .array(.string), field: "catalogue.article.title")])
    ])

    static let storeJSON = #"{"store": {"catalogue": {"article": [{"title": "A1"}, {"title": "A2"}]}}}"#
    static let storeXML =
        "<store><catalogue><article><title>A1</title></article><article><title>A2</title></article></catalogue></store>"

    @Test("a key path naming a repeated element collects every one of them into an array, as through a JSON array")
    func keyPathCollectsRepeatedElements() throws {
        let route = RouteMapping(className: "Store", keyPath: "store")
        let json = Self.map(Self.store, MappingFixture.tree(Self.storeJSON), route)
        let xml = Self.map(Self.store, try Self.xml(Self.storeXML), route)
        #expect(json.jsonText() == #"{"$class":"Store","titles":["A1","A2"]}"#)
        #expect(xml.jsonText() == json.jsonText())
        #expect(xml.issueLines == [])
        // The elements themselves, into an array of a class.
        let set = MappingSet([
            ClassMapping(
                name: "Store",
                properties: [PropertyMapping("articles", .array(.object("A")), field: "catalogue.article")]),
            ClassMapping(name: "A", properties: [PropertyMapping("title", .string)]),
        ])
        let objects = Self.map(set, try Self.xml(Self.storeXML), route)
        #expect(
            objects.jsonText()
                == #"{"$class":"Store","articles":[{"$class":"A","title":"A1"},{"$class":"A","title":"A2"}]}"#)
        #expect(objects.issueLines == [])
    }

    @Test(
        "a key path through repeated elements into a scalar is a typeMismatch, as through a JSON array, not the first")
    func keyPathThroughRepeatedIntoScalar() throws {
        let set = MappingSet([
            ClassMapping(
                name: "Store", properties: [PropertyMapping("title", .string, field: "catalogue.article.title")])
        ])
        let route = RouteMapping(className: "Store", keyPath: "store")
        let json = Self.map(set, MappingFixture.tree(Self.storeJSON), route)
        let xml = Self.map(set, try Self.xml(Self.storeXML), route)
        #expect(
            json.issueLines == [
                "error typeMismatch $.store.catalogue.article.title Store.title: field path catalogue.article.title goes "
                    + "through an array, so it reads 2 values — declare Store.title as [string], or pick one element "
                    + "(catalogue.article.0…)"
            ])
        #expect(
            xml.issueLines == [
                "error typeMismatch $.store.catalogue.article.title Store.title: field path catalogue.article.title goes "
                    + "through repeated \"article\" elements, so it reads 2 values — declare Store.title as [string], "
                    + "or pick one element (catalogue.0…)"
            ])
        #expect(xml.value(at: "title")?.content == .invalid)
        // The element the hint names reads the first title.
        let picked = Self.map(
            MappingSet([
                ClassMapping(name: "Store", properties: [PropertyMapping("title", .string, field: "catalogue.0.title")])
            ]), try Self.xml(Self.storeXML), route)
        #expect(picked.jsonText() == #"{"$class":"Store","title":"A1"}"#)
    }

    @Test("a route keyPath ending at repeated elements maps them as an array, as a JSON array there would")
    func routeKeyPathAtRepeatedElements() throws {
        let set = MappingSet([ClassMapping(name: "A", properties: [PropertyMapping("title", .string)])])
        let route = RouteMapping(className: "A", keyPath: "store.catalogue.article")
        let json = Self.map(set, MappingFixture.tree(Self.storeJSON), route)
        let xml = Self.map(set, try Self.xml(Self.storeXML), route)
        #expect(json.jsonText() == #"[{"$class":"A","title":"A1"},{"$class":"A","title":"A2"}]"#)
        #expect(xml.jsonText() == json.jsonText())
        #expect(xml.issueLines == [])
    }

    // MARK: A wrapper declared as one object

    @Test("a class declared over an XML wrapper of repeated elements suggests the array, as JSON does")
    func wrapperDeclaredAsObject() throws {
        let set = MappingSet([
            ClassMapping(name: "Store", properties: [PropertyMapping("catalogue", .object("Article"))]),
            ClassMapping(name: "Article", properties: [PropertyMapping("title", .string)]),
        ])
        let route = RouteMapping(className: "Store", keyPath: "store")
        let json = Self.map(
            set, MappingFixture.tree(#"{"store": {"catalogue": [{"title": "A1"}, {"title": "A2"}]}}"#), route)
        let xml = Self.map(set, try Self.xml(Self.storeXML), route)
        #expect(
            json.issueLines == [
                "error typeMismatch $.store.catalogue Store.catalogue: expected Article (an object), found array of 2 — "
                    + "fix the data, or declare Store.catalogue as [Article]"
            ])
        #expect(
            xml.issueLines == [
                "error typeMismatch $.store.catalogue Store.catalogue: expected Article (an object), found 2 repeated "
                    + "\"article\" elements — fix the data, or declare Store.catalogue as [Article]"
            ])
    }

    @Test("a scalar declared over an XML wrapper of repeated elements suggests an array, as JSON does")
    func wrapperDeclaredAsScalar() throws {
        let set = MappingSet([ClassMapping(name: "Store", properties: [PropertyMapping("catalogue", .string)])])
        let route = RouteMapping(className: "Store", keyPath: "store")
        let json = Self.map(
            set, MappingFixture.tree(#"{"store": {"catalogue": [{"title": "A1"}, {"title": "A2"}]}}"#), route)
        let xml = Self.map(set, try Self.xml(Self.storeXML), route)
        #expect(
            json.issueLines == [
                "error typeMismatch $.store.catalogue Store.catalogue: expected string, found array of 2 — fix the "
                    + "data, or declare Store.catalogue as an array ([T])"
            ])
        #expect(
            xml.issueLines == [
                "error typeMismatch $.store.catalogue Store.catalogue: expected string, found 2 repeated \"article\" "
                    + "elements — fix the data, or declare Store.catalogue as an array ([T])"
            ])
    }

    // MARK: Attributes read by a field

    @Test("an XML attribute a field reads is not reported as unmapped, as JSON and plist report nothing")
    func attributeReadByField() throws {
        for field in ["id", "@id"] {
            let set = MappingSet([
                ClassMapping(
                    name: "User",
                    properties: [PropertyMapping("ident", .int, field: field), PropertyMapping("name", .string)])
            ])
            let tree = try Self.xml(#"<user id="7"><name>Ada</name></user>"#)
            let xml = Self.map(set, tree, RouteMapping(className: "User", keyPath: "user"))
            #expect(xml.jsonText() == #"{"$class":"User","ident":7,"name":"Ada"}"#, "\(field)")
            #expect(xml.issueLines == [], "\(field)")
            let id = try #require(tree.node(at: #"$.user["@id"]"#))
            #expect(xml.unmapped.isEmpty, "\(field)")
            #expect(xml.value(forSource: id) != nil, "\(field)")
        }
        let json = Self.map(
            MappingSet([
                ClassMapping(
                    name: "User",
                    properties: [PropertyMapping("ident", .int, field: "id"), PropertyMapping("name", .string)])
            ]), MappingFixture.tree(#"{"id": 7, "name": "Ada"}"#), RouteMapping(className: "User"))
        #expect(json.issueLines == [])
    }

    @Test("the key path copied for a repeated XML element reads that element, not all of them")
    func copiedKeyPathOfRepeatedElement() throws {
        let tree = try Self.xml(Self.storeXML)
        let second = try #require(tree.node(at: "$.store.catalogue.article#1.title"))
        let text = FieldPath.text(for: try #require(TreePath(parsing: "$.store.catalogue.article#1.title")), in: tree)
        #expect(text == "store.catalogue.1.title")
        let set = MappingSet([ClassMapping(name: "R", properties: [PropertyMapping("t", .string, field: text)])])
        let r = Self.map(set, tree, RouteMapping(className: "R", keyPath: nil))
        #expect(r.jsonText() == #"{"$class":"R","t":"A2"}"#)
        #expect(r.value(forSource: second) != nil)
        // JSON keeps the text form without its tree.
        let json = MappingFixture.tree(#"{"a": [{"b": 1}]}"#)
        #expect(FieldPath.text(for: try #require(TreePath(parsing: "$.a[0].b")), in: json) == "a.0.b")
    }

    @Test(
        "an attribute beside the text a property reads is not unmapped when a key path reads it, in either order",
        arguments: [false, true])
    func attributeBesideTextReadByKeyPath(pathFirst: Bool) throws {
        var properties = [
            PropertyMapping("price", .decimal),
            PropertyMapping("currency", .string, field: "price.currency"),
        ]
        if pathFirst { properties.reverse() }
        let set = MappingSet([ClassMapping(name: "Product", properties: properties)])
        let tree = try Self.xml(#"<product><price currency="EUR" note="x">12.5</price></product>"#)
        let r = Self.map(set, tree, RouteMapping(className: "Product", keyPath: "product"))
        #expect(r.issueLines.count == 1, "\(r.issueLines)")
        // The attribute no property reads is still reported; the one the key path reads is not.
        #expect(r.issueLines.first?.contains(#"price["@note"]"#) == true, "\(r.issueLines)")
        let currency = try #require(tree.node(at: #"$.product.price["@currency"]"#))
        #expect(r.value(forSource: currency) != nil)
        #expect(!r.unmapped.contains(currency))
    }

    @Test(
        "a field a key path reads in an object whose class does not read it is not unmapped, in either order",
        arguments: [false, true])
    func fieldReadByKeyPathInsideAClass(pathFirst: Bool) throws {
        var properties = [PropertyMapping("a", .object("B")), PropertyMapping("ax", .int, field: "a.x")]
        if pathFirst { properties.reverse() }
        let set = MappingSet([
            ClassMapping(name: "A", properties: properties),
            ClassMapping(name: "B", properties: [PropertyMapping("y", .int)]),
        ])
        let tree = MappingFixture.tree(#"{"a": {"x": 1, "y": 2, "z": 3}}"#)
        let r = Self.map(set, tree, RouteMapping(className: "A"))
        #expect(r.issueLines == [#"info unmappedField $.a.z B: field "z" is not mapped by any property of B"#])
        #expect(r.unmapped == [try #require(tree.node(at: "$.a.z"))])
    }
}
