import Strata

/// The session the ui benchmark explores: one route over the generated users document, mapped to classes, and one
/// that chains a value from that route's response.
enum UIBenchSession {
    /// session.json for the generated document (`{"data": [user, ...], "meta": {...}}`).
    static let json = """
        {
          "name": "UI benchmark",
          "baseURL": "https://bench.invalid",
          "routes": [
            { "name": "users", "path": "/users", "map": { "class": "User", "keyPath": "data" } },
            { "name": "user", "path": "/user", "params": { "q": "", "id": "${response:users:$.data[0].id}" } } ],
          "mappings": {
            "User": {
              "properties": {
                "id": "int", "uuid": "string", "name": "string", "email": "string", "active": "bool",
                "role": "string", "score": "double", "balance": "decimal",
                "createdAt": { "field": "created_at", "type": "date", "format": "iso8601" },
                "tags": "[string]", "address": "Address", "managerId": { "field": "manager_id", "type": "int", "optional": true }
              }
            },
            "Address": { "properties": { "city": "string", "country": "string", "zip": "string" } }
          }
        }
        """

    /// The session, parsed from ``json``.
    static func make() throws -> Session {
        do {
            return try Session.parse(Array(json.utf8), file: "bench/session.json", directory: "bench")
        } catch {
            throw BenchError("the benchmark session does not load: \(error)")
        }
    }
}
