import Foundation
import Strata
import Testing

/// The same configuration maps a YAML document exactly as the JSON one.
@Suite struct MappingYAMLTests {
    /// `SeedDXDALTests.data` written as YAML, with the quoted strings the JSON has.
    static let bookstore = """
        bookstore:
          name: HappyBook
          territory: "24.56"
          foundationDate: "20100223"
          catalogue:
            - { title: Article1, body: Body1, author: Author1, publication_date: 7/4/2011, copies: "1" }
            - title: Article2
              body: Body2
              author: Author2
              publication_date: 12/25/2012
              copies: "2"
          numberOf:
            firstKey: "1"
            secondKey: "2"
            thirdKey: &third
              title: Article3
              body: Body3
              author: Author3
              publication_date: 1/31/2013
              copies: "3"

        """

    @Test("the DXDAL BookStore configuration maps the YAML bookstore to the same objects as the JSON one")
    func yamlBookStoreEqualsJSON() throws {
        let (set, route) = MappingFixture.load(SeedDXDALTests.config)
        let tree = try YAMLFormat().parse(Array(Self.bookstore.utf8))
        let yaml = Mapper(mappings: set).map(tree, with: route)
        let json = Mapper(mappings: set).map(MappingFixture.tree(SeedDXDALTests.data), with: route)
        #expect(yaml.jsonText() == json.jsonText())
        #expect(yaml.issues.map(\.description) == json.issues.map(\.description))
        #expect(yaml.value(at: "numberOfArticles", "thirdKey", "title")?.content == .string("Article3"))
    }

    @Test("YAML scalars are typed, so a number where a string is declared is noted like in JSON")
    func typedScalarsAreChecked() throws {
        let (set, route) = MappingFixture.load(SeedDXDALTests.config)
        let yaml = Mapper(mappings: set).map(
            try YAMLFormat().parse(Array(Self.bookstore.replacingOccurrences(of: "\"24.56\"", with: "24.56").utf8)),
            with: route)
        let json = Mapper(mappings: set).map(
            MappingFixture.tree(SeedDXDALTests.data.replacingOccurrences(of: "\"24.56\"", with: "24.56")), with: route)
        #expect(yaml.issues.map(\.description) == json.issues.map(\.description))
    }
}
