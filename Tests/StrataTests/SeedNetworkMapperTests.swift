import Strata
import Testing

/// NetworkMapper's users with `pagination.page_number`, and the root array it could not map.
@Suite struct SeedNetworkMapperTests {
    static let config = """
        {
          "mappings": {
            "UserPage": {
              "properties": {
                "users": "[User]",
                "page": { "field": "pagination.page_number", "type": "int" },
                "perPage": { "field": "pagination.per_page", "type": "int" }
              }
            },
            "User": {
              "properties": { "id": "int", "firstName": "string", "lastName": "string", "email": "string" }
            }
          },
          "map": "UserPage"
        }
        """

    static let data = """
        {
          "users": [
            { "id": 1, "first_name": "Ada", "last_name": "Lovelace", "email": "ada@example.com" },
            { "id": 2, "first_name": "Alan", "last_name": "Turing", "email": "alan@example.com" }
          ],
          "pagination": { "page_number": 3, "per_page": 2, "total": 41 }
        }
        """

    @Test("key paths read pagination.page_number; snake_case names match camelCase properties")
    func usersWithPagination() {
        let r = MappingFixture.map(config: Self.config, data: Self.data)
        #expect(r.value(at: "page")?.content == .int(3))
        #expect(r.value(at: "perPage")?.content == .int(2))
        #expect(r.value(at: "users", 0, "firstName")?.content == .string("Ada"))
        #expect(r.value(at: "users", 1, "lastName")?.content == .string("Turing"))
        #expect(r.value(at: "users", 1, "email")?.content == .string("alan@example.com"))
        #expect(!r.hasErrors)
    }

    @Test("a field inside a key path's object that nothing reads is listed as unmapped")
    func totalIsUnmapped() throws {
        let r = MappingFixture.map(config: Self.config, data: Self.data)
        #expect(
            r.issueLines == [
                "info unmappedField $.pagination.total UserPage: field \"total\" is not mapped by any property of "
                    + "UserPage (inside a key path)"
            ])
        let total = try #require(r.tree.node(at: "$.pagination.total"))
        #expect(r.unmapped == [total])
        #expect(r.usage(of: total) == .unmapped)
        #expect(r.usage(of: r.tree.node(at: "$.pagination")!) == .passed)
    }

    @Test("a root array maps to an array of objects")
    func rootArrayMaps() {
        let config = """
            { "mappings": { "User": { "properties": { "id": "int", "firstName": "string" } } }, "map": "User" }
            """
        let r = MappingFixture.map(
            config: config, data: #"[{"id": 1, "first_name": "Ada"}, {"id": 2, "first_name": "Alan"}]"#)
        #expect(r.root.content == .array)
        #expect(r.children(of: 0).count == 2)
        #expect(r.value(at: 1, "firstName")?.content == .string("Alan"))
        #expect(r.issues.isEmpty)
    }
}
