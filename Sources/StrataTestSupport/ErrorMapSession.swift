/// A session whose routes answer error statuses from fixtures, with and without an `errorMap`, and whose mappings
/// have the configuration mistakes `check` reports (issue 32): as text for tests to write to a scratch folder.
public enum ErrorMapSession {
    /// session.json. `item` (200) meets a bad date pattern, a `field` that is not a key path and a mistyped type;
    /// `gone` answers 404 and has no `errorMap`; `missing` answers 404 and maps it with `Problem`; `posts` reads
    /// JSON:API and answers 422 with an `errors` document.
    public static let sessionJSON = """
        {
          "name": "Errors",
          "baseURL": "https://x.example",
          "routes": [
            { "name": "item", "path": "/item", "map": "Item" },
            { "name": "gone", "path": "/gone", "map": "Item" },
            { "name": "missing", "path": "/missing", "map": "Item", "errorMap": "Problem" },
            { "name": "posts", "path": "/posts", "map": { "format": "jsonapi", "class": "Post" } }
          ],
          "mappings": {
            "Item": { "properties": {
              "id": "int",
              "when": { "type": "date", "format": "dd.MM.yyyy at HH:mm" },
              "whole": { "field": "$", "type": "any", "optional": true },
              "kind": { "type": "strin", "optional": true }
            } },
            "Problem": { "properties": { "title": "string", "status": "int" } },
            "Post": { "jsonapi": "posts", "properties": { "id": "string", "title": "string" } }
          }
        }
        """

    /// The fixture file answering the four routes.
    public static let fixturesJSON = """
        {
          "/item": [ { "response": { "body": { "id": 1, "when": "04.07.2011 at 10:00", "kind": "x" } } } ],
          "/gone": [ { "response": { "status": 404, "body": { "title": "Gone", "status": 404 } } } ],
          "/missing": [ { "response": { "status": 404, "body": { "title": "Not here", "status": 404 } } } ],
          "/posts": [ { "response": { "status": 422, "body": { "errors": [ { "status": "422", "title": "Invalid" } ] } } } ]
        }
        """

    /// The files of the session, for `ScratchDirectory`.
    public static func files() -> [String: String] {
        ["session.json": sessionJSON, "fixtures/errors.json": fixturesJSON]
    }
}
