import Foundation

/// The session `strata-bench cli` runs: one route mapping the mapping benchmark's users, answered by a fixture whose
/// body is a file.
enum CLIBenchSession {
    /// The session folder under `scratch`.
    static func folder(in scratch: String) -> String { scratch + "/session" }

    /// The response body's file.
    static func bodyFile(in scratch: String) -> String { folder(in: scratch) + "/fixtures/bodies/users.json" }

    /// Writes the session with `count` users under `scratch`; returns the body's size in bytes.
    static func write(count: Int, in scratch: String) throws -> Int {
        let folder = folder(in: scratch)
        try FileManager.default.createDirectory(
            atPath: folder + "/fixtures/bodies", withIntermediateDirectories: true)
        let body = MappingBenchData.document(count: count)
        try BenchFiles.writeFile(bodyFile(in: scratch), body)
        try """
        { "name": "cli", "baseURL": "https://api.example.com",
          "routes": [ { "name": "users", "path": "/users", "map": { "class": "User", "keyPath": "users" } } ],
          "mappings": {
            "User": { "properties": { "id": "int", "name": "string", "email": "string", "score": "double",
              "active": "bool", "createdAt": { "type": "date", "format": "iso8601" }, "address": "Address" } },
            "Address": { "properties": { "street": "string", "city": "string", "zip": "string" } } } }
        """.write(toFile: folder + "/session.json", atomically: true, encoding: .utf8)
        try """
        { "/users": [ { "request": { "method": "GET" }, "response": { "status": 200,
          "headers": { "Content-Type": "application/json" }, "bodyFile": "bodies/users.json" } } ] }
        """.write(toFile: folder + "/fixtures/users.json", atomically: true, encoding: .utf8)
        return body.count
    }
}
